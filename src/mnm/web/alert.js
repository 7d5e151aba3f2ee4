// @ts-check
// Issue 45: the turn alert of a seat. When a decision becomes this seat's, the tab's title and icon change (seen from
// another tab or a phone's tab list), a banner says whose turn it is, and, only if the player switched it on, a
// short sound plays. Everything goes back when the decision is answered.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "mnm.sound"; // "on" plays the sound; off by default
const ICON_IDLE = "data:,";
const ICON_TURN =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#f2c40f" stroke="#5b4300" stroke-width="2"/></svg>');

let alerted = null; // the key of the decision alerted for (actor and version), so each turn alerts once

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

// The header's switch for the sound (aria-pressed says its state).
export function soundToggle() {
  const button = h("button", { type: "button", id: "sound-toggle", class: "small", "aria-pressed": String(soundOn()) }, t(soundOn() ? "soundOn" : "soundOff"));
  button.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    button.setAttribute("aria-pressed", String(soundOn()));
    button.textContent = t(soundOn() ? "soundOn" : "soundOff");
    if (soundOn()) beep();
  });
  return button;
}

function setIcon(href) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.appendChild(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

function beep() {
  try {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext; // older Safari
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
    osc.onended = () => ctx.close();
  } catch {
    // no sound where the browser refuses it (no user gesture yet)
  }
}

// ``who``: the names of this seat's mice that decide now (empty: not this seat's turn). ``key``: the decision.
export function turnAlert(who, key, title) {
  const banner = document.getElementById("turn-banner");
  const mine = who.length > 0;
  document.title = mine ? `● ${t("yourTurnTitle")} · ${title}` : title;
  document.body.dataset.yourTurn = mine ? "1" : "0";
  setIcon(mine ? ICON_TURN : ICON_IDLE);
  if (banner) {
    banner.hidden = !mine;
    const go = h("button", { type: "button", class: "small", id: "to-choices", onclick: () => {
      const box = document.getElementById("decision");
      if (box) box.scrollIntoView({ block: "start" });
    } }, t("toChoices"));
    if (mine) banner.replaceChildren(h("span", {}, `${t("yourTurnBanner", { who: who.join(", ") })} `), go);
    else banner.replaceChildren();
  }
  if (mine && alerted !== key) {
    alerted = key;
    if (soundOn()) beep();
  }
  if (!mine) alerted = null;
}
