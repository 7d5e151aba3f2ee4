// @ts-check
// Issue 45: words for players. Rule IDs ("R-MOVE-03") and the dice seal are details a family does not need: they
// sit behind a "Details" switch, off by default for players and on at a companion table (real dice are checked
// against the rules there). A glossary says the game's own words (Scurry, Share, Aim...) in a child's words.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./api_types").TableView} TableView */

const KEY = "mnm.details";
const RULE_ID = /\s*[([]?\bR-[A-Z]+-\d+[a-z]?(?:\s*(?:\.\.|-|–|,|and|e|to|a)\s*(?:R-[A-Z]+-)?\d+[a-z]?)*\b[)\]]?/g;

// Whether the details default to on for a table's view: at a companion table (its dice are typed from real dice)
// and in a verify view (the chapter is over and its seed public: the end screen's "Check the dice" is read with the
// rule IDs and the seal). Players at a table being played see them only when they switch them on.
/** @param {TableView} view */
export function detailsDefault(view) {
  return Boolean(view && (view.companion || (view.fairness && view.fairness.seed)));
}

// ``byDefault``: whether the details are on until the player switches (see detailsDefault).
export function detailsOn(byDefault = false) {
  const v = localStorage.getItem(KEY);
  return v === null ? Boolean(byDefault) : v === "on";
}

export function applyDetails(byDefault = false) {
  const on = detailsOn(byDefault);
  document.body.classList.toggle("details-on", on);
  const button = document.getElementById("details-toggle");
  if (button) {
    button.setAttribute("aria-pressed", String(on));
    button.textContent = t(on ? "detailsOn" : "detailsOff");
  }
}

// A sentence without its rule IDs (when the details are off).
export function plain(text, byDefault = false) {
  if (!text || detailsOn(byDefault)) return text;
  return String(text).replace(RULE_ID, "").replace(/\s+([.,;:])/g, "$1");
}

// ``byDefault``: a boolean, or a function giving it (the table's view changes after the button is made).
export function detailsToggle(byDefault, onChange) {
  const fallback = () => Boolean(typeof byDefault === "function" ? byDefault() : byDefault);
  const label = () => t(detailsOn(fallback()) ? "detailsOn" : "detailsOff");
  const button = h("button", { type: "button", id: "details-toggle", class: "small", "aria-pressed": String(detailsOn(fallback())) }, label());
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, detailsOn(fallback()) ? "off" : "on");
    button.setAttribute("aria-pressed", String(detailsOn(fallback())));
    button.textContent = label();
    applyDetails(fallback());
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
