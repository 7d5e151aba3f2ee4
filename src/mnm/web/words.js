// Issue 45: words for players. Rule IDs ("R-MOVE-03") and the dice seal are details a family does not need: they
// sit behind a "Details" switch, off by default for players and on at a companion table (real dice are checked
// against the rules there). A glossary says the game's own words (Scurry, Share, Aim...) in a child's words.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "mnm.details";
const RULE_ID = /\s*[([]?\bR-[A-Z]+-\d+[a-z]?(?:\s*(?:\.\.|-|–|,|and|e|to|a)\s*(?:R-[A-Z]+-)?\d+[a-z]?)*\b[)\]]?/g;

// ``companion``: the table's dice are typed from real dice (the details then default to on).
export function detailsOn(companion = false) {
  const v = localStorage.getItem(KEY);
  return v === null ? Boolean(companion) : v === "on";
}

export function applyDetails(companion = false) {
  document.body.classList.toggle("details-on", detailsOn(companion));
}

// A sentence without its rule IDs (when the details are off).
export function plain(text, companion = false) {
  if (!text || detailsOn(companion)) return text;
  return String(text).replace(RULE_ID, "").replace(/\s+([.,;:])/g, "$1");
}

export function detailsToggle(companion, onChange) {
  const label = () => t(detailsOn(companion) ? "detailsOn" : "detailsOff");
  const button = h("button", { type: "button", id: "details-toggle", class: "small", "aria-pressed": String(detailsOn(companion)) }, label());
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, detailsOn(companion) ? "off" : "on");
    button.setAttribute("aria-pressed", String(detailsOn(companion)));
    button.textContent = label();
    applyDetails(companion);
    if (onChange) onChange();
  });
  return button;
}

const GLOSSARY = ["scurry", "share", "aim", "search", "explore", "surge", "cheese", "pack", "equip", "stash"];

// The glossary: the game's words a child may not know, one short line each.
export function glossary() {
  return h(
    "dl",
    { class: "glossary", id: "glossary" },
    GLOSSARY.map((w) => [h("dt", { "data-word": w }, t(`gloss.${w}.word`)), h("dd", {}, t(`gloss.${w}.text`))]),
  );
}
