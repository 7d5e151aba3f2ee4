// @ts-check
// The event log (a polite live region beside the board, a drawer on phones), the stepped playback of the
// minion phase and of other seats' and bots' moves, and the "since your last turn" summary.

import { diePicture } from "./dice.js";
import { $, h } from "./dom.js";
import { t, tx } from "./i18n.js";
import { S } from "./state.js";
import { detailsDefault, detailsOn, plain } from "./words.js";

/** @typedef {import("./api_types").TableView} TableView */

const DELAYS = { instant: 0, normal: 900, slow: 1900 };
// events worth a pause of their own: something moved, rolled, was wounded, placed or defeated
const STEP_MSGS = new Set([
  "minion_moves", "minion_attacks", "minion_placed", "minion_defeated", "minion_defends", "mouse_defends",
  "mouse_wounded", "mouse_attacks", "mouse_moves", "wheel_cheese", "mouse_captured", "surge", "minion_card_turn",
]);
// what "since your last turn" lists
// (rescues and special surges too: "Nothing happened" after two rescues was wrong, issue 25)
const SUMMARY_MSGS = new Set([
  ...STEP_MSGS, "round_begins", "tile_flipped", "hourglass_moves", "card_found", "victory", "defeat", "mouse_rescued",
  "scaper_rescued", "captured_waits", "special_surge", "card_surge", "surge_no_minions", "explores_exit", "special_search",
  "party_item_found",
]);
// never skipped, however long the queue: what a watcher must see (issue 25: an all-bot table hid them)
const MUST_SHOW = new Set(["surge", "special_surge", "mouse_captured", "mouse_rescued", "victory", "defeat"]);
// events of the minions' own turn (a bot's action ends the mouse's turn and the minions play on)
const MINION_MSGS = new Set(["minion_moves", "minion_attacks", "minion_placed", "minion_card_turn", "wheel_cheese", "surge", "mouse_defends"]);

export function speed() {
  const v = localStorage.getItem("mnm.speed");
  return v in DELAYS ? v : "normal";
}

export function setSpeed(value) {
  localStorage.setItem("mnm.speed", value in DELAYS ? value : "normal");
}

/** @param {import("./api_types").EventView} ev */
function eventItem(ev, index) {
  return h(
    "li",
    { class: ev.story ? "story" : "", "data-msg": ev.msg, value: index + 1 },
    ev.story ? tx(ev.story) : plain(tx(ev.text), detailsDefault(S.view)),
    ev.rule && detailsOn(detailsDefault(S.view)) ? h("small", { class: "rule" }, ` ${ev.rule}`) : null, // issue 45: a detail
  );
}

// The log mirrors S.log (minus the events a running playback has not reached yet).
export function renderLog(rebuild, upTo = S.log.length) {
  const list = $("#log");
  if (!list) return;
  if (rebuild) list.replaceChildren();
  while (list.childElementCount > upTo) list.lastElementChild.remove();
  for (let i = list.childElementCount; i < upTo; i++) list.appendChild(eventItem(S.log[i], S.logFirst + i));
  list.scrollTop = list.scrollHeight;
}

/** @param {import("./api_types").EventView} ev */
export function facesOf(ev) {
  const p = ev.params || {};
  return p.faces || (p.face ? [p.face] : null);
}

export function dicePictures(faces) {
  const die = (S.catalog && S.catalog.die) || [];
  return h("span", { class: "roll" }, faces.map((f) => (die[f - 1] ? diePicture(die[f - 1], f, 36) : h("span", { class: "die" }, String(f)))));
}

// --- playback ----------------------------------------------------------------------------------------------

const queue = [];
let running = false;
let skipping = false;
let playing = false; // a playback is on the board right now

export function isPlaying() {
  return playing;
}

export function skipPlayback() {
  skipping = true;
}

/** @param {import("./api_types").UpdateMessage} msg */
function worthPlaying(msg) {
  if (msg.kind === "undo" || msg.kind === "stop") return false; // a stop (issue 34) plays nothing
  if (msg.seat === -3) return true; // a bot played
  return msg.events.some((ev) => ev.msg.startsWith("minion_"));
}

// Updates arrive here in order; each is shown step by step (or at once), then ``done(msg)`` applies it.
/** @param {import("./api_types").UpdateMessage} msg */
export function enqueue(msg, hooks) {
  queue.push([msg, hooks]);
  if (!running) drain();
}

async function drain() {
  running = true;
  while (queue.length) {
    const [msg, hooks] = queue.shift();
    const delay = DELAYS[speed()];
    const urgent = msg.events.some((ev) => MUST_SHOW.has(ev.msg));
    if (!delay || !worthPlaying(msg) || skipping || (queue.length > 3 && !urgent)) {
      hooks.apply(msg);
      continue;
    }
    await play(msg, hooks, delay);
  }
  running = false;
  skipping = false;
  const panel = $("#playback");
  if (panel) panel.hidden = true;
  document.body.removeAttribute("data-playing");
}

/** @param {TableView} view */
function copyView(view) {
  return JSON.parse(JSON.stringify(view));
}

function figureOf(shadow, id) {
  return shadow.heroes.find((x) => x.id === id) || shadow.minions.find((m) => m.id === id);
}

