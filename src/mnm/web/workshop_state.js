// @ts-check
// The workshop's state (issue 23; split out of workshop.js, issue 49): the one state object W, the file's text and
// its undo steps, the YAML written from the parsed data, the editor token, checking the text on the server, saving
// it (in this browser and as a draft on the server), writing a form edit back into the text, and keeping what is
// typed until the text holds it (issue 46).

import { http } from "./api.js";
import { $, errorText, h } from "./dom.js";
import { t } from "./i18n.js";
import { refreshDrafts } from "./workshop.js";
import { renderBoard } from "./workshop_board.js";
import { renderForms, typedIn } from "./workshop_forms.js";
import { seatPlayers, showPublishable } from "./workshop_play.js";
import { estimate, estimatedEndPage } from "./workshop_playtest.js";
import { showCannotPlan, showProblems } from "./workshop_problems.js";

export const app = $("#app");
const TOKEN_KEY = "mnm.workshop.token";
export const TEXT_KEY = "mnm.workshop.text";
export const DRAFT_KEY = "mnm.workshop.draft";
export const DATA_KEY = "mnm.workshop.formdata"; // a form edit on its way to the server (issue 46: nothing typed is lost)
const PENDING_KEY = "mnm.workshop.pending"; // entries still incomplete (not in the file yet)
const TYPING_MS = 700; // a field being typed in is written into the file this long after the last key
export const HEAT_COLOURS = { wounds: "#d0241b", captures: "#5b1a5b", hourglass: "#1f5bb5" };

/** The board of a draft layout (mnm.workshop.compose.draft_board): the table's geometry, each exit with its
 * ``join`` (joined, blocked, loose) and ``toward``, and the tiles laid.
 * @typedef {import("./api_types").BoardGeometry & { tiles: { tile: number, side: number, at: number[] }[] }} DraftBoard */

/**
 * The workshop's one state object, shared by its modules (the file, its checks, the board, the forms, play-tests).
 * @typedef {object} WorkshopState
 * @property {string} text the chapter file's text: the single source of truth
 * @property {string[]} history the undo steps (texts); ``at`` is the one shown
 * @property {number} at
 * @property {any} data the parsed file (null while it is not YAML)
 * @property {any[]} problems what the last check found
 * @property {DraftBoard | null} board the board the server drew for the layout (null without one)
 * @property {any} tiles the tile sides (GET /api/workshop/tiles)
 * @property {any} vocab the chapter language's schema (GET /api/workshop/vocabulary)
 * @property {number | null} pickedSide the tile side picked in the gallery
 * @property {Record<string, any[]>} pending incomplete entries by list path: shown, not in the file
 * @property {any} picking a form picks a space or an exit on the board: {label, apply, onPick, onExit, exitSide, from}
 * @property {any} placing a form picks an empty square of the grid: {onPlace(x, y), from} (issue 46)
 * @property {any} job the play-test shown (the server's answer)
 * @property {{ preset: string, kind: string }} heat which heat map is drawn
 * @property {any} checkTimer
 * @property {any} saveTimer
 * @property {number} checkSeq the newest check asked: an older answer is dropped
 * @property {boolean} [checking] a check is on its way
 * @property {boolean} [redrawOwed] a check of a loaded text was overtaken by a newer text: that one's check redraws the forms
 * @property {boolean} [unsaved] a change the server has not confirmed yet
 * @property {number} [pendingWrites] form edits on their way to the server
 * @property {Promise<void>} [writing] the form edits' chain: each is written onto the text the one before produced
 * @property {Map<Element, any>} [typing] field element -> its timer (written into the file TYPING_MS after a key)
 * @property {string} [draftsShown] the draft My drafts was last drawn for
 * @property {boolean} [copyNamed] a copy of a chapter still has the name it was given
 * @property {boolean} [leaveWatched] leaving the page asks first when something is not saved
 * @property {import("./board.js").BoardView} [boardView] the board's drawing
 * @property {string} [fitsAsked] the side and layout whose fits were asked last ("side|layout")
 * @property {{ side: number, key: string, at: Record<string, any> }} [fits] where that side would join the tiles
 * @property {any} [watchTimer] the estimate's refresh while the page is shown
 * @property {number | null} [estimatedPage] the end page the estimate was made for
 * @property {number} [estimateSeq] the newest estimate asked
 * @property {boolean} [jobFromOtherTab] the play-test shown was started in another tab
 * @property {string} [jobText] the file the play-test's games were played with
 */

