// @ts-check
// The chapter's trackers at the table (issue 46): the counters and flags its victory or defeat read, with their
// names and limits ("Alarm 7 of 20 — the mice lose at 20"). The view gives them (chapter.trackers, from
// mnm/presentation/trackers.py); this draws them, self-contained: one call from the table page.
import { h } from "./dom.js";
import { lang } from "./i18n.js";

/** @typedef {import("./api_types").TableView} TableView */

const WORDS = {
  en: { title: "Chapter trackers", of: "{label} {value} of {limit}", at: "{label}: {value}", lose: "the mice lose at {v}", win: "the mice win at {v}", yes: "yes", no: "not yet", flagLose: "the mice lose when it happens", flagWin: "needed to win", flagNotWin: "the mice win only while it has not happened", flagNotLose: "the mice lose while it has not happened" },
  pt: { title: "Marcadores do capítulo", of: "{label} {value} de {limit}", at: "{label}: {value}", lose: "os ratos perdem em {v}", win: "os ratos vencem em {v}", yes: "sim", no: "ainda não", flagLose: "os ratos perdem quando acontecer", flagWin: "necessário para vencer", flagNotWin: "os ratos vencem só enquanto não acontecer", flagNotLose: "os ratos perdem enquanto não acontecer" },
};

const OPS = { eq: "=", ne: "≠", lt: "<", le: "≤", gt: ">", ge: "≥" };

function say(key, values = {}) {
  const table = WORDS[lang() === "pt" ? "pt" : "en"];
  return table[key].replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));
}

// the limit a counter climbs to ("≥ 20": 20; "> 19": 20), for "7 of 20"
function top(limit) {
  if (limit.op === "ge") return limit.value;
  if (limit.op === "gt") return limit.value + 1;
  return null;
}

function counterLine(tr) {
  const rising = tr.limits.find((l) => l.wanted && top(l) !== null);
  const head = rising ? say("of", { label: tr.label, value: tr.value, limit: top(rising) }) : say("at", { label: tr.label, value: tr.value });
  const notes = tr.limits.map((l) => {
    const v = top(l) !== null && l.wanted ? String(top(l)) : `${l.wanted ? "" : "≠ "}${OPS[l.op] || l.op} ${l.value}`;
    return say(l.ends === "defeat" ? "lose" : "win", { v });
  });
  return h("li", { "data-tracker": tr.name, class: `tracker ${rising ? rising.ends : ""}` }, h("strong", {}, head), notes.length ? ` — ${notes.join("; ")}` : "");
}

function flagLine(tr) {
  const note = tr.ends === "defeat" ? (tr.wanted ? "flagLose" : "flagNotLose") : tr.wanted ? "flagWin" : "flagNotWin";
  return h("li", { "data-tracker": tr.name, class: `tracker ${tr.ends}` }, h("strong", {}, say("at", { label: tr.label, value: tr.value ? say("yes") : say("no") })), ` — ${say(note)}`);
}

// the trackers of the view's chapter as a small list (null when the chapter reads none)
/** @param {TableView} view */
export function trackersPanel(view) {
  const list = (view && view.chapter && view.chapter.trackers) || [];
  if (!list.length) return null;
  return h("section", { id: "chapter-trackers", class: "chapter-trackers", "aria-label": say("title") }, h("ul", {}, list.map((tr) => (tr.kind === "counter" ? counterLine(tr) : flagLine(tr)))));
}
