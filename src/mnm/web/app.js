// The browser client's table: routing, the table page (board, tracks, choices, hero and minion cards) and
// sending actions. Every choice shown comes from the engine's decision list sent by the server.
// Surfaces live in their own modules: board.js, details.js, log.js (log + playback), companion.js (dice),
// home.js (new table form), dom.js (dialogs, toasts).

import { TableSocket, http } from "./api.js";
import { BoardView } from "./board.js";
import { renderDice } from "./companion.js";
import { cardSummary, minionCard, showCard, showFigure, showMinionType, showSpace, stat } from "./details.js";
import { $, $$, closeDialog, errorText, h, openDialog, toast } from "./dom.js";
import { heroName, noteTable, renderHome, showLinks } from "./home.js";
import { lang, placeName, setLang, t, tx } from "./i18n.js";
import { enqueue, isPlaying, loadMine, markMine, renderLog, setSpeed, sinceLastTurn, speed } from "./log.js";
import { baseLegendRows, legendRows, swatch } from "./marks.js";
import { S } from "./state.js";
import { renderWorkshop } from "./workshop.js";
import { ratingPanel, renderLibrary } from "./library.js";
import { diceCheckPanel } from "./verify.js";
import { soundToggle, turnAlert } from "./alert.js";
import { applyDetails, detailsDefault, detailsToggle, glossary, plain } from "./words.js";
import { trackersPanel } from "./trackers.js";

const app = $("#app");
const NO_LIGHTS = { spaces: new Set(), figures: new Set() };

function parseHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { table: params.get("t"), token: params.get("k") };
}

// --- start ---------------------------------------------------------------------------------------------

async function start() {
  setLang(lang());
  $("#lang").addEventListener("click", () => {
    setLang(lang() === "en" ? "pt" : "en");
    route();
  });
  window.addEventListener("hashchange", route);
  // the choices keep the focus after an action until the player moves it elsewhere
  document.addEventListener("focusin", (ev) => {
    const panel = $("#decision");
    if (panel && !panel.contains(ev.target)) S.keepFocus = false;
  });
  try {
    S.catalog = await http("GET", "/api/catalog");
  } catch (err) {
    app.replaceChildren(h("p", { class: "error" }, errorText(err)));
    return;
  }
  route();
}

function closeAllDialogs() {
  for (const stale of $$(".modal")) closeDialog(stale, false);
}

function route() {
  $("#lang").textContent = t("lang");
  $("#brand").textContent = t("title");
  document.title = t("title");
  const { table, token } = parseHash();
  if (!table && (location.pathname === "/workshop" || location.pathname === "/library")) {
    closeAllDialogs();
    if (S.socket) S.socket.close();
    S.socket = null;
    S.tableId = null;
    if (location.pathname === "/library") renderLibrary();
    else renderWorkshop();
    return;
  }
  if (!table) {
    closeAllDialogs();
    S.chosen = null;
    placeChosen(null);
    if (S.socket) S.socket.close();
    S.socket = null;
    S.tableId = null;
    const skip = $("#skip-links");
    if (skip) skip.remove();
    renderHome();
    return;
  }
  if (table !== S.tableId || token !== S.token) {
    closeAllDialogs();
    if (S.socket) S.socket.close();
    S.tableId = table;
    S.token = token;
    S.view = null;
    S.shown = null;
    S.boardKey = null;
    S.dismissedEnd = false;
    S.mode = null;
    loadMine();
    renderTableShell();
    S.socket = new TableSocket(table, token, {
      onState: (you, view) => {
        S.you = you;
        setView(view, true);
      },
      onUpdate: (msg) => onUpdate(msg),
      onContinued: (msg) => followCampaign(msg.table),
      onKeep: (msg) => onKeep(msg),
      onError: (msg) => toast(errorText(msg), "error"),
      onStatus: (ok) => {
        S.online = ok;
        showConn();
      },
      onFatal: (code) => {
        app.replaceChildren(h("p", { class: "error" }, t(code === 4404 ? "errors.no_table" : "errors.bad_token")), h("a", { href: "#" }, t("backHome")));
      },
    });
  } else {
    renderTableShell();
    showConn();
    if (S.view) {
      setView(S.view, false);
      renderLog(true); // the shell was rebuilt in the other language: the log comes back whole
    }
  }
}

function showConn() {
  const badge = $("#conn");
  if (!badge) return;
  badge.textContent = S.online ? t("connected") : t("offline");
  badge.className = S.online ? "conn ok" : "conn off";
}

// --- the table ---------------------------------------------------------------------------------------------

