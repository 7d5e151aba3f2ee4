// The chapter workshop (/workshop, issue 23): compose a chapter on the real board, check it as it is typed,
// play-test it with bots, open a table of it, export and import it.
//
// The chapter file's text is the single source of truth. The forms edit the parsed file (the server parses it
// with the same bounded reader and validator as `mnm chapter validate`) and write it back as YAML; the text
// editor edits it directly. Every change is one undo step; the text is kept in this browser (offline) and as a
// draft on the server under this browser's editor token.

import { http } from "./api.js";
import { BoardView, spaceLabel } from "./board.js";
import { $, closeDialog, errorText, h, openDialog, svgEl, toast } from "./dom.js";
import { showLinks } from "./home.js";
import { lang, t, tx } from "./i18n.js";
import { publishButton } from "./library.js";
import { watchPlaytest, watchTable } from "./replay.js";
import { sandboxPanel } from "./sandbox.js";
import { S } from "./state.js";

const app = $("#app");
const TOKEN_KEY = "mnm.workshop.token";
const TEXT_KEY = "mnm.workshop.text";
const DRAFT_KEY = "mnm.workshop.draft";
const DATA_KEY = "mnm.workshop.formdata"; // a form edit on its way to the server (issue 46: nothing typed is lost)
const PENDING_KEY = "mnm.workshop.pending"; // entries still incomplete (not in the file yet)
const TYPING_MS = 700; // a field being typed in is written into the file this long after the last key
const HEAT_COLOURS = { wounds: "#d0241b", captures: "#5b1a5b", hourglass: "#1f5bb5" };

const W = {
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

async function ensureToken() {
  if (editorToken()) return editorToken();
  try {
    const got = await http("POST", "/api/workshop/token", {});
    localStorage.setItem(TOKEN_KEY, got.token);
  } catch {
    /* offline: drafts stay in this browser */
  }
  return editorToken();
}

async function wsHttp(method, path, body) {
  const token = await ensureToken();
  return http(method, path, body, undefined, token ? { "X-Editor-Token": token } : {});
}

function draftId() {
  let id = localStorage.getItem(DRAFT_KEY);
  if (!id) {
    id = `d-${Math.random().toString(36).slice(2, 10)}`;
    localStorage.setItem(DRAFT_KEY, id);
  }
  return id;
}

// ``from``: "text" (typed in the editor), "form", "load" (blank, copy, import, draft) or "history"
function setText(text, from) {
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

function updateUndo() {
  const undo = $("#ws-undo");
  const redo = $("#ws-redo");
  if (undo) undo.disabled = W.at <= 0;
  if (redo) redo.disabled = W.at >= W.history.length - 1;
}

function undo(step) {
  const at = W.at + step;
  if (at < 0 || at >= W.history.length) return;
  W.at = at;
  setText(W.history[at], "history");
}

function scheduleCheck(from) {
  clearTimeout(W.checkTimer);
  W.checkTimer = setTimeout(() => check(from), from === "text" ? 350 : 0);
}

async function check(from) {
  const seq = ++W.checkSeq;
  W.checking = true;
  busy();
  let got;
  try {
    got = await http("POST", "/api/workshop/check", { text: W.text });
  } catch (err) {
    if (seq === W.checkSeq) {
      W.checking = false;
      busy();
      showProblems([{ field: "", line: null, en: errorText(err), pt: errorText(err) }]);
    }
    return;
  }
  if (seq !== W.checkSeq) return; // a newer text is being checked
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
  if (from !== "form") renderForms();
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
      await wsHttp("PUT", `/api/workshop/drafts/${draftId()}`, { text });
      // "saved" only once the server has this very text, and nothing typed is still on its way
      if (text !== W.text || W.pendingWrites || W.typing.size) return;
      W.unsaved = false;
      if (status) status.textContent = t("ws.draftSaved");
      if (W.draftsShown !== draftId()) {
        W.draftsShown = draftId();
        refreshDrafts();
      }
    } catch (err) {
      if (status) status.textContent = err.data && err.data.error === "too_many_drafts" ? errorText(err) : t("ws.draftOffline");
    }
  }, 1200);
}

// the form changed the parsed file: write it back. The server edits the text in place (comments, key order
// and quoting of everything else kept); a text it cannot edit in place is written afresh here. Edits are
// written one after the other, each onto the text the one before produced.
function edit(mutate, redraw = false) {
  if (!W.data) return;
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

async function writeBack(data) {
  let text = null;
  try {
    text = (await http("POST", "/api/workshop/write", { text: W.text, data })).text;
  } catch {
    /* offline or refused: written afresh below */
  }
  W.pendingWrites -= 1;
  setText(text ?? toYaml(data), "form");
  if (!W.pendingWrites) localStorage.removeItem(DATA_KEY);
}

// issue 46: Publish waits, with the reason, while the chapter has problems; its form starts from the chapter
function showPublishable(got) {
  const button = $("#ws-publish");
  if (!button) return;
  button.disabled = !got.ok;
  let why = $("#ws-publish-why");
  if (!why) {
    why = h("span", { id: "ws-publish-why", class: "ws-help" });
    button.after(why);
    button.setAttribute("aria-describedby", "ws-publish-why");
    button.addEventListener("click", () => setTimeout(prefillPublish, 0));
  }
  why.textContent = got.ok ? "" : ` ${t("wsw.publishWaits")}`;
}

function prefillPublish() {
  const d = W.data || {};
  const title = $("#pub-title");
  if (title && !title.value) title.value = chapterName(d);
  const text = $("#pub-description");
  if (text && !text.value && d.objective && typeof d.objective === "object") text.value = tx(d.objective);
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

function keepPending() {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ draft: draftId(), pending: W.pending }));
  } catch {
    /* storage full */
  }
}

