// @ts-check
// The replay viewer (issue 46, item 5, "see inside a game"): a finished game as a timeline of steps.
//
// Owns: the viewer dialog (step, play, scrub, jump to the next chapter rule or counter change), and its words in
// English and Portuguese. Its frames come from the server (mnm.workshop.replay): one per decision, with every
// event in both languages (the minions' own, with their reasons, marked), the chapter rules that fired, the
// chapter's counters and flags after the step, where each mouse stands, and the bots' current sub-goal.
// Opened from the workshop's play-test ("watch a game"), the end screen and a link: /workshop#replay=TABLE_ID.

import { http } from "./api.js";
import { h, openDialog, toast } from "./dom.js";
import { lang, t } from "./i18n.js";

/** @typedef {{en: string, pt: string}} Both */
/** @typedef {{text: Both, rule: string, minion: boolean}} FrameEvent */
/** @typedef {{space: string|null, at: Both|null, wounds: number, captured: boolean}} MouseAt */
/**
 * @typedef {{n: number, round: number, page: number, end_page: number, actor: Both|null, events: FrameEvent[],
 *   rules: string[], vars: Record<string, number|boolean>, changed: string[], mice: Record<string, MouseAt>,
 *   minions: number, goal: Both|null, status: string}} Frame
 */
/**
 * @typedef {{chapter: {id: string, name: Both}, party: {id: string, name: Both}[], vars: {name: string, label: string}[],
 *   rules: Record<string, Both>, status: string, outcome: string, cut: boolean, frames: Frame[],
 *   playtest?: {bot: string, preset: string, seed: number}, table?: string}} Replay
 */

const WORDS = {
  en: {
    title: "Watch the game: {chapter}",
    loading: "Playing the game again…",
    failed: "This game cannot be replayed: {why}",
    step: "Step {n} of {total}",
    where: "round {round} · page {page} of {end}",
    setup: "Setting up",
    first: "To the start",
    back: "Step back",
    play: "Play",
    pause: "Pause",
    next: "Step forward",
    last: "To the end",
    scrub: "Timeline",
    speed: "Speed",
    nextRule: "Next chapter rule",
    nextChange: "Next counter or flag change",
    happened: "What happened",
    minions: "Minions",
    nothing: "Nothing happened in this step.",
    rules: "Chapter rules that fired",
    noRules: "none in this step",
    aim: "What the bots aim for",
    noAim: "— (a minions' turn, or nothing left to plan)",
    vars: "The chapter's counters and flags",
    noVars: "This chapter keeps no counters or flags.",
    was: "was {value}",
    set: "set",
    unset: "not set",
    mice: "The mice",
    captured: "captured",
    wounds: "{n} wound(s)",
    offBoard: "off the board",
    minionsOnBoard: "Minions on the board: {n}",
    won: "The mice won.",
    lost: "The mice lost ({why}).",
    unfinished: "The game did not end (the bots found nothing more to do).",
    cut: "Only the first steps are shown: the game is longer.",
    outcomes: { hourglass: "the hourglass ran out", all_captured: "every mouse was captured", defeat: "a defeat rule", chapter: "the chapter's defeat came", over_budget: "it took too long", stalled: "the bots were stuck", unfinished: "unfinished" },
    playtest: "Play-test game {seed} · {preset} · bots: {bot}",
    presets: { easy: "easy", normal: "normal", hard: "hard" },
    marks: "Marks on the timeline: a rule fired (▲), a counter or flag changed (●)",
    keys: "Keys: ← → step, space plays or pauses",
  },
  pt: {
    title: "Assistir à partida: {chapter}",
    loading: "Jogando a partida de novo…",
    failed: "Esta partida não pode ser revista: {why}",
    step: "Passo {n} de {total}",
    where: "rodada {round} · página {page} de {end}",
    setup: "Preparação",
    first: "Ao início",
    back: "Passo atrás",
    play: "Tocar",
    pause: "Pausar",
    next: "Passo à frente",
    last: "Ao fim",
    scrub: "Linha do tempo",
    speed: "Velocidade",
    nextRule: "Próxima regra do capítulo",
    nextChange: "Próxima mudança de contador ou marcador",
    happened: "O que aconteceu",
    minions: "Lacaios",
    nothing: "Nada aconteceu neste passo.",
    rules: "Regras do capítulo que dispararam",
    noRules: "nenhuma neste passo",
    aim: "O objetivo dos bots",
    noAim: "— (vez dos lacaios, ou nada mais a planejar)",
    vars: "Contadores e marcadores do capítulo",
    noVars: "Este capítulo não tem contadores nem marcadores.",
    was: "era {value}",
    set: "marcado",
    unset: "não marcado",
    mice: "Os ratos",
    captured: "capturado",
    wounds: "{n} ferimento(s)",
    offBoard: "fora do tabuleiro",
    minionsOnBoard: "Lacaios no tabuleiro: {n}",
    won: "Os ratos venceram.",
    lost: "Os ratos perderam ({why}).",
    unfinished: "A partida não terminou (os bots não acharam mais nada a fazer).",
    cut: "Só os primeiros passos são mostrados: a partida é mais longa.",
    outcomes: { hourglass: "a ampulheta acabou", all_captured: "todos os ratos foram capturados", defeat: "uma regra de derrota", chapter: "veio a derrota do capítulo", over_budget: "demorou demais", stalled: "os bots ficaram presos", unfinished: "não terminada" },
    playtest: "Partida de teste {seed} · {preset} · bots: {bot}",
    presets: { easy: "fácil", normal: "normal", hard: "difícil" },
    marks: "Marcas na linha do tempo: uma regra disparou (▲), um contador ou marcador mudou (●)",
    keys: "Teclas: ← → um passo, espaço toca ou pausa",
  },
};