function renderTableShell() {
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
function showTrackers(v) {
  const panel = trackersPanel(v);
  const old = $("#chapter-trackers");
  if (old) old.replaceWith(...(panel ? [panel] : []));
  else if (panel) $("#objective-line").after(panel);
}

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

function surgeLine(v) {
  const surge = (v.encounter_up && v.encounter_up.surge) || [];
  if (!surge.length) return h("p", {}, t("noSurge"));
  return h("p", { id: "surge" }, t("surgeIs", { list: surge.map((s) => `${s.count} × ${tx(s.name)}`).join(", ") }));
}

function setView(view, full) {
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

function onUpdate(msg) {
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

function applyUpdate(msg) {
  if (!S.view || msg.version <= S.view.version) return;
  if (msg.version !== S.view.version + 1) {
    S.socket.send({ type: "sync" });
    return;
  }
  // the log: an undo drops the undone events; an action appends its own
  const keep = msg.first_event - S.logFirst;
  if (keep < 0) {
    S.socket.send({ type: "sync" });
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
  const geometry = await http("GET", `/api/tables/${encodeURIComponent(S.tableId)}/board`);
  const first = !S.board.geometry;
  S.board.setGeometry(geometry);
  S.board.draw(S.view, litFor(S.view));
  renderDecision(S.view); // option labels name spaces by their tile, known now
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
function revealActing(v) {
  const who = v.turn ? v.turn.mouse : v.decision ? v.decision.actor : null;
  if (!who) return;
  if (S.revealed === `${who}:${v.round}` && S.board.inView(who)) return;
  S.revealed = `${who}:${v.round}`;
  S.board.reveal(who);
}

function botOf(view, heroId) {
  const hero = view.heroes.find((x) => x.id === heroId);
  return hero ? hero.bot : null;
}

function mine(view) {
  const d = view.decision;
  if (!d || !S.you || S.you.role === "spectator") return false;
  if (botOf(view, d.actor)) return false; // the server's bot answers its own mice
  if (S.you.role === "host") return true;
  if (view.heroes.some((x) => x.id === d.actor)) return S.you.heroes.includes(d.actor);
  return true; // a party decision: each option names its mouse; filtered below
}

function myOptions(view) {
  if (!mine(view)) return [];
  const d = view.decision;
  return d.options.filter((o) => {
    if (S.you.role === "host") return true;
    if (view.heroes.some((x) => x.id === d.actor)) return true;
    const who = o.split(" ")[1];
    return S.you.heroes.includes(who) || !view.heroes.some((x) => x.id === who);
  });
}

function isSpace(arg) {
  return /^\d+:\d+$/.test(arg);
}

// Placing a party item is its own mode (never a side effect of a move click).
function isPlacing(view, option) {
  return Boolean(view.decision && view.decision.confirm && view.decision.confirm[option] === "place_item");
}

function boardOptions(view) {
  const all = myOptions(view);
  if (S.mode && S.mode.kind === "place") return all.filter((o) => isPlacing(view, o) && o.split(" ")[2] === S.mode.token);
  return all.filter((o) => !isPlacing(view, o));
}

// Which spaces and figures to light: the arguments of my options that name one.
function litFor(view) {
  const spaces = new Set();
  const figures = new Set();
  const figureIds = new Set([...view.heroes.map((x) => x.id), ...view.minions.map((m) => m.id)]);
  for (const o of boardOptions(view)) {
    const [, actor, ...args] = o.split(" ");
    for (const a of args) {
      if (isSpace(a)) spaces.add(a);
      else if (figureIds.has(a) && a !== actor) figures.add(a);
    }
  }
  return { spaces, figures };
}

// Choosers and confirmations belong to one decision: close them when it is answered or replaced.
function closeStale(version) {
  for (const box of $$(".modal[data-version]")) {
    if (Number(box.dataset.version) !== version) closeDialog(box, false);
  }
}

function render() {
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

function hourglassIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 10 14");
  svg.setAttribute("width", "10");
  svg.setAttribute("height", "14");
  svg.setAttribute("class", "hourglass-icon");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", "M1,1 H9 L5,7 L9,13 H1 L5,7 Z");
  path.setAttribute("fill", "#f2c40f");
  path.setAttribute("stroke", "#fff");
  svg.appendChild(path);
  return svg;
}

function renderTracks(v) {
  const pages = [];
  for (let p = 1; p <= v.chapter.track_pages; p++) {
    const cls = ["page"];
    if (p === v.hourglass) cls.push("hourglass");
    if (p === v.end_page) cls.push("end");
    pages.push(
      h(
        "li",
        { class: cls.join(" "), title: p === v.end_page ? t("endMarker") : "" },
        p === v.hourglass ? hourglassIcon() : String(p),
      ),
    );
  }
  const wheel = [];
  for (let i = 0; i < 6; i++) wheel.push(h("li", { class: i < v.wheel ? "cheese on" : "cheese" }));
  // [EXP] Nightfall: the moon fills the wheel's last place until the next surge (docs/rulings.md R-EXP-11)
  const moon = (v.legend || []).find((item) => item.kind === "moon");
  if (moon) wheel[5] = h("li", { class: "cheese moon", title: `${tx(moon.name)}: ${tx(moon.text)}`, "aria-label": tx(moon.name) }, swatch("moon", 16));
  $("#tracks").replaceChildren(
    h("div", { class: "track-box" }, h("span", { class: "label" }, `${t("round")} `), h("b", { id: "round" }, v.round)),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("hourglass")),
      h("ol", { class: "chapter-track", id: "chapter-track" }, pages),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, `${t("wheel")} ${v.wheel}/6`),
      h("ol", { class: "wheel", id: "wheel", "data-cheese": v.wheel }, wheel),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("stash")),
      h(
        "span",
        { id: "stash" },
        v.stash.length
          ? v.stash.flatMap((tk, i) => {
              const name = tx((v.stash_names && v.stash_names[tk]) || tk);
              const card = v.stash_cards && v.stash_cards[tk];
              const item = card ? h("button", { type: "button", class: "link card-link stash-item", "data-token": tk, onclick: () => showCard(card) }, name) : name;
              return i ? [", ", item] : [item];
            })
          : t("none"),
      ),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("encounter")),
      h("span", {}, v.encounter_up ? tx(v.encounter_up.name) : t("none")),
      v.encounter_up ? h("small", { class: "surge-words" }, ` · ${surgeLine(v).textContent}`) : null,
      h("small", {}, ` · ${t("decks", { s: v.decks.search, e: v.decks.encounter })}`),
    ),
    ...[weatherBox(v)].filter(Boolean),
  );
}

// [EXP] The legend of the expansion's markers on this board now: glyph, name and what it does (mnm.presentation.info's words).
function renderLegend(v) {
  const box = $("#legend");
  const base = baseLegendRows(v, S.board && S.board.geometry, placeName).map((r) => ({ ...r, base: true }));
  const rows = [...base, ...legendRows(v)].map((r) =>
    r.kind === "feature" ? { ...r, text: t("featureText") } : { ...r, text: plain(r.text, detailsDefault(v)) },
  );
  box.hidden = rows.length === 0;
  box.replaceChildren(
    h("h3", { id: "legend-title" }, t("legend")),
    h("ul", { class: "legend-list" }, rows.map((r) => h("li", { "data-kind": r.kind, "data-base": r.base ? "1" : null }, r.letter ? featureSwatch(r.letter) : swatch(r.kind), h("span", {}, h("b", {}, r.name), `: ${r.text}`)))),
  );
}

function featureSwatch(letter) {
  const box = swatch("feature");
  const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
  text.setAttribute("y", "4");
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("class", "glyph-letter dark");
  text.textContent = letter;
  box.appendChild(text);
  return box;
}

// [EXP] Rain and Nightfall, when on: a box of the tracks bar with the legend's words.
function weatherBox(v) {
  const on = (v.legend || []).filter((item) => item.kind === "rain" || item.kind === "moon");
  if (!on.length) return null;
  return h(
    "div",
    { class: "track-box weather", id: "weather" },
    h("span", { class: "label" }, t("weather")),
    ...on.map((item) => h("span", { class: "weather-item", "data-kind": item.kind, title: tx(item.text) }, swatch(item.kind, 20), h("b", {}, tx(item.name)))),
  );
}

function renderInitiative(v) {
  $("#initiative").replaceChildren(
    h("h3", {}, t("initiative")),
    h(
      "ol",
      { class: "initiative", id: "track" },
      v.track.map((c) => h("li", { class: c.card === v.acting ? "now" : "", "data-card": c.card }, tx(c.name))),
    ),
  );
}

function figureName(v, id) {
  const hero = v.heroes.find((x) => x.id === id);
  if (hero) return tx(hero.name);
  const m = v.minions.find((x) => x.id === id);
  if (m) return tx(m.name);
  return id;
}