function onFormInput(ev) {
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

function onLeave(ev) {
  if (!$("#ws-forms")) return;
  flushTyping();
  if (W.unsaved || W.pendingWrites) {
    ev.preventDefault();
    ev.returnValue = t("wsw.leaveWarning");
  }
}

// after a reload: the form edit that had not reached the text, and the incomplete entries, come back
function restoreKept() {
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

function setupOf(data) {
  if (!data) return {};
  if (!data.setup || typeof data.setup !== "object") data.setup = {};
  return data.setup;
}

// --- the page ----------------------------------------------------------------------------------------------

export async function renderWorkshop() {
  document.title = `${t("ws.title")} · ${t("title")}`;
  const chapters = (S.catalog && S.catalog.chapters) || [];
  const copySel = h("select", { id: "ws-copy-of", "aria-label": t("ws.startCopy") }, chapters.map((c) => h("option", { value: c.id }, `${c.number}. ${tx(c.name)}`)));
  const fileInput = h("input", { type: "file", id: "ws-import", accept: ".yaml,.yml,.txt,text/yaml", onchange: importFile });
  app.replaceChildren(
    h(
      "div",
      { class: "workshop" },
      h(
        "header",
        { class: "ws-head" },
        h("h2", {}, t("ws.title")),
        h("a", { href: "/", class: "button small" }, t("backHome")),
      ),
      h("p", { class: "ws-intro" }, t("ws.intro")),
      h(
        "div",
        { class: "ws-toolbar card", role: "toolbar", "aria-label": t("ws.file") },
        h("button", { type: "button", id: "ws-blank", onclick: startBlank }, t("ws.startBlank")),
        h("button", { type: "button", id: "ws-random", onclick: startRandom, title: t("ws.startRandomHint") }, t("ws.startRandom")),
        h("label", {}, `${t("ws.startCopy")} `, copySel),
        h("button", { type: "button", id: "ws-copy", onclick: () => startCopy(copySel.value) }, t("ws.copy")),
        h("label", { class: "button", for: "ws-import" }, t("ws.importFile")),
        fileInput,
        h("button", { type: "button", id: "ws-export", onclick: exportFile }, t("ws.exportFile")),
        h("button", { type: "button", id: "ws-undo", onclick: () => undo(-1) }, t("ws.undo")),
        h("button", { type: "button", id: "ws-redo", onclick: () => undo(1) }, t("ws.redo")),
        h("span", { id: "ws-saved", class: "ws-saved", role: "status" }),
      ),
      // issue 46: "can it be played?" always in sight (a phone scrolls far through the forms)
      h("div", { id: "ws-status", class: "ws-status", role: "status" }),
      h("details", { class: "card ws-drafts-box", id: "ws-drafts-box", ontoggle: (ev) => ev.target.open && refreshDrafts() }, h("summary", {}, t("ws.drafts")), h("div", { id: "ws-drafts-list" })),
      h(
        "div",
        { class: "ws-main" },
        h(
          "section",
          { class: "ws-board-col", "aria-labelledby": "ws-board-title", "data-field": "setup.layout", "data-edits": "board" },
          h("h3", { id: "ws-board-title" }, t("ws.board")),
          h("p", { id: "ws-picking", class: "ws-picking", role: "status", "aria-live": "polite" }),
          h(
            "div",
            { class: "ws-zoom", role: "group", "aria-label": t("ws.zoom") },
            h("button", { type: "button", class: "small", id: "ws-zoom-in", "aria-label": t("ws.zoomIn"), onclick: () => W.boardView && W.boardView.setZoom(W.boardView.zoom * 1.4) }, "+"),
            h("button", { type: "button", class: "small", id: "ws-zoom-out", "aria-label": t("ws.zoomOut"), onclick: () => W.boardView && W.boardView.setZoom(W.boardView.zoom / 1.4) }, "−"),
          ),
          h("div", { class: "board-wrap" }, h("div", { id: "ws-board", class: "board" })),
          h("p", { id: "ws-exits", class: "ws-exits" }),
          h("div", { id: "ws-grid", class: "ws-grid" }),
          h("details", { class: "card", open: true }, h("summary", {}, t("ws.gallery")), h("p", { class: "ws-help" }, t("ws.galleryHelp")), h("div", { id: "ws-gallery", class: "ws-gallery" })),
          h("section", { id: "ws-playtest", class: "card", "aria-labelledby": "ws-pt-title" }),
          h("section", { id: "ws-play", class: "card", "aria-labelledby": "ws-play-title" }),
        ),
        h(
          "div",
          { class: "ws-form-col" },
          h("section", { class: "card ws-check", "aria-labelledby": "ws-check-title" }, h("h3", { id: "ws-check-title" }, t("ws.checkTitle")), h("div", { id: "ws-problems", class: "ws-problems", role: "status", "aria-live": "polite" }), h("div", { id: "ws-cannot-plan", hidden: true })),
          h("div", { id: "ws-forms" }),
          // the file itself, for those who write it by hand: folded away, the forms say everything it says
          h(
            "details",
            { class: "card", id: "ws-file-box" },
            h("summary", { id: "ws-file-title" }, t("ws.fileExpert")),
            h("textarea", {
              id: "ws-text",
              class: "ws-text",
              spellcheck: "false",
              rows: 18,
              "aria-label": t("ws.file"),
              "aria-describedby": "ws-problems",
              oninput: (ev) => setText(ev.target.value, "text"),
            }),
          ),
        ),
      ),
    ),
  );
  W.boardView = new BoardView($("#ws-board"), (kind, id) => kind === "space" && pickSpace(id));
  $("#ws-forms").addEventListener("input", onFormInput);
  if (!W.leaveWatched) {
    W.leaveWatched = true;
    window.addEventListener("beforeunload", onLeave);
  }
  renderPlaytest();
  renderPlay();
  estimate();
  clearInterval(W.watchTimer);
  W.watchTimer = setInterval(() => document.visibilityState === "visible" && $("#ws-playtest") && estimate(), 4000);
  const [tiles, vocab] = await Promise.all([http("GET", "/api/workshop/tiles"), http("GET", "/api/workshop/vocabulary")]);
  W.tiles = tiles;
  W.vocab = vocab;
  renderGallery();
  const kept = localStorage.getItem(TEXT_KEY);
  const held = restoreKept();
  if (kept !== null && W.history.length === 0) {
    setText(kept, "load");
    if (held.pending) W.pending = held.pending;
    if (held.data) {
      // a form edit the page was left before it reached the text: written now
      W.pendingWrites = (W.pendingWrites || 0) + 1;
      W.data = held.data;
      renderForms(); // the check of this write will not redraw the forms (a form's own edit never does)
      W.writing = (W.writing || Promise.resolve()).then(() => writeBack(held.data));
    }
  } else if (W.text) {
    $("#ws-text").value = W.text;
    scheduleCheck("load");
  } else await startBlank();
  updateUndo();
  // issue 46: /workshop#replay=TABLE_ID opens a finished table's game in the replay viewer (end screen, library)
  const replay = /^#replay=([A-Za-z0-9_-]{1,40})$/.exec(location.hash);
  if (replay) watchTable(replay[1]);
}

// a yes/no question in the page's own accessible dialog; resolves true for yes
function ask(title, text, yes) {
  return new Promise((resolve) => {
    let answered = false;
    const button = h("button", { type: "button", id: "ws-ask-yes", onclick: () => { answered = true; closeDialog(box); resolve(true); } }, yes);
    const box = openDialog({ id: "ws-ask", title, body: [h("p", {}, text)], buttons: [button], closeLabel: t("ws.keepWorking"), onClose: () => { if (!answered) resolve(false); } });
  });
}

// New, Copy and Import start a new draft: the current one stays in My drafts. Work not saved yet (offline, or
// a change still on its way) would be lost: ask first.
async function replaceCurrent() {
  if (!W.text || (!W.unsaved && !W.pendingWrites)) return true;
  return ask(t("ws.askReplaceTitle"), t("ws.askReplace", { name: chapterName(W.data) }), t("ws.replaceIt"));
}

function newDraft() {
  const id = `d-${Math.random().toString(36).slice(2, 10)}`;
  localStorage.setItem(DRAFT_KEY, id);
  W.history = [];
  W.at = -1;
  W.pending = {};
  return id;
}

async function startBlank() {
  if (!(await replaceCurrent())) return;
  const got = await http("GET", "/api/workshop/blank");
  newDraft();
  setText(got.text, "load");
  refreshDrafts();
}

// issue 43: a generated chapter that validates, to start from (its file says its family and the route that wins it)
async function startRandom() {
  if (!(await replaceCurrent())) return;
  try {
    const got = await http("GET", "/api/workshop/random");
    newDraft();
    setText(got.text, "load");
    refreshDrafts();
    toast(t("ws.randomLoaded", { family: got.family, mice: got.mice, seed: got.seed }));
  } catch (err) {
    toast(errorText(err), "error");
  }
}

async function startCopy(id) {
  if (!(await replaceCurrent())) return;
  try {
    const got = await http("GET", `/api/workshop/chapters/${encodeURIComponent(id)}`);
    newDraft();
    setText(got.text, "load");
    refreshDrafts();
  } catch (err) {
    toast(errorText(err), "error");
  }
}

function chapterName(data) {
  const name = data && data.name;
  return (name && typeof name === "object" ? tx(name) : "") || t("ws.unnamedChapter");
}

// --- my drafts: every chapter this browser's editor token keeps -----------------------------------------------

async function refreshDrafts() {
  const box = $("#ws-drafts-list");
  if (!box) return;
  let got;
  try {
    got = await wsHttp("GET", "/api/workshop/drafts");
  } catch {
    box.replaceChildren(h("p", { class: "ws-help" }, t("ws.draftOffline")));
    return;
  }
  const current = draftId();
  box.replaceChildren(
    got.drafts.length
      ? h(
          "ul",
          { class: "ws-drafts" },
          got.drafts.map((d) =>
            h(
              "li",
              { "data-draft": d.id, class: d.id === current ? "current" : "" },
              h("strong", {}, (d.name && tx(d.name)) || t("ws.unnamedChapter")),
              " ",
              h("span", { class: "ws-help" }, t("ws.changed", { when: new Date(d.updated * 1000).toLocaleString(lang() === "pt" ? "pt-BR" : "en") })),
              d.id === current ? h("span", { class: "ws-help" }, ` · ${t("ws.openNow")}`) : null,
              " ",
              d.id === current ? null : h("button", { type: "button", class: "small", "data-open": d.id, onclick: () => openDraft(d) }, t("ws.open")),
              h("button", { type: "button", class: "small", "data-copy": d.id, onclick: () => copyDraft(d) }, t("ws.copy")),
              h("button", { type: "button", class: "small", "data-delete": d.id, onclick: () => deleteDraft(d) }, t("ws.delete")),
            ),
          ),
        )
      : h("p", { class: "ws-help" }, t("ws.noDrafts")),
    h("p", { class: "ws-help" }, t("ws.draftsMax", { max: got.max })),
  );
}

async function openDraft(d) {
  if (!(await replaceCurrent())) return;
  localStorage.setItem(DRAFT_KEY, d.id);
  W.history = [];
  W.at = -1;
  W.pending = {};
  setText(d.text, "load");
  refreshDrafts();
}

async function copyDraft(d) {
  if (!(await replaceCurrent())) return;
  newDraft();
  W.copyNamed = true;
  setText(d.text, "load");
  refreshDrafts();
}

async function deleteDraft(d) {
  const name = (d.name && tx(d.name)) || t("ws.unnamedChapter");
  if (!(await ask(t("ws.askDeleteTitle"), t("ws.askDelete", { name }), t("ws.delete")))) return;
  try {
    await wsHttp("DELETE", `/api/workshop/drafts/${encodeURIComponent(d.id)}`);
  } catch (err) {
    toast(errorText(err), "error");
  }
  if (d.id === draftId()) {
    // issue 46: the open draft deleted is gone (it came back on the next edit): a blank chapter takes its place
    newDraft();
    localStorage.removeItem(DATA_KEY);
    try {
      setText((await http("GET", "/api/workshop/blank")).text, "load");
    } catch (err) {
      toast(errorText(err), "error");
    }
  }
  refreshDrafts();
}

async function importFile(ev) {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  if (!(await replaceCurrent())) {
    ev.target.value = "";
    return;
  }
  const max = (W.tiles && W.tiles.max_chapter_bytes) || 131072;
  if (file.size > max) {
    toast(errorText({ data: { error: "too_big" } }), "error");
    return;
  }
  file.text().then((text) => {
    newDraft();
    setText(text, "load");
    refreshDrafts();
  });
  ev.target.value = "";
}

function exportFile() {
  const id = (W.data && W.data.id) || "chapter";
  const url = URL.createObjectURL(new Blob([W.text], { type: "text/yaml" }));
  const a = h("a", { href: url, download: `${id}.yaml`, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// --- problems, pinned to their fields -------------------------------------------------------------------------

function problemText(p) {
  return lang() === "pt" ? p.pt || p.en : p.en;
}

function showProblems(problems) {
  for (const old of document.querySelectorAll(".ws-field-error")) old.remove();
  for (const old of document.querySelectorAll("[aria-invalid]")) old.removeAttribute("aria-invalid");
  const box = $("#ws-problems");
  if (!box) return;
  if (!problems.length) {
    box.replaceChildren(h("p", { class: "ws-ok" }, t("ws.noProblems")));
    return;
  }
  box.replaceChildren(
    h("h4", {}, t("ws.problems")),
    h(
      "ul",
      {},
      problems.map((p) => {
        const where = fieldTitle(p.field);
        return h("li", { class: "error", "data-problem": p.field }, where ? h("button", { type: "button", class: "link", onclick: () => goTo(p) }, where) : null, ` ${problemText(p)}`);
      }),
    ),
  );
  // pin each problem to the form field it belongs to (or the nearest field above it)
  for (const p of problems) {
    const field = fieldFor(p.field);
    if (!field) continue;
    const input = field.matches("input, select, textarea") ? field : field.querySelector("input, select, textarea");
    if (input) input.setAttribute("aria-invalid", "true");
    field.after(h("p", { class: "ws-field-error error", "data-for": p.field }, problemText(p)));
  }
}

// where a problem is, in the form's words: "Special rules › Bell Gate › Do 1" (never the file's path)
const FIELD_TITLES = {
  id: "ws.id", number: "ws.number", name: "ws.name", objective: "ws.objective", victory_text: "ws.victoryText", defeat_text: "ws.defeatText",
  story: "ws.story", setup: "ws.setup", victory: "ws.victory", defeat: "ws.defeat", rules: "ws.rules", rooms: "ws.rooms",
  party_size: "ws.partySize", forbidden_heroes: "ws.barred", encounter_kinds: "ws.encounters", end_page: "ws.endPage", track_pages: "ws.trackPages",
  layout: "ws.board", start_space: "ws.startSpace", starting_minions: "ws.minions", placements: "ws.placements", tokens: "ws.tokens",
  if: "ws.conditions", do: "ws.effects", when: "ws.when", where: "ws.when",
};

function fieldTitle(path) {
  const parts = String(path || "").split(".").filter(Boolean);
  if (!parts.length) return t("ws.file");
  const out = [];
  let node = W.data;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const parent = parts[i - 1];
    node = node && typeof node === "object" ? node[part] : undefined;
    if (/^\d+$/.test(part)) {
      const n = Number(part) + 1;
      if (parent === "rules" && node && node.id) out.push(`${t("ws.rule")} “${node.id}”`);
      else if (parent === "rooms" && node && node.side !== undefined) out.push(sideName(node.side));
      else if (parent === "layout" && node && node.side !== undefined) out.push(sideName(node.side));
      else out.push(String(n));
    } else if (FIELD_TITLES[part]) out.push(t(FIELD_TITLES[part]));
    else if (parent === "story") out.push(momentName(part));
    else if (part === "en") out.push(t("ws.english"));
    else if (part === "pt") out.push(t("ws.portuguese"));
    else if (word("conditions", part) || word("effects", part)) out.push(sentence(word("conditions", part) || word("effects", part), {}).replace(/[:(].*$/, "").trim());
    else out.push(fieldLabel(part));
  }
  return out.join(" › ");
}

// what the bots' planner cannot plan for (a chapter that checks may still hold a goal they cannot aim at): their
// play-test results then say less about how hard it is for people
function showCannotPlan(gaps) {
  const box = $("#ws-cannot-plan");
  if (!box) return;
  box.hidden = !gaps.length;
  box.replaceChildren(
    h("h4", {}, t("ws.cannotPlan")),
    h("p", { class: "ws-help" }, t("ws.cannotPlanHelp")),
    h("ul", {}, gaps.map((g) => h("li", { "data-word": g.word }, lang() === "pt" ? g.pt : g.en))),
  );
}

function fieldFor(path) {
  const parts = (path || "").split(".");
  while (parts.length) {
    const found = document.querySelector(`#ws-forms [data-field="${CSS.escape(parts.join("."))}"]`);
    if (found) return found;
    parts.pop();
  }
  return null;
}

function goTo(p) {
  const field = fieldFor(p.field);
  const input = field && (field.matches("input, select, textarea") ? field : field.querySelector("input, select, textarea, button"));
  if (input) {
    input.focus();
    return;
  }
  const area = $("#ws-text");
  if (!area || !p.line) return;
  $("#ws-file-box").open = true;
  const lines = W.text.split("\n");
  const start = lines.slice(0, p.line - 1).join("\n").length + (p.line > 1 ? 1 : 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[p.line - 1] || "").length);
}

// --- the board: gallery, grid, the drawing and its marks --------------------------------------------------------

function sideInfo(side) {
  return W.tiles && W.tiles.sides.find((s) => s.side === Number(side));
}

function renderGallery() {
  const box = $("#ws-gallery");
  if (!box || !W.tiles) return;
  box.replaceChildren(
    ...W.tiles.sides.map((s) =>
      h(
        "button",
        {
          type: "button",
          class: `ws-tile${W.pickedSide === s.side ? " picked" : ""}`,
          "data-side": s.side,
          "aria-pressed": String(W.pickedSide === s.side),
          onclick: () => {
            W.pickedSide = s.side;
            renderGallery();
            renderGrid();
          },
        },
        h("img", { src: `/api/workshop/tiles/${s.side}.svg`, alt: "", loading: "lazy", width: 96, height: 110 }),
        h("span", {}, `${s.side} · ${tx(s.name)}${s.expansion ? ` (${t("ws.expansion")})` : ""}`),
        s.back ? h("span", { class: "ws-tile-back" }, t("ws.backIs", { side: sideName(s.back) })) : null,
      ),
    ),
  );
}

function layout() {
  return (setupOf(W.data).layout || []).filter((p) => p && Array.isArray(p.at));
}

function renderGrid() {
  const box = $("#ws-grid");
  if (!box) return;
  const laid = layout();
  const xs = laid.map((p) => p.at[0]);
  const ys = laid.map((p) => p.at[1]);
  const [x0, x1, y0, y1] = laid.length ? [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1] : [0, 0, 0, 0];
  const at = new Map(laid.map((p, i) => [`${p.at[0]},${p.at[1]}`, [p, i]]));
  const near = (x, y) => !laid.length || [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => at.has(`${x + dx},${y + dy}`));
  const key = JSON.stringify(laid.map((p) => [p.side, p.at]));
  const cells = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const hit = at.get(`${x},${y}`);
      if (hit) {
        const [p, i] = hit;
        const info = sideInfo(p.side);
        cells.push(
          h(
            "div",
            { class: "ws-cell laid", "data-field": `setup.layout.${i}` },
            h("strong", {}, `${p.side} · ${info ? tx(info.name) : "?"}`),
            info && info.back ? h("span", { class: "ws-cell-back" }, t("ws.backIs", { side: sideName(info.back) })) : null,
            info && info.back ? h("button", { type: "button", class: "small", "data-flip": p.side, onclick: () => flip(i) }, t("ws.flip")) : null,
            h("button", { type: "button", class: "small", "data-remove": p.side, onclick: () => removeTile(i) }, t("ws.remove")),
          ),
        );
      } else if (near(x, y) && W.placing) {
        // a form picks a square (where a tile is added during the chapter, issue 46)
        const label = t("wsw.placeHere", { x, y });
        cells.push(h("button", { type: "button", class: "ws-cell free placing", "data-at": `${x},${y}`, "aria-label": label, title: label, onclick: () => place(x, y) }, "◎"));
      } else if (near(x, y)) {
        // issue 46: "tiles that fit here": the squares where the picked side's exits would join the laid tiles'
        const fit = W.pickedSide && W.fits && W.fits.side === W.pickedSide && W.fits.key === key ? W.fits.at[`${x},${y}`] : null;
        const joins = fit ? fit.joined : 0;
        const base = W.pickedSide ? t("ws.layHere", { side: W.pickedSide, x, y }) : t("ws.emptySquare", { x, y });
        const label = joins ? `${base} · ${t("wsw.fitsHere", { n: joins })}` : base;
        cells.push(h("button", { type: "button", class: `ws-cell free${joins ? " fits" : ""}`, "data-at": `${x},${y}`, "data-joins": fit ? joins : null, "aria-label": label, title: label, disabled: !W.pickedSide, onclick: () => lay(x, y) }, joins ? `+ ● ${joins}` : "+"));
      } else cells.push(h("div", { class: "ws-cell none", "aria-hidden": "true" }));
    }
  }
  box.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, minmax(0, 8.5em))`;
  box.replaceChildren(...cells);
  if (W.pickedSide && laid.length && !(W.fits && W.fits.side === W.pickedSide && W.fits.key === key)) requestFits(W.pickedSide, key);
}

// where the picked side would join the laid tiles (the server tries it on each empty square): then drawn again
async function requestFits(side, key) {
  if (W.fitsAsked === `${side}|${key}`) return;
  W.fitsAsked = `${side}|${key}`;
  try {
    const got = await http("POST", "/api/workshop/fits", { layout: layout(), side });
    W.fits = { side, key, at: Object.fromEntries(got.squares.map((q) => [`${q.at[0]},${q.at[1]}`, q])) };
  } catch {
    W.fits = { side, key, at: {} }; // no marks: laying works as before
  }
  if (W.pickedSide === side) renderGrid();
}

// pick an empty square next to the laid tiles for a form: ``onPlace(x, y)`` (issue 46: an added tile's place)
function startPlacing(label, onPlace) {
  W.placing = { onPlace, from: document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pick || "" : "" };
  $("#ws-picking").textContent = t("wsw.pickingSquare", { what: label });
  renderGrid();
  const first = document.querySelector("#ws-grid .ws-cell.placing");
  if (first) first.focus();
}

function place(x, y) {
  if (!W.placing) return;
  const { onPlace, from } = W.placing;
  W.placing = null;
  $("#ws-picking").textContent = "";
  renderGrid();
  onPlace(x, y);
  const back = from && document.querySelector(`#ws-forms [data-pick="${CSS.escape(from)}"]`);
  if (back) back.focus();
}

function lay(x, y) {
  const side = W.pickedSide;
  const info = sideInfo(side);
  // one physical tile, two faces: laying a face whose tile is down already moves that tile here, and says so
  const before = layout().find((p) => info && sideInfo(p.side) && sideInfo(p.side).tile === info.tile);
  const note = $("#ws-picking");
  if (note) note.textContent = before ? t("ws.tileMoved", { was: sideName(before.side), now: sideName(side) }) : "";
  edit((data) => {
    const setup = setupOf(data);
    setup.layout = (setup.layout || []).filter((p) => !(info && sideInfo(p.side) && sideInfo(p.side).tile === info.tile));
    setup.layout.push({ side, at: [x, y] });
    // the first tile laid with a start space holds the start until one is picked
    const starts = (info && info.starts) || [];
    if ((!setup.start_space || /^0:/.test(String(setup.start_space))) && starts.length) setup.start_space = starts[0];
  }, true);
}

function flip(i) {
  edit((data) => {
    const p = setupOf(data).layout[i];
    const info = sideInfo(p.side);
    if (!info || !info.back) return;
    const old = p.side;
    p.side = info.back;
    const setup = setupOf(data);
    const starts = (sideInfo(p.side) || {}).starts || [];
    if (String(setup.start_space || "").startsWith(`${old}:`) && starts.length) setup.start_space = starts[0];
  }, true);
}

function removeTile(i) {
  edit((data) => setupOf(data).layout.splice(i, 1), true);
}

function renderBoard() {
  renderGrid();
  const view = W.boardView;
  const exits = $("#ws-exits");
  if (!view) return;
  if (!W.board) {
    view.container.replaceChildren();
    view.svg = null;
    if (exits) exits.textContent = "";
    return;
  }
  if (view.geometry !== W.board) {
    const fresh = !view.geometry || JSON.stringify(view.geometry.tiles) !== JSON.stringify(W.board.tiles);
    view.setGeometry(W.board);
    // issue 46: a phone opens the board on the tiles (the start space in the middle), not on an empty corner;
    // the zoom stays at a finger's tap size (issue 25), + and − change it
    if (fresh && view.container.clientWidth < 600) centreOnTiles(view);
  }
  for (const path of view.svg.querySelectorAll("path.space")) path.setAttribute("aria-label", spaceLabel(W.board, path.dataset.space));
  drawMarks();
  const counts = { joined: 0, blocked: 0, loose: 0 };
  for (const ex of W.board.exits) counts[ex.join] = (counts[ex.join] || 0) + 1;
  if (exits) {
    exits.replaceChildren(
      h("span", { class: "ws-exit joined" }, `● ${counts.joined} ${t("ws.exitsJoined")}`),
      " ",
      h("span", { class: "ws-exit blocked" }, `■ ${counts.blocked} ${t("ws.exitsBlocked")}`),
      " ",
      h("span", { class: "ws-exit loose" }, `✕ ${counts.loose} ${t("ws.exitsLoose")}`),
    );
  }
}

function centreOnTiles(view) {
  const spaces = Object.keys(W.board.spaces || {});
  const start = String(setupOf(W.data).start_space || "");
  const c = view.spaceCentre(spaces.includes(start) ? start : spaces[0]);
  if (!c || !view.svg) return;
  const scale = view.svg.getBoundingClientRect().width / (W.board.width || 1);
  view.container.scrollLeft = Math.max(0, c[0] * scale - view.container.clientWidth / 2);
  view.container.scrollTop = Math.max(0, c[1] * scale - view.container.clientHeight / 2);
}

function drawMarks() {
  const view = W.boardView;
  if (!view || !view.svg || !W.board) return;
  const layer = view.layer;
  layer.replaceChildren();

  // heat first (under the marks): one disc per space, its size and strength by count
  const heat = heatOf();
  if (heat) {
    const values = Object.values(heat);
    const top = Math.max(1, ...values);
    for (const [space, n] of Object.entries(heat)) {
      const c = view.spaceCentre(space);
      if (!c) continue;
      layer.appendChild(svgEl("circle", { cx: c[0], cy: c[1], r: heatRadius(n, top), class: "ws-heat", fill: HEAT_COLOURS[W.heat.kind], "fill-opacity": heatOpacity(n, top), "data-heat": space }));
      // the count itself, readable on the disc
      layer.appendChild(svgEl("text", { x: c[0], y: c[1] + 5, class: "ws-heat-count", "text-anchor": "middle", "data-heat-count": space }, String(n)));
    }
  }
  for (const ex of W.board.exits) {
    const g = svgEl("g", { class: `ws-exit-mark ${ex.join}`, "data-exit": `${ex.side}-${ex.index}` });
    g.appendChild(svgEl("title", {}, exitName(ex.side, ex.index))); // issue 46: the name the forms and the sheet use
    if (ex.join === "joined") g.appendChild(svgEl("circle", { cx: ex.x, cy: ex.y, r: 7, fill: "#2e7d32", stroke: "#fff", "stroke-width": 2 }));
    else if (ex.join === "blocked") g.appendChild(svgEl("rect", { x: ex.x - 7, y: ex.y - 7, width: 14, height: 14, fill: "#e08a00", stroke: "#fff", "stroke-width": 2 }));
    else {
      g.appendChild(svgEl("circle", { cx: ex.x, cy: ex.y, r: 9, fill: "#b3261e", stroke: "#fff", "stroke-width": 2 }));
      g.appendChild(svgEl("path", { d: `M${ex.x - 4},${ex.y - 4} L${ex.x + 4},${ex.y + 4} M${ex.x + 4},${ex.y - 4} L${ex.x - 4},${ex.y + 4}`, stroke: "#fff", "stroke-width": 2.5 }));
    }
    // issue 46: its direction written beside it, the word the forms and the sheet name it by
    g.appendChild(svgEl("text", { x: ex.x, y: ex.y - 12, class: "ws-exit-name", "text-anchor": "middle" }, t(`wsw.edge.${ex.edge}`)));
    // picking an exit for a form (a trigger's "which exit"): the exits of that side are buttons
    if (W.picking && W.picking.exitSide === ex.side) {
      g.classList.add("pickable");
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", exitName(ex.side, ex.index));
      g.insertBefore(svgEl("circle", { cx: ex.x, cy: ex.y, r: 16, class: "ws-exit-target" }), g.firstChild);
      g.addEventListener("click", () => pickExit(ex.index));
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          pickExit(ex.index);
        }
      });
    }
    layer.appendChild(g);
  }
  const setup = setupOf(W.data);
  const start = view.spaceCentre(String(setup.start_space || ""));
  if (start) layer.appendChild(svgEl("text", { x: start[0], y: start[1] + 8, class: "ws-start", "text-anchor": "middle" }, "★"));
  for (const [token, spaces] of Object.entries(setup.tokens || {})) {
    for (const space of spaces || []) {
      const c = view.spaceCentre(String(space));
      if (c) layer.appendChild(svgEl("text", { x: c[0] + 14, y: c[1] - 10, class: "ws-token" }, token.slice(0, 3)));
    }
  }
  for (const p of setup.placements || []) {
    const c = view.spaceCentre(String(p.space || ""));
    if (c) layer.appendChild(svgEl("text", { x: c[0] - 14, y: c[1] - 10, class: "ws-minion-count", "text-anchor": "middle" }, "▲"));
  }
  // starting minions: a count on their side's name band
  const bySide = new Map();
  for (const m of setup.starting_minions || []) bySide.set(m.side, (bySide.get(m.side) || 0) + (Number(m.count) || 0));
  for (const [side, n] of bySide) {
    const sp = Object.values(W.board.spaces).find((s) => s.side === Number(side));
    if (sp) layer.appendChild(svgEl("text", { x: sp.x, y: sp.y - 22, class: "ws-minion-count", "text-anchor": "middle" }, `▲${n}`));
  }
}

