// @ts-check
// Small DOM helpers shared by every surface: element builder, toasts, and accessible dialogs
// (named, aria-modal, focus moved in and trapped, Escape closes, focus returned where it was).

import { lang, t, tx } from "./i18n.js";

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

// An SVG element (same arguments as ``h`` without children; ``text`` its text content).
export function svgEl(name, attrs = {}, text) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function toast(text, kind = "info") {
  const box = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  $("#toasts").appendChild(box);
  setTimeout(() => box.remove(), 4000);
}

// A server refusal in the player's language: by its code (TEAM.md contract 2), never its English sentence.
export function errorText(err) {
  const body = (err && err.data) || err || {};
  const code = body.error || "unknown";
  // a refusal in the game's own words carries them in both languages (a chapter gate's reason, issue 22)
  if (body.text && typeof body.text === "object") return tx(body.text);
  // English players get the server's own sentence (it names the exact reason); others the catalogue's
  if (lang() === "en" && body.message && code !== "offline") return body.message;
  const known = t(`errors.${code}`);
  return known === `errors.${code}` ? t("errors.unknown") : known;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
let seq = 0;

// Open a modal dialog. ``body``: nodes; ``buttons``: nodes put at the end. Returns the dialog element;
// ``closeDialog(box)`` (or Escape, or a button with data-close) closes it and gives focus back.
export function openDialog({ id, title, body = [], buttons = [], className = "", onClose = null, closeLabel = null }) {
  const old = document.getElementById(id);
  if (old) closeDialog(old, false);
  const titleId = `dlg-title-${++seq}`;
  const returnTo = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  const close = h("button", { type: "button", class: "primary", "data-close": "1" }, closeLabel || t("close"));
  const card = h(
    "div",
    { class: "card dialog-card" },
    h("h2", { id: titleId }, title),
    ...body,
    h("div", { class: "dialog-buttons" }, ...buttons, close),
  );
  const box = h("div", { class: `modal ${className}`.trim(), id, role: "dialog", "aria-modal": "true", "aria-labelledby": titleId }, card);
  box._returnTo = returnTo;
  box._onClose = onClose;
  box.addEventListener("click", (ev) => {
    if (ev.target === box || ev.target.closest("[data-close]")) closeDialog(box);
  });
  box.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      ev.preventDefault();
      closeDialog(box);
    } else if (ev.key === "Tab") {
      const items = [...box.querySelectorAll(FOCUSABLE)].filter((n) => n.offsetParent !== null);
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (ev.shiftKey && document.activeElement === first) {
        ev.preventDefault();
        last.focus();
      } else if (!ev.shiftKey && document.activeElement === last) {
        ev.preventDefault();
        first.focus();
      }
    }
  });
  document.body.appendChild(box);
  const firstButton = card.querySelector(".dialog-buttons button:not([data-close]), .options button") || close;
  firstButton.focus();
  return box;
}

export function closeDialog(box, restore = true) {
  if (!box || !box.isConnected) return;
  box.remove();
  if (box._onClose) box._onClose();
  if (restore) {
    const target = box._returnTo && box._returnTo.isConnected ? box._returnTo : document.getElementById("decision-title");
    if (target) target.focus();
  }
}