function cardOf(v, id) {
  const d = v.decision;
  if (d && d.cards && d.cards[id]) return d.cards[id];
  const base = id.split("/")[0];
  for (const hero of v.heroes) {
    for (const c of [...hero.equipped, ...hero.pack, ...hero.tricks, ...hero.abilities, ...hero.innate]) {
      if (c.inst === id || c.id === id || c.id === base) return c;
    }
  }
  for (const c of v.party_cards) if (c.id === base) return c;
  return null;
}

function spaceWord(a) {
  const sp = S.board && S.board.geometry && S.board.geometry.spaces[a];
  if (!sp) return a;
  const side = S.board.geometry.sides && S.board.geometry.sides[String(sp.side)];
  return `${side ? tx(side) : sp.side} ${sp.n}`;
}

function optionLabel(v, option) {
  const [verb, actor, ...args] = option.split(" ");
  const d = v.decision;
  const who = v.heroes.some((x) => x.id === actor) ? `${figureName(v, actor)}: ` : "";
  const dest = d && d.explore && d.explore[option];
  if (verb === "explore" && dest) {
    const text = t("exploreTo", { via: t(`exploreVia.${dest.via}`), to: tx(dest.to) });
    return `${who}${text}${dest.explored ? ` (${t("exploredAlready")})` : ""}`;
  }
  const words = args.map((a) => {
    if (isSpace(a)) return spaceWord(a);
    if (v.heroes.some((x) => x.id === a) || v.minions.some((m) => m.id === a)) return figureName(v, a);
    if (v.stash_names && v.stash_names[a]) return tx(v.stash_names[a]);
    const named = d && d.names && d.names[a];
    if (named) return tx(named);
    const card = cardOf(v, a);
    return card ? tx(card.name) : a;
  });
  // a chapter action or a story choice: the chapter file's own words are the label (issue 30)
  if (verb === "act" || (verb === "choose" && d && d.kind === "story_choice")) return `${who}${words.join(" ")}`;
  if (verb === "levelup" && d && d.prices && d.prices[option] !== undefined) {
    return `${who}${t("verbs.levelup")} ${words.join(" ")} · ${t("levelPrice", { n: d.prices[option] })}`;
  }
  if (verb === "place" && args.length === 2 && isSpace(args[1])) return `${who}${t("verbs.place")} ${words[0]} ${t("onSpace")} ${words[1]}`;
  return `${who}${t(`verbs.${verb}`)} ${words.join(" ")}`.trim();
}

// An option button: its label, and the text and numbers of the card it names, visible without hover.
function optionButton(v, option, onclick) {
  const [verb, , ...args] = option.split(" ");
  const found = args.map((a) => cardOf(v, a)).find((c) => c && c.text);
  // a level-up button says what the card costs to use apart from the price of the level (issue 25)
  const card = found && verb === "levelup" && found.cost !== undefined && found.cost !== null ? { ...found, cost: undefined, useCost: found.cost } : found;
  return h(
    "button",
    { type: "button", class: `option${card ? " with-card" : ""}`, "data-action": option, onclick },
    h("span", { class: "option-label" }, optionLabel(v, option)),
    moveCost(v, option),
    optionEffect(v, option),
    card ? cardSummary(card) : null,
  );
}

// Issue 45: what a choice gives or costs, and what the space a move goes to will do, in words.
function optionEffect(v, option) {
  const [verb, actor, ...args] = option.split(" ");
  const d = v.decision || {};
  const words = [];
  if (verb === "discard" && d.kind === "found_card") words.push(t("effTrade"));
  if (verb === "search") words.push(t("effSearch"));
  if (verb === "scurry") words.push(t("effScurry"));
  if (verb === "move" && isSpace(args[0] || "")) {
    const g = S.board && S.board.geometry;
    const sp = g && g.spaces[args[0]];
    const hero = v.heroes.find((x) => x.id === actor);
    const from = g && hero && hero.space ? g.spaces[hero.space] : null;
    if (from && from.water && !(sp && sp.water)) words.push(t("effClimbOut"));
    if (sp && sp.water) words.push(sp.drift ? t("effWaterDrift") : t("effWater"));
    if ((v.traps || []).includes(args[0])) words.push(t("effTrap"));
    if (v.minions.some((m) => m.space === args[0])) words.push(t("effMinionStop"));
  }
  if (!words.length) return null;
  return h("span", { class: "option-effect" }, ` · ${words.join(" · ")}`);
}

// Issue 45: what the turn cannot offer now, and why (an ability too dear, moves barred by a minion on the space).
function missingChoices(v, options) {
  const d = v.decision;
  const out = [];
  if (!d || d.kind !== "turn") return out;
  const hero = v.heroes.find((x) => x.id === d.actor);
  if (!hero) return out;
  const named = new Set(options.flatMap((o) => o.split(" ").slice(2)));
  for (const a of hero.abilities) {
    if (a.cost === undefined || a.cost === null || named.has(a.id) || a.cost <= hero.cheese) continue;
    out.push(
      h(
        "button",
        { type: "button", class: "option unaffordable", disabled: true, "data-ability": a.id },
        h("span", { class: "option-label" }, `${figureName(v, hero.id)}: ${t("verbs.ability")} ${tx(a.name)}`),
        h("span", { class: "option-effect" }, ` · ${t("effNeedsCheese", { n: a.cost, has: hero.cheese })}`),
      ),
    );
  }
  const moves = options.some((o) => o.startsWith("move "));
  const turn = v.turn;
  if (!moves && turn && turn.mouse === hero.id && turn.rolled && turn.move_points > 0) {
    const rats = v.minions.filter((m) => m.space === hero.space).length;
    const mice = v.heroes.filter((x) => x.space === hero.space && !x.captured).length;
    if (rats > mice) out.push(h("p", { class: "why-missing", id: "why-no-move" }, t("whyNoMoveMinions", { who: figureName(v, hero.id) })));
  }
  return out;
}

// issue 32: what a move spends of the turn's movement (water and yellow lines cost more, R-MOVE)
function moveCost(v, option) {
  const cost = v.decision && v.decision.move_costs ? v.decision.move_costs[option] : undefined;
  if (cost === undefined) return null;
  return h("span", { class: "move-cost", "data-cost": cost }, ` · ${t("moveCost", { n: cost, left: v.turn ? v.turn.move_points : "?" })}`);
}

// The decisions that ask which card came up from the box's own cards (options box_search_deck, box_encounter_deck,
// box_initiative)
const BOX_CARD_KINDS = ["box_search_card", "box_encounter_card", "box_initiative"];

