// @ts-check
// The table page: its shell (header, tracks, board, panels, log drawer, skip links), the chapter's objective and
// rules, taking in the server's views and updates (setView, onUpdate: the log's playback comes first), the board's
// geometry, and render(), which redraws every surface from the newest view.

import { http } from "./api.js";
import { soundToggle, turnAlert } from "./alert.js";
import { BoardView } from "./board.js";
import { figureName, isPlacing, litFor, myOptions, NO_LIGHTS, optionLabel } from "./choices.js";
import { renderDice } from "./companion.js";
import { activate, firstChoice, renderDecision, send } from "./decision.js";
import { $$, $, closeDialog, h, openDialog } from "./dom.js";
import { renderEnd, showCampaignSheet } from "./end.js";
import { heroName, noteTable, showLinks } from "./home.js";
import { t, tx } from "./i18n.js";
import { enqueue, isPlaying, markMine, renderLog, setSpeed, speed } from "./log.js";
import { renderHeroes, renderInitiative, renderLegend, renderMinions, renderTracks, surgeLine } from "./panels.js";
import { S } from "./state.js";
import { trackersPanel } from "./trackers.js";
import { applyDetails, detailsDefault, detailsToggle, glossary } from "./words.js";

/** @typedef {import("./api_types").TableView} TableView */

const app = $("#app");

