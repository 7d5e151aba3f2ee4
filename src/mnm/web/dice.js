// @ts-check
// Pictures of the action die's faces (R-GEN-05): the movement number in the corner, the symbols drawn.

import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const DRAW = {
  cheese: () => [el("path", { d: "M-11,6 L11,6 L11,-2 L-11,-8 Z", fill: "#f2c40f", stroke: "#6b4e00", "stroke-width": 1.5 }), el("circle", { cx: 3, cy: 1, r: 2, fill: "#c99a00" })],
  sword: () => [el("path", { d: "M0,-13 L3,-4 L3,6 L-3,6 L-3,-4 Z", fill: "#cfd6de", stroke: "#333", "stroke-width": 1.2 }), el("rect", { x: -7, y: 6, width: 14, height: 3, fill: "#7a4a1a" }), el("rect", { x: -1.5, y: 9, width: 3, height: 5, fill: "#7a4a1a" })],
  sword_shield: () => [el("path", { d: "M-9,-10 L9,-10 L9,0 Q9,10 0,14 Q-9,10 -9,0 Z", fill: "#3b6fb5", stroke: "#1b2f55", "stroke-width": 1.5 }), el("path", { d: "M0,-8 L2,-2 L2,8 L-2,8 L-2,-2 Z", fill: "#e8edf2" })],
  bow: () => [el("path", { d: "M-6,-13 Q10,0 -6,13", fill: "none", stroke: "#7a4a1a", "stroke-width": 3 }), el("line", { x1: -6, y1: -13, x2: -6, y2: 13, stroke: "#333", "stroke-width": 1 }), el("line", { x1: -10, y1: 0, x2: 10, y2: 0, stroke: "#333", "stroke-width": 1.5 })],
  star: () => [el("path", { d: "M0,-7 L2,-2 L7,-2 L3,1 L5,6 L0,3 L-5,6 L-3,1 L-7,-2 L-2,-2 Z", fill: "#f2c40f", stroke: "#6b4e00", "stroke-width": 1 })],
};

// One die face as a picture, labelled in words for screen readers.
export function diePicture(face, index, size = 48) {
  const words = face.symbols.map((s) => t(`symbols.${s.toLowerCase()}`));
  const svg = el("svg", { viewBox: "0 0 48 48", width: size, height: size, class: "die-face", role: "img", "aria-label": `${face.number} · ${words.join(", ")}` });
  svg.appendChild(el("rect", { x: 2, y: 2, width: 44, height: 44, rx: 8, fill: "#fffdf6", stroke: "#3a2a1a", "stroke-width": 2 }));
  svg.appendChild(el("text", { x: 8, y: 16, "font-size": 12, "font-weight": "bold", fill: "#2b1d0e" }, String(face.number)));
  const symbols = face.symbols.map((s) => s.toLowerCase());
  const main = symbols.filter((s) => s !== "star");
  const g = el("g", { transform: `translate(26,28)` });
  for (const s of main) for (const node of (DRAW[s] || (() => []))()) g.appendChild(node);
  svg.appendChild(g);
  if (symbols.includes("star")) {
    const star = el("g", { transform: "translate(38,11) scale(0.9)" });
    for (const node of DRAW.star()) star.appendChild(node);
    svg.appendChild(star);
  }
  svg.dataset.index = String(index);
  return svg;
}