// Change the shadow view as the event says; return what to draw for this step.
/** @param {import("./api_types").EventView} ev */
function stepInto(shadow, ev, final) {
  const p = ev.params || {};
  const extra = {};
  switch (ev.msg) {
    case "minion_moves": {
      const m = figureOf(shadow, p.minion);
      if (m) m.space = p.dst;
      extra.path = [p.src, ...(p.path || [p.dst])];
      extra.focus = p.minion;
      break;
    }
    case "minion_placed": {
      if (!figureOf(shadow, p.minion)) {
        const m = final.minions.find((x) => x.id === p.minion);
        if (m) shadow.minions.push({ ...m, wounds: 0 });
      }
      const m = figureOf(shadow, p.minion);
      if (m) m.space = p.space;
      extra.focus = p.minion;
      break;
    }
    case "minion_defeated":
      shadow.minions = shadow.minions.filter((m) => m.id !== p.minion);
      break;
    case "minion_defends": {
      const m = figureOf(shadow, p.target);
      if (m && p.wounds) m.wounds = Math.min(m.life, m.wounds + Number(p.wounds));
      extra.focus = p.target;
      break;
    }
    case "minion_attacks":
      extra.focus = p.minion;
      break;
    case "mouse_wounded": {
      const hero = figureOf(shadow, p.hero);
      if (hero && p.total !== undefined) hero.wounds = Number(p.total);
      extra.focus = p.hero;
      break;
    }
    case "mouse_moves": {
      const hero = figureOf(shadow, p.hero);
      if (hero) hero.space = p.dst;
      extra.path = [p.src, p.dst];
      extra.focus = p.hero;
      break;
    }
    case "wheel_cheese":
      if (p.wheel !== undefined) shadow.wheel = Number(p.wheel);
      break;
    case "round_begins": // issue 32: the round counter moves with the playback, not only at its end
      if (p.round !== undefined) shadow.round = Number(p.round);
      break;
    default:
      break;
  }
  return extra;
}

/** @param {import("./api_types").UpdateMessage} msg */
async function play(msg, hooks, delay) {
  playing = true;
  document.body.dataset.playing = "1";
  const panel = $("#playback");
  const base = S.log.length; // the update's events are appended one by one
  const shadow = copyView(S.shown || S.view || msg.view);
  const sameBoard = shadow.board_key === msg.view.board_key;
  const botSeat = msg.seat === -3;
  const actor = msg.action ? msg.action.split(" ")[1] : "";
  const mouseWhat = botSeat ? t("botPlayed", { who: hooks.nameOf(actor), what: hooks.labelOf(msg.action) }) : t("kinds.turn");
  let minionsStarted = false;
  hooks.begin(msg);
  const steps = msg.events.filter((ev) => STEP_MSGS.has(ev.msg)).length || 1;
  let step = 0;
  for (let i = 0; i < msg.events.length; i++) {
    if (skipping) break;
    const ev = msg.events[i];
    S.log.push(ev);
    renderLog(false);
    if (!STEP_MSGS.has(ev.msg)) continue;
    step += 1;
    // once a minion acts, the label says it is the minions' turn, not the bot's action
    if (MINION_MSGS.has(ev.msg) && !ev.msg.startsWith("mouse_")) minionsStarted = true;
    const what = minionsStarted ? t("minionsTurn") : mouseWhat;
    const extra = sameBoard ? stepInto(shadow, ev, msg.view) : {};
    if (sameBoard) hooks.drawShadow(shadow, extra);
    if (panel) {
      const faces = facesOf(ev);
      panel.hidden = false;
      panel.replaceChildren(
        h("p", { class: "playback-what" }, t("playing", { what }), h("small", { id: "playback-step", "data-step": step }, ` · ${t("playingStep", { i: step, n: steps })}`)),
        h("p", { class: "playback-event", "data-msg": ev.msg }, tx(ev.text)),
        ...(faces ? [dicePictures(faces)] : []),
        h("button", { type: "button", id: "skip", onclick: skipPlayback }, t("skip")),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  S.log.length = base; // the real append happens in apply (also when skipped)
  playing = false;
  hooks.apply(msg);
}

// --- since your last turn ---------------------------------------------------------------------------------

// after this seat's own action: what follows its first event (the action itself) is news at its next turn
export function markMine(firstEvent) {
  S.lastMine = firstEvent + 1;
  if (S.tableId) localStorage.setItem(`mnm.last.${S.tableId}.${S.token || ""}`, String(S.lastMine));
}

export function loadMine() {
  const v = localStorage.getItem(`mnm.last.${S.tableId}.${S.token || ""}`);
  S.lastMine = v === null ? null : Number(v);
}

export function sinceLastTurn() {
  if (S.lastMine === null) return null;
  const from = Math.max(0, S.lastMine - S.logFirst);
  const events = S.log.slice(from).filter((ev) => SUMMARY_MSGS.has(ev.msg));
  if (S.logFirst + S.log.length <= S.lastMine) return null;
  return h(
    "details",
    { class: "since", id: "since", open: events.length <= 4 },
    h("summary", {}, t("sinceLast")),
    events.length ? h("ul", {}, events.slice(-12).map((ev) => h("li", {}, tx(ev.text)))) : h("p", {}, t("sinceNothing")),
  );
}