export function renderTableShell() {
  const speedSel = h(
    "select",
    { id: "speed", onchange: (ev) => setSpeed(ev.target.value) },
    ["instant", "normal", "slow"].map((s) => h("option", { value: s, selected: speed() === s }, t(`speeds.${s}`))),
  );
  app.replaceChildren(
    h(
      "div",
      { class: "table" },
      h(
        "header",
        { class: "table-head" },
        h("h2", { id: "chapter-name" }),
        h("button", { type: "button", id: "objective-button", class: "small", onclick: showObjective }, t("chapterPanel")),
        h("button", { type: "button", id: "campaign-button", class: "small", onclick: () => showCampaignSheet() }, t("campaignSheet")),
        h("span", { id: "conn", class: "conn off", role: "status" }, t("offline")),
        // a phone shows the controls below behind this button (issue 32: the header took 275 px); a wide screen
        // shows them all and hides the button
        h("button", { type: "button", id: "head-menu", class: "small head-menu", "aria-controls": "head-more", "aria-expanded": "false", "aria-label": t("moreControls"), title: t("moreControls"), onclick: toggleHeadMenu }, "⋯"),
        h(
          "div",
          { id: "head-more", class: "head-more" },
          h("span", { id: "variants-on", class: "variants-on" }),
          h("span", { id: "dice-sealed", class: "dice-sealed" }),
          h("span", { id: "role", class: "role" }),
          h("label", { class: "speed" }, `${t("speed")} `, speedSel),
          soundToggle(),
          detailsToggle(() => detailsDefault(S.view), () => {
            renderLog(true);
            if (S.view) render();
          }),
          h("button", { type: "button", id: "glossary-button", class: "small", onclick: () => openDialog({ id: "glossary-dialog", title: t("glossaryTitle"), body: [glossary()] }) }, t("glossaryButton")),
          h("a", { href: "#", class: "button small" }, t("backHome")),
        ),
      ),
      h("div", { id: "turn-banner", class: "turn-banner", role: "status", hidden: true }),
      h("p", { id: "objective-line", class: "objective-line" }),
      h("section", { id: "tracks", class: "tracks", "aria-label": t("hourglass") }),
      h(
        "div",
        { class: "main" },
        h(
          "section",
          { class: "board-wrap", "aria-label": t("board") },
          h(
            "div",
            { class: "zoom" },
            h("button", { type: "button", id: "zoom-in", "aria-label": t("zoomIn"), onclick: () => S.board.zoomIn() }, "+"),
            h("button", { type: "button", id: "zoom-out", "aria-label": t("zoomOut"), onclick: () => S.board.setZoom(S.board.zoom / 1.4) }, "−"),
            h("button", { type: "button", id: "zoom-fit", "aria-label": t("zoomReset"), onclick: () => S.board.setZoom(S.board.fitZoom()) }, "⤢"),
          ),
          h("div", { id: "board", class: "board" }),
        ),
        h(
          "div",
          { class: "below-board" },
          h("section", { id: "chapter-panel", class: "card chapter-panel", "aria-labelledby": "chapter-panel-title" }),
          h("section", { id: "legend", class: "card legend", "aria-labelledby": "legend-title", hidden: true }),
          h("section", { id: "heroes", class: "heroes" }),
          h("section", { id: "minions", class: "minions" }),
          h("section", { id: "initiative", class: "card" }),
        ),
        h(
          "aside",
          { class: "side" },
          h("section", { id: "decision", class: "card decision", "aria-labelledby": "decision-title" }),
          h("section", { id: "playback", class: "card playback", "aria-live": "polite", hidden: true }),
          h("section", { id: "dice", class: "card dice-box" }),
          h(
            "section",
            { class: "card log-card", id: "log-card", "aria-labelledby": "log-title" },
            h("div", { class: "log-head" }, h("h3", { id: "log-title" }, t("log")), h("button", { type: "button", class: "log-close small", onclick: () => toggleLog(false) }, t("hideLog"))),
            h("ol", { id: "log", class: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": t("log"), tabindex: 0 }),
          ),
        ),
      ),
      h("section", { id: "host-links" }),
      h("button", { type: "button", id: "log-toggle", class: "log-toggle", "aria-controls": "log-card", "aria-expanded": "false", onclick: () => toggleLog() }, t("showLog")),
    ),
  );
  // skip links: the first stops of the page's Tab order (before the header's language button)
  const old = $("#skip-links");
  if (old) old.remove();
  document.body.prepend(
    h(
      "nav",
      { class: "skip-links", id: "skip-links", "aria-label": t("skipToChoices") },
      h("a", { href: "#decision", class: "skip-link", id: "skip-choices", onclick: (ev) => skipTo(ev, "#decision") }, t("skipToChoices")),
      h("a", { href: "#board", class: "skip-link", onclick: (ev) => skipTo(ev, "#board path.space.lit, #board path.space") }, t("skipToBoard")),
    ),
  );
  S.board = new BoardView($("#board"), activate);
  S.boardKey = null;
  const stored = localStorage.getItem(`mnm.links.${S.tableId}`);
  if (stored && S.you && S.you.role === "host") showLinks($("#host-links"), JSON.parse(stored));
}

function skipTo(ev, selector) {
  ev.preventDefault();
  const target = selector === "#decision" ? firstChoice() : $(selector);
  if (target) target.focus();
}

function toggleHeadMenu() {
  const head = $(".table-head");
  const open = head.classList.toggle("open");
  $("#head-menu").setAttribute("aria-expanded", String(open));
}

function toggleLog(open) {
  const card = $("#log-card");
  const now = open === undefined ? !card.classList.contains("open") : open;
  card.classList.toggle("open", now);
  $("#log-toggle").setAttribute("aria-expanded", String(now));
  if (now) {
    // the drawer opens at the latest entry (issue 32: it opened at entry 1)
    const log = $("#log");
    log.scrollTop = log.scrollHeight;
    const last = log.lastElementChild;
    if (last) last.scrollIntoView({ block: "end" });
    log.focus({ preventScroll: true });
  } else $("#log-toggle").focus();
}

function showObjective() {
  const v = S.view;
  if (!v) return;
  const on = v.options || [];
  openDialog({
    id: "objective",
    title: `${t("objective")}: ${v.chapter.number ? `${v.chapter.number}. ` : ""}${tx(v.chapter.name)}`,
    body: [
      h("p", { class: "objective-text" }, tx(v.chapter.objective)),
      rulesList(v),
      on.length ? h("p", {}, `${t("variantsOn")}: ${on.map((o) => tx(o.text)).join("; ")}`) : null,
      v.encounter_up ? surgeLine(v) : null,
    ].filter(Boolean),
  });
}

// issue 25: the chapter's special rules seen so far (the whole chapter's, and each revealed room's)
/** @param {TableView} v */
function rulesList(v) {
  const rules = (v.chapter.rules || []).filter((r) => r.revealed);
  const later = (v.chapter.rules || []).filter((r) => !r.revealed && !r.gone).length; // a flipped room's rules are gone
  return h(
    "div",
    { class: "rules" },
    h("h4", {}, t("chapterRules")),
    rules.length
      ? h("ul", { class: "rule-list", id: "rule-list" }, rules.map((r) => h("li", { "data-side": r.side ?? "", "data-gate": r.gate || "" }, tx(r.text))))
      : h("p", {}, t("noSpecialRules")),
    later ? h("p", { class: "rules-later" }, t("roomRulesLater", { n: later })) : null,
  );
}

// issue 46: the chapter's counters and flags its victory or defeat read, under the objective
/** @param {TableView} v */
function showTrackers(v) {
  const panel = trackersPanel(v);
  const old = $("#chapter-trackers");
  if (old) old.replaceWith(...(panel ? [panel] : []));
  else if (panel) $("#objective-line").after(panel);
}

/** @param {TableView} v */
function renderChapterPanel(v) {
  const box = $("#chapter-panel");
  if (!box) return;
  box.replaceChildren(
    h("h3", { id: "chapter-panel-title" }, `${t("chapterPanel")}: ${v.chapter.number ? `${v.chapter.number}. ` : ""}${tx(v.chapter.name)}`),
    h("p", { class: "objective-text" }, h("b", {}, `${t("objective")}: `), tx(v.chapter.objective)),
    rulesList(v),
  );
}

// A room revealed for the first time: its rules in a dialog of their own (once per table and room).
function announceRooms(before, after) {
  if (!before || !after) return;
  const had = new Set((before.chapter.rules || []).filter((r) => r.revealed && r.side !== null).map((r) => r.side));
  const fresh = (after.chapter.rules || []).filter((r) => r.revealed && r.side !== null && !had.has(r.side));
  if (!fresh.length) return;
  for (const side of new Set(fresh.map((r) => r.side))) {
    const key = `mnm.room.${S.tableId}.${side}`;
    if (localStorage.getItem(key)) continue;
    localStorage.setItem(key, "1");
    const named = fresh.find((r) => r.side === side && r.room);
    const room = named ? tx(named.room) : String(side);
    openDialog({
      id: `room-rules-${side}`,
      title: t("newRoom", { room }),
      className: "room-rules",
      body: [h("ul", {}, fresh.filter((r) => r.side === side).map((r) => h("li", {}, tx(r.text))))],
    });
  }
}

/** @param {TableView} view */
export function setView(view, full) {
  S.view = view;
  if (!isPlaying()) S.shown = view;
  if (full && view.log) {
    S.log = view.log.slice();
    S.logFirst = view.log_first;
    renderLog(true);
    if (view.version === 0) showOpeningStory();
  }
  render();
}

/** @param {import("./api_types").UpdateMessage} msg */
export function onUpdate(msg) {
  enqueue(msg, {
    begin: () => {
      closeStale(-1);
      renderDecision(S.view);
    },
    drawShadow: (shadow, extra) => {
      S.shown = shadow;
      S.board.draw(shadow, NO_LIGHTS, extra);
    },
    nameOf: (id) => figureName(S.view, id),
    labelOf: (action) => optionLabel(S.view, action),
    apply: (m) => applyUpdate(m),
  });
}

/** @param {import("./api_types").UpdateMessage} msg */
function applyUpdate(msg) {
  if (!S.view || msg.version <= S.view.version) return;
  if (msg.version !== S.view.version + 1) {
    S.socket.resync();
    return;
  }
  // the log: an undo drops the undone events; an action appends its own
  const keep = msg.first_event - S.logFirst;
  if (keep < 0) {
    S.socket.resync();
    return;
  }
  S.log.length = Math.min(S.log.length, keep);
  S.log.push(...msg.events);
  if (msg.kind === "action" && S.you && msg.seat === S.you.seat) markMine(msg.first_event);
  const before = S.view;
  S.view = msg.view;
  S.shown = msg.view;
  announceRooms(before, msg.view);
  S.dice = null; // dice being typed belonged to the decision just answered or replaced
  renderLog(msg.kind === "undo");
  for (const ev of msg.events) if (ev.story) showStory(ev);
  render();
}

async function ensureBoard() {
  const key = S.view.board_key;
  if (S.boardKey === key) return;
  S.boardKey = key;
  /** @type {import("./api_types").Reply<"GET /api/tables/{table_id}/board">} */
  const geometry = await http("GET", `/api/tables/${encodeURIComponent(S.tableId)}/board`);
  const first = !S.board.geometry;
  S.board.setGeometry(geometry);
  S.board.draw(S.view, litFor(S.view));
  renderDecision(S.view); // option labels name spaces by their tile, known now
  renderHeroes(S.view); // and so do the panels' lines (a fresh load showed "5:12" until the next update)
  renderMinions(S.view);
  S.revealed = null;
  revealActing(S.view);
  // issue 45: the layout changed (an explore): bring the board back into the window (a phone had scrolled down to
  // the choices), its view on the party
  const wrap = $(".board-wrap");
  if (!first && wrap) {
    const r = wrap.getBoundingClientRect();
    if (r.bottom < 80 || r.top > window.innerHeight - 80) wrap.scrollIntoView({ block: "start" });
  }
}

// on a zoomed board, keep the mouse whose turn it is in sight: when the turn changes, and whenever it has left
// the board's view (issue 45: after an explore the board stayed on the empty old tile, the party off screen)
/** @param {TableView} v */
function revealActing(v) {
  const who = v.turn ? v.turn.mouse : v.decision ? v.decision.actor : null;
  if (!who) return;
  if (S.revealed === `${who}:${v.round}` && S.board.inView(who)) return;
  S.revealed = `${who}:${v.round}`;
  S.board.reveal(who);
}

// Choosers and confirmations belong to one decision: close them when it is answered or replaced.
function closeStale(version) {
  for (const box of $$(".modal[data-version]")) {
    if (Number(box.dataset.version) !== version) closeDialog(box, false);
  }
}

export function render() {
  const v = S.view;
  if (!v || !$("#board")) return;
  closeStale(v.version);
  if (S.chosen && S.chosen.version !== v.version) {
    S.chosen = null;
    if (S.board) S.board.choose(null);
  }
  if (S.mode && !myOptions(v).some((o) => isPlacing(v, o))) S.mode = null;
  $("#chapter-name").textContent = `${v.chapter.number ? `${v.chapter.number}. ` : ""}${tx(v.chapter.name)}`;
  $("#chapter-name").title = $("#chapter-name").textContent; // a phone may cut it short
  // a chapter built in the workshop says so (issue 23)
  $("#chapter-name").after(...($("#custom-chapter") ? [] : v.chapter.custom ? [h("span", { id: "custom-chapter", class: "role custom-chapter" }, t("customChapter"))] : []));
  $("#objective-line").textContent = `${t("objective")}: ${tx(v.chapter.objective)}`;
  showTrackers(v);
  renderChapterPanel(v);
  noteTable(S.tableId, S.token, v, S.you);
  const on = v.options || [];
  $("#variants-on").textContent = on.length ? `${t("variantsOn")}: ${on.map((o) => tx(o.text)).join("; ")}` : "";
  const role = $("#role");
  if (S.you.role === "spectator") role.textContent = t("spectating");
  else if (S.you.role === "host") role.textContent = t("hostRole");
  else role.textContent = t("seatRole", { n: S.you.seat + 1, mice: S.you.heroes.map(heroName).join(", ") });
  role.dataset.role = S.you.role;
  if (S.you.role === "host" && !$("#host-links").childElementCount) {
    const stored = localStorage.getItem(`mnm.links.${S.tableId}`);
    if (stored) showLinks($("#host-links"), JSON.parse(stored));
  }
  // issue 32: the dice commitment during play, not only at the end (the seed's fingerprint; mnm verify)
  const commit = (v.fairness && v.fairness.commit) || "";
  const sealed = $("#dice-sealed");
  sealed.textContent = commit ? `${t("diceSealed")}: ${commit.slice(0, 12)}…` : "";
  sealed.title = commit ? `${t("diceSealedHelp")} ${commit}` : "";
  renderTracks(v);
  renderInitiative(v);
  renderDecision(v);
  renderDice(send);
  renderHeroes(v);
  renderMinions(v);
  renderLegend(v);
  if (S.boardKey !== v.board_key) ensureBoard();
  else {
    S.board.translate();
    S.board.draw(v, litFor(v));
    revealActing(v);
  }
  renderEnd(v);
  applyDetails(detailsDefault(v));
  // the chapter ended (a verify view: the details default to on) or companion mode changed: log lines again
  if (S.detailsDefault !== undefined && S.detailsDefault !== detailsDefault(v)) renderLog(true);
  S.detailsDefault = detailsDefault(v);
  const deciding = myOptions(v).length && v.status === "playing" ? [v.heroes.some((x) => x.id === v.decision.actor) ? heroName(v.decision.actor) : t("party")] : [];
  turnAlert(deciding, `${S.tableId}:${v.version}`, t("title"));
  document.body.dataset.version = String(v.version);
}

function showStory(ev) {
  if (ev.params.moment === "ending") return; // the end screen tells the ending, above the result
  const key = `${S.tableId}:${ev.params.moment}`;
  if (S.seenStory.has(key)) return;
  S.seenStory.add(key);
  modal(t("story"), tx(ev.story), "story-modal");
}

function modal(title, text, id) {
  return openDialog({ id, title, body: [h("p", {}, text)] });
}

function showOpeningStory() {
  const key = `mnm.story.${S.tableId}`;
  if (localStorage.getItem(key)) return;
  const story = S.log.find((ev) => ev.story);
  if (!story) return;
  localStorage.setItem(key, "1");
  S.seenStory.add(`${S.tableId}:${story.params.moment}`);
  modal(t("story"), tx(story.story), "story-modal");
}
