// @ts-check
// The board's own look (issue 25, item 13), drawn by us: a silhouette for each mouse and each minion type (a mouse's
// head with its hero's emblem; a rat's head, a roach, a spider...), and the floors of the rooms (stone, wood, earth,
// grass) as SVG patterns. No art from the game's box.

import { svgEl as el } from "./dom.js";

const INK = "#1b1b1b";
const PALE = "#fdf7e8";

// A mouse's head in the hero's colour, about ``r`` in radius, with the hero's emblem.
export function mouseSilhouette(hero, r, colour) {
  const g = el("g", { class: `silhouette mouse-${hero}` });
  const add = (name, attrs) => g.appendChild(el(name, attrs));
  for (const side of [-1, 1]) {
    add("circle", { cx: side * r * 0.58, cy: -r * 0.5, r: r * 0.4, fill: colour, stroke: INK, "stroke-width": 1.6, class: "body-part" });
    add("circle", { cx: side * r * 0.58, cy: -r * 0.5, r: r * 0.2, fill: "#f3b6c4" });
  }
  add("path", { d: `M${-r * 0.78},${-r * 0.05} Q${-r * 0.8},${-r * 0.62} 0,${-r * 0.62} Q${r * 0.8},${-r * 0.62} ${r * 0.78},${-r * 0.05} Q${r * 0.5},${r * 0.55} 0,${r * 0.92} Q${-r * 0.5},${r * 0.55} ${-r * 0.78},${-r * 0.05} Z`, fill: colour, stroke: INK, "stroke-width": 1.6, class: "body" });
  add("circle", { cx: -r * 0.3, cy: -r * 0.1, r: r * 0.1, fill: PALE });
  add("circle", { cx: r * 0.3, cy: -r * 0.1, r: r * 0.1, fill: PALE });
  add("circle", { cx: 0, cy: r * 0.78, r: r * 0.12, fill: INK });
  emblem(g, hero, r);
  return g;
}

// What tells the mice apart besides their colour: crown, healer's cross, thief's mask, wizard's hat, hammer, bow.
function emblem(g, hero, r) {
  const add = (name, attrs) => g.appendChild(el(name, attrs));
  switch (hero) {
    case "collin":
      add("path", { d: `M${-r * 0.4},${-r * 0.55} L${-r * 0.4},${-r * 0.95} L${-r * 0.2},${-r * 0.72} L0,${-r * 1.02} L${r * 0.2},${-r * 0.72} L${r * 0.4},${-r * 0.95} L${r * 0.4},${-r * 0.55} Z`, fill: "#f2c40f", stroke: INK, "stroke-width": 1.2 });
      break;
    case "tilda":
      add("path", { d: `M${-r * 0.09},${-r * 0.55} h${r * 0.18} v${r * 0.13} h${r * 0.13} v${r * 0.18} h${-r * 0.13} v${r * 0.13} h${-r * 0.18} v${-r * 0.13} h${-r * 0.13} v${-r * 0.18} h${r * 0.13} Z`, fill: PALE, stroke: INK, "stroke-width": 0.8 });
      break;
    case "filch":
      add("rect", { x: -r * 0.62, y: -r * 0.22, width: r * 1.24, height: r * 0.24, rx: r * 0.1, fill: INK });
      add("circle", { cx: -r * 0.3, cy: -r * 0.1, r: r * 0.08, fill: PALE });
      add("circle", { cx: r * 0.3, cy: -r * 0.1, r: r * 0.08, fill: PALE });
      break;
    case "maginos":
      add("path", { d: `M${-r * 0.55},${-r * 0.5} L${r * 0.15},${-r * 1.15} L${r * 0.55},${-r * 0.5} Z`, fill: "#2d1b5e", stroke: PALE, "stroke-width": 1 });
      add("circle", { cx: r * 0.05, cy: -r * 0.72, r: r * 0.08, fill: "#f2c40f" });
      break;
    case "nez":
      add("rect", { x: r * 0.35, y: -r * 1.05, width: r * 0.5, height: r * 0.25, fill: "#9aa3ad", stroke: INK });
      add("rect", { x: r * 0.55, y: -r * 0.8, width: r * 0.1, height: r * 0.4, fill: "#6d4c2f" });
      break;
    case "lily":
      add("path", { d: `M${r * 0.45},${-r * 1.05} Q${r * 1.05},${-r * 0.5} ${r * 0.45},${r * 0.05}`, fill: "none", stroke: "#6d4c2f", "stroke-width": r * 0.12 });
      add("path", { d: `M${r * 0.45},${-r * 1.05} L${r * 0.45},${r * 0.05}`, stroke: PALE, "stroke-width": 0.8 });
      break;
    default:
      add("circle", { cx: 0, cy: -r * 0.7, r: r * 0.15, fill: PALE, stroke: INK });
  }
}