// an exit clicked on the board while a form picks one (issue 46): handed to that form
function pickExit(index) {
  if (!W.picking || W.picking.onExit === undefined) return;
  const { onExit, from } = W.picking;
  W.picking = null;
  $("#ws-picking").textContent = "";
  drawMarks();
  onExit(index);
  const back = from && document.querySelector(`#ws-forms [data-pick="${CSS.escape(from)}"]`);
  if (back) back.focus();
}

function pickSpace(id) {
  if (!W.picking || W.picking.onExit !== undefined) return;
  const { apply, onPick, from } = W.picking;
  W.picking = null;
  $("#ws-picking").textContent = "";
  if (onPick) onPick(id);
  else edit((data) => apply(data, id), true);
  const back = from && document.querySelector(`#ws-forms [data-pick="${CSS.escape(from)}"]`);
  if (back) back.focus(); // back to the field the pick was for
}

// pick a space on the board: ``apply(data, id)`` writes it into the file, or ``onPick(id)`` hands it to a form
function startPicking(label, apply, onPick = null) {
  W.picking = { label, apply, onPick, from: document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pick || "" : "" };
  $("#ws-picking").textContent = t("ws.picking", { what: label });
  const first = $("#ws-board path.space");
  if (first) first.focus();
}

// pick an exit of ``side`` on the board: ``onExit(index)`` hands it to the form (issue 46)
function startPickingExit(label, side, onExit) {
  W.picking = { label, apply: null, onPick: null, onExit, exitSide: side, from: document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pick || "" : "" };
  $("#ws-picking").textContent = t("wsw.pickingExit", { what: label, of: sideOf(side) });
  drawMarks();
  const first = document.querySelector("#ws-board .ws-exit-mark.pickable");
  if (first) first.focus();
}

// --- the forms ---------------------------------------------------------------------------------------------------

function textInput(field, value, onchange, attrs = {}) {
  return h("input", { type: "text", value: value ?? "", "data-field": field, onchange: (ev) => onchange(ev.target.value), ...attrs });
}

function numberInput(field, value, onchange, attrs = {}) {
  return h("input", { type: "number", value: value ?? "", "data-field": field, onchange: (ev) => onchange(ev.target.value === "" ? null : Number(ev.target.value)), ...attrs });
}

function labelled(label, control) {
  return h("label", { class: "ws-row" }, h("span", { class: "ws-label" }, label), control);
}

// an {en, pt} text at ``field`` (its dotted path in the file): English and Portuguese side by side; each
// language is written into the file as it is now (never over the other one's newer text)
function bilingual(field, label, value) {
  const v = value && typeof value === "object" ? value : { en: "", pt: "" };
  const set = (code) => (ev) =>
    edit((x) => {
      const parts = field.split(".");
      let node = x;
      for (const part of parts) {
        if (!node[part] || typeof node[part] !== "object") node[part] = { en: "", pt: "" };
        node = node[part];
      }
      // the chapter's id follows its English name until the designer gives it one of their own
      if (field === "name" && code === "en" && (!x.id || x.id === "my-chapter" || x.id === slug(node.en))) x.id = slug(ev.target.value) || x.id;
      node[code] = ev.target.value;
    }, field === "name");
  return h(
    "fieldset",
    { class: "ws-bilingual", "data-field": field },
    h("legend", {}, label),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.english")), h("textarea", { rows: 2, lang: "en", "data-field": `${field}.en`, onchange: set("en") }, v.en || "")),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.portuguese")), h("textarea", { rows: 2, lang: "pt-BR", "data-field": `${field}.pt`, onchange: set("pt") }, v.pt || "")),
  );
}

// the forms are drawn again after every change: the field that had the keyboard gets it back, with what was
// being typed in it (a field is written into the file when it is left) and the caret or selection where it was.
// A redraw can come while a person types (a check of an older text answering late on a loaded server): without
// this, the typing was lost, or went in front of the old text ("the-bell-gatemy-chapter", a CI run).
function renderForms() {
  const active = document.activeElement;
  const inForms = active && $("#ws-forms") && $("#ws-forms").contains(active);
  const key = inForms ? focusKey(active) : null;
  const typing = key && typedIn(active) ? { tag: active.tagName, value: active.value, start: active.selectionStart, end: active.selectionEnd, dir: active.selectionDirection } : null;
  drawForms();
  if (key) {
    const again = document.querySelector(`#ws-forms ${key}`);
    if (again) {
      again.focus({ preventScroll: true });
      if (typing && again.tagName === typing.tag && typedIn(again)) {
        if (again.value !== typing.value) again.value = typing.value;
        again.setSelectionRange(typing.start, typing.end, typing.dir);
      }
    }
  }
}

// a field a person types text into (its caret can be read and set)
function typedIn(el) {
  if (el.tagName === "TEXTAREA") return true;
  return el.tagName === "INPUT" && ["text", "search", ""].includes(el.getAttribute("type") || "");
}