// A select of the cards still in the deck (by name, in the player's language) and a button that sends the one chosen.
function boxCardPicker(v, options) {
  const names = (v.decision && v.decision.names) || {};
  const named = options.map((o) => {
    const card = o.split(" ")[2] || "";
    return { option: o, name: names[card] ? tx(names[card]) : card };
  });
  named.sort((a, b) => a.name.localeCompare(b.name));
  const select = h(
    "select",
    { id: "box-card", "aria-describedby": "decision-help" },
    named.map((n) => h("option", { value: n.option }, n.name)),
  );
  return h(
    "div",
    { class: "box-card" },
    h("label", { for: "box-card" }, `${t("boxCardLabel", { n: options.length })} `),
    select,
    " ",
    h("button", { type: "button", id: "box-card-send", class: "option", onclick: () => choose(select.value) }, t("boxCardSend")),
  );
}

function renderDecision(v) {
  const box = $("#decision");
  if (!box) return;
  const d = v.decision;
  const parts = [h("h3", { id: "decision-title", tabindex: -1 }, t("decisions"))];
  if (isPlaying() || !d) placeChosen(null);
  if (isPlaying()) {
    box.replaceChildren(...parts);
    return;
  }
  if (!d) {
    // issue 34: the server ended a table of bots whose chapter did not end within its budget of rounds
    if (v.stopped) parts.push(h("p", { class: "stopped", id: "stopped", role: "status" }, tx(v.stopped.text)));
    box.replaceChildren(...parts);
    return;
  }
  const options = myOptions(v);
  const actorName = figureName(v, d.actor);
  const kind = t(`kinds.${d.kind}`);
  parts.push(h("p", { class: "prompt", id: "prompt" }, `${actorName} · ${kind.startsWith("kinds.") ? d.kind.replace(/_/g, " ") : kind}`));
  // issue 25: what is asked, and what the choice means, in one sentence each
  const question = d.question ? tx(d.question) : "";
  const help = d.help ? tx(d.help) : "";
  if (question || help) parts.push(h("p", { class: "decision-help", id: "decision-help" }, question ? h("b", {}, `${plain(question, detailsDefault(v))} `) : null, plain(help, detailsDefault(v))));
  if (!options.length) {
    const owner = v.heroes.find((x) => x.id === d.actor);
    if (owner && owner.bot) {
      parts.push(h("p", { class: "waiting bot-thinking", id: "waiting", role: "status" }, t("botThinking", { who: actorName })));
    } else {
      const seatName = owner && owner.seat !== null ? `${t("seat")} ${owner.seat + 1}` : "";
      const who = seatName ? `${actorName} (${seatName})` : actorName;
      parts.push(h("p", { class: "waiting", id: "waiting", role: "status" }, t("waitingFor", { who })));
    }
  } else {
    if (S.dice) {
      // dice are being typed for an option already chosen: nothing else is live until they are sent
      parts.push(h("p", { class: "waiting", id: "dice-pending" }, t("dicePending")));
      box.replaceChildren(...parts);
      return;
    }
    const placing = options.filter((o) => isPlacing(v, o));
    const moves = options.filter((o) => o.startsWith("move ") && isSpace(o.split(" ")[2] || ""));
    const rest = options.filter((o) => !placing.includes(o) && !moves.includes(o));
    if (S.mode && S.mode.kind === "place") {
      const what = tx((v.stash_names && v.stash_names[S.mode.token]) || S.mode.token);
      parts.push(h("p", { class: "mode", id: "place-mode", role: "status" }, t("placeModeOn", { what })));
      parts.push(h("button", { type: "button", id: "place-cancel", onclick: () => ((S.mode = null), render()) }, t("placeCancel")));
    }
    if (moves.length) {
      parts.push(
        h(
          "details",
          { class: "moves" },
          h("summary", {}, `${t("verbs.move")}… (${moves.length})`),
          h("div", { class: "options" }, moves.map((o) => optionButton(v, o, () => send(o)))),
        ),
      );
    }
    if (BOX_CARD_KINDS.includes(d.kind)) {
      // issue 25: a card drawn from the box's own deck, named from a list of the cards still in it
      parts.push(boxCardPicker(v, rest));
      rest.length = 0;
    }
    const buttons = rest.map((o) => optionButton(v, o, () => choose(o)));
    // party items: one button per item opens the placing mode; the board then lights only where it can go
    const tokens = [...new Set(placing.map((o) => o.split(" ")[2]))];
    for (const token of tokens) {
      const what = tx((v.stash_names && v.stash_names[token]) || token);
      const only = placing.filter((o) => o.split(" ")[2] === token);
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "option place-item",
            "data-place": token,
            onclick: () => {
              if (only.length === 1 && !isSpace(only[0].split(" ")[3] || "")) choose(only[0]);
              else {
                S.mode = { kind: "place", token };
                render();
              }
            },
          },
          t("placeMode", { what }),
        ),
      );
    }
    parts.push(h("div", { class: "options" }, buttons, ...missingChoices(v, options)));
    if (d.explore_missing) {
      const m = d.explore_missing;
      const params = { ...m.params };
      if (params.hero) params.hero = figureName(v, params.hero);
      // a chapter rule that blocks is named in the chapter's words (issue 25)
      const why = m.text ? tx(m.text) : t(`exploreMissing.${m.code}`, params);
      parts.push(h("details", { class: "why-explore", id: "why-explore" }, h("summary", {}, t("whyNoExplore")), h("p", { "data-code": m.code }, why)));
    }
    // below the buttons, so news never pushes the choices out of view (issue 25, item 7)
    if (d.kind === "turn" || d.kind === "before_turn") {
      const since = sinceLastTurn();
      if (since) parts.push(since);
    }
    // which card came up from the box is not a choice to advise on
    if (!BOX_CARD_KINDS.includes(d.kind)) parts.push(renderHints(v));
  }
  if (S.you.role !== "spectator") {
    parts.push(
      h(
        "button",
        { type: "button", id: "undo", class: "undo", disabled: !mayUndo(v), title: mayUndo(v) ? "" : t("undoNo", { why: undoWhy(v) }), onclick: undo },
        `↶ ${t("undo")}`,
      ),
    );
  }
  const hadFocus = box.contains(document.activeElement) || S.keepFocus;
  box.replaceChildren(...parts);
  placeChosen(v);
  if (hadFocus) {
    // focus stays in the panel after an action (also when the button pressed is gone): on the first choice
    firstChoice().focus();
  }
}

// The first choice a keyboard can reach (the confirmation, else the first visible option), else the title.
function firstChoice() {
  const shown = $$("#confirm-choice, #decision button.option").filter((b) => !b.closest("details:not([open])") && b.getClientRects().length > 0);
  return shown[0] || $("#decision-title");
}

