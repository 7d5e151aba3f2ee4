// @ts-check
// [EXP] The expansion's markers on the board: leaves (with the way their current drifts), turtles, bees, Olga,
// the mortar, tree branches, Hesster stretched over his spaces, allies and pets; fire and curse on figures, wings
// on flying minions; and the legend that names them. Words come from the server (mnm.presentation.info, the same sentences the
// terminal shows): every marker carries its label in both languages, the legend its names and texts.

import { svgEl as el } from "./dom.js";
import { tx } from "./i18n.js";

/** @typedef {import("./api_types").TableView} TableView */
/** One row of the legend: a marker's kind (its glyph), name and words; a tile feature's letter; ``base``: the
 * base game's.
 * @typedef {{ kind: string, name: string, text: string, letter?: string, base?: boolean }} LegendRow */

// Colours of the terrain (as mnm.board.render paints it) for the legend's swatches.
const TERRAIN = { lava: "#e4572e", chasm: "#141414", shallow: "#c6e6f5" };
const HESSTER = "#5d7a1f";

const SLOTS = [[-0.75, -0.1], [0.75, -0.1], [-0.75, 0.65], [0.75, 0.65], [0, 0.8]];
const WAYS = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

// One glyph of ``kind`` centred on (0, 0), about ``r`` pixels in radius.
export function glyph(kind, r = 9) {
  const g = el("g", { class: `glyph glyph-${kind}` });
  const add = (name, attrs, text) => g.appendChild(el(name, attrs, text));
  switch (kind) {
    case "leaf":
      add("path", { d: `M${-r},0 Q0,${-r * 1.1} ${r},0 Q0,${r * 1.1} ${-r},0 Z`, fill: "#3f9b35", stroke: "#173d12", "stroke-width": 1.5 });
      add("path", { d: `M${-r * 0.8},0 L${r * 0.8},0`, stroke: "#cdeeb8", "stroke-width": 1.2 });
      break;
    case "turtle":
      add("circle", { cx: r * 1.0, cy: 0, r: r * 0.35, fill: "#7fae5b", stroke: "#1d3319" });
      add("ellipse", { rx: r * 0.95, ry: r * 0.75, fill: "#2e6b3a", stroke: "#12301a", "stroke-width": 1.5 });
      add("path", { d: `M${-r * 0.5},${-r * 0.3} L0,${-r * 0.55} L${r * 0.5},${-r * 0.3} L${r * 0.5},${r * 0.3} L0,${r * 0.55} L${-r * 0.5},${r * 0.3} Z`, fill: "none", stroke: "#a8d08d", "stroke-width": 1 });
      break;
    case "bee":
      add("ellipse", { cx: -r * 0.2, cy: -r * 0.75, rx: r * 0.45, ry: r * 0.3, fill: "#e8f4ff", stroke: "#333", "stroke-width": 0.8 });
      add("ellipse", { rx: r * 0.85, ry: r * 0.6, fill: "#f2c40f", stroke: "#222", "stroke-width": 1.2 });
      add("path", { d: `M${-r * 0.25},${-r * 0.55} V${r * 0.55} M${r * 0.25},${-r * 0.55} V${r * 0.55}`, stroke: "#222", "stroke-width": r * 0.22 });
      break;
    case "olga":
      add("circle", { r: r * 1.05, fill: "#8d6e63", stroke: "#3e2723", "stroke-width": 1.5 });
      add("text", { y: r * 0.42, "text-anchor": "middle", class: "glyph-letter" }, "Og");
      break;
    case "mortar":
      add("rect", { x: -r, y: -r * 0.2, width: r * 2, height: r * 0.9, rx: 2, fill: "#78909c", stroke: "#263238", "stroke-width": 1.2 });
      add("path", { d: `M${-r * 0.2},${-r * 0.1} L${r * 0.7},${-r * 0.95}`, stroke: "#37474f", "stroke-width": r * 0.45, "stroke-linecap": "round" });
      add("circle", { cx: -r * 0.55, cy: r * 0.75, r: r * 0.3, fill: "#b08d57", stroke: "#263238" });
      add("circle", { cx: r * 0.55, cy: r * 0.75, r: r * 0.3, fill: "#b08d57", stroke: "#263238" });
      break;
    case "branch":
      add("path", { d: `M${-r * 1.3},${r * 0.4} Q0,${-r * 0.3} ${r * 1.3},${-r * 0.2}`, fill: "none", stroke: "#6d4c2f", "stroke-width": r * 0.5, "stroke-linecap": "round" });
      add("ellipse", { cx: -r * 0.3, cy: -r * 0.45, rx: r * 0.4, ry: r * 0.22, fill: "#4f9d3a", stroke: "#1d3f1a" });
      add("ellipse", { cx: r * 0.7, cy: r * 0.3, rx: r * 0.4, ry: r * 0.22, fill: "#4f9d3a", stroke: "#1d3f1a" });
      break;
    case "ally":
    case "pet":
      add("circle", { r: r * 0.95, fill: kind === "ally" ? "#0277bd" : "#00897b", stroke: "#fff", "stroke-width": 1.5 });
      add("text", { y: r * 0.4, "text-anchor": "middle", class: "glyph-letter" }, kind === "ally" ? "A" : "P");
      break;
    case "on_fire":
      add("path", { d: `M0,${-r} C${r * 0.9},${-r * 0.2} ${r * 0.8},${r * 0.9} 0,${r} C${-r * 0.8},${r * 0.9} ${-r * 0.9},${-r * 0.1} ${-r * 0.2},${-r * 0.4} C${-r * 0.1},${-r * 0.1} ${r * 0.1},${-r * 0.5} 0,${-r} Z`, fill: "#ff6d00", stroke: "#7a1f00", "stroke-width": 1.2 });
      add("path", { d: `M0,${-r * 0.1} C${r * 0.45},${r * 0.3} ${r * 0.35},${r * 0.85} 0,${r * 0.85} C${-r * 0.35},${r * 0.85} ${-r * 0.45},${r * 0.35} 0,${-r * 0.1} Z`, fill: "#ffd54f" });
      break;
    case "cursed":
      add("circle", { r: r * 0.95, fill: "#5e1f8a", stroke: "#fff", "stroke-width": 1.5 });
      add("path", { d: `M${-r * 0.55},0 Q0,${-r * 0.6} ${r * 0.55},0 Q0,${r * 0.6} ${-r * 0.55},0 Z`, fill: "#e9d5ff" });
      add("circle", { r: r * 0.22, fill: "#5e1f8a" });
      break;
    case "flying":
      add("path", { d: `M0,0 C${-r * 0.4},${-r} ${-r * 1.4},${-r} ${-r * 1.3},${-r * 0.1} C${-r * 1.2},${r * 0.4} ${-r * 0.4},${r * 0.3} 0,0 Z M0,0 C${r * 0.4},${-r} ${r * 1.4},${-r} ${r * 1.3},${-r * 0.1} C${r * 1.2},${r * 0.4} ${r * 0.4},${r * 0.3} 0,0 Z`, fill: "#90caf9", stroke: "#1a237e", "stroke-width": 1.4 });
      break;
    case "hesster_head":
    case "hesster_body":
    case "hesster_tail": {
      const radius = kind === "hesster_body" ? r * 0.75 : r;
      if (kind === "hesster_tail") add("path", { d: `M${-r * 1.2},0 L${r * 0.3},${-r * 0.75} L${r * 0.3},${r * 0.75} Z`, fill: HESSTER, stroke: "#1f2a08", "stroke-width": 1.5 });
      else add("circle", { r: radius, fill: HESSTER, stroke: "#1f2a08", "stroke-width": 1.5 });
      if (kind === "hesster_head") {
        add("circle", { cx: -r * 0.35, cy: -r * 0.2, r: r * 0.18, fill: "#ffeb3b" });
        add("circle", { cx: r * 0.35, cy: -r * 0.2, r: r * 0.18, fill: "#ffeb3b" });
      } else add("path", { d: `M${-radius * 0.5},0 L0,${-radius * 0.4} L${radius * 0.5},0`, fill: "none", stroke: "#c5e1a5", "stroke-width": 1.2 });
      break;
    }
    // issue 25: the base game's marks, drawn as the board draws them, for the one legend
    case "entry":
      add("circle", { cx: -r * 0.6, cy: -r * 0.55, r: r * 0.35, fill: "#4b3b47", stroke: "#111" });
      add("circle", { cx: r * 0.6, cy: -r * 0.55, r: r * 0.35, fill: "#4b3b47", stroke: "#111" });
      add("path", { d: `M${-r * 0.7},${-r * 0.25} Q0,${-r * 0.9} ${r * 0.7},${-r * 0.25} L0,${r * 0.9} Z`, fill: "#4b3b47", stroke: "#111" });
      add("circle", { cx: -r * 0.26, cy: -r * 0.1, r: r * 0.12, fill: "#ff3b30" });
      add("circle", { cx: r * 0.26, cy: -r * 0.1, r: r * 0.12, fill: "#ff3b30" });
      break;
    case "trap":
      add("path", { d: `M${-r * 0.7},${-r * 0.7} L${r * 0.7},${r * 0.7} M${r * 0.7},${-r * 0.7} L${-r * 0.7},${r * 0.7}`, stroke: "#c62828", "stroke-width": r * 0.35, "stroke-linecap": "round" });
      break;
    case "trap_live": // issue 45: a set mousetrap, as board.js draws it
      add("circle", { r: r * 0.95, class: "trap-live-disc" });
      add("path", { d: trapJawsPath(r * 0.95), class: "trap-live-jaws" });
      break;
    case "start":
      add("circle", { cx: -r * 0.55, cy: -r * 0.45, r: r * 0.4, fill: "#fff", stroke: "#333" });
      add("circle", { cx: r * 0.55, cy: -r * 0.45, r: r * 0.4, fill: "#fff", stroke: "#333" });
      add("circle", { cy: r * 0.15, r: r * 0.6, fill: "#fff", stroke: "#333" });
      break;
    case "helmet":
      add("path", { d: `M${-r * 0.8},${r * 0.35} A${r * 0.8},${r * 0.9} 0 0 1 ${r * 0.8},${r * 0.35} Z`, fill: "#9aa3ad", stroke: "#333" });
      add("rect", { x: -r, y: r * 0.3, width: r * 2, height: r * 0.3, fill: "#7b848e", stroke: "#333" });
      break;
    case "skull":
      add("circle", { cy: -r * 0.15, r: r * 0.7, fill: "#eee", stroke: "#333" });
      add("rect", { x: -r * 0.4, y: r * 0.35, width: r * 0.8, height: r * 0.45, fill: "#eee", stroke: "#333" });
      add("circle", { cx: -r * 0.25, cy: -r * 0.2, r: r * 0.16, fill: "#333" });
      add("circle", { cx: r * 0.25, cy: -r * 0.2, r: r * 0.16, fill: "#333" });
      break;
    case "flip":
      add("circle", { r: r * 0.9, fill: "#fff", stroke: "#333", "stroke-width": 1.5 });
      add("text", { y: r * 0.4, "text-anchor": "middle", class: "glyph-letter dark" }, "P");
      break;
    case "barred":
      add("circle", { r: r * 0.85, fill: "#fff", stroke: "#c62828", "stroke-width": r * 0.2 });
      add("path", { d: `M${-r * 0.6},${r * 0.6} L${r * 0.6},${-r * 0.6}`, stroke: "#c62828", "stroke-width": r * 0.2 });
      break;
    case "exit":
      add("rect", { x: -r, y: -r * 0.3, width: r * 2, height: r * 0.6, fill: "#1e88e5", stroke: "#111" });
      break;
    case "goal":
      add("circle", { r: r * 0.85, fill: "none", stroke: "#f2c40f", "stroke-width": r * 0.3 });
      add("circle", { r: r * 0.85, fill: "none", stroke: "#5b4300", "stroke-width": 1, "stroke-dasharray": "3 2" });
      break;
    case "wound":
      for (const dx of [-0.5, 0, 0.5]) add("circle", { cx: r * dx, r: r * 0.22, fill: "#d32f2f", stroke: "#fff" });
      break;
    case "minions":
      add("rect", { x: -r, y: -r * 0.6, width: r * 1.1, height: r * 1.1, rx: 2, fill: "#7a2417", stroke: "#111" });
      add("ellipse", { cx: r * 0.5, cy: r * 0.2, rx: r * 0.55, ry: r * 0.4, fill: "#5a4312", stroke: "#111" });
      break;
    case "mice":
      for (const [i, colour] of ["#1f5bb5", "#b0305f", "#2a6e33", "#6d37b0"].entries()) add("circle", { cx: -r * 0.75 + i * r * 0.5, cy: 0, r: r * 0.32, fill: colour, stroke: "#fff" });
      break;
    case "yellow_line":
      add("rect", { x: -r, y: -r * 0.18, width: r * 2, height: r * 0.36, fill: "#f2c40f", stroke: "#5b4300" });
      add("path", { d: `M0,${-r * 0.9} L0,${r * 0.5} M${-r * 0.35},${r * 0.15} L0,${r * 0.6} L${r * 0.35},${r * 0.15}`, fill: "none", stroke: "#5b4300", "stroke-width": 2 });
      break;
    case "red_line":
      add("rect", { x: -r, y: -r * 0.18, width: r * 2, height: r * 0.36, fill: "#d32f2f", stroke: "#5b0000" });
      break;
    case "water":
      add("rect", { x: -r, y: -r * 0.8, width: r * 2, height: r * 1.6, fill: "#8ec5ea", stroke: "#1e4f8f" });
      add("path", { d: `M${-r * 0.7},0 L${r * 0.6},0 M${r * 0.25},${-r * 0.35} L${r * 0.65},0 L${r * 0.25},${r * 0.35}`, fill: "none", stroke: "#1e4f8f", "stroke-width": 2 });
      break;
    case "crowd":
      add("circle", { r: r * 0.85, fill: "#111", stroke: "#fff", "stroke-width": 1.5 });
      add("text", { y: r * 0.4, "text-anchor": "middle", class: "glyph-letter" }, "5");
      break;
    case "feature":
      add("rect", { x: -r * 0.8, y: -r * 0.8, width: r * 1.6, height: r * 1.6, rx: r * 0.3, fill: "#d8c7f0", stroke: "#333" });
      break;
    case "molox":
      add("polygon", { points: hexagon(r * 1.05), fill: "#8b1e0f", stroke: "#111", "stroke-width": 1.5 });
      add("text", { y: r * 0.42, "text-anchor": "middle", class: "glyph-letter" }, "M");
      break;
    case "stalagmite":
      add("rect", { x: -r, y: -r, width: r * 2, height: r * 2, fill: "#8a7f74" });
      add("path", { d: `M${-r * 0.8},${r * 0.8} L${-r * 0.35},${-r * 0.8} L${r * 0.1},${r * 0.8} Z M${-r * 0.05},${r * 0.8} L${r * 0.4},${-r * 0.4} L${r * 0.85},${r * 0.8} Z`, fill: "#d9cdb8", stroke: "#3a2e22" });
      break;
    case "gecko":
      add("circle", { r: r * 0.95, fill: "#fff8e6", stroke: "#2e6b1f", "stroke-width": 1.2 });
      add("ellipse", { cy: r * 0.2, rx: r * 0.35, ry: r * 0.3, fill: "#2e6b1f" });
      for (const [dx, dy] of [[-0.5, -0.3], [-0.18, -0.55], [0.18, -0.55], [0.5, -0.3]]) add("circle", { cx: dx * r, cy: dy * r, r: r * 0.14, fill: "#2e6b1f" });
      break;
    case "tree_climb":
      add("rect", { x: -r * 0.18, y: 0, width: r * 0.36, height: r, fill: "#6d4c2f", stroke: "#2b1d0e" });
      add("circle", { cy: -r * 0.25, r: r * 0.75, fill: "#3f8f3a", stroke: "#1d3f1a" });
      break;
    case "exit_branch":
      add("path", { d: `M${-r},${r * 0.7} L${r * 0.1},${-r * 0.1}`, stroke: "#6d4c2f", "stroke-width": r * 0.3, "stroke-linecap": "round" });
      add("path", { d: `M${-r * 0.1},0 C0,${-r} ${r},${-r} ${r},${-r} C${r},${-r * 0.1} ${r * 0.3},${r * 0.2} ${-r * 0.1},0 Z`, fill: "#7fd36b", stroke: "#1d3f1a" });
      break;
    case "rain":
      add("path", { d: `M${-r},0 A${r},${r * 0.9} 0 0 1 ${r},0 Z`, fill: "#1565c0", stroke: "#0d2c54" });
      add("path", { d: `M0,0 V${r * 0.75} Q0,${r} ${-r * 0.3},${r * 0.85}`, fill: "none", stroke: "#0d2c54", "stroke-width": 1.5 });
      break;
    case "moon":
      add("path", { d: `M${r * 0.3},${-r} A${r},${r} 0 1 0 ${r * 0.3},${r} A${r * 0.75},${r * 0.75} 0 1 1 ${r * 0.3},${-r} Z`, fill: "#fff3b0", stroke: "#5c4b00", "stroke-width": 1.2 });
      break;
    default:
      if (TERRAIN[kind]) add("rect", { x: -r, y: -r, width: r * 2, height: r * 2, rx: 2, fill: TERRAIN[kind], stroke: "#7a5a36" });
      if (kind === "lava") add("path", { d: `M${-r * 0.7},0 q${r * 0.35},${-r * 0.3} ${r * 0.7},0 t${r * 0.7},0`, fill: "none", stroke: "#ffc24b", "stroke-width": 2 });
      if (kind === "shallow") add("path", { d: `M${-r * 0.7},0 q${r * 0.35},${-r * 0.3} ${r * 0.7},0 t${r * 0.7},0`, fill: "none", stroke: "#6fa8d0", "stroke-width": 1.5 });
  }
  return g;
}