/** The words of the page's language. */
function words() {
  return WORDS[lang() === "pt" ? "pt" : "en"];
}

/**
 * A sentence with {name} filled in.
 * @param {string} key
 * @param {Record<string, string|number>} [params]
 */
function w(key, params = {}) {
  /** @type {any} */
  const all = words();
  const text = String(all[key] ?? key);
  return text.replace(/\{(\w+)\}/g, (_m, k) => (k in params ? String(params[k]) : `{${k}}`));
}

/** @param {Both|null|undefined} both */
function said(both) {
  if (!both) return "";
  return lang() === "pt" ? both.pt || both.en : both.en;
}

/** The words the viewer uses, for tests (both languages have the same keys). */
export const REPLAY_WORDS = WORDS;

/**
 * Open the viewer on a finished table's game.
 * @param {string} tableId
 */
export function watchTable(tableId) {
  return openViewer(() => http("GET", `/api/workshop/replay/tables/${encodeURIComponent(tableId)}`));
}

/**
 * Open the viewer on one play-test game, played again by the server with the same bot, preset and seed.
 * @param {{text: string, party: string[], bot: string, preset: string, seed: number}} game
 */
export function watchPlaytest(game) {
  return openViewer(() => http("POST", "/api/workshop/replay/playtest", game));
}

/** A link that opens a finished table's game in the viewer (the end screen, the library). @param {string} tableId */
export function watchLink(tableId) {
  return h("a", { href: `/workshop#replay=${encodeURIComponent(tableId)}`, class: "replay-link", "data-replay": tableId }, lang() === "pt" ? "Assistir à partida de novo" : "Watch the game again");
}

/**
 * The dialog: opened at once with "playing the game again…", filled when the frames come.
 * @param {() => Promise<any>} load
 */
async function openViewer(load) {
  const status = h("p", { class: "replay-status", role: "status" }, w("loading"));
  const body = h("div", { class: "replay" }, status);
  const box = openDialog({ id: "replay", title: w("title", { chapter: "…" }), body: [body], className: "replay-dialog" });
  /** @type {Replay} */
  let data;
  try {
    data = await load();
  } catch (err) {
    const why = (err && /** @type {any} */ (err).data && /** @type {any} */ (err).data.message) || String(err && /** @type {any} */ (err).message || err);
    status.textContent = w("failed", { why });
    toast(status.textContent, "error");
    return box;
  }
  const title = box.querySelector("h2");
  if (title) title.textContent = w("title", { chapter: said(data.chapter.name) });
  new Viewer(data, body).start();
  return box;
}