// A seat may take back only its own mice's actions (the host any, and a bot's answer goes with its seat's).
function mayUndo(v) {
  if (!v.can_undo || !S.you || S.you.role === "spectator") return false;
  if (S.you.role === "host") return true;
  const actor = v.undo_actor;
  if (!actor || !v.heroes.some((x) => x.id === actor)) return true;
  return S.you.heroes.includes(actor) || Boolean(botOf(v, actor));
}

function undoWhy(v) {
  if (!v.can_undo) return nameIds(v, v.undo_reason || "");
  return t("undoOthers", { who: figureName(v, v.undo_actor) });
}

// An engine sentence may name a figure by id: say its name.
function nameIds(v, text) {
  let out = text;
  for (const x of [...v.heroes, ...v.minions]) out = out.replace(new RegExp(`\\b${x.id}\\b`, "g"), figureName(v, x.id));
  return out;
}

// issue 25, item 4: a board pick waits for a confirmation (Confirm, or the same place again)
function chosenBar(v) {
  const c = S.chosen;
  const label = c.options.length === 1 ? optionLabel(v, c.options[0]) : spaceWordOrName(v, c.target);
  const where = c.space || c.target;
  const figures = [...v.heroes.filter((x) => x.space === where && !x.captured), ...v.minions.filter((m) => m.space === where)];
  return h(
    "div",
    { class: "chosen", id: "chosen", role: "status" },
    h("p", {}, h("b", {}, t("chosen", { what: label }))),
    h("p", { class: "hint-line" }, t("confirmHint")),
    h(
      "div",
      { class: "chosen-buttons" },
      h("button", { type: "button", class: "primary", id: "confirm-choice", onclick: () => confirmChosen() }, t("confirmChoice")),
      h("button", { type: "button", id: "cancel-choice", onclick: () => clearChosen() }, t("cancelChoice")),
      ...figures.map((f) => h("button", { type: "button", class: "link figure-card", onclick: () => showFigure(f.id) }, t("showCardOf", { name: figureName(v, f.id) }))),
    ),
  );
}

// Issue 45: the confirmation floats next to what was tapped (fixed to the window, kept inside it), so neither a
// phone's layout (the choices below the board) nor the choices panel's own scrolling can put it out of view.
function placeChosen(v) {
  const old = $("#chosen");
  const c = S.chosen;
  if (!v || !c || c.version !== v.version || !myOptions(v).length) {
    if (old) old.remove();
    return;
  }
  const bar = chosenBar(v);
  bar.classList.add("chosen-pop");
  if (old) old.replaceWith(bar);
  else document.body.appendChild(bar);
  positionChosen();
}

function positionChosen() {
  const bar = $("#chosen");
  const c = S.chosen;
  if (!bar || !c || !S.board || !S.board.svg) return;
  const anchor =
    (c.space && S.board.svg.querySelector(`path.space[data-space="${CSS.escape(c.space)}"]`)) ||
    S.board.svg.querySelector(`[data-figure="${CSS.escape(c.target)}"]`) ||
    S.board.svg.querySelector(`path.space[data-space="${CSS.escape(c.target)}"]`);
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const w = bar.offsetWidth;
  const ht = bar.offsetHeight;
  const r = anchor ? anchor.getBoundingClientRect() : { left: vw / 2, right: vw / 2, top: vh / 2, bottom: vh / 2, width: 0 };
  const clamp = (x, lo, hi) => Math.max(lo, Math.min(x, hi));
  const left = clamp(r.left + r.width / 2 - w / 2, 8, Math.max(8, vw - w - 8));
  let top = r.bottom + 8;
  if (top + ht > vh - 8) top = r.top - ht - 8;
  top = clamp(top, 8, Math.max(8, vh - ht - 8));
  bar.style.left = `${Math.round(left)}px`;
  bar.style.top = `${Math.round(top)}px`;
}

window.addEventListener("scroll", positionChosen, { passive: true, capture: true });
window.addEventListener("resize", positionChosen);

function spaceWordOrName(v, id) {
  return isSpace(id) ? spaceWord(id) : figureName(v, id);
}

function choosePending(target, options, space) {
  S.chosen = { version: S.view.version, target, options, space };
  S.board.choose(space);
  renderDecision(S.view);
  const yes = $("#confirm-choice");
  if (yes && !(S.board.container.contains(document.activeElement))) yes.focus();
}

function clearChosen() {
  S.chosen = null;
  if (S.board) S.board.choose(null);
  if (S.view) renderDecision(S.view);
}

function confirmChosen() {
  const c = S.chosen;
  if (!c || c.version !== S.view.version) return clearChosen();
  S.chosen = null;
  S.board.choose(null);
  placeChosen(null);
  if (c.options.length === 1) {
    choose(c.options[0]);
    return;
  }
  pickAmong(S.view, c.options);
}

// the options measured enough to show (issue 44): a chance on 100 playouts or more; the others are not ranked
function measuredHints(list) {
  return (list || []).filter((x) => x.playouts >= 100 && x.chance != null);
}

// the hint panel (TEAM.md contract 3): a chance only from 100 playouts on, with its interval; options whose
// intervals overlap are "about equal" (unless the reason already says they are even)
function renderHints(v) {
  const hs = S.hints && S.hints.version === v.version ? S.hints : null;
  const box = h("div", { class: "hints", id: "hints", "aria-live": "polite" });
  if (!hs) {
    box.appendChild(h("button", { type: "button", id: "hint-button", class: "hint-button", onclick: askHints }, `? ${t("hint")}`));
  } else if (hs.loading) {
    box.appendChild(h("p", { class: "waiting" }, t("hintThinking")));
  } else if (!measuredHints(hs.list).length && hs.list.length) {
    // issue 44: no option reached the minimum playouts (a busy machine): say so plainly, rank nothing
    box.appendChild(h("p", { class: "waiting" }, t("hintNotEnough")));
    box.appendChild(h("button", { type: "button", id: "hint-button", class: "hint-button", onclick: askHints }, `? ${t("hintAgain")}`));
  } else {
    box.appendChild(h("h4", {}, t("hintTitle")));
    const groups = new Map();
    const list = measuredHints(hs.list); // issue 44: never an option measured on fewer than 100 playouts
    for (const hint of list) if (hint.group != null) groups.set(hint.group, (groups.get(hint.group) || 0) + 1);
    for (const hint of list) {
      const chance = hint.chance ?? hint.win_chance;
      const pct = (x) => Math.round(x * 100);
      let line;
      if (hint.playouts < 100 || chance === undefined) line = t("hintFew", { n: hint.playouts });
      else if (hint.low !== undefined && hint.high !== undefined) line = `${t("hintInterval", { c: pct(chance), lo: pct(hint.low), hi: pct(hint.high) })} · ${hint.playouts} ${t("playouts")}`;
      else line = `${pct(chance)}% · ${hint.playouts} ${t("playouts")}`;
      // the server's reason says "Even with ..." itself (hint.even): one wording, not both
      const equal = hint.group != null && groups.get(hint.group) > 1 && !hint.even;
      // issue 44: a player's words on the button ("about 1 in 2 to win; could be 2 in 5 to 3 in 5"), the numbers
      // and the reason behind a "details" fold
      box.appendChild(
        h(
          "button",
          { type: "button", class: "option hint", "data-action": hint.action, onclick: () => choose(hint.action) },
          h("strong", {}, optionLabel(v, hint.action)),
          h("span", { class: "chance" }, ` ${hint.words || line}`),
          equal ? h("span", { class: "equal" }, ` · ${t("aboutEqual")}`) : null,
        ),
      );
      box.appendChild(
        h(
          "details",
          { class: "hint-details" },
          h("summary", {}, t("hintDetails")),
          h("small", { class: "numbers" }, line),
          hint.reason ? h("small", { class: "reason" }, ` ${hint.reason}`) : null,
        ),
      );
    }
  }
  return box;
}