function focusKey(el) {
  for (const attr of ["data-field", "data-pick", "data-add", "data-path", "id"]) {
    const v = el.getAttribute(attr);
    if (v) return attr === "id" ? `#${CSS.escape(v)}` : `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}

function drawForms() {
  const box = $("#ws-forms");
  if (!box) return;
  if (!W.data) {
    box.replaceChildren();
    return;
  }
  const d = W.data;
  const setup = setupOf(structuredClone(d));
  const heroes = (S.catalog && S.catalog.heroes) || [];
  const minionTypes = ((W.tiles && W.tiles.minions) || []).map((m) => m.id);
  const sides = layout().map((p) => p.side);
  const sideSelect = (field, value, set) =>
    h("select", { "data-field": field, onchange: (ev) => set(Number(ev.target.value)) }, sides.map((s) => h("option", { value: s, selected: Number(value) === s }, `${s} · ${tx((sideInfo(s) || {}).name)}`)));
  box.replaceChildren(
    h(
      "section",
      { class: "card", "aria-labelledby": "ws-ch-title" },
      h("h3", { id: "ws-ch-title" }, t("ws.chapter")),
      labelled(t("ws.id"), textInput("id", d.id, (v) => edit((x) => (x.id = v)), { id: "ws-id" })),
      labelled(t("ws.number"), numberInput("number", d.number, (v) => edit((x) => (x.number = v)), { min: 0, "aria-describedby": "ws-number-help" })),
      h("p", { id: "ws-number-help", class: "ws-help" }, t("wsw.numberHelp")), // issue 46: 0 shows no number
      bilingual("name", t("ws.name"), d.name),
      bilingual("objective", t("ws.objective"), d.objective),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "ws-setup-title", "data-field": "setup" },
      h("h3", { id: "ws-setup-title" }, t("ws.setup")),
      labelled(t("ws.partySize"), numberInput("setup.party_size", setup.party_size, (v) => edit((x) => (setupOf(x).party_size = v)), { min: 1, max: 4, id: "ws-party-size" })),
      h(
        "fieldset",
        { "data-field": "setup.forbidden_heroes", "data-edits": "list" },
        h("legend", {}, t("ws.barred")),
        heroes.map((hero) =>
          h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              value: hero.id,
              checked: (setup.forbidden_heroes || []).includes(hero.id),
              onchange: (ev) =>
                edit((x) => {
                  const s = setupOf(x);
                  const now = new Set(s.forbidden_heroes || []);
                  if (ev.target.checked) now.add(hero.id);
                  else now.delete(hero.id);
                  s.forbidden_heroes = heroes.map((hh) => hh.id).filter((id) => now.has(id));
                }),
            }),
            ` ${tx(hero.name)} `,
          ),
        ),
      ),
      h(
        "fieldset",
        { "data-field": "setup.encounter_kinds", "data-edits": "list" },
        h("legend", {}, t("ws.encounters")),
        ["standard", "difficult"].map((kind) =>
          h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              value: kind,
              checked: (setup.encounter_kinds || ["standard"]).includes(kind),
              onchange: (ev) =>
                edit((x) => {
                  const s = setupOf(x);
                  const now = new Set(s.encounter_kinds || ["standard"]);
                  if (ev.target.checked) now.add(kind);
                  else now.delete(kind);
                  s.encounter_kinds = ["standard", "difficult"].filter((k) => now.has(k));
                }),
            }),
            ` ${t(`ws.${kind}`)} `,
          ),
        ),
      ),
      labelled(t("ws.endPage"), numberInput("setup.end_page", setup.end_page, (v) => edit((x) => (setupOf(x).end_page = v)), { min: 2, max: 20 })),
      labelled(t("ws.trackPages"), numberInput("setup.track_pages", setup.track_pages, (v) => edit((x) => (setupOf(x).track_pages = v)), { min: 2, max: 20 })),
      h(
        "div",
        { class: "ws-row" },
        labelled(t("ws.startSpace"), textInput("setup.start_space", setup.start_space, (v) => edit((x) => (setupOf(x).start_space = v)), { id: "ws-start", size: 6 })),
        h("button", { type: "button", class: "small", id: "ws-pick-start", onclick: () => startPicking(t("ws.startSpace"), (x, id) => (setupOf(x).start_space = id)) }, t("ws.pickOnBoard")),
      ),
      h(
        "fieldset",
        { "data-field": "setup.starting_minions" },
        h("legend", {}, t("ws.minions")),
        (setup.starting_minions || []).map((m, i) =>
          h(
            "div",
            { class: "ws-row ws-item", "data-field": `setup.starting_minions.${i}` },
            h("label", {}, `${t("ws.minion")} `, h("select", { "data-field": `setup.starting_minions.${i}.minion`, onchange: (ev) => edit((x) => (setupOf(x).starting_minions[i].minion = ev.target.value)) }, minionTypes.map((id) => h("option", { value: id, selected: id === m.minion }, minionName(id))))),
            h("label", {}, `${t("ws.count")} `, numberInput(`setup.starting_minions.${i}.count`, m.count, (v) => edit((x) => (setupOf(x).starting_minions[i].count = v)), { min: 1, max: 12, class: "ws-num" })),
            h("label", {}, `${t("ws.side")} `, sideSelect(`setup.starting_minions.${i}.side`, m.side, (v) => edit((x) => (setupOf(x).starting_minions[i].side = v)))),
            h("button", { type: "button", class: "small", onclick: () => edit((x) => setupOf(x).starting_minions.splice(i, 1), true) }, t("ws.remove")),
          ),
        ),
        // issue 46: Add puts nothing into the chapter; the row enters it once minion, count and side are chosen
        ...pendingAt("setup.starting_minions").map((m, j) => pendingMinionRow(j, m, minionTypes, sides)),
        h("button", { type: "button", class: "small", id: "ws-add-minion", disabled: !sides.length, onclick: () => { pendingAt("setup.starting_minions").push({}); renderForms(); focusField("setup.starting_minions.new" + (pendingAt("setup.starting_minions").length - 1) + ".minion"); } }, t("ws.add")),
      ),
      placementsForm(setup, minionTypes, sides),
      h(
        "fieldset",
        { "data-field": "setup.tokens" },
        h("legend", {}, t("ws.tokens")),
        Object.entries(setup.tokens || {}).map(([token, spaces]) =>
          h(
            "div",
            { class: "ws-row ws-item", "data-field": `setup.tokens.${token}`, "data-edits": "board" },
            h("span", {}, `${token}: ${(spaces || []).map(spaceName).join(", ")}`),
            h("button", { type: "button", class: "small", onclick: () => startPicking(`${t("ws.token")} ${token}`, (x, id) => setupOf(x).tokens[token].push(id)) }, t("ws.pickOnBoard")),
            h("button", { type: "button", class: "small", onclick: () => edit((x) => delete setupOf(x).tokens[token], true) }, t("ws.remove")),
          ),
        ),
        h(
          "div",
          { class: "ws-row" },
          h("input", { type: "text", id: "ws-token-name", "aria-label": t("ws.tokenName"), placeholder: t("ws.tokenHint"), size: 12 }),
          h("button", {
            type: "button",
            class: "small",
            id: "ws-add-token",
            onclick: () => {
              const name = slug($("#ws-token-name").value);
              if (name) startPicking(`${t("ws.token")} ${name}`, (x, id) => (setupOf(x).tokens = { ...(setupOf(x).tokens || {}), [name]: [...((setupOf(x).tokens || {})[name] || []), id] }));
            },
          }, t("ws.add")),
        ),
      ),
    ),
    storyForm(d),
    conditionsForm("victory", t("ws.victory"), d.victory || []),
    conditionsForm("defeat", t("ws.defeat"), d.defeat || []),
    rulesForm(d.rules || []),
    roomsForm(d.rooms || []),
    actionsForm(d),
    itemsForm(d),
    moreForm(d),
  );
  keepPending();
  showProblems(W.problems);
}

// a starting minions row not complete yet (shown, not in the file): every choice starts empty
function pendingMinionRow(j, m, minionTypes, sides) {
  const field = `setup.starting_minions.new${j}`;
  const set = (key, v) => {
    const next = withParam(m, key, v);
    const lacks = ["minion", "count", "side"].filter((k) => next[k] === undefined).map((k) => t(`ws.${k}`));
    setPendingItem("setup.starting_minions", j, next, lacks);
  };
  const none = (v) => h("option", { value: "", selected: v === undefined }, "—");
  const lacks = ["minion", "count", "side"].filter((k) => m[k] === undefined).map((k) => t(`ws.${k}`));
  return h(
    "div",
    { class: "ws-row ws-item ws-incomplete", "data-field": field },
    h("label", {}, `${t("ws.minion")} `, h("select", { "data-field": `${field}.minion`, onchange: (ev) => set("minion", ev.target.value || undefined) }, none(m.minion), minionTypes.map((id) => h("option", { value: id, selected: id === m.minion }, minionName(id))))),
    h("label", {}, `${t("ws.count")} `, numberInput(`${field}.count`, m.count, (v) => set("count", v === null ? undefined : v), { min: 1, max: 12, class: "ws-num" })),
    h("label", {}, `${t("ws.side")} `, h("select", { "data-field": `${field}.side`, onchange: (ev) => set("side", ev.target.value === "" ? undefined : Number(ev.target.value)) }, none(m.side), sides.map((s) => h("option", { value: s, selected: Number(m.side) === s }, `${s} · ${tx((sideInfo(s) || {}).name)}`)))),
    incompleteNote(lacks),
    h("button", { type: "button", class: "small", onclick: () => { pendingAt("setup.starting_minions").splice(j, 1); renderForms(); } }, t("ws.remove")),
  );
}

// setup.placements: one minion on a space picked on the board (R-SETUP-08, R-STORY-03)
function placementsForm(setup, minionTypes, sides) {
  const place = (x, id) => (setupOf(x).placements = [...(setupOf(x).placements || []), { minion: minionTypes[0] || "rat-warrior", space: id }]);
  return h(
    "fieldset",
    { "data-field": "setup.placements" },
    h("legend", {}, t("ws.placements")),
    (setup.placements || []).map((p, i) =>
      h(
        "div",
        { class: "ws-row ws-item", "data-field": `setup.placements.${i}` },
        h("label", {}, `${t("ws.minion")} `, h("select", { "data-field": `setup.placements.${i}.minion`, onchange: (ev) => edit((x) => (setupOf(x).placements[i].minion = ev.target.value)) }, minionTypes.map((id) => h("option", { value: id, selected: id === p.minion }, minionName(id))))),
        h("span", { "data-field": `setup.placements.${i}.space`, "data-edits": "board" }, spaceName(p.space)),
        h("button", { type: "button", class: "small", "data-pick": `setup.placements.${i}.space`, onclick: () => startPicking(`${minionName(p.minion)}: ${t("ws.placeOnSpace")}`, (x, id) => (setupOf(x).placements[i].space = id)) }, t("ws.pickOnBoard")),
        h("button", { type: "button", class: "small", onclick: () => edit((x) => setupOf(x).placements.splice(i, 1), true) }, t("ws.remove")),
      ),
    ),
    h("button", { type: "button", class: "small", id: "ws-place-minion", "data-pick": "setup.placements", disabled: !sides.length, onclick: () => startPicking(t("ws.placeOnSpace"), place) }, t("ws.placeOnSpace")),
  );
}

function minionName(id) {
  const m = W.tiles && (W.tiles.minions || []).find((x) => x.id === id);
  return m ? tx(m.name) : id;
}

// the story: one text for each moment the table reads aloud (in both languages). The introduction is read when
// the chapter begins and each tile's text the first time it is revealed: the form writes the moment and the rule
// that reads it together, once both languages are written (one language alone is kept here, not in the file).
const INTRO = "introduction";

function revealMoment(side) {
  return `side-${side}-revealed`;
}

function storyForm(d) {
  const story = d.story && typeof d.story === "object" ? d.story : {};
  const start = Number(String(setupOf(structuredClone(d)).start_space || "").split(":")[0]);
  const sides = layout().map((p) => p.side).filter((s) => s !== start);
  const fixed = new Set([INTRO, ...sides.map(revealMoment)]);
  const others = Object.entries(story).filter(([m]) => !fixed.has(m));
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-story-title", "data-field": "story" },
    h("h3", { id: "ws-story-title" }, t("ws.story")),
    h("p", { class: "ws-help" }, t("ws.storyHelp")),
    momentForm(INTRO, t("ws.momentIntro"), story[INTRO], (x) => listAt(x, "rules"), { id: INTRO, when: "chapter_begins" }),
    ...sides.map((side) => momentForm(revealMoment(side), t("ws.momentRevealed", { side: sideName(side) }), story[revealMoment(side)], (x) => roomRules(x, side), { id: `${revealMoment(side)}`, when: "tile_revealed" })),
    bilingual("victory_text", t("ws.victoryText"), d.victory_text),
    bilingual("defeat_text", t("ws.defeatText"), d.defeat_text),
    others.length ? h("h4", {}, t("ws.otherMoments")) : null,
    ...others.map(([moment, text]) =>
      h(
        "div",
        { class: "ws-item" },
        bilingual(`story.${moment}`, `${t("ws.moment")}: ${momentName(moment)}`, text),
        h("button", { type: "button", class: "small", onclick: () => edit((x) => delete x.story[moment], true) }, t("ws.remove")),
      ),
    ),
    h(
      "div",
      { class: "ws-row" },
      h("input", { type: "text", id: "ws-moment-name", "aria-label": t("ws.momentNew"), placeholder: t("ws.momentNewHint"), size: 16 }),
      h("button", {
        type: "button",
        class: "small",
        id: "ws-add-moment",
        onclick: () => {
          const name = slug($("#ws-moment-name").value);
          if (!name) return;
          pendingAt("story")[0] = { ...(pendingAt("story")[0] || {}), [name]: { en: "", pt: "" } };
          renderForms();
        },
      }, t("ws.add")),
    ),
    ...Object.entries(pendingAt("story")[0] || {}).filter(([moment]) => !fixed.has(moment) && !story[moment]).map(([moment, text]) => momentForm(moment, `${t("ws.moment")}: ${momentName(moment)}`, text, null, null)),
  );
}

// the rules of the room on ``side`` (a room is made for it when missing)
function roomRules(x, side) {
  x.rooms = Array.isArray(x.rooms) ? x.rooms : [];
  let room = x.rooms.find((r) => Number(r.side) === side);
  if (!room) {
    room = { side, rules: [] };
    x.rooms.push(room);
  }
  if (!Array.isArray(room.rules)) room.rules = [];
  return room.rules;
}

// one moment's text; with ``rulesOf`` and ``rule``, the rule that reads it is written (and removed) with it
function momentForm(moment, label, value, rulesOf, rule) {
  const held = (pendingAt("story")[0] || {})[moment];
  const v = held || (value && typeof value === "object" ? value : { en: "", pt: "" });
  const change = (code) => (ev) => {
    const next = { en: v.en || "", pt: v.pt || "", [code]: ev.target.value.trim() };
    const both = next.en && next.pt;
    const none = !next.en && !next.pt;
    const holding = pendingAt("story");
    holding[0] = { ...(holding[0] || {}) };
    if (both || none) delete holding[0][moment];
    else holding[0][moment] = next;
    const inFile = W.data.story && W.data.story[moment];
    if (!both && !inFile) {
      renderForms();
      return;
    }
    edit((x) => {
      x.story = x.story && typeof x.story === "object" ? x.story : {};
      const rules = rulesOf ? rulesOf(x) : null;
      const reads = rules ? rules.findIndex((r) => r.id === rule.id) : -1;
      if (both) {
        x.story[moment] = { en: next.en, pt: next.pt };
        if (rules && reads < 0) rules.push({ ...rule, do: [{ story: { moment } }] });
      } else {
        delete x.story[moment];
        if (rules && reads >= 0) rules.splice(reads, 1);
        if (x.rooms) x.rooms = x.rooms.filter((r) => (r.rules || []).length || r.side === undefined);
      }
    }, true);
  };
  const lacks = !v.en !== !v.pt;
  return h(
    "fieldset",
    { class: `ws-bilingual${lacks ? " ws-incomplete" : ""}`, "data-field": `story.${moment}` },
    h("legend", {}, label),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.english")), h("textarea", { rows: 2, lang: "en", "data-field": `story.${moment}.en`, onchange: change("en") }, v.en || "")),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.portuguese")), h("textarea", { rows: 2, lang: "pt-BR", "data-field": `story.${moment}.pt`, onchange: change("pt") }, v.pt || "")),
    lacks ? incompleteNote([v.en ? t("ws.portuguese") : t("ws.english")]) : null,
  );
}

// --- the chapter language as forms: each word shown as its sentence in the current language ------------------

function word(kind, id) {
  return W.vocab && W.vocab[kind].find((w) => w.id === id);
}

function sentence(w, params) {
  if (!w) return "";
  const text = lang() === "pt" ? w.pt : w.en;
  // a value after an article in the sentence loses its own ("the {to}" + "the mouse": "the mouse", not "the the mouse")
  const ARTICLE = /^(the|o|a|os|as) /i;
  return text.replace(/\{(\w+)\}/g, (_, name, at) => {
    const said = word1(name, at);
    return ARTICLE.test(text.slice(Math.max(0, at - 4), at).replace(/^.*?\b(\w+ )$/, "$1")) ? said.replace(ARTICLE, "") : said;
  });
  function word1(name, at) {
    const p = ((wordFields(w) || []).find((x) => x.name === name)) || {};
    const v = (params && params[name]) ?? (p.required ? undefined : p.default);
    if (name === "value" && ["recorded", "crossed_out", "absent"].includes(params && params.op)) return "";
    if (v === undefined || v === null || v === "") return "…";
    if (name === "op") return choiceName("op", v);
    if (name === "side") return sideName(v);
    if (name === "space" || name === "spaces" || name === "toward") return (Array.isArray(v) ? v : [v]).map(spaceName).join(", ");
    if (name === "minion") return minionName(v);
    if (p.type === "effects" || p.type === "conditions") return v.length ? v.map((e) => entrySentence(p.type, e)).join("; ") : t("wsw.nothing");
    if (p.type === "choice") return choiceName(name, v);
    if (name === "item") return itemName(v);
    if (p.type === "ints") return t("wsw.placeEast", { x: v[0], y: v[1] });
    if (p.type === "list") return v.map((o) => tx(o.text) || o.id).join(" / ");
    return Array.isArray(v) ? v.join(", ") : typeof v === "object" ? tx(v) : String(v);
  }
}

// --- incomplete entries: shown with what they lack, never written into the file until filled in -------------------
// W.pending: a list's path in the file ("victory", "rules.0.do", "rules") -> the items added there not complete yet

function pendingAt(path) {
  if (!W.pending[path]) W.pending[path] = [];
  return W.pending[path];
}

function filled(p, v) {
  if (v === undefined || v === null || v === "") return false;
  if (Array.isArray(v)) return v.length > 0 && (p.type !== "ints" || v.every((n) => Number.isFinite(n)));
  if (p.type === "spaces") return Array.isArray(v) && v.length > 0;
  if (p.type === "text2") return !!(v && String(v.en || "").trim() && String(v.pt || "").trim());
  return true;
}

// the fields a {kind: {params}} entry still needs (empty: complete); a group needs its members complete
function missing(kind, entry) {
  const key = entry && typeof entry === "object" ? Object.keys(entry)[0] : "";
  if (!key) return [kind === "conditions" ? t("ws.needWhat") : t("ws.needDo")];
  const v = entry[key];
  if (kind === "conditions" && (key === "any" || key === "all")) {
    if (!Array.isArray(v) || !v.length) return [t("ws.needMember")];
    return v.flatMap((c) => missing(kind, c));
  }
  if (kind === "conditions" && key === "not") return missing(kind, v);
  const w = word(kind, key);
  if (!w || !wordFields(w)) return [];
  return missingIn(wordFields(w), v, kind, key);
}

function ruleMissing(r) {
  const out = [];
  if (!r.id) out.push(t("ws.ruleName"));
  if (!r.when) out.push(t("ws.when"));
  if (!(r.do || []).length) out.push(t("ws.needDo"));
  for (const c of r.if || []) out.push(...missing("conditions", c));
  for (const e of r.do || []) out.push(...missing("effects", e));
  return out;
}

// an edit of an item of the list at ``path``: complete items live in the file, incomplete ones in W.pending
function setFileItem(path, i, v, lacks) {
  if (lacks.length) {
    pendingAt(path).push(v);
    edit((x) => listAt(x, path).splice(i, 1), true);
  } else edit((x) => (listAt(x, path)[i] = v), true);
}

function setPendingItem(path, j, v, lacks) {
  const pending = pendingAt(path);
  if (lacks.length) {
    pending[j] = v;
    renderForms();
    return;
  }
  pending.splice(j, 1);
  edit((x) => listAt(x, path).push(v), true);
}

function incompleteNote(lacks) {
  return h("p", { class: "ws-incomplete-note", role: "note" }, t("ws.incomplete", { what: [...new Set(lacks)].join(", ") }));
}

// the conditions or effects of the list at ``path``: those in the file, then those still incomplete
function entryList(kind, path, items, addLabel) {
  const pending = pendingAt(path);
  return [
    ...items.map((e, i) => entryForm(kind, `${path}.${i}`, e, (v) => setFileItem(path, i, v, missing(kind, v)), () => edit((x) => listAt(x, path).splice(i, 1), true))),
    ...pending.map((e, j) => entryForm(kind, `${path}.new${j}`, e, (v) => setPendingItem(path, j, v, missing(kind, v)), () => { pending.splice(j, 1); renderForms(); })),
    h("button", { type: "button", class: "small ws-add", "data-add": path, onclick: () => { pending.push({}); renderForms(); focusField(`${path}.new${pending.length - 1}`); } }, addLabel),
  ];
}

function focusField(field) {
  const el = document.querySelector(`#ws-forms [data-field="${CSS.escape(field)}"]`);
  if (el) el.focus();
}

// the label of a parameter in the player's language
function fieldLabel(name) {
  for (const key of [`ws.param.${name}`, `wsw.param.${name}`]) {
    const got = t(key);
    if (got !== key) return got;
  }
  return name.replace(/_/g, " ");
}

// one {kind: {params}} entry (a condition or an effect) as a form; any/all/not as nested groups
function entryForm(kind, field, entry, set, remove) {
  const key = entry && typeof entry === "object" ? Object.keys(entry)[0] || "" : "";
  const params = (key && entry[key]) || {};
  const w = word(kind, key);
  const words = (W.vocab && W.vocab[kind]) || [];
  const group = kind === "conditions" && ["any", "all", "not"].includes(key);
  const start = (id) => (id === "any" || id === "all" ? [{}] : {});
  const select = h(
    "select",
    { "data-field": field, "aria-label": kind === "conditions" ? t("ws.conditionKind") : t("ws.effectKind"), onchange: (ev) => set(ev.target.value ? { [ev.target.value]: start(ev.target.value) } : {}) },
    h("option", { value: "", selected: !key }, kind === "conditions" ? t("ws.chooseCondition") : t("ws.chooseEffect")),
    // every word has its form (issue 46); an old word is offered only where a file already has it
    words.filter((x) => !x.old || x.id === key).map((x) => h("option", { value: x.id, selected: x.id === key }, sentence(x, {}))),
  );
  let fields;
  if (group && key === "not") {
    fields = [h("div", { class: "ws-group" }, entryForm(kind, `${field}.not`, params, (v) => set({ not: v }), () => set({ not: {} })))];
  } else if (group) {
    const members = Array.isArray(entry[key]) ? entry[key] : [];
    fields = [
      h(
        "div",
        { class: "ws-group", role: "group", "aria-label": sentence(w, {}) },
        members.map((c, i) => entryForm(kind, `${field}.${key}.${i}`, c, (v) => set({ [key]: members.map((m, k) => (k === i ? v : m)) }), () => set({ [key]: members.filter((_, k) => k !== i) }))),
        h("button", { type: "button", class: "small ws-add", "data-add": `${field}.${key}`, onclick: () => set({ [key]: [...members, {}] }) }, t("ws.addMember")),
      ),
    ];
  } else if (w && wordFields(w)) fields = wordFields(w).map((p) => paramInput(`${field}.${key}.${p.name}`, { ...p, required: mustGive(kind, key, p, params) }, params[p.name], (v) => set({ [key]: withParam(params, p.name, v) })));
  else if (key) fields = [h("span", { class: "ws-help" }, t("ws.textOnly"))];
  else fields = [];
  const example = key ? t(`wsw.example.${key}`) : "";
  const lacks = missing(kind, entry);
  return h(
    "div",
    { class: `ws-entry${lacks.length ? " ws-incomplete" : ""}`, "data-entry": field },
    key ? h("p", { class: "ws-sentence" }, group ? sentence(w, {}).replace(/[:(].*$/, "") : sentence(w, params)) : null,
    select,
    example && example !== `wsw.example.${key}` ? h("p", { class: "ws-help ws-example" }, example) : null,
    ...fields,
    lacks.length ? incompleteNote(lacks) : null,
    h("button", { type: "button", class: "small", onclick: remove, "aria-label": `${t("ws.remove")}: ${key ? sentence(w, params) : t("ws.incompleteShort")}` }, t("ws.remove")),
  );
}

function groupWord(kind, id) {
  return kind === "conditions" && ["any", "all", "not"].includes(id);
}

function withParam(params, name, v) {
  const out = { ...params, [name]: v };
  if (v === undefined || v === "" || (Array.isArray(v) && !v.length)) delete out[name];
  return out;
}

function paramInput(field, p, given, set) {
  const label = p.label || fieldLabel(p.name);
  // a value left out is the language's default: shown as it is, so the form says what the game will do
  const value = given ?? (p.required ? undefined : p.default ?? undefined);
  const none = h("option", { value: "", selected: value === undefined || value === null || value === "" }, "—");
  switch (p.type) {
    case "side": {
      // a tile laid or turned during the chapter is not in the layout: any side of the box
      const all = /\.(add_tile|flip_tile)\.side$/.test(field) && W.tiles ? W.tiles.sides.map((x) => x.side) : layout().map((l) => l.side);
      if (value !== undefined && value !== null && value !== "" && !all.includes(Number(value))) all.push(Number(value));
      return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value === "" ? undefined : Number(ev.target.value)) }, none, all.map((side) => h("option", { value: side, selected: Number(value) === side }, sideName(side)))));
    }
    case "exit": {
      // issue 46: an exit is chosen by its name ("the east exit of the Guard Room"), never by its number
      const exits = W.board && p.side !== undefined && p.side !== null ? (W.board.exits || []).filter((e) => e.side === Number(p.side)).sort((a, b) => a.index - b.index) : [];
      const options = exits.map((e) => e.index);
      if (value !== undefined && value !== null && value !== "" && !options.includes(Number(value))) options.push(Number(value));
      const select = h("select", { "data-field": field, onchange: (ev) => set(ev.target.value === "" ? undefined : Number(ev.target.value)) }, h("option", { value: "", selected: value === undefined || value === null }, t("wsw.anyExit")), options.map((i) => h("option", { value: i, selected: Number(value) === i }, exitName(Number(p.side), i))));
      // issue 46: or clicked on the board (the side's exits light up)
      const pick = exits.length ? h("button", { type: "button", class: "small", "data-pick": field, onclick: () => startPickingExit(label, Number(p.side), (i) => set(i)) }, t("ws.pickOnBoard")) : null;
      return h("div", { class: "ws-row" }, h("label", { class: "ws-row" }, h("span", { class: "ws-label" }, label), select), pick);
    }
    case "group":
    case "list":
    case "effects":
    case "conditions":
    case "names":
    case "ints":
      return nestedInput(field, p, label, value, set);
    case "spaces":
    case "space": {
      const many = p.type === "spaces";
      const list = many ? value || [] : value ? [value] : [];
      return h(
        "div",
        { class: "ws-row ws-spaces", "data-field": field, "data-edits": "board", role: "group", "aria-label": label },
        h("span", { class: "ws-label" }, label),
        list.length ? list.map((sp) => h("span", { class: "ws-chip" }, spaceName(sp), h("button", { type: "button", class: "link", "aria-label": `${t("ws.remove")} ${spaceName(sp)}`, onclick: () => set(many ? list.filter((x) => x !== sp) : undefined) }, "✕"))) : h("span", { class: "ws-help" }, t("ws.noSpaceYet")),
        h("button", { type: "button", class: "small", "data-pick": field, onclick: () => startPicking(label, null, (id) => set(many ? [...list.filter((x) => x !== id), id] : id)) }, t("ws.pickOnBoard")),
      );
    }
    case "int":
      return labelled(label, numberInput(field, value, (v) => set(v === null ? undefined : v), { class: "ws-num" }));
    case "bool":
      // the language's default is left out of the file (a rule on from the start is not written "enabled: true")
      return h("label", { class: "check" }, h("input", { type: "checkbox", "data-field": field, checked: !!value, onchange: (ev) => set(ev.target.checked === !!p.default ? undefined : ev.target.checked) }), ` ${label}`);
    case "choice":
      return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, p.choices.map((c) => h("option", { value: c, selected: c === value }, choiceName(p.name, c)))));
    case "text2":
      return bilingualValue(field, label, value, set);
    default:
      if (p.name === "minion") {
        const minions = [...((W.tiles && W.tiles.minions) || [])];
        if (value && !minions.some((m) => m.id === value)) minions.push({ id: value, name: value }); // an ally or pet
        return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, minions.map((m) => h("option", { value: m.id, selected: m.id === value }, tx(m.name)))));
      }
      if (p.name === "moment") {
        const moments = Object.keys((W.data && W.data.story) || {});
        return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, moments.map((m) => h("option", { value: m, selected: m === value }, momentName(m)))));
      }
      return namedInput(field, p, label, value, set, none);
  }
}