// A minion's silhouette, in pale ink over its type's coloured token shape (rats' heads, a roach, a spider...).
export function minionSilhouette(type, r) {
  const g = el("g", { class: `silhouette minion-${type}`, "aria-hidden": "true" });
  const add = (name, attrs) => g.appendChild(el(name, { fill: PALE, stroke: "none", ...attrs }));
  const line = (d, w = 1.4) => add("path", { d, fill: "none", stroke: PALE, "stroke-width": w, "stroke-linecap": "round" });
  const kind = SHAPE_OF[type] || "rat";
  switch (kind) {
    case "rat":
      add("circle", { cx: -r * 0.42, cy: -r * 0.38, r: r * 0.24 });
      add("circle", { cx: r * 0.42, cy: -r * 0.38, r: r * 0.24 });
      add("path", { d: `M${-r * 0.55},${-r * 0.2} Q0,${-r * 0.55} ${r * 0.55},${-r * 0.2} L0,${r * 0.7} Z` });
      add("circle", { cx: -r * 0.18, cy: -r * 0.08, r: r * 0.07, fill: "#d32f2f" });
      add("circle", { cx: r * 0.18, cy: -r * 0.08, r: r * 0.07, fill: "#d32f2f" });
      if (type === "captain-vurst") line(`M${-r * 0.35},${-r * 0.55} L${-r * 0.2},${-r * 0.75} L0,${-r * 0.55} L${r * 0.2},${-r * 0.75} L${r * 0.35},${-r * 0.55}`, 2);
      if (type === "elite-rat-warrior") line(`M${-r * 0.5},${-r * 0.28} Q0,${-r * 0.62} ${r * 0.5},${-r * 0.28}`, 2.4);
      break;
    case "roach":
      add("ellipse", { cx: 0, cy: r * 0.1, rx: r * 0.32, ry: r * 0.5 });
      add("circle", { cx: 0, cy: -r * 0.45, r: r * 0.17 });
      line(`M${-r * 0.08},${-r * 0.58} Q${-r * 0.3},${-r * 0.95} ${-r * 0.55},${-r * 0.8} M${r * 0.08},${-r * 0.58} Q${r * 0.3},${-r * 0.95} ${r * 0.55},${-r * 0.8}`);
      for (const y of [-0.1, 0.15, 0.4]) line(`M${-r * 0.3},${r * y} L${-r * 0.62},${r * (y + 0.12)} M${r * 0.3},${r * y} L${r * 0.62},${r * (y + 0.12)}`);
      break;
    case "spider":
      add("circle", { cx: 0, cy: r * 0.12, r: r * 0.3 });
      add("circle", { cx: 0, cy: -r * 0.3, r: r * 0.17 });
      for (const y of [-0.15, 0.02, 0.18, 0.34]) line(`M${-r * 0.25},${r * y} Q${-r * 0.6},${r * (y - 0.3)} ${-r * 0.75},${r * (y + 0.2)} M${r * 0.25},${r * y} Q${r * 0.6},${r * (y - 0.3)} ${r * 0.75},${r * (y + 0.2)}`);
      break;
    case "centipede":
      for (let i = 0; i < 5; i++) {
        const x = -r * 0.72 + i * r * 0.36;
        add("circle", { cx: x, cy: 0, r: r * 0.17 });
        line(`M${x},${-r * 0.15} L${x},${-r * 0.38} M${x},${r * 0.15} L${x},${r * 0.38}`, 1.1);
      }
      break;
    case "cat":
      add("path", { d: `M${-r * 0.6},${-r * 0.7} L${-r * 0.25},${-r * 0.35} L${r * 0.25},${-r * 0.35} L${r * 0.6},${-r * 0.7} L${r * 0.62},${r * 0.1} Q0,${r * 0.75} ${-r * 0.62},${r * 0.1} Z` });
      add("ellipse", { cx: -r * 0.25, cy: -r * 0.05, rx: r * 0.08, ry: r * 0.14, fill: "#2e7d32" });
      add("ellipse", { cx: r * 0.25, cy: -r * 0.05, rx: r * 0.08, ry: r * 0.14, fill: "#2e7d32" });
      break;
    case "bat":
      add("path", { d: `M0,${-r * 0.2} C${-r * 0.3},${-r * 0.6} ${-r * 0.8},${-r * 0.5} ${-r * 0.85},${-r * 0.05} L${-r * 0.6},${r * 0.05} L${-r * 0.45},${-r * 0.05} L${-r * 0.3},${r * 0.2} L0,${r * 0.35} L${r * 0.3},${r * 0.2} L${r * 0.45},${-r * 0.05} L${r * 0.6},${r * 0.05} L${r * 0.85},${-r * 0.05} C${r * 0.8},${-r * 0.5} ${r * 0.3},${-r * 0.6} 0,${-r * 0.2} Z` });
      break;
    case "moth":
      add("ellipse", { cx: -r * 0.38, cy: -r * 0.12, rx: r * 0.34, ry: r * 0.26 });
      add("ellipse", { cx: r * 0.38, cy: -r * 0.12, rx: r * 0.34, ry: r * 0.26 });
      add("ellipse", { cx: -r * 0.28, cy: r * 0.3, rx: r * 0.22, ry: r * 0.18 });
      add("ellipse", { cx: r * 0.28, cy: r * 0.3, rx: r * 0.22, ry: r * 0.18 });
      add("rect", { x: -r * 0.06, y: -r * 0.45, width: r * 0.12, height: r * 0.9, rx: r * 0.06, fill: INK });
      break;
    case "beetle":
      add("ellipse", { cx: 0, cy: r * 0.1, rx: r * 0.42, ry: r * 0.52 });
      add("circle", { cx: 0, cy: -r * 0.5, r: r * 0.16 });
      line(`M0,${-r * 0.35} L0,${r * 0.6}`, 1.2);
      for (const y of [-0.1, 0.2, 0.45]) line(`M${-r * 0.4},${r * y} L${-r * 0.72},${r * (y - 0.1)} M${r * 0.4},${r * y} L${r * 0.72},${r * (y - 0.1)}`);
      break;
    case "horned":
      add("circle", { cx: 0, cy: r * 0.1, r: r * 0.48 });
      add("path", { d: `M${-r * 0.35},${-r * 0.25} Q${-r * 0.75},${-r * 0.55} ${-r * 0.55},${-r * 0.95} Q${-r * 0.3},${-r * 0.55} ${-r * 0.1},${-r * 0.35} Z M${r * 0.35},${-r * 0.25} Q${r * 0.75},${-r * 0.55} ${r * 0.55},${-r * 0.95} Q${r * 0.3},${-r * 0.55} ${r * 0.1},${-r * 0.35} Z` });
      add("circle", { cx: -r * 0.18, cy: r * 0.05, r: r * 0.08, fill: "#ff6d00" });
      add("circle", { cx: r * 0.18, cy: r * 0.05, r: r * 0.08, fill: "#ff6d00" });
      break;
    case "snake":
      line(`M${-r * 0.65},${r * 0.45} C${-r * 0.2},${r * 0.75} ${-r * 0.1},${-r * 0.05} ${r * 0.1},${-r * 0.1} S${r * 0.5},${-r * 0.55} ${r * 0.35},${-r * 0.55}`, r * 0.22);
      add("circle", { cx: r * 0.4, cy: -r * 0.55, r: r * 0.2 });
      break;
    default:
      add("circle", { r: r * 0.4 });
  }
  return g;
}