async function askHints() {
  const v = S.view;
  if (!v) return;
  S.hints = { version: v.version, loading: true };
  renderDecision(v);
  try {
    const got = await http("GET", `/api/tables/${encodeURIComponent(S.tableId)}/hints?lang=${lang()}`, undefined, S.token);
    S.hints = { version: got.version, list: got.hints, status: got.status };
  } catch (err) {
    S.hints = null;
    toast(errorText(err), "error");
  }
  if (S.view) renderDecision(S.view);
}

// A board click, tap or Enter: a lit space or figure picks; anything else shows what it is.
// issue 32: why a space the mouse to play cannot move to is out of reach (the spaces it can reach are lit)
function outOfReach(v, id) {
  const turn = v.turn;
  const hero = turn && v.heroes.find((x) => x.id === turn.mouse);
  if (!hero || !v.decision || v.decision.kind !== "turn" || hero.space === id) return t("notYourChoice");
  const who = tx(hero.name);
  if (!turn.rolled) return t("reachNotRolled", { who });
  if (!turn.move_points) return t("reachNoMove", { who });
  return t("reachTooFar", { who, left: turn.move_points });
}

function activate(kind, id, lit, at) {
  const v = S.view;
  if (!v || isPlaying()) return;
  const naming = (target) =>
    boardOptions(v).filter((o) => {
      const [, actor, ...args] = o.split(" ");
      return args.includes(target) && actor !== target;
    });
  let options;
  let space = id;
  if (kind === "figure") {
    // a figure is a target itself (lit), and also stands on a space that may be one: both are offered, and its
    // card stays one button away in the confirmation (issue 25)
    const spaceLit = at && S.board.svg.querySelector(`path.space.lit[data-space="${CSS.escape(at)}"]`);
    if (!lit && !spaceLit) {
      showFigure(id);
      return;
    }
    options = [...new Set([...(lit ? naming(id) : []), ...(spaceLit ? naming(at) : [])])];
    space = spaceLit ? at : null;
  } else {
    if (!lit) {
      if (S.chosen) clearChosen();
      showSpace(id, mine(v) ? outOfReach(v, id) : null);
      return;
    }
    options = naming(id);
  }
  if (!options.length) {
    if (kind === "figure") showFigure(id);
    else showSpace(id, t("notYourChoice"));
    return;
  }
  // a second click on what is already chosen (the figure, or its space) confirms it; a first one only chooses
  const c = S.chosen;
  if (c && c.version === v.version && (c.target === id || (kind === "space" && c.space === id))) {
    confirmChosen();
    return;
  }
  choosePending(id, options, space);
}

// several options name one target (e.g. battle with either weapon): ask which, in a dialog tied to this decision
function pickAmong(v, options) {
  const box = openDialog({
    id: "chooser",
    title: t("pickOne"),
    className: "chooser",
    closeLabel: t("cancel"),
    body: [h("div", { class: "options" }, options.map((o) => optionButton(v, o, () => (closeDialog(box), choose(o)))))],
  });
  box.dataset.version = String(v.version);
}

// Irreversible and unusual actions ask first (flipping back to a side already explored, placing an item).
function choose(option) {
  const v = S.view;
  const why = v && v.decision && v.decision.confirm && v.decision.confirm[option];
  if (!why) {
    send(option);
    return;
  }
  const dest = v.decision.explore && v.decision.explore[option];
  const token = option.split(" ")[2];
  const what = tx((v.stash_names && v.stash_names[token]) || token);
  const box = openDialog({
    id: "confirm",
    title: t("confirmTitle"),
    closeLabel: t("cancel"),
    body: [h("p", {}, optionLabel(v, option)), h("p", {}, t(`confirmKind.${why}`, { what, to: dest ? tx(dest.to) : "" }))],
    buttons: [h("button", { type: "button", class: "danger", id: "confirm-yes", onclick: () => (closeDialog(box), send(option)) }, t("confirm"))],
  });
  box.dataset.version = String(v.version);
}

async function send(action, dice) {
  if (!S.view) return;
  S.keepFocus = $("#decision").contains(document.activeElement) || S.keepFocus;
  const reply = await S.socket.request({ type: "action", action, version: S.view.version, dice });
  if (reply.type === "error") {
    if (reply.error === "need_dice") {
      S.dice = { action, count: reply.count, purpose: reply.purpose, given: reply.given || [], picked: [], preview: reply.preview || [] };
      renderDice(send);
      renderDecision(S.view);
      drawPreview();
      const first = $("#dice button.face");
      if (first) first.focus();
      return;
    }
    toast(errorText(reply), "error");
    if (reply.error === "stale") S.socket.send({ type: "sync" });
    return;
  }
  S.mode = null;
  S.dice = null;
  renderDice(send);
  renderDecision(S.view);
}

// companion mode: the board shows what the faces typed so far did (figures moved, wounds taken)
function drawPreview() {
  if (!S.dice || !S.dice.preview.length) return;
  const shadow = JSON.parse(JSON.stringify(S.view));
  for (const ev of S.dice.preview) {
    const p = ev.params || {};
    if (ev.msg === "minion_moves" || ev.msg === "mouse_moves") {
      const f = shadow.minions.find((m) => m.id === (p.minion || p.hero)) || shadow.heroes.find((x) => x.id === p.hero);
      if (f) f.space = p.dst;
    } else if (ev.msg === "mouse_wounded") {
      const f = shadow.heroes.find((x) => x.id === p.hero);
      if (f && p.total !== undefined) f.wounds = Number(p.total);
    }
  }
  S.board.draw(shadow, NO_LIGHTS, {});
}

async function undo() {
  const reply = await S.socket.request({ type: "undo", version: S.view.version });
  if (reply.type === "error") toast(errorText(reply), "error");
}