// an {en, pt} value inside a condition or effect (a gate's reason): both languages, set together
function bilingualValue(field, label, value, set) {
  const v = value && typeof value === "object" ? value : {};
  const change = (code) => (ev) => set({ en: v.en || "", pt: v.pt || "", [code]: ev.target.value });
  return h(
    "fieldset",
    { class: "ws-bilingual", "data-field": field },
    h("legend", {}, label),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.english")), h("textarea", { rows: 2, lang: "en", "data-field": `${field}.en`, onchange: change("en") }, v.en || "")),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.portuguese")), h("textarea", { rows: 2, lang: "pt-BR", "data-field": `${field}.pt`, onchange: change("pt") }, v.pt || "")),
  );
}

function choiceName(param, value) {
  for (const key of [`ws.choice.${value}`, `wsw.choice.${value}`]) {
    const got = t(key);
    if (got !== key) return got;
  }
  return String(value);
}

function momentName(m) {
  const key = `ws.moments.${m}`;
  const got = t(key);
  return got === key ? m : got;
}

// a name a person types, as the file's id: "Bell Gate" -> "bell-gate"
function slug(text) {
  return String(text || "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "-") // "_" kept: a name the file already uses (winch_turned) is typed as it is
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "")
    .slice(0, 40);
}

function sideName(side) {
  const info = sideInfo(side);
  return info ? t("ws.sideNamed", { side, name: tx(info.name) }) : t("ws.sideNumber", { side });
}