function hexagon(r) {
  const pts = [];
  for (let i = 0; i < 6; i++) pts.push(`${(Math.cos((i / 6) * 2 * Math.PI) * r).toFixed(1)},${(Math.sin((i / 6) * 2 * Math.PI) * r).toFixed(1)}`);
  return pts.join(" ");
}

// A small standalone SVG of a glyph, for the legend and the detail panels.
export function swatch(kind, size = 26) {
  const svg = el("svg", { viewBox: "-14 -14 28 28", width: size, height: size, "aria-hidden": "true", class: "swatch-glyph" });
  svg.appendChild(glyph(kind, 10));
  return svg;
}

// A marker as one labelled picture: role img, its sentence as label and title (mouse hover).
function labelled(kind, label, x, y, r) {
  const g = el("g", { class: `exp-mark mark-${kind}`, role: "img", "aria-label": label, transform: `translate(${x},${y})` });
  g.appendChild(el("title", {}, label));
  g.appendChild(glyph(kind, r));
  return g;
}

// [EXP] Rain (R-EXP-07): light streaks over every outdoor tile while it rains (the weather box says it in words).
export function drawRain(layer, svg, outdoor) {
  const defs = el("defs");
  const pattern = el("pattern", { id: "mnm-rain", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(20)" });
  pattern.appendChild(el("path", { d: "M4,0 V7", stroke: "#1e4f8f", "stroke-width": 1.4, "stroke-linecap": "round", opacity: 0.55 }));
  defs.appendChild(pattern);
  layer.appendChild(defs);
  for (const side of outdoor) {
    const tile = svg.querySelector(`g.tile[data-side="${side}"] g.side`);
    if (!tile) continue;
    const box = tile.getBBox();
    layer.appendChild(el("rect", { x: box.x, y: box.y, width: box.width, height: box.height, fill: "url(#mnm-rain)", class: "rain", "aria-hidden": "true" }));
  }
}

// Draw every marker of ``view.marks`` on ``layer``. ``centre(space)`` gives a space's centre in board pixels.
/** @param {TableView} view */
export function drawMarks(layer, view, centre, cell) {
  const perSpace = new Map();
  const spot = (space) => {
    const k = perSpace.get(space) || 0;
    perSpace.set(space, k + 1);
    const c = centre(space);
    // beside the space's number (its name is under it), then below on either side
    const [dx, dy] = SLOTS[k % SLOTS.length];
    return c ? [c[0] + dx * cell, c[1] + dy * cell] : null;
  };
  const marks = view.marks || [];
  // Hesster lies above his spaces' numbers, so they stay readable
  const above = (space) => {
    const c = centre(space);
    return c ? [c[0], c[1] - cell * 0.55] : null;
  };
  // Hesster first, under everything: one thick body through his spaces, tail to head
  const drawn = new Set();
  for (const m of marks) {
    if (!m.kind.startsWith("hesster") || drawn.has(m.id)) continue;
    drawn.add(m.id);
    const pts = m.spaces.map(above).filter(Boolean);
    if (pts.length > 1) {
      const d = pts.map((p) => p.join(",")).join(" ");
      layer.appendChild(el("polyline", { points: d, class: "hesster-body-line", "aria-hidden": "true" }));
      layer.appendChild(el("polyline", { points: d, class: "hesster-body-scales", "aria-hidden": "true" }));
    }
  }
  for (const m of marks) {
    const label = tx(m.label);
    if (m.kind.startsWith("hesster")) {
      const c = above(m.space);
      if (!c) continue;
      const i = m.spaces.indexOf(m.space);
      const group = labelled(m.kind, label, c[0], c[1], cell * (m.kind === "hesster_body" ? 0.26 : 0.3));
      if (m.kind === "hesster_tail" && m.spaces.length > 1) {
        // the tail points away from the next segment
        const next = above(m.spaces[i + 1]);
        if (next) {
          const angle = (Math.atan2(next[1] - c[1], next[0] - c[0]) * 180) / Math.PI;
          group.firstElementChild.nextElementSibling.setAttribute("transform", `rotate(${angle.toFixed(0)})`);
        }
      }
      layer.appendChild(group);
      continue;
    }
    const at = spot(m.space);
    if (!at) continue;
    const group = labelled(m.kind, label, at[0], at[1], cell * 0.3);
    if (m.kind === "turtle" && m.safe) group.classList.add("safe");
    if (m.kind === "leaf" && m.drift) group.appendChild(driftArrow(m.drift, m.space, centre, cell));
    layer.appendChild(group);
  }
}

// The way a leaf will drift: an arrow from the leaf toward the space it drifts into (or off the tile).
function driftArrow(drift, space, centre, cell) {
  let [dx, dy] = WAYS[drift.way] || [0, 1];
  const from = centre(space);
  const to = drift.to && centre(drift.to);
  if (from && to) {
    const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    [dx, dy] = [(to[0] - from[0]) / len, (to[1] - from[1]) / len];
  }
  const a = cell * 0.3;
  const b = cell * 0.62;
  const g = el("g", { class: "drift-arrow", "aria-hidden": "true" });
  const line = `M${dx * a},${dy * a} L${dx * b},${dy * b}`;
  g.appendChild(el("path", { d: line, stroke: "#fff", "stroke-width": 5, "stroke-linecap": "round" }));
  g.appendChild(el("path", { d: line, stroke: "#173d12", "stroke-width": 3, "stroke-linecap": "round" }));
  const [px, py] = [-dy, dx];
  const tip = [dx * (b + 7), dy * (b + 7)];
  const base = [dx * (b - 2), dy * (b - 2)];
  g.appendChild(el("path", { d: `M${tip[0]},${tip[1]} L${base[0] + px * 6},${base[1] + py * 6} L${base[0] - px * 6},${base[1] - py * 6} Z`, fill: "#173d12", stroke: "#fff", "stroke-width": 1.2 }));
  return g;
}

// Fire, curse and wings on a figure's token (``r``: the token's radius); labels name them.
export function figureBadges(group, statuses, flying, r, names) {
  if (flying) {
    const wings = el("g", { class: "badge badge-flying", transform: `translate(0,${-r * 0.35})`, role: "img", "aria-label": names.flying });
    wings.appendChild(el("title", {}, names.flying));
    wings.appendChild(glyph("flying", r * 1.75));
    group.insertBefore(wings, group.firstChild);
  }
  let k = 0;
  for (const s of statuses) {
    if (s !== "on_fire" && s !== "cursed") continue;
    const badge = el("g", { class: `badge badge-${s}`, transform: `translate(${-r * 0.95},${-r * 0.8 + k * r * 1.15})`, role: "img", "aria-label": names[s] });
    badge.appendChild(el("title", {}, names[s]));
    badge.appendChild(glyph(s, r * 0.7));
    group.appendChild(badge);
    k++;
  }
}

// The legend: one row per marker this board shows now (view.legend), with its glyph, name and what it does.
/** @param {TableView} view @returns {LegendRow[]} */
export function legendRows(view) {
  return (view.legend || []).map((item) => ({ kind: item.kind, name: tx(item.name), text: tx(item.text) }));
}

// issue 25: the base game's marks (every chapter), then the lettered feature badges on the tiles face up.
/** @param {TableView} view @returns {LegendRow[]} */
export function baseLegendRows(view, geometry, placeName) {
  /** @type {LegendRow[]} */
  const rows = (view.base_legend || []).map((item) => ({ kind: item.kind, name: tx(item.name), text: tx(item.text) }));
  const seen = new Map();
  for (const sp of Object.values((geometry && geometry.spaces) || {})) {
    for (const f of sp.features || []) {
      const key = f.toLowerCase();
      if (key.includes("helmet") || key.includes("skull") || key === "tree-climb" || key === "exit-branch") continue;
      if (!seen.has(f)) seen.set(f, placeName(f));
    }
  }
  for (const [f, name] of seen) rows.push({ kind: "feature", letter: f[0].toUpperCase(), name: `${f[0].toUpperCase()}: ${name}`, text: "" });
  return rows;
}

// The jaws of a set mousetrap (board.js draws the same on the board).
export function trapJawsPath(r) {
  const w = r * 0.7;
  const row = (y1, y2) => [-w, -w / 2, 0, w / 2, w].map((x, i) => `${i ? "L" : "M"}${x.toFixed(1)},${(i % 2 ? y2 : y1).toFixed(1)}`).join(" ");
  return `${row(-r * 0.5, -r * 0.15)} ${row(r * 0.5, r * 0.15)}`;
}