function cardList(title, cards) {
  if (!cards.length) return null;
  return h(
    "div",
    { class: "cards" },
    h("small", {}, title),
    h(
      "ul",
      {},
      cards.map((c) =>
        h(
          "li",
          {},
          h("button", { type: "button", class: "link card-link", onclick: () => showCard(c) }, tx(c.name)),
          c.slot ? h("small", {}, ` (${t(`slots.${c.slot}`)})`) : null,
          // issue 32: a card this mouse may not wear says why (its class)
          c.cannot_equip ? h("small", { class: "cannot-equip" }, ` ${tx(c.cannot_equip)}`) : null,
        ),
      ),
    ),
  );
}

function renderHeroes(v) {
  $("#heroes").replaceChildren(
    ...v.heroes.map((hero) => {
      const acting = v.turn && v.turn.mouse === hero.id;
      const cls = ["hero-card", "card"];
      if (acting) cls.push("acting");
      if (S.you.heroes.includes(hero.id)) cls.push("mine");
      return h(
        "article",
        { class: cls.join(" "), "data-hero": hero.id },
        h(
          "h3",
          {},
          h("button", { type: "button", class: "link hero-link", onclick: () => showFigure(hero.id) }, tx(hero.name)),
          hero.seat !== null ? h("small", {}, ` · ${t("seat")} ${hero.seat + 1}`) : null,
          hero.bot ? h("small", { class: "tag bot" }, ` · ${t("bot")}: ${t(`botNames.${hero.bot}`)}`) : null,
          acting ? h("small", { class: "tag" }, ` ${t("acting")}`) : null,
          hero.captured ? h("small", { class: "tag" }, ` ${t("captured")}`) : null,
        ),
        h(
          "div",
          { class: "stats" },
          stat(t("battle"), hero.battle),
          stat(t("defense"), hero.defense),
          stat(t("lore"), hero.lore),
          stat(t("move"), hero.move),
          stat(t("wounds"), `${hero.wounds}/${hero.life}`),
          stat(t("cheese"), hero.cheese),
        ),
        hero.statuses.length ? h("p", { class: "statuses" }, hero.statuses.map((s) => t(`statuses.${s}`)).join(", ")) : null,
        cardList(t("equipped"), hero.equipped),
        cardList(t("pack"), [...hero.pack, ...hero.tricks]),
        cardList(t("abilities"), [...hero.innate, ...hero.abilities]),
        hero.achievements.length ? h("p", {}, `${t("achievements")}: ${hero.achievements.join(", ")}`) : null,
      );
    }),
  );
}