// "the east exit of the Guard Room" / "a saída leste da Casa de Guarda": the same words as the sheet and "why"
// (mnm/workshop/places.py)
const PT_OF = [["As ", "das "], ["Os ", "dos "], ["A ", "da "], ["O ", "do "]];

function sideOf(side) {
  const info = sideInfo(side);
  const name = info ? tx(info.name) : "";
  if (!name) return t("ws.sideNumber", { side });
  if (lang() === "pt") {
    const hit = PT_OF.find(([a]) => name.startsWith(a));
    return hit ? hit[1] + name.slice(hit[0].length) : `de ${name}`;
  }
  return name.startsWith("The ") ? `the ${name.slice(4)}` : `the ${name}`;
}

function exitName(side, index) {
  const exits = ((W.board && W.board.exits) || []).filter((e) => e.side === Number(side));
  const e = exits.find((x) => x.index === Number(index));
  if (!e) return t("wsw.exitsOf", { of: sideOf(side) });
  const twin = exits.filter((x) => x.edge === e.edge).length > 1;
  const space = (e.spaces && e.spaces[0] ? String(e.spaces[0]).split(":")[1] : "") || "";
  return t("wsw.exitOf", { dir: t(`wsw.edge.${e.edge}`), of: sideOf(side) }) + (twin && space ? t("wsw.exitNear", { space }) : "");
}

function spaceName(id) {
  const m = /^(\d+):(\d+)$/.exec(String(id));
  return m ? t("ws.spaceOf", { space: m[2], side: sideName(Number(m[1])) }) : String(id);
}

function conditionsForm(key, title, list) {
  return h(
    "section",
    { class: "card", "aria-labelledby": `ws-${key}-title`, "data-field": key },
    h("h3", { id: `ws-${key}-title` }, title),
    entryList("conditions", key, list, t("ws.addCondition")),
  );
}

// the list at a dotted path of the parsed file (``rules``, ``rooms.0.rules``), made when missing
function listAt(data, path) {
  const parts = path.split(".");
  let node = data;
  for (const part of parts.slice(0, -1)) node = node[part];
  const last = parts[parts.length - 1];
  if (!Array.isArray(node[last])) node[last] = [];
  return node[last];
}

// one rule's form; ``update(mutate)`` changes the rule (in the file, or while it is incomplete, in W.pending)
function ruleForm(at, r, update, remove, inFile) {
  const triggers = (W.vocab && W.vocab.triggers) || [];
  const trig = triggers.find((x) => x.id === r.when);
  const where = r.where || {};
  const room = at.startsWith("rooms");
  const lacks = ruleMissing(r);
  const list = (kind, key, addLabel) =>
    inFile
      ? entryList(kind, `${at}.${key}`, r[key] || [], addLabel)
      : [
          ...(r[key] || []).map((e, j) => entryForm(kind, `${at}.${key}.${j}`, e, (v) => update((x) => (x[key][j] = v)), () => update((x) => x[key].splice(j, 1)))),
          h("button", { type: "button", class: "small ws-add", "data-add": `${at}.${key}`, onclick: () => update((x) => (x[key] = [...(x[key] || []), {}])) }, addLabel),
        ];
  return h(
    "fieldset",
    { class: `ws-rule${lacks.length ? " ws-incomplete" : ""}`, "data-field": at },
    h("legend", {}, `${t("ws.rule")}: ${r.id || t("ws.unnamed")}`),
    labelled(t("ws.ruleName"), textInput(`${at}.id`, r.id, (v) => update((x) => (x.id = slug(v))), { size: 18, placeholder: t("ws.ruleNameHint") })),
    labelled(
      t("ws.when"),
      h("select", { "data-field": `${at}.when`, onchange: (ev) => update((x) => { x.when = ev.target.value; delete x.where; }) }, h("option", { value: "", selected: !r.when }, t("ws.chooseWhen")), triggers.map((x) => h("option", { value: x.id, selected: x.id === r.when }, lang() === "pt" ? x.pt : x.en))),
    ),
    (trig ? trig.filters : []).filter((p) => !(room && p.name === "side")).map((p) =>
      paramInput(`${at}.where.${p.name}`, p.name === "exit" ? { ...p, type: "exit", side: room ? Number(((W.data.rooms || [])[Number(at.split(".")[1])] || {}).side) : where.side } : p, where[p.name], (v) =>
        update((x) => {
          x.where = withParam(x.where || {}, p.name, v);
          if (!Object.keys(x.where).length) delete x.where;
        }),
      ),
    ),
    h("h4", {}, t("ws.conditions")),
    list("conditions", "if", t("ws.addCondition")),
    h("h4", {}, t("ws.effects")),
    list("effects", "do", t("ws.addEffect")),
    h("label", { class: "check" }, h("input", { type: "checkbox", "data-field": `${at}.once`, checked: !!r.once, onchange: (ev) => update((x) => { if (ev.target.checked) x.once = true; else delete x.once; }) }), ` ${t("ws.once")}`),
    ...ruleMore(at, r, update),
    lacks.length ? incompleteNote(lacks) : null,
    h("button", { type: "button", class: "small", onclick: remove }, t("ws.removeRule")),
  );
}

function ruleForms(path, rules) {
  const pending = pendingAt(path);
  return [
    ...rules.map((r, i) => ruleForm(`${path}.${i}`, r, (m) => edit((x) => m(listAt(x, path)[i]), true), () => edit((x) => listAt(x, path).splice(i, 1), true), true)),
    ...pending.map((r, j) =>
      ruleForm(
        `${path}.new${j}`,
        r,
        (m) => {
          m(r);
          if (ruleMissing(r).length) renderForms();
          else {
            pending.splice(j, 1);
            edit((x) => listAt(x, path).push(r), true);
          }
        },
        () => { pending.splice(j, 1); renderForms(); },
        false,
      ),
    ),
    h("button", { type: "button", class: "small ws-add-rule", "data-path": path, onclick: () => { pending.push({ id: "", when: "", do: [] }); renderForms(); focusField(`${path}.new${pending.length - 1}.id`); } }, t("ws.addRule")),
  ];
}

function rulesForm(rules) {
  return h("section", { class: "card", "aria-labelledby": "ws-rules-title", "data-field": "rules" }, h("h3", { id: "ws-rules-title" }, t("ws.rules")), ...ruleForms("rules", rules));
}

// room rules: the rules of one tile side (a trigger that takes a side gets the room's)
function roomsForm(rooms) {
  const sides = layout().map((p) => p.side);
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-rooms-title", "data-field": "rooms" },
    h("h3", { id: "ws-rooms-title" }, t("ws.rooms")),
    rooms.map((room, k) =>
      h(
        "div",
        { class: "ws-item", "data-field": `rooms.${k}` },
        labelled(t("ws.side"), h("select", { "data-field": `rooms.${k}.side`, onchange: (ev) => edit((x) => (x.rooms[k].side = Number(ev.target.value)), true) }, sides.map((s) => h("option", { value: s, selected: s === Number(room.side) }, `${s} · ${tx((sideInfo(s) || {}).name)}`)))),
        ...ruleForms(`rooms.${k}.rules`, room.rules || []),
        h("button", { type: "button", class: "small", onclick: () => edit((x) => x.rooms.splice(k, 1), true) }, t("ws.remove")),
      ),
    ),
    h("button", { type: "button", class: "small", id: "ws-add-room", disabled: !sides.length, onclick: () => edit((x) => (x.rooms = [...(x.rooms || []), { side: sides[sides.length - 1], rules: [] }]), true) }, t("ws.addRoom")),
  );
}

// --- every word of the language in the forms (issue 46) -----------------------------------------------------------
// The forms are drawn from the language's own schema (GET /api/workshop/vocabulary, read from the pydantic models):
// a word's fields, nested ones too (a roll's success and failure, a choice's options, a figure selector), so no
// word of the language is only in the text. The sections beside the rules (chapter actions, items, special
// searches and surges, helpers, the next chapter) are drawn from the same schema.

// a word's fields: flat ones (``params``) or the full nested description (``fields``)
function wordFields(w) {
  return (w && (w.params || w.fields)) || null;
}

const COMPARISONS = new Set(["eq", "ne", "lt", "le", "gt", "ge"]);

// whether the designer must give this field before the word enters the chapter: the language's default for a
// condition's comparison or number, or a counter's change, would put a value into the chapter nobody chose
// ("alarm ≥ 0" lost every game in round 1; "counter winch: set to 0")
function mustGive(kind, wordId, p, params) {
  if (p.required) return true;
  if (kind === "conditions") {
    if (p.type === "choice") return true;
    if (p.type === "int" && wordId !== "figure") return !("op" in (params || {})) || COMPARISONS.has(params.op);
    return false;
  }
  if (wordId === "roll") return p.name === "then"; // a roll that does nothing on a success is no roll yet
  return wordId === "counter" && ["op", "value"].includes(p.name);
}

// what ``v`` still lacks for ``fields`` (nested lists, groups, conditions and effects too)
function missingIn(fields, v, kind = null, wordId = "") {
  const out = [];
  for (const p of fields) {
    const val = (v || {})[p.name];
    if (!filled(p, val)) {
      if (kind ? mustGive(kind, wordId, p, v) : p.required) out.push(fieldLabel(p.name));
      continue;
    }
    if (p.type === "effects" || p.type === "conditions") for (const e of val) out.push(...missing(p.type, e));
    else if (p.type === "list") for (const item of val) out.push(...missingIn(p.of, item));
    else if (p.type === "group" && typeof val === "object") out.push(...missingIn(p.fields, val));
  }
  return out;
}

function entrySentence(kind, entry) {
  const key = entry && typeof entry === "object" ? Object.keys(entry)[0] || "" : "";
  if (!key) return "…";
  const w = word(kind, key);
  if (groupWord(kind, key)) return `${sentence(w, {}).replace(/[:(].*$/, "")} (${[].concat(entry[key]).map((c) => entrySentence(kind, c)).join("; ")})`;
  return sentence(w, entry[key] || {});
}

function chapterItems() {
  return ((W.data && W.data.items) || []).filter((i) => i && i.id);
}

function itemName(id) {
  const item = chapterItems().find((i) => i.id === id);
  return item ? tx(item.name) || id : id;
}

// every rule of the chapter (rules and room rules), for enable_rule and disable_rule
function ruleIds() {
  const d = W.data || {};
  return [...(d.rules || []), ...(d.rooms || []).flatMap((r) => r.rules || [])].map((r) => r && r.id).filter(Boolean);
}

// the names of the chapter's counters (or flags) used anywhere in its file, in the file's order
function varNames(kind) {
  const found = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const isKind = kind === "flag" ? ["flag", "set_flag", "clear_flag"].includes(k) : ["counter", "counter_to_wheel"].includes(k);
        if (isKind && x && typeof x === "object" && typeof x.name === "string" && x.name) found.add(x.name);
        walk(x);
      }
    }
  };
  walk(W.data);
  return [...found];
}

const FREE_TEXT = new Set(["why", "note", "rule"]); // typed as they are, not made into a name