class Viewer {
  /**
   * @param {Replay} data
   * @param {HTMLElement} root
   */
  constructor(data, root) {
    this.data = data;
    this.root = root;
    this.at = 0;
    /** @type {number|null} */
    this.timer = null;
    this.speed = 600;
    this.slider = /** @type {HTMLInputElement} */ (h("input", { type: "range", id: "replay-scrub", min: 0, max: data.frames.length - 1, value: 0, step: 1, "aria-label": w("scrub"), oninput: () => this.go(Number(this.slider.value)) }));
    this.playButton = h("button", { type: "button", id: "replay-play", class: "primary", "aria-pressed": "false", onclick: () => this.toggle() }, w("play"));
    this.where = h("p", { id: "replay-where", class: "replay-where", "aria-live": "polite" });
    this.panes = h("div", { class: "replay-panes" });
  }

  start() {
    const d = this.data;
    const end = d.status === "won" ? w("won") : d.status === "lost" ? w("lost", { why: /** @type {any} */ (words().outcomes)[d.outcome] || d.outcome }) : w("unfinished");
    const head = [h("p", { id: "replay-outcome", class: `replay-outcome ${d.status}` }, end)];
    if (d.playtest) {
      const preset = /** @type {any} */ (words().presets)[d.playtest.preset] || d.playtest.preset;
      head.push(h("p", { class: "ws-help" }, w("playtest", { seed: d.playtest.seed, preset, bot: t(`botNames.${d.playtest.bot}`) })));
    }
    if (d.cut) head.push(h("p", { class: "warning" }, w("cut")));
    const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {string} */ sign, /** @type {() => void} */ act) =>
      h("button", { type: "button", id, class: "small", title: label, "aria-label": label, onclick: act }, sign);
    const controls = h(
      "div",
      { class: "replay-controls", role: "group", "aria-label": w("scrub") },
      button("replay-first", w("first"), "«", () => this.go(0)),
      button("replay-back", w("back"), "◀", () => this.go(this.at - 1)),
      this.playButton,
      button("replay-next", w("next"), "▶", () => this.go(this.at + 1)),
      button("replay-last", w("last"), "»", () => this.go(d.frames.length - 1)),
      h("label", { class: "replay-speed" }, `${w("speed")} `, h("select", { id: "replay-speed", onchange: (/** @type {Event} */ ev) => { this.speed = Number(/** @type {HTMLSelectElement} */ (ev.target).value); if (this.timer !== null) { this.pause(); this.toggle(); } } }, [[1200, "½×"], [600, "1×"], [250, "2×"], [80, "5×"]].map(([ms, name]) => h("option", { value: ms, selected: ms === 600 }, String(name))))),
      h("button", { type: "button", id: "replay-next-rule", class: "small", onclick: () => this.seek((f) => f.rules.length > 0) }, `▲ ${w("nextRule")}`),
      h("button", { type: "button", id: "replay-next-change", class: "small", onclick: () => this.seek((f) => f.changed.length > 0) }, `● ${w("nextChange")}`),
    );
    this.root.replaceChildren(
      ...head,
      controls,
      h("div", { class: "replay-timeline" }, this.slider, this.marks()),
      h("p", { class: "ws-help" }, `${w("marks")}. ${w("keys")}.`),
      this.where,
      this.panes,
    );
    this.root.addEventListener("keydown", (ev) => {
      const target = /** @type {HTMLElement} */ (ev.target);
      if (target && target.tagName === "SELECT") return;
      if (ev.key === "ArrowRight" && target !== this.slider) { ev.preventDefault(); this.go(this.at + 1); }
      else if (ev.key === "ArrowLeft" && target !== this.slider) { ev.preventDefault(); this.go(this.at - 1); }
      else if (ev.key === " " && target.tagName !== "BUTTON") { ev.preventDefault(); this.toggle(); }
    });
    const box = this.root.closest(".modal");
    if (box) new MutationObserver((_m, obs) => { if (!box.isConnected) { this.pause(); obs.disconnect(); } }).observe(document.body, { childList: true });
    this.go(0);
  }

  /** The marks under the slider: where rules fired and counters changed. */
  marks() {
    const frames = this.data.frames;
    const span = Math.max(1, frames.length - 1);
    const out = h("div", { class: "replay-marks", "aria-hidden": "true" });
    for (const f of frames) {
      if (!f.rules.length && !f.changed.length) continue;
      const left = `${(100 * f.n) / span}%`;
      out.append(h("span", { class: f.rules.length ? "replay-mark rule" : "replay-mark change", style: `left:${left}`, title: w("step", { n: f.n, total: span }) }, f.rules.length ? "▲" : "●"));
    }
    return out;
  }

  /** @param {(f: Frame) => boolean} test */
  seek(test) {
    const next = this.data.frames.find((f) => f.n > this.at && test(f));
    if (next) this.go(next.n);
  }

  toggle() {
    if (this.timer !== null) return this.pause();
    if (this.at >= this.data.frames.length - 1) this.go(0);
    this.playButton.textContent = w("pause");
    this.playButton.setAttribute("aria-pressed", "true");
    this.timer = window.setInterval(() => {
      if (this.at >= this.data.frames.length - 1) this.pause();
      else this.go(this.at + 1);
    }, this.speed);
  }

  pause() {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = w("play");
    this.playButton.setAttribute("aria-pressed", "false");
  }

  /** @param {number} n */
  go(n) {
    const frames = this.data.frames;
    this.at = Math.max(0, Math.min(frames.length - 1, n));
    this.slider.value = String(this.at);
    const f = frames[this.at];
    const total = frames.length - 1;
    this.where.textContent = `${w("step", { n: this.at, total })} · ${w("where", { round: f.round, page: f.page, end: f.end_page })}${f.actor ? ` · ${said(f.actor)}` : this.at === 0 ? ` · ${w("setup")}` : ""}`;
    this.root.dataset.step = String(this.at);
    this.panes.replaceChildren(this.happened(f), this.aim(f), this.vars(f), this.mice(f));
  }

  /** @param {Frame} f */
  happened(f) {
    const rules = f.rules.map((id) => h("li", { class: "replay-rule", "data-rule": id }, `▲ ${said(this.data.rules[id]) || id.replace(/[-_]/g, " ")}`));
    return h(
      "section",
      { class: "replay-pane", id: "replay-happened" },
      h("h3", {}, w("happened")),
      f.events.length
        ? h("ol", { class: "replay-events" }, f.events.map((e) => h("li", { class: e.minion ? "minion" : "", "data-rule": e.rule }, e.minion ? h("strong", {}, `${w("minions")}: `) : null, said(e.text))))
        : h("p", {}, w("nothing")),
      h("h4", {}, w("rules")),
      rules.length ? h("ul", { id: "replay-rules" }, rules) : h("p", { id: "replay-rules" }, w("noRules")),
    );
  }

  /** @param {Frame} f */
  aim(f) {
    return h("section", { class: "replay-pane", id: "replay-aim" }, h("h3", {}, w("aim")), h("p", {}, f.goal ? said(f.goal) : w("noAim")));
  }

  /** @param {Frame} f */
  vars(f) {
    const before = this.at > 0 ? this.data.frames[this.at - 1].vars : {};
    const show = (/** @type {number|boolean|undefined} */ v) => (v === true ? w("set") : v === undefined || v === false ? w("unset") : String(v));
    const rows = this.data.vars.map(({ name, label }) => {
      const changed = f.changed.includes(name);
      return h(
        "tr",
        { class: changed ? "replay-changed" : "", "data-var": name },
        h("th", { scope: "row" }, label),
        h("td", {}, show(f.vars[name])),
        h("td", {}, changed ? w("was", { value: show(before[name]) }) : ""),
      );
    });
    return h(
      "section",
      { class: "replay-pane", id: "replay-vars" },
      h("h3", {}, w("vars")),
      rows.length ? h("table", { class: "replay-vars" }, h("tbody", {}, rows)) : h("p", {}, w("noVars")),
    );
  }

  /** @param {Frame} f */
  mice(f) {
    const names = Object.fromEntries(this.data.party.map((p) => [p.id, said(p.name)]));
    return h(
      "section",
      { class: "replay-pane", id: "replay-mice" },
      h("h3", {}, w("mice")),
      h(
        "ul",
        {},
        Object.entries(f.mice).map(([id, m]) =>
          h("li", { "data-mouse": id }, `${names[id] || id}: `, m.captured ? w("captured") : m.at ? said(m.at) : w("offBoard"), m.wounds ? ` · ${w("wounds", { n: m.wounds })}` : ""),
        ),
      ),
      h("p", {}, w("minionsOnBoard", { n: f.minions })),
    );
  }
}