const SHAPE_OF = {
  "rat-warrior": "rat", "elite-rat-warrior": "rat", "captain-vurst": "rat", "mindless-rat": "rat",
  roach: "roach", spider: "spider", "cave-centipede": "centipede", brodie: "cat",
  "cave-bat": "bat", "hex-moth": "moth", "ember-beetle": "beetle", molox: "horned", hesster: "snake",
};

// The rooms' floors: each tile side a floor of its own (outdoors grass, cellars and halls stone, kitchens wood...).
export const FLOORS = {
  1: "grass", 2: "earth", 3: "wood", 4: "earth", 5: "stone", 6: "stone", 7: "wood", 8: "wood", 9: "stone", 10: "earth",
  11: "wood", 12: "wood", 13: "wood", 14: "stone", 15: "stone", 16: "stone", 17: "grass", 18: "earth", 19: "grass",
  20: "stone", 21: "wood", 22: "wood",
};

// The floor patterns, once per board SVG (light enough for the space numbers printed over them).
export function floorDefs() {
  const defs = el("defs", { class: "floors" });
  const pattern = (id, w, h, base, draw) => {
    const p = el("pattern", { id: `floor-${id}`, width: w, height: h, patternUnits: "userSpaceOnUse" });
    p.appendChild(el("rect", { width: w, height: h, fill: base }));
    for (const [name, attrs] of draw) p.appendChild(el(name, attrs));
    defs.appendChild(p);
  };
  pattern("stone", 40, 24, "#ece7dc", [
    ["path", { d: "M0,0.5 H40 M0,12.5 H40 M20,0 V12 M6,12 V24 M32,12 V24", stroke: "#c9c1b0", "stroke-width": 1.2, fill: "none" }],
  ]);
  pattern("wood", 40, 14, "#f1e0c2", [
    ["path", { d: "M0,0.5 H40 M14,0 V14 M0,7 Q10,5 20,7 T40,7", stroke: "#d9bf95", "stroke-width": 1, fill: "none" }],
  ]);
  pattern("earth", 24, 24, "#eadcc4", [
    ["circle", { cx: 5, cy: 6, r: 1.4, fill: "#c7ad86" }],
    ["circle", { cx: 17, cy: 15, r: 1.1, fill: "#c7ad86" }],
    ["circle", { cx: 9, cy: 19, r: 0.9, fill: "#b89b72" }],
  ]);
  pattern("grass", 20, 20, "#e3efcf", [
    ["path", { d: "M4,16 l2,-6 M6,16 l1,-5 M14,8 l2,-6 M16,8 l1,-5", stroke: "#a9c98a", "stroke-width": 1.1, fill: "none" }],
  ]);
  return defs;
}