// a text field: a name of the chapter's own (an item, a rule) from a list, a free text as typed, a name made
// from what is typed ("Gate Key" -> gate-key) otherwise
function namedInput(field, p, label, value, set, none) {
  const pickFrom = (options) => {
    const list = [...options];
    if (value && !list.some((o) => o.id === value)) list.push({ id: value, name: value });
    return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, list.map((o) => h("option", { value: o.id, selected: o.id === value }, tx(o.name)))));
  };
  if (p.name === "item" || p.name === "holds_item") {
    const items = chapterItems().map((i) => ({ id: i.id, name: tx(i.name) || i.id }));
    return h("div", { class: "ws-row" }, pickFrom(items), items.length ? null : h("span", { class: "ws-help" }, t("wsw.noItems")));
  }
  if (/_rule\.rule$/.test(field)) return pickFrom(ruleIds().map((id) => ({ id, name: id })));
  const named = /\.(counter|counter_to_wheel|set_flag|clear_flag|flag)\.name$/.exec(field);
  if (named) {
    // issue 46: a counter's or flag's name picked from those the chapter already uses (or a new one typed)
    const kind = named[1].includes("flag") ? "flag" : "counter";
    const id = `ws-names-${field.replace(/[^A-Za-z0-9-]/g, "-")}`;
    return h(
      "div",
      { class: "ws-row" },
      labelled(label, textInput(field, value, (v) => set(slug(v) || undefined), { size: 14, list: id, autocomplete: "off" })),
      h("datalist", { id }, varNames(kind).map((n) => h("option", { value: n }))),
    );
  }
  if (FREE_TEXT.has(p.name)) return labelled(label, textInput(field, value, (v) => set(v.trim() || undefined), { size: 24, placeholder: p.default || "" }));
  return labelled(label, textInput(field, value, (v) => set(slug(v) || undefined), { size: 14 }));
}

// a nested field: a group of fields, a list of groups, conditions or effects, a list of names, a place [x, y]
function nestedInput(field, p, label, value, set) {
  const list = Array.isArray(value) ? value : [];
  const add = (text, onclick) => h("button", { type: "button", class: "small ws-add", "data-add": field, onclick }, text);
  const remove = (onclick, what) => h("button", { type: "button", class: "small", "aria-label": `${t("ws.remove")}: ${what}`, onclick }, t("ws.remove"));
  switch (p.type) {
    case "group": {
      const v = value && typeof value === "object" ? value : {};
      return h(
        "fieldset",
        { class: "ws-group", "data-field": field },
        h("legend", {}, label),
        p.fields.map((f) => paramInput(`${field}.${f.name}`, f, v[f.name], (x) => { const next = withParam(v, f.name, x); set(Object.keys(next).length ? next : undefined); })),
      );
    }
    case "list":
      return h(
        "fieldset",
        { class: "ws-group ws-list", "data-field": field },
        h("legend", {}, label),
        list.map((item, i) =>
          h(
            "div",
            { class: "ws-item", "data-field": `${field}.${i}` },
            p.of.map((f) => paramInput(`${field}.${i}.${f.name}`, f, (item || {})[f.name], (x) => set(list.map((m, k) => (k === i ? withParam(m || {}, f.name, x) : m))))),
            remove(() => set(list.filter((_, k) => k !== i)), `${label} ${i + 1}`),
          ),
        ),
        add(`${t("wsw.addEntry")}: ${label}`, () => set([...list, {}])),
      );
    case "effects":
    case "conditions":
      return h(
        "fieldset",
        { class: "ws-group ws-nested", "data-field": field },
        h("legend", {}, label),
        list.map((e, i) => entryForm(p.type, `${field}.${i}`, e, (x) => set(list.map((m, k) => (k === i ? x : m))), () => set(list.filter((_, k) => k !== i)))),
        add(p.type === "effects" ? t("ws.addEffect") : t("ws.addCondition"), () => set([...list, {}])),
      );
    case "names":
      if (p.choices)
        return h(
          "fieldset",
          { class: "ws-group", "data-field": field, "data-edits": "list" },
          h("legend", {}, label),
          p.choices.map((c) => h("label", { class: "check" }, h("input", { type: "checkbox", value: c, "data-field": `${field}.${c}`, checked: list.includes(c), onchange: (ev) => set(p.choices.filter((x) => (x === c ? ev.target.checked : list.includes(x)))) }), ` ${choiceName(p.name, c)} `)),
        );
      return labelled(label, textInput(field, list.join(", "), (v) => set(v.split(",").map((x) => slug(x)).filter(Boolean)), { size: 24 }));
    case "ints": {
      const at = (i) => (ev) => {
        const next = [0, 1].map((k) => (k === i ? (ev.target.value === "" ? null : Number(ev.target.value)) : list[k] ?? null));
        set(next.every((n) => n === null) ? undefined : next);
      };
      return h(
        "div",
        { class: "ws-row", role: "group", "aria-label": label, "data-field": field },
        h("span", { class: "ws-label" }, label),
        h("label", {}, `${t("wsw.param.x")} `, h("input", { type: "number", class: "ws-num", value: list[0] ?? "", "data-field": `${field}.0`, onchange: at(0) })),
        h("label", {}, `${t("wsw.param.y")} `, h("input", { type: "number", class: "ws-num", value: list[1] ?? "", "data-field": `${field}.1`, onchange: at(1) })),
        // issue 46: or picked among the empty squares next to the laid tiles, under the board
        field.endsWith(".add_tile.at") ? h("button", { type: "button", class: "small", "data-pick": field, onclick: () => startPlacing(label, (x, y) => set([x, y])) }, t("wsw.pickSquare")) : null,
      );
    }
    default:
      return null;
  }
}

// a value at a dotted path of the parsed file, and setting it (undefined removes it)
function valueAt(data, path) {
  return path.split(".").reduce((node, k) => (node == null ? undefined : node[k]), data);
}

function setValueAt(data, path, v) {
  const parts = path.split(".");
  let node = data;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== "object") node[part] = {};
    node = node[part];
  }
  const last = parts[parts.length - 1];
  if (v === undefined || (Array.isArray(v) && !v.length)) delete node[last];
  else node[last] = v;
}

// a list section of the file (actions, items, special searches...): each entry a form drawn from its fields;
// an entry enters the file once it is complete (until then it is shown with what it lacks, as rules are)
function sectionList(path, fields, items, addLabel, extra = null) {
  const pending = pendingAt(path);
  const lacksOf = (v) => missingIn(fields, v);
  const named = fields.some((f) => f.name === "id") && fields.find((f) => f.name === "name" || f.name === "text");
  // the short name follows the English name until the designer gives it one of their own
  const autoId = (before, after) => {
    if (!named) return after;
    const en = (v) => (v && v[named.name] && v[named.name].en) || "";
    return !before.id || before.id === slug(en(before)) ? { ...after, id: slug(en(after)) || after.id } : after;
  };
  const form = (field, v, set, remove) => {
    const lacks = lacksOf(v);
    return h(
      "fieldset",
      { class: `ws-rule ws-section-item${lacks.length ? " ws-incomplete" : ""}`, "data-field": field },
      h("legend", {}, (named && tx(v[named.name])) || v.id || addLabel),
      // the rulebook rule an action follows is a rule ID: shown only where a file gives one
      fields.filter((f) => !(f.name === "rule" && !v.rule)).map((f) => paramInput(`${field}.${f.name}`, f, v[f.name], (x) => set(autoId(v, withParam(v, f.name, x))))),
      extra ? extra(v) : null,
      lacks.length ? incompleteNote(lacks) : null,
      h("button", { type: "button", class: "small", onclick: remove }, t("ws.remove")),
    );
  };
  return [
    ...items.map((v, i) => form(`${path}.${i}`, v || {}, (x) => setFileItem(path, i, x, lacksOf(x)), () => edit((x) => listAt(x, path).splice(i, 1), true))),
    ...pending.map((v, j) => form(`${path}.new${j}`, v, (x) => setPendingItem(path, j, x, lacksOf(x)), () => { pending.splice(j, 1); renderForms(); })),
    h("button", { type: "button", class: "small ws-add", "data-add": path, onclick: () => { pending.push({}); renderForms(); focusField(`${path}.new${pending.length - 1}.${fields[0].name}`); } }, addLabel),
  ];
}

function sectionFields(name) {
  return (W.vocab && W.vocab.sections && W.vocab.sections[name] && W.vocab.sections[name].fields) || [];
}

function actionsForm(d) {
  if (!sectionFields("actions").length) return null;
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-actions-title", "data-field": "actions" },
    h("h3", { id: "ws-actions-title" }, t("wsw.actions")),
    h("p", { class: "ws-help" }, t("wsw.actionsHelp")),
    h("p", { class: "ws-help ws-example" }, t("wsw.example.actions")),
    ...sectionList("actions", sectionFields("actions"), d.actions || [], t("wsw.addAction")),
  );
}

// where an item is given: the rules and actions whose effects (at any depth) give it
function giversOf(id) {
  const d = W.data || {};
  const gives = (node) => node && typeof node === "object" && (Array.isArray(node) ? node.some(gives) : (node.give_item && node.give_item.item === id) || Object.values(node).some(gives));
  const rules = [...(d.rules || []), ...(d.rooms || []).flatMap((r) => r.rules || [])].filter((r) => gives(r.do)).map((r) => `${t("ws.rule")} ${r.id}`);
  const actions = (d.actions || []).filter((a) => gives(a.do)).map((a) => `${t("wsw.action")} “${tx(a.text) || a.id}”`);
  return [...rules, ...actions];
}

function itemsForm(d) {
  if (!sectionFields("items").length) return null;
  const given = (v) => {
    const by = v.id ? giversOf(v.id) : [];
    return h("p", { class: by.length ? "ws-help" : "ws-help ws-warn" }, by.length ? t("wsw.givenBy", { where: by.join(", ") }) : t("wsw.notGiven"));
  };
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-items-title", "data-field": "items" },
    h("h3", { id: "ws-items-title" }, t("wsw.items")),
    h("p", { class: "ws-help" }, t("wsw.itemsHelp")),
    ...sectionList("items", sectionFields("items"), d.items || [], t("wsw.addItem"), given),
  );
}

// every other section of the file: special searches and surges, party items, helpers, rain, next chapter, source
function moreForm(d) {
  const fields = sectionFields("more");
  if (!fields.length) return null;
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-more-title", "data-field": "more" },
    h("h3", { id: "ws-more-title" }, t("wsw.more")),
    fields.map((f) =>
      f.type === "list"
        ? h("fieldset", { class: "ws-group", "data-field": f.path }, h("legend", {}, fieldLabel(f.name)), ...sectionList(f.path, f.of, valueAt(d, f.path) || [], `${t("wsw.addEntry")}: ${fieldLabel(f.name)}`))
        : paramInput(f.path, { ...f, label: t(`wsw.param.${f.name}`) }, valueAt(d, f.path), (v) => edit((x) => setValueAt(x, f.path, v), true)),
    ),
  );
}

// a rule's own fields beside when/where/if/do/once: its text for the players, whether it is on from the start,
// and the rulebook rule it follows
const RULE_MORE = [
  { name: "text", type: "text2", required: false },
  { name: "enabled", type: "bool", required: false, default: true },
  { name: "rule", type: "text", required: false, default: "" },
];

function ruleMore(at, r, update) {
  return RULE_MORE.filter((p) => !(p.name === "rule" && !r.rule)).map((p) => paramInput(`${at}.${p.name}`, p, r[p.name] ?? p.default, (v) => update((x) => { if (v === undefined) delete x[p.name]; else x[p.name] = v; })));
}

// --- play-test ---------------------------------------------------------------------------------------------------

function renderPlaytest() {
  const box = $("#ws-playtest");
  if (!box) return;
  box.replaceChildren(
    h("h3", { id: "ws-pt-title" }, t("ws.playtest")),
    h(
      "div",
      { class: "ws-row" },
      labelled(t("ws.games"), h("input", { type: "number", id: "ws-games", min: 1, max: 1000, value: 100, class: "ws-num", onchange: estimate })),
      labelled(t("ws.botKind"), h("select", { id: "ws-bot", onchange: estimate }, ["heuristic", "search"].map((b) => h("option", { value: b }, t(`botNames.${b}`))))),
      h(
        "fieldset",
        { class: "ws-presets" },
        h("legend", {}, t("ws.preset")),
        ["easy", "normal", "hard"].map((p) => h("label", { class: "check" }, h("input", { type: "checkbox", class: "ws-preset", value: p, checked: true, onchange: estimate }), ` ${t(`ws.presets.${p}`)} `)),
      ),
      h("button", { type: "button", id: "ws-run", class: "primary", onclick: runPlaytest }, t("ws.run")),
      h("button", { type: "button", id: "ws-cancel", hidden: true, onclick: cancelPlaytest }, t("ws.cancel")),
    ),
    h("p", { class: "ws-help" }, t("ws.searchFewer"), " ", h("span", { id: "ws-estimate", role: "status" })),
    h("div", { id: "ws-progress-box", hidden: true }, h("progress", { id: "ws-progress", max: 1, value: 0, "aria-labelledby": "ws-progress-text" }), h("span", { id: "ws-progress-text", role: "status" })),
    h("div", { id: "ws-results" }),
  );
}

// "about N times": whole numbers, and fives past 20 (the figure is a rough one)
function timesText(times) {
  const n = times > 20 ? Math.round(times / 5) * 5 : Math.max(1, Math.round(times));
  return String(n);
}

function duration(seconds) {
  return seconds < 90 ? t("ws.seconds", { n: Math.max(1, Math.round(seconds)) }) : t("ws.minutes", { n: Math.round(seconds / 60) });
}

// the chapter's end page as the estimate takes it (null while the draft has none that makes sense: the server
// estimates Chapter 1's then)
function estimatedEndPage() {
  const page = setupOf(W.data).end_page;
  return Number.isInteger(page) && page >= 1 && page <= 40 ? page : null;
}