// one stat card per minion type in play: glyph, numbers, abilities in words, wounds per figure
function renderMinions(v) {
  const types = Object.values(v.minion_types || {});
  $("#minions").replaceChildren(
    ...types.map((type) => h("article", { class: "card minion-type", "data-type": type.id }, minionCard(type, v), h("button", { type: "button", class: "small", onclick: () => showMinionType(type.id) }, t("details")))),
  );
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

function renderEnd(v) {
  if (v.status === "playing" || S.dismissedEnd) return;
  S.dismissedEnd = true;
  endScreen(v);
}

// The end screen (issue 25): the story's ending, the result and the cause, a summary of the chapter, and the
// campaign's two ways on (next chapter, or replay), after a defeat too (rulebook 004 L378). Other panels (the
// dice check) append their own sections to the same card.
function endScreen(v) {
  const won = v.status === "won";
  const sum = v.summary || {};
  const body = [];
  if (sum.ending) body.push(h("p", { class: "story ending", id: "end-story" }, tx(sum.ending)));
  body.push(h("p", { class: "end-result" }, h("b", {}, won ? t("victory") : t("defeat")), " ", tx(won ? v.chapter.victory_text : v.chapter.defeat_text)));
  if (sum.cause) body.push(h("p", { class: "end-cause", id: "end-cause", "data-cause": sum.cause }, t(`endCause.${sum.cause}`)));
  body.push(endSummary(v, sum));
  const screen = openDialog({ id: "end-screen", title: won ? t("victory") : t("defeat"), className: `end ${won ? "won" : "lost"}`, body });
  screen.classList.add(won ? "won" : "lost");
  screen.querySelector(".card").append(diceCheckPanel(v, S.tableId) || "");
  if (S.you.role !== "spectator") ratingPanel(screen.querySelector(".card"), S.tableId, S.token); // issue 36
  if (S.you.role === "spectator" || !v.campaign) return;
  // R-CAMP: each mouse keeps one search card; the campaign goes on at a new table with the same seats. The choice
  // is the table's (issue 45): the seat owning the mouse (or the host) picks, every seat sees it change live.
  const keeps = h("div", { class: "keeps", id: "keeps" });
  for (const hero of v.heroes) {
    const cards = v.campaign.keepable[hero.id] || [];
    if (!cards.length) continue;
    const chosen = (v.campaign.keep || {})[hero.id] || "";
    const mayChoose = mayKeepFor(v, hero.id);
    const seatNo = (v.campaign.decides || {})[hero.id];
    keeps.appendChild(
      h(
        "label",
        { "data-hero": hero.id },
        `${tx(hero.name)}: `,
        h(
          "select",
          { "data-hero": hero.id, disabled: !mayChoose, onchange: (ev) => chooseKeep(hero.id, ev.target) },
          h("option", { value: "" }, t("keepNone")),
          cards.map((c) => h("option", { value: c.id, selected: c.id === chosen }, tx(c.name))),
        ),
        mayChoose ? null : h("small", { class: "keep-who" }, ` ${t("keepChosenBy", { n: seatNo === null || seatNo === undefined ? "?" : seatNo + 1 })}`),
      ),
    );
  }
  async function go(replay) {
    try {
      // the server carries the table's keep choices (the same on every seat)
      const made = await http("POST", `/api/tables/${encodeURIComponent(S.tableId)}/continue`, { replay }, S.token);
      followCampaign(made.table);
    } catch (err) {
      toast(errorText(err), "error");
    }
  }
  const card = screen.querySelector(".card");
  const next = v.campaign.next_chapter;
  const went = v.campaign.continued_to;
  // R-CAMP: any seated player may take the table on (issue 32); once someone has, the old table points on
  const section = went
    ? [h("p", { id: "went-on" }, t("campaignWentOn")), h("a", { href: tableHash(went), class: "button primary", id: "next-table-link" }, t("openNextTable"))]
    : [
        won || !next ? null : h("p", { class: "go-on", id: "go-on" }, t("defeatGoOn")),
        next ? null : h("p", { class: "go-on", id: "campaign-ends" }, t("noNextChapter")),
        keeps,
        keeps.childElementCount ? keepSummary(v) : null,
        next ? h("button", { type: "button", class: "primary", id: "next-chapter", onclick: () => go(false) }, t("nextChapter")) : null,
        h("button", { type: "button", id: "replay", onclick: () => go(true) }, t("replay")),
      ];
  card.insertBefore(
    h(
      "section",
      { class: "campaign", id: "campaign" },
      h("h3", {}, next ? t("campaign") : t("playAgainTitle")),
      ...section,
      h("button", { type: "button", class: "small", id: "campaign-sheet-open", onclick: () => showCampaignSheet() }, t("campaignSheet")),
    ),
    card.querySelector(".dialog-buttons"),
  );
}

// Issue 45: who picks the card a mouse keeps: the host, the seat owning it, any seat for a bot's mouse.
function mayKeepFor(v, heroId) {
  if (!S.you || S.you.role === "spectator") return false;
  if (S.you.role === "host" || S.you.heroes.includes(heroId)) return true;
  return Boolean(botOf(v, heroId));
}

// "Next chapter" says what goes with the party: the table's choices, the same on every seat.
function keepSummary(v) {
  const keep = (v.campaign && v.campaign.keep) || {};
  const parts = v.heroes
    .filter((hero) => (v.campaign.keepable[hero.id] || []).length)
    .map((hero) => {
      const card = (v.campaign.keepable[hero.id] || []).find((c) => c.id === keep[hero.id]);
      return `${tx(hero.name)}: ${card ? tx(card.name) : t("keepNothing")}`;
    });
  return h("p", { class: "keep-summary", id: "keep-summary", "aria-live": "polite" }, `${t("willKeep")}: ${parts.join("; ")}`);
}

async function chooseKeep(heroId, select) {
  const before = ((S.view.campaign || {}).keep || {})[heroId] || "";
  try {
    await http("POST", `/api/tables/${encodeURIComponent(S.tableId)}/keep`, { hero: heroId, card: select.value || null }, S.token);
  } catch (err) {
    select.value = before;
    toast(errorText(err), "error");
  }
}

// Another seat (or this one) changed what a mouse keeps: every open end screen shows it at once.
function onKeep(msg) {
  if (!S.view || !S.view.campaign) return;
  S.view.campaign.keep = msg.keep;
  for (const sel of $$("#end-screen .keeps select")) sel.value = msg.keep[sel.dataset.hero] || "";
  const old = $("#keep-summary");
  if (old) old.replaceWith(keepSummary(S.view));
}

// The hash of a table of this campaign, with this browser's own key (every seat keeps its token, R-CAMP).
function tableHash(table) {
  return S.token ? `#t=${encodeURIComponent(table)}&k=${encodeURIComponent(S.token)}` : `#t=${encodeURIComponent(table)}`;
}

// The campaign went on to ``table`` (this browser asked, or another seat did: the server says so to everyone at
// the old table): the host's share links carry over with the new table's id (the keys stay the same), and
// everyone is taken there.
function followCampaign(table) {
  const stored = localStorage.getItem(`mnm.links.${S.tableId}`);
  if (stored && !localStorage.getItem(`mnm.links.${table}`)) {
    const old = JSON.parse(stored);
    const moved = (link) => link.replace(`t=${S.tableId}`, `t=${table}`);
    localStorage.setItem(
      `mnm.links.${table}`,
      JSON.stringify({ host: moved(old.host), seats: old.seats.map(moved), spectator: moved(old.spectator) }),
    );
  }
  toast(t("campaignWentOn"));
  location.hash = tableHash(table);
}

// The campaign sheet (issue 32): the chapters played so far, each mouse with its abilities, items and
// achievements, and the party's story achievements.
function campaignSheet(v) {
  const sheet = v.campaign_sheet;
  if (!sheet) return h("p", {}, "");
  const status = (s) => t(`chapterStatus.${s}`);
  const names = (list) => list.map((x) => tx(x.name)).join(", ") || "—";
  return h(
    "div",
    { class: "campaign-sheet", id: "campaign-sheet-body" },
    h("h4", {}, t("sheetChapters")),
    h(
      "ul",
      { class: "sheet-chapters" },
      sheet.chapters.map((c) =>
        h("li", { "data-chapter": c.chapter, "data-status": c.status, class: c.current ? "current" : "" }, `${c.number ?? ""}. ${tx(c.name)}: ${status(c.status)}`),
      ),
    ),
    h("h4", {}, t("party")),
    h(
      "table",
      { class: "sheet-heroes" },
      h("thead", {}, h("tr", {}, [t("mouse"), t("abilities"), t("items"), t("achievements")].map((c) => h("th", { scope: "col" }, c)))),
      h(
        "tbody",
        {},
        v.heroes.map((hero) =>
          h(
            "tr",
            { "data-hero": hero.id },
            h("th", { scope: "row" }, tx(hero.name)),
            h("td", {}, names(hero.abilities)),
            h("td", {}, names([...hero.equipped, ...hero.pack, ...hero.tricks])),
            h("td", {}, (sheet.achievements[hero.id] || []).map((a) => (a.chapter !== null && a.chapter !== undefined ? `${tx(a)} (${t("chapterShort", { n: a.chapter })})` : tx(a))).join(", ") || "—"),
          ),
        ),
      ),
    ),
    h("h4", {}, t("storyAchievements")),
    h("p", { class: "sheet-story" }, sheet.story_achievements.map((a) => tx(a)).join(", ") || "—"),
  );
}

function showCampaignSheet() {
  if (!S.view) return;
  openDialog({ id: "campaign-sheet", title: t("campaignSheet"), body: [campaignSheet(S.view)] });
}

function endSummary(v, sum) {
  const deeds = sum.deeds || {};
  const cols = ["wounds", "captured", "rescued", "defeated", "found"];
  const names = { wounds: "sumWounds", captured: "sumCaptured", rescued: "sumRescued", defeated: "sumDefeated", found: "sumFound" };
  return h(
    "section",
    { class: "end-summary", id: "end-summary", tabindex: 0, "aria-label": t("summary") },
    h("h3", {}, t("summary")),
    h(
      "p",
      {},
      `${t("sumRounds")}: ${sum.rounds ?? v.round} · ${t("sumPages")}: ${sum.hourglass ?? v.hourglass}/${sum.end_page ?? v.end_page} · ${t("sumSurges")}: ${sum.surges ?? 0}`,
    ),
    h(
      "table",
      { class: "deeds" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("party")), cols.map((c) => h("th", { scope: "col" }, t(names[c]))))),
      h(
        "tbody",
        {},
        v.heroes.map((hero) => h("tr", { "data-hero": hero.id }, h("th", { scope: "row" }, tx(hero.name)), cols.map((c) => h("td", {}, String((deeds[hero.id] || {})[c] ?? 0))))),
      ),
    ),
  );
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

start();