/** @type {WorkshopState} */
export const W = {
  text: "",
  history: [],
  at: -1,
  data: null, // the parsed file (null while it is not YAML)
  problems: [],
  board: null,
  tiles: null,
  vocab: null,
  pickedSide: null,
  pending: {}, // incomplete entries by list path: shown, not in the file
  picking: null, // {label, apply(spaceId)}
  placing: null, // {onPlace(x, y)}: a form picks an empty square of the grid (issue 46)
  job: null,
  heat: { preset: "normal", kind: "wounds" },
  checkTimer: null,
  saveTimer: null,
  checkSeq: 0,
};

// --- the file: YAML written from the parsed data --------------------------------------------------------

const PLAIN = /^[A-Za-z][A-Za-z0-9 _.,'!?()-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;

function scalar(v) {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  const s = String(v);
  return PLAIN.test(s) && !RESERVED.test(s) && s.trim() === s && !s.includes(": ") && !s.includes(" #") ? s : JSON.stringify(s);
}

function isScalar(v) {
  return v === null || typeof v !== "object";
}

function flow(v) {
  if (isScalar(v)) return scalar(v);
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`;
  return `{${Object.entries(v).map(([k, x]) => `${k}: ${flow(x)}`).join(", ")}}`;
}

// small enough to write on one line: scalars, lists of scalars, mappings of those
function isFlat(v, depth = 0) {
  if (isScalar(v)) return true;
  if (depth > 2) return false;
  const items = Array.isArray(v) ? v : Object.values(v);
  return items.every((x) => isFlat(x, depth + 1)) && flow(v).length <= 90;
}

function block(v, indent) {
  const pad = " ".repeat(indent);
  if (Array.isArray(v)) {
    if (!v.length) return " []";
    if (isFlat(v) && v.every(isScalar)) return ` ${flow(v)}`;
    return v
      .map((item) => {
        if (isFlat(item)) return `\n${pad}- ${flow(item)}`;
        if (!Array.isArray(item) && typeof item === "object") {
          const inner = block(item, indent + 2).replace(/^\n\s*/, "");
          return `\n${pad}- ${inner}`;
        }
        return `\n${pad}-${block(item, indent + 2)}`;
      })
      .join("");
  }
  if (v && typeof v === "object") {
    const entries = Object.entries(v);
    if (!entries.length) return " {}";
    return entries
      .map(([k, x]) => {
        if (isScalar(x)) return `\n${pad}${k}: ${scalar(x)}`;
        if (isFlat(x) && (Array.isArray(x) || Object.keys(x).length <= 3)) return `\n${pad}${k}: ${flow(x)}`;
        return `\n${pad}${k}:${block(x, indent + 2)}`;
      })
      .join("");
  }
  return ` ${scalar(v)}`;
}

export function toYaml(data) {
  return `${block(data, 0).replace(/^\n/, "")}\n`;
}

// --- state: text, undo, storage, checking ------------------------------------------------------------------

function editorToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export async function ensureToken() {
  if (editorToken()) return editorToken();
  try {
    const got = await http("POST", "/api/workshop/token", {});
    localStorage.setItem(TOKEN_KEY, got.token);
  } catch {
    /* offline: drafts stay in this browser */
  }
  return editorToken();
}

/**
 * A request under this browser's editor token (X-Editor-Token): the drafts and play-tests are the editor's own.
 * @param {"GET" | "POST" | "PUT" | "DELETE"} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>}
 */
export async function wsHttp(method, path, body) {
  const token = await ensureToken();
  return http(method, path, body, undefined, token ? { "X-Editor-Token": token } : {});
}

export function draftId() {
  let id = localStorage.getItem(DRAFT_KEY);
  if (!id) {
    id = `d-${Math.random().toString(36).slice(2, 10)}`;
    localStorage.setItem(DRAFT_KEY, id);
  }
  return id;
}

// ``from``: "text" (typed in the editor), "form", "load" (blank, copy, import, draft) or "history"
export function setText(text, from) {
  if (text === W.text && from !== "load") return;
  W.text = text;
  if (from !== "history") {
    W.history = W.history.slice(0, W.at + 1);
    W.history.push(text);
    if (W.history.length > 200) W.history.shift();
    W.at = W.history.length - 1;
  }
  const area = $("#ws-text");
  if (area && from !== "text") area.value = text;
  localStorage.setItem(TEXT_KEY, text);
  if (from !== "form" && !W.pendingWrites) localStorage.removeItem(DATA_KEY); // the text now says it all
  updateUndo();
  scheduleCheck(from);
  scheduleSave(from !== "load"); // a text just loaded is kept where it came from: nothing to lose yet
}

// the file is busy while a form edit is written or a text is checked (tests and screen readers wait for it)
function busy() {
  const area = $("#ws-text");
  if (area) area.setAttribute("aria-busy", String(!!(W.pendingWrites || W.checking)));
}

export function updateUndo() {
  const undo = $("#ws-undo");
  const redo = $("#ws-redo");
  if (undo) undo.disabled = W.at <= 0;
  if (redo) redo.disabled = W.at >= W.history.length - 1;
}

export function undo(step) {
  const at = W.at + step;
  if (at < 0 || at >= W.history.length) return;
  W.at = at;
  setText(W.history[at], "history");
}

export function scheduleCheck(from) {
  clearTimeout(W.checkTimer);
  W.checkTimer = setTimeout(() => check(from), from === "text" ? 350 : 0);
}

async function check(from) {
  const seq = ++W.checkSeq;
  W.checking = true;
  busy();
  const text = W.text;
  let got;
  try {
    got = await http("POST", "/api/workshop/check", /** @satisfies {import("./api.js").Body<"POST /api/workshop/check">} */ ({ text }));
  } catch (err) {
    if (seq === W.checkSeq) {
      W.checking = false;
      busy();
      showProblems([{ field: "", line: null, en: errorText(err), pt: errorText(err) }]);
    }
    return;
  }
  // a newer text is being checked, or will be: the text changed while this one was on its way (a form edit
  // written back meanwhile), and an older parse must not redraw the forms over what was typed
  if (seq !== W.checkSeq || text !== W.text) {
    if (from !== "form") W.redrawOwed = true; // a loaded file's forms: drawn by the check of the newer text
    return;
  }
  W.checking = false;
  W.problems = got.problems;
  if (got.data && !W.pendingWrites) W.data = got.data; // a form edit on its way wins over an older parse
  else if (!got.data && from === "load") W.data = null; // issue 46: a file that cannot be read leaves no old form on screen
  if (got.data && from === "load" && W.copyNamed) {
    // issue 46: a copy of a draft is named as one ("… (copy)"), not a second draft of the same name
    W.copyNamed = false;
    const name = got.data.name && typeof got.data.name === "object" ? got.data.name : null;
    if (name) edit((x) => (x.name = { ...x.name, en: `${name.en || ""} ${t("wsw.copyEn")}`.trim(), pt: `${name.pt || ""} ${t("wsw.copyPt")}`.trim() }), true);
  }
  const seatsBox = $("#ws-seats"); // issue 46: one seat per mouse of the chapter's party
  if (seatsBox && W.data && seatsBox.children.length !== Math.max(1, Math.min(4, Number(setupOf(structuredClone(W.data)).party_size) || 1))) seatsBox.replaceWith(seatPlayers());
  if ($("#ws-estimate") && estimatedEndPage() !== W.estimatedPage) estimate(); // a longer chapter takes longer
  if (got.board) W.board = got.board;
  else if (!setupOf(W.data).layout || !setupOf(W.data).layout.length) W.board = null;
  // a form keeps its fields while it is typed in; any other change redraws the forms from the file
  if (from !== "form" || W.redrawOwed) {
    W.redrawOwed = false;
    renderForms();
  }
  renderBoard();
  showProblems(got.problems);
  showStatus(got);
  showCannotPlan(got.cannot_plan || []);
  const play = $("#ws-run");
  if (play) play.disabled = !got.ok || (W.job && ["queued", "running"].includes(W.job.status));
  for (const id of ["#ws-open-table", "#ws-print"]) {
    const button = $(id);
    if (button) button.disabled = !got.ok;
  }
  showPublishable(got);
  busy();
}

function scheduleSave(changed = true) {
  clearTimeout(W.saveTimer);
  W.unsaved = changed;
  if (changed) showUnsaved(t("wsw.saving"));
  W.saveTimer = setTimeout(async () => {
    const status = $("#ws-saved");
    try {
      const text = W.text;
      await wsHttp("PUT", `/api/workshop/drafts/${draftId()}`, /** @satisfies {import("./api.js").Body<"PUT /api/workshop/drafts/{draft_id}">} */ ({ text }));
      // "saved" only once the server has this very text, and nothing typed is still on its way
      if (text !== W.text || W.pendingWrites || W.typing.size) return;
      W.unsaved = false;
      if (status) status.textContent = t("ws.draftSaved");
      if (W.draftsShown !== draftId()) {
        W.draftsShown = draftId();
        refreshDrafts();
      }
    } catch (err) {
      const refusal = /** @type {import("./api.js").HttpError} */ (err);
      if (status) status.textContent = refusal.data && refusal.data.error === "too_many_drafts" ? errorText(err) : t("ws.draftOffline");
    }
  }, 1200);
}

// the form changed the parsed file: write it back. The server edits the text in place (comments, key order
// and quoting of everything else kept); a text it cannot edit in place is written afresh here. Edits are
// written one after the other, each onto the text the one before produced.
export function edit(mutate, redraw = false) {
  if (!W.data) return undefined;
  const data = structuredClone(W.data);
  mutate(data);
  W.data = data;
  keepFormData(data);
  if (redraw) renderForms();
  W.pendingWrites = (W.pendingWrites || 0) + 1;
  busy();
  W.writing = (W.writing || Promise.resolve()).then(() => writeBack(data));
  return W.writing;
}

export async function writeBack(data) {
  let text = null;
  try {
    text = (await http("POST", "/api/workshop/write", /** @satisfies {import("./api.js").Body<"POST /api/workshop/write">} */ ({ text: W.text, data }))).text;
  } catch {
    /* offline or refused: written afresh below */
  }
  W.pendingWrites -= 1;
  setText(text ?? toYaml(data), "form");
  if (!W.pendingWrites) localStorage.removeItem(DATA_KEY);
}

function showStatus(got) {
  const bar = $("#ws-status");
  if (!bar) return;
  const n = (got.problems || []).length;
  bar.className = `ws-status ${n ? "bad" : "ok"}`;
  bar.replaceChildren(h("a", { href: "#ws-check-title" }, n ? t("wsw.statusProblems", { n }) : t("wsw.statusOk")));
}

// --- nothing typed is lost (issue 46) ---------------------------------------------------------------------------
// A field is written into the file while it is typed in (TYPING_MS after the last key), not only when it is left;
// a form edit on its way to the server is kept in this browser until the text holds it, and so are the entries
// still incomplete; leaving the page with something not saved on the server asks first. "Draft saved" is shown
// only after the server confirmed the text that holds the last key.

W.typing = new Map(); // field element -> its timer

function showUnsaved(text) {
  const status = $("#ws-saved");
  if (status) status.textContent = text;
}

function keepFormData(data) {
  try {
    localStorage.setItem(DATA_KEY, JSON.stringify({ draft: draftId(), data }));
  } catch {
    /* storage full: the server write still runs */
  }
}

export function keepPending() {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ draft: draftId(), pending: W.pending }));
  } catch {
    /* storage full */
  }
}

export function onFormInput(ev) {
  const el = ev.target;
  if (!(typedIn(el) || (el.tagName === "INPUT" && el.type === "number"))) return;
  W.unsaved = true;
  showUnsaved(t("wsw.unsaved"));
  clearTimeout(W.typing.get(el));
  W.typing.set(
    el,
    setTimeout(() => {
      W.typing.delete(el);
      if (el.isConnected) el.dispatchEvent(new Event("change"));
      if (!W.pendingWrites) scheduleSave(true); // typed back to what it was: saved as it is
    }, TYPING_MS),
  );
}

// what is being typed now goes into the file at once (the page is being left)
function flushTyping() {
  for (const [el, timer] of [...W.typing]) {
    clearTimeout(timer);
    W.typing.delete(el);
    if (el.isConnected) el.dispatchEvent(new Event("change"));
  }
}

export function onLeave(ev) {
  if (!$("#ws-forms")) return;
  flushTyping();
  if (W.unsaved || W.pendingWrites) {
    ev.preventDefault();
    ev.returnValue = t("wsw.leaveWarning");
  }
}

// after a reload: the form edit that had not reached the text, and the incomplete entries, come back
export function restoreKept() {
  let data = null;
  let pending = null;
  try {
    data = JSON.parse(localStorage.getItem(DATA_KEY) || "null");
    pending = JSON.parse(localStorage.getItem(PENDING_KEY) || "null");
  } catch {
    /* not ours */
  }
  return { data: data && data.draft === draftId() ? data.data : null, pending: pending && pending.draft === draftId() ? pending.pending : null };
}

export function setupOf(data) {
  if (!data) return {};
  if (!data.setup || typeof data.setup !== "object") data.setup = {};
  return data.setup;
}