// the time a play-test should take here with this bot on this chapter, said before it starts (the search bot's
// line says how many times slower it is); and this editor's play-tests, so a job started in another tab of this
// browser shows here too (and can be cancelled here)
async function estimate() {
  const games = Math.max(1, Math.min(1000, Number(($("#ws-games") || {}).value) || 100));
  const bot = ($("#ws-bot") || {}).value || "heuristic";
  const presets = Math.max(1, document.querySelectorAll(".ws-preset:checked").length);
  const endPage = estimatedEndPage();
  W.estimatedPage = endPage;
  const seq = (W.estimateSeq = (W.estimateSeq || 0) + 1);
  let got;
  try {
    const page = endPage === null ? "" : `&end_page=${endPage}`;
    got = await wsHttp("GET", `/api/workshop/playtests?bot=${bot}&games=${games}&presets=${presets}${page}`);
  } catch {
    return;
  }
  const out = $("#ws-estimate");
  if (out && seq === W.estimateSeq) {
    let text = t("ws.estimate", { with: t(`ws.estimateWith.${got.bot}`), time: duration(got.estimate_seconds) });
    if (got.bot === "search") text += ` ${t("ws.slower", { times: timesText(got.times_heuristic) })}`;
    if (out.textContent !== text) out.textContent = text; // a status region: said again only when it changes
  }
  const active = got.jobs.find((j) => ["queued", "running"].includes(j.status));
  if (active && (!W.job || !["queued", "running"].includes(W.job.status))) {
    W.job = active;
    W.jobFromOtherTab = true;
    follow();
  }
}

function follow() {
  $("#ws-run").disabled = true;
  $("#ws-cancel").hidden = false;
  $("#ws-progress-box").hidden = false;
  showJob();
  poll(W.job.id);
}

async function runPlaytest() {
  const games = Math.max(1, Math.min(1000, Number($("#ws-games").value) || 100));
  try {
    const presets = [...document.querySelectorAll(".ws-preset:checked")].map((x) => x.value);
    const text = W.text;
    W.job = await wsHttp("POST", "/api/workshop/playtests", { text, games, bot: $("#ws-bot").value, presets: presets.length ? presets : ["normal"] });
    W.jobText = text; // the file its games were played with: a game is watched again with this one
  } catch (err) {
    toast(errorText(err), "error");
    return;
  }
  W.jobFromOtherTab = false;
  follow();
}

async function poll(id) {
  while (W.job && W.job.id === id && ["queued", "running"].includes(W.job.status)) {
    await new Promise((r) => setTimeout(r, 400));
    try {
      W.job = await wsHttp("GET", `/api/workshop/playtests/${id}`);
    } catch {
      continue;
    }
    showJob();
  }
  $("#ws-run").disabled = false;
  $("#ws-cancel").hidden = true;
}

async function cancelPlaytest() {
  if (!W.job) return;
  try {
    W.job = await wsHttp("POST", `/api/workshop/playtests/${W.job.id}/cancel`);
    showJob();
  } catch (err) {
    toast(errorText(err), "error");
  }
}

function pct(x) {
  return `${Math.round(x * 1000) / 10}%`;
}

function showJob() {
  const job = W.job;
  if (!job) return;
  const box = $("#ws-progress-box");
  box.dataset.job = job.id;
  box.dataset.status = job.status;
  const bar = $("#ws-progress");
  bar.max = job.total;
  bar.value = job.done;
  const where = job.status === "queued" && job.position ? t("ws.queued", { position: job.position, time: duration(job.wait_seconds || 0) }) : t(`ws.status.${job.status}`);
  // issue 46 (item 7): once games are done, the time left is measured from this job's own pace on this machine
  const left = job.status === "running" && job.done > 0 && job.done < job.total ? ` · ${t("wsw.timeLeft", { time: duration((job.seconds * (job.total - job.done)) / job.done) })}` : "";
  $("#ws-progress-text").textContent = ` ${t("ws.progress", { done: job.done, total: job.total })} · ${where} · ${job.seconds} s${left}${W.jobFromOtherTab ? ` · ${t("ws.otherTab")}` : ""}`;
  const presets = Object.entries(job.presets || {});
  if (!presets.length) return;
  if (!job.presets[W.heat.preset]) W.heat.preset = presets[0][0];
  const causes = (p) =>
    [...Object.entries(p.defeat_causes), ...(p.unfinished ? [["unfinished", p.unfinished]] : [])].map(([k, n]) => `${t(`ws.outcomes.${k}`)}: ${n}`).join("; ") || t("ws.none");
  const pages = (p) => Object.entries(p.pages_used).map(([k, n]) => `${k}: ${n}`).join(", ");
  $("#ws-results").replaceChildren(
    h(
      "div",
      { class: "ws-table-wrap", tabindex: 0, role: "region", "aria-label": t("ws.winRate") },
      h(
        "table",
        { class: "ws-results" },
        h("caption", { id: "ws-results-party" }, t("ws.playedBy", { party: t(`botNames.${job.bot}`) })), // issue 44: whose rates
        h("thead", {}, h("tr", {}, [t("ws.preset"), t("ws.winRate"), t("ws.interval"), t("ws.defeats"), t("ws.pagesUsed"), t("ws.captures")].map((c) => h("th", { scope: "col" }, c)))),
        h(
          "tbody",
          {},
          presets.map(([id, p]) =>
            h("tr", { "data-preset": id }, h("th", { scope: "row" }, `${t(`ws.presets.${id}`)} (${p.games})`), h("td", { class: "ws-rate" }, pct(p.win_rate)), h("td", {}, `${pct(p.ci95[0])}–${pct(p.ci95[1])}`), h("td", {}, causes(p)), h("td", {}, pages(p)), h("td", {}, String(p.captures_per_game))),
          ),
        ),
      ),
    ),
    // issue 46 (item 7): why the library's page may show other rates for the same file
    h("p", { id: "ws-measure-note", class: "ws-help" }, t("wsw.measureNote")),
    whyLost(job.presets[W.heat.preset]),
    h(
      "fieldset",
      { class: "ws-heat-pick" },
      h("legend", {}, t("ws.heat")),
      h("label", {}, `${t("ws.preset")} `, h("select", { id: "ws-heat-preset", onchange: (ev) => { W.heat.preset = ev.target.value; showJob(); } }, presets.map(([id]) => h("option", { value: id, selected: id === W.heat.preset }, t(`ws.presets.${id}`))))),
      ["wounds", "captures", "hourglass"].map((kind) =>
        h("label", { class: "check" }, h("input", { type: "radio", name: "ws-heat-kind", value: kind, checked: W.heat.kind === kind, onchange: () => { W.heat.kind = kind; showJob(); } }), h("span", { class: "ws-swatch", style: `background:${HEAT_COLOURS[kind]}` }), ` ${t(`ws.heat${kind[0].toUpperCase()}${kind.slice(1)}`)}`),
      ),
      heatLegend(),
    ),
  );
  drawMarks();
}

// why the games of one difficulty were lost, in the designer's words (computed by the play-test)
function whyLost(p) {
  if (!p) return null;
  const found = p.diagnostics || [];
  return h(
    "section",
    { id: "ws-why", class: "ws-why", "aria-labelledby": "ws-why-title" },
    h("h4", { id: "ws-why-title" }, t("ws.whyLost", { preset: t(`ws.presets.${W.heat.preset}`) })),
    // issue 46: why for every difficulty that ran, one click away
    W.job && Object.keys(W.job.presets || {}).length > 1
      ? h("div", { class: "ws-row", role: "group", "aria-label": t("ws.preset") }, Object.keys(W.job.presets).map((id) => h("button", { type: "button", class: "small", "data-why-preset": id, "aria-pressed": String(id === W.heat.preset), onclick: () => { W.heat.preset = id; showJob(); } }, `${t(`ws.presets.${id}`)} (${W.job.presets[id].games})`)))
      : null,
    found.length ? h("ul", {}, found.map((d) => h("li", { "data-why": d.kind, "data-rule": d.rule }, lang() === "pt" ? d.pt : d.en))) : h("p", {}, p.wins === p.games ? t("ws.allWon") : t("ws.noWhy")),
    watchGames(p),
  );
}

// issue 46: "watch a lost game": the play-test's games of this difficulty (lost ones first), each opened in the
// replay viewer (web/replay.js), played again by the server with the same bot, difficulty and seed
function watchGames(p) {
  const games = p.watch || [];
  if (!games.length || !W.job) return null;
  const job = W.job;
  const preset = W.heat.preset;
  const why = (g) => (t(`ws.outcomes.${g.outcome}`) === `ws.outcomes.${g.outcome}` ? t("wsw.watchOther") : t(`ws.outcomes.${g.outcome}`));
  const label = (g) => t(g.status === "won" ? "wsw.watchWon" : "wsw.watchLost", { n: g.seed + 1, rounds: g.rounds, why: why(g) });
  return h(
    "div",
    { id: "ws-watch", class: "ws-watch" },
    h("h4", {}, t("wsw.watchTitle")),
    h("p", { class: "ws-help" }, t("wsw.watchHelp")),
    h("div", { class: "ws-row" }, games.map((g) => h("button", { type: "button", class: "small", "data-watch-seed": g.seed, "data-status": g.status, onclick: () => watchPlaytest({ text: W.jobText || W.text, party: job.party, bot: job.bot, preset, seed: g.seed }) }, label(g)))),
  );
}

// the heat map's legend: its colour, the scale of the discs (smallest to largest) and the total counted
function heatLegend() {
  const heat = heatOf() || {};
  const values = Object.values(heat);
  const colour = HEAT_COLOURS[W.heat.kind];
  if (!values.length) return h("p", { id: "ws-heat-legend", class: "ws-help" }, t("ws.heatNone"));
  const top = Math.max(...values);
  const low = Math.min(...values);
  const total = values.reduce((a, b) => a + b, 0);
  const disc = (n) => {
    const r = heatRadius(n, top) / 3;
    return h("span", { class: "ws-heat-disc", style: `width:${2 * r}px;height:${2 * r}px;background:${colour};opacity:${heatOpacity(n, top)}` });
  };
  return h(
    "p",
    { id: "ws-heat-legend", class: "ws-heat-legend" },
    disc(low), ` ${low} `, "… ", disc(top), ` ${top} `,
    h("span", {}, t("ws.heatScale", { total, spaces: values.length })),
  );
}

function heatRadius(n, top) {
  return 10 + 26 * Math.sqrt(n / top);
}

function heatOpacity(n, top) {
  return (0.25 + 0.5 * (n / top)).toFixed(2);
}

function heatOf() {
  const job = W.job;
  const p = job && job.presets && job.presets[W.heat.preset];
  return p ? p.heat[W.heat.kind] : null;
}

// --- play it -------------------------------------------------------------------------------------------------------

function renderPlay() {
  const box = $("#ws-play");
  if (!box) return;
  box.replaceChildren(
    h("h3", { id: "ws-play-title" }, t("ws.playIt")),
    seatPlayers(),
    h("button", { type: "button", id: "ws-open-table", class: "primary", disabled: true, onclick: openTable }, t("ws.openTable")),
    h("button", { type: "button", id: "ws-print", disabled: true, onclick: printSheet }, t("ws.printSheet")),
    " ",
    publishButton(() => W.text, ensureToken, () => W.data), // issue 36: the chapter library (46: its names prefill)
    h("div", { id: "ws-links" }),
  );
}

// the chapter sheet to print (layout, setup, victory and defeat, rules and story in words, the difficulty the
// last finished play-test measured), opened in a new window
async function printSheet() {
  const win = window.open("", "_blank");
  const job = W.job && W.job.status === "done" ? W.job : null;
  try {
    const got = await http("POST", "/api/workshop/sheet", { text: W.text, lang: lang() === "pt" ? "pt" : "en", difficulty: job ? { bot: job.bot, presets: job.presets } : null });
    if (!win) {
      toast(t("ws.popupBlocked"), "error");
      return;
    }
    win.document.open();
    win.document.write(got.html);
    win.document.close();
  } catch (err) {
    if (win) win.close();
    toast(errorText(err), "error");
  }
}

// issue 46: who plays each seat of a table of this chapter (people, bots, or both mixed), as on the home page
function seatPlayers() {
  const setup = setupOf(structuredClone(W.data));
  const seats = Math.max(1, Math.min(4, Number(setup.party_size) || 1));
  // the mice of the party: the first heroes the chapter allows unless chosen otherwise (a sandbox of the draft)
  const heroes = ((S.catalog && S.catalog.heroes) || []).filter((x) => !(setup.forbidden_heroes || []).includes(x.id));
  return h(
    "div",
    { class: "ws-seats", id: "ws-seats", role: "group", "aria-label": t("wsw.seats") },
    Array.from({ length: seats }, (_, s) =>
      h(
        "div",
        { class: "ws-row", "data-seat": s },
        h("label", {}, `${t("seat")} ${s + 1}: `, h("select", { class: "ws-seat-hero", "data-seat": s, "aria-label": `${t("seat")} ${s + 1}: ${t("wsw.mouse")}` }, heroes.map((x, i) => h("option", { value: x.id, selected: i === s }, tx(x.name))))),
        " ",
        h("select", { class: "ws-seat-player", "data-seat": s, "aria-label": `${t("seat")} ${s + 1}: ${t("wsw.player")}` }, ["", "heuristic", "random", "search"].map((b) => h("option", { value: b }, b ? `${t("bot")}: ${t(`botNames.${b}`)}` : t("people")))),
      ),
    ),
  );
}

async function openTable() {
  try {
    const players = [...document.querySelectorAll("#ws-seats select.ws-seat-player")].map((x) => x.value || null);
    const party = [...document.querySelectorAll("#ws-seats select.ws-seat-hero")].map((x) => x.value).filter(Boolean);
    const body = { text: W.text };
    if (players.some((b) => b)) body.bots = players;
    if (party.length === players.length && new Set(party).size === party.length) body.party = party;
    else if (party.length) {
      toast(t("wsw.sameMouseTwice"), "error");
      return;
    }
    const made = await http("POST", "/api/workshop/tables", body);
    localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
    showLinks($("#ws-links"), made.links, made.seats);
    $("#ws-links").append(sandboxPanel(made.table, made.host_token)); // issue 46: the sandbox table
  } catch (err) {
    toast(errorText(err), "error");
  }
}
