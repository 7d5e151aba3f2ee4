// @ts-check
// The board: the server's SVG of the tiles face up (drawn by mnm.board.render), with figures, markers and
// the legal choices drawn on top. Every space and figure is a button (click, tap, Enter): a lit one picks the
// matching option, any other opens its details. Zoom with the buttons, ctrl+wheel or two fingers; pan by
// scrolling the board's own box (the page never scrolls sideways).

import { placeName, t, tx } from "./i18n.js";
import { FLOORS, floorDefs, minionSilhouette, mouseSilhouette } from "./figures.js";
import { drawMarks, drawRain, figureBadges, trapJawsPath } from "./marks.js";

/** @typedef {import("./api_types").TableView} TableView */

const NS = "http://www.w3.org/2000/svg";

/** Every match of ``sel`` under ``root``: the board is one SVG document, so each is an SVG element.
 * @param {ParentNode} root
 * @param {string} sel
 * @returns {NodeListOf<SVGGraphicsElement>} */
const svgAll = (root, sel) => /** @type {NodeListOf<SVGGraphicsElement>} */ (root.querySelectorAll(sel));
/** @param {ParentNode} root @param {string} sel @returns {SVGGraphicsElement | null} */
const svgOne = (root, sel) => /** @type {SVGGraphicsElement | null} */ (root.querySelector(sel));
const NUMBER_PX = 14; // a space number's font size on the screen, at least (issue 45)
const NUMBER_MAX = 0.62; // ... but at most this much of a map cell (the printed size is 0.42)
// dark enough for white letters at ≥ 4.5:1
export const HERO_COLOURS = {
  collin: "#1f5bb5", tilda: "#b0305f", filch: "#2a6e33", maginos: "#6d37b0", nez: "#8a5200", lily: "#11706f",
};
// Each minion type: a shape and a colour of its own, so rats and roaches are told apart at a glance.
export const MINION_LOOKS = {
  "rat-warrior": { shape: "square", fill: "#7a2417" },
  "elite-rat-warrior": { shape: "diamond", fill: "#3d0f0a" },
  "captain-vurst": { shape: "square", fill: "#5b1a5b" },
  roach: { shape: "oval", fill: "#5a4312" },
  spider: { shape: "octagon", fill: "#1e1e46" },
  "cave-centipede": { shape: "capsule", fill: "#0f4f3a" },
  brodie: { shape: "hexagon", fill: "#6b3d12" },
  // [EXP] the expansion's minions (flying ones also get wings, drawn with their badges)
  "cave-bat": { shape: "diamond", fill: "#37204f" },
  "hex-moth": { shape: "oval", fill: "#5e1f8a" },
  "ember-beetle": { shape: "octagon", fill: "#9c2b00" },
  "mindless-rat": { shape: "square", fill: "#45525e" },
  molox: { shape: "hexagon", fill: "#8b1e0f" },
  hesster: { shape: "capsule", fill: "#5d7a1f" },
};
const DEFAULT_LOOK = { shape: "square", fill: "#4b3b47" };

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function polygon(n, r, turn = 0) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = turn + (i / n) * 2 * Math.PI;
    pts.push(`${(Math.cos(a) * r).toFixed(1)},${(Math.sin(a) * r).toFixed(1)}`);
  }
  return pts.join(" ");
}

// The token's outline for a minion type (also used small in the minion card).
export function minionShape(shape, r, attrs) {
  switch (shape) {
    case "oval":
      return el("ellipse", { rx: r * 1.1, ry: r * 0.8, ...attrs });
    case "diamond":
      return el("polygon", { points: polygon(4, r * 1.25), ...attrs });
    case "octagon":
      return el("polygon", { points: polygon(8, r * 1.05, Math.PI / 8), ...attrs });
    case "hexagon":
      return el("polygon", { points: polygon(6, r * 1.1), ...attrs });
    case "capsule":
      return el("rect", { x: -r * 1.2, y: -r * 0.75, width: r * 2.4, height: r * 1.5, rx: r * 0.75, ...attrs });
    default:
      return el("rect", { x: -r, y: -r, width: r * 2, height: r * 2, rx: r * 0.3, ...attrs });
  }
}

export function minionLook(type) {
  return MINION_LOOKS[type] || DEFAULT_LOOK;
}

export function spaceLabel(geometry, id) {
  const sp = geometry && geometry.spaces[id];
  if (!sp) return id;
  const side = geometry.sides && geometry.sides[String(sp.side)];
  const parts = [t("spaceLabel", { tile: side ? tx(side) : sp.side, n: sp.n })];
  if (sp.name) parts.push(placeName(sp.name));
  return parts.join(" · ");
}

export class BoardView {
  constructor(container, onActivate) {
    this.container = container; // the scrolling box
    this.onActivate = onActivate; // (kind: "space"|"figure", id, lit: boolean) => void
    /** @type {import("./api_types").BoardGeometry | null} */
    this.geometry = null;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    this.zoom = 1;
    container.addEventListener("click", (ev) => this.click(ev));
    container.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      const target = ev.target.closest("[data-figure], [data-space]");
      if (!target) return;
      ev.preventDefault();
      this.activate(target);
    });
    container.addEventListener(
      "wheel",
      (ev) => {
        if (!ev.ctrlKey) return;
        ev.preventDefault();
        this.setZoom(this.zoom * (ev.deltaY < 0 ? 1.15 : 1 / 1.15));
      },
      { passive: false },
    );
    let pinch = null;
    container.addEventListener(
      "touchstart",
      (ev) => {
        if (ev.touches.length === 2) pinch = { d: touchDistance(ev.touches), zoom: this.zoom };
      },
      { passive: true },
    );
    container.addEventListener(
      "touchmove",
      (ev) => {
        if (!pinch || ev.touches.length !== 2) return;
        ev.preventDefault();
        this.setZoom(pinch.zoom * (touchDistance(ev.touches) / pinch.d));
      },
      { passive: false },
    );
    container.addEventListener("touchend", () => (pinch = null), { passive: true });
    window.addEventListener("resize", () => this.fitNumbers());
  }

  setZoom(value) {
    this.zoom = Math.min(8, Math.max(1, value));
    if (this.svg) {
      this.svg.style.width = `${(this.zoom * 100).toFixed(1)}%`;
      // fitted, a wide screen shows the whole board at once (a tall board is shrunk to the window's height)
      this.svg.style.maxHeight = this.zoom === 1 && this.container.clientWidth >= 600 ? "calc(100vh - 110px)" : "none";
    }
    this.container.dataset.zoom = this.zoom.toFixed(2);
    this.fitNumbers();
  }

  // Space numbers readable on the screen (issue 45: tiny on a desktop's fitted three-tile board): at least
  // NUMBER_PX on screen, never above NUMBER_MAX of a cell nor below the printed size. A place name under a number
  // moves down with it.
  fitNumbers() {
    if (!this.svg || !this.geometry) return;
    const units = this.svg.viewBox && this.svg.viewBox.baseVal ? this.svg.viewBox.baseVal.width : 0;
    const across = this.svg.getBoundingClientRect().width;
    if (!units || !across) return;
    // screen px per board unit: on a wide screen at the fitted size, so the numbers then grow with the zoom like
    // the rest of the board; on a phone at the current zoom (its tap zoom keeps the printed size, ~24 px)
    const perUnit = across / units / (this.container.clientWidth >= 600 ? this.zoom : 1);
    const cell = this.geometry.cell || 40;
    for (const label of svgAll(this.svg, "g.label")) {
      const num = svgOne(label, "text.num");
      if (!num) continue;
      if (!num.dataset.fs) {
        num.dataset.fs = num.getAttribute("font-size");
        num.dataset.y = num.getAttribute("y");
      }
      const printed = Number(num.dataset.fs);
      const size = Math.max(printed, Math.min(cell * NUMBER_MAX, NUMBER_PX / perUnit));
      const shift = (size - printed) * 0.36;
      num.setAttribute("font-size", size.toFixed(1));
      num.setAttribute("y", (Number(num.dataset.y) + shift).toFixed(1));
      const name = svgOne(label, "text.sname");
      if (name) {
        if (!name.dataset.y) name.dataset.y = name.getAttribute("y");
        name.setAttribute("y", (Number(name.dataset.y) + shift).toFixed(1));
      }
    }
  }

  // "Fit" shows the whole layout, phones too (issue 45: it showed one tile of three). The first "+" from there on a
  // phone goes straight to tap size: the smallest space at least 32 px across (issue 32), the rest a pan away.
  fitZoom() {
    return 1;
  }

  zoomIn() {
    const next = this.zoom * 1.4;
    this.setZoom(this.zoom < this.tapZoom() ? Math.max(next, this.tapZoom()) : next);
  }

  tapZoom() {
    const across = this.container.clientWidth || 1;
    const g = this.geometry;
    return across < 600 && g ? Math.min(6, Math.max(1, (32 / g.cell) * (g.width / across))) : 1;
  }

  /** @param {import("./api_types").BoardGeometry} geometry */
  setGeometry(geometry) {
    this.geometry = geometry;
    // The SVG comes from our own server (escaped by the renderer); parse it as an SVG document.
    const doc = new DOMParser().parseFromString(geometry.svg, "image/svg+xml");
    const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.importNode(doc.documentElement, true)));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("class", "board-svg");
    svg.setAttribute("role", "group");
    for (const title of svg.querySelectorAll("title")) title.remove(); // English-only; labels come below
    for (const text of svgAll(svg, "text")) text.dataset.en = text.textContent;
    for (const path of svgAll(svg, "path.space")) {
      path.setAttribute("tabindex", "0");
      path.setAttribute("role", "button");
    }
    // issue 25: each room's floor (stone, wood, earth, grass) under its dry spaces
    svg.insertBefore(floorDefs(), svg.firstChild);
    for (const tile of svgAll(svg, "g.tile[data-side]")) {
      const floor = FLOORS[tile.dataset.side];
      if (!floor) continue;
      for (const path of svgAll(tile, "path.space.normal:not(.lava):not(.chasm):not(.shallow)")) path.dataset.floor = floor;
    }
    this.container.replaceChildren(svg);
    sortForTabbing(svg);
    this.svg = svg;
    this.layer = el("g", { class: "overlay" });
    svg.appendChild(this.layer);
    // phones: start with about one tile across the screen (pan to the rest); wide screens see everything
    const across = this.container.clientWidth || 1;
    // (a cell, the smallest space, at least 44 px: a finger's tap target, issue 25)
    this.setZoom(across < 600 ? Math.min(6, Math.max(1, (48 / geometry.cell) * (geometry.width / across))) : this.zoom);
    this.translate();
  }

  // Bring a figure into the board's view (the page itself does not move).
  reveal(id) {
    const node = this.svg && this.svg.querySelector(`[data-figure="${CSS.escape(id)}"]`);
    const c = this.container;
    if (!node || (c.scrollWidth <= c.clientWidth && c.scrollHeight <= c.clientHeight)) return;
    const box = c.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    this.container.scrollLeft += r.left + r.width / 2 - (box.left + box.width / 2);
    this.container.scrollTop += r.top + r.height / 2 - (box.top + box.height / 2);
  }

  // Whether a figure is wholly inside the board's box (issue 45: the board follows the acting mouse).
  inView(id) {
    const node = this.svg && this.svg.querySelector(`[data-figure="${CSS.escape(id)}"]`);
    if (!node) return true;
    const box = this.container.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  }

  // Tile and place names printed on the board, in the current language.
  translate() {
    if (!this.svg) return;
    this.svg.setAttribute("aria-label", t("board"));
    for (const text of svgAll(this.svg, "text[data-en]")) {
      const en = text.dataset.en;
      const tile = /^(\d+) · (.+)$/.exec(en);
      if (tile) {
        const side = this.geometry.sides && this.geometry.sides[tile[1]];
        text.textContent = side ? `${tile[1]} · ${tx(side)}` : en;
      } else if (text.classList.contains("sname") || text.classList.contains("feat")) {
        text.textContent = placeName(en);
      }
    }
  }

  // The space chosen and waiting for its confirmation (issue 25): outlined until confirmed or changed.
  choose(id) {
    this.chosen = id;
    if (!this.svg) return;
    for (const path of svgAll(this.svg, "path.space")) path.classList.toggle("chosen", path.dataset.space === id && path.classList.contains("lit"));
  }

  spaceCentre(id) {
    const sp = this.geometry && this.geometry.spaces[id];
    return sp ? [sp.x, sp.y] : null;
  }

  // Draw figures and markers; light up ``lit.spaces`` and ``lit.figures``. ``extra``: {path: [space ids],
  // focus: figure id} for the playback of a minion's step.
  draw(view, lit, extra = {}) {
    if (!this.svg) return;
    const g = this.geometry;
    this.layer.replaceChildren();
    // [EXP] a branch overlay not laid yet (R-EXP-19) lies face down: its spaces are no keyboard stops, its markers
    // wait, and a cover says when it is laid
    const unlaid = new Set((view.unlaid || []).map(String));
    const onUnlaid = (space) => unlaid.has(String(space).split(":")[0]);
    const occupants = new Map();
    for (const hero of view.heroes) if (hero.space && !hero.captured) push(occupants, hero.space, tx(hero.name));
    for (const m of view.minions) push(occupants, m.space, tx(m.name));
    for (const path of svgAll(this.svg, "path.space")) {
      const id = path.dataset.space;
      const down = onUnlaid(id);
      path.setAttribute("tabindex", down ? "-1" : "0");
      if (down) path.setAttribute("aria-hidden", "true");
      else path.removeAttribute("aria-hidden");
      const on = lit.spaces.has(id);
      path.classList.toggle("lit", on);
      path.classList.toggle("chosen", on && id === this.chosen);
      const who = occupants.get(id);
      const marks = spaceMarks(view, g, id); // [EXP] terrain and markers, said with the space
      if (((view.chapter && view.chapter.goal_spaces) || []).includes(id)) marks.push(t("goalHere"));
      path.setAttribute("aria-label", `${spaceLabel(g, id)}${who ? `: ${who.join(", ")}` : ""}${marks.length ? `. ${marks.join(" ")}` : ""}`);
      if (on) path.setAttribute("aria-pressed", "false");
      else path.removeAttribute("aria-pressed");
    }
    for (const space of (view.chapter && view.chapter.goal_spaces) || []) {
      const c = this.spaceCentre(space);
      if (!c) continue;
      const ring = el("g", { class: "goal-marker", "data-space": space, "aria-hidden": "true" });
      ring.appendChild(el("circle", { cx: c[0], cy: c[1], r: g.cell * 0.42, class: "goal-ring" }));
      ring.appendChild(el("circle", { cx: c[0], cy: c[1], r: g.cell * 0.42, class: "goal-dash" }));
      this.layer.appendChild(ring);
    }
    // issue 45: a live (set) mousetrap is not the printed red X: a red badge with jaws, in the legend as such
    for (const space of view.traps) {
      const c = this.spaceCentre(space);
      if (!c) continue;
      const r = Math.max(7, g.cell * 0.2);
      const badge = el("g", { class: "trap-live", "data-space": space, "aria-hidden": "true", transform: `translate(${c[0] + g.cell * 0.28},${c[1] - g.cell * 0.28})` });
      badge.appendChild(el("circle", { r, class: "trap-live-disc" }));
      badge.appendChild(el("path", { d: trapJawsPath(r), class: "trap-live-jaws" }));
      this.layer.appendChild(badge);
    }
    // [EXP] rain over the outdoor tiles; leaves, turtles, bees, Olga, the mortar, branches, Hesster, allies and
    // pets: drawn by marks.js
    if (view.weather && view.weather.rain) drawRain(this.layer, this.svg, g.outdoor || []);
    drawMarks(this.layer, { ...view, marks: (view.marks || []).filter((m) => !onUnlaid(m.space)) }, (s) => this.spaceCentre(s), g.cell);
    // party tokens placed on the board (the fishhook...): a small coloured disc with a letter
    const looks = { fishhook: ["H", "#9575cd"], fork: ["F", "#9575cd"], grape: ["G", "#7b1fa2"] };
    const drawnByMarks = new Set((view.marks || []).map((m) => m.id));
    const marks = [];
    for (const [token, spaces] of Object.entries(view.tokens || {})) {
      if (drawnByMarks.has(token)) continue;
      const name = tx((view.stash_names && view.stash_names[token]) || token);
      for (const space of spaces) marks.push([space, looks[token.split("-")[0]] || ["•", "#9e9e9e"], name]);
    }
    const seen = new Map();
    for (const [space, [letter, colour], title] of marks) {
      const c = this.spaceCentre(space);
      if (!c) continue;
      const k = seen.get(space) || 0;
      seen.set(space, k + 1);
      const x = c[0] - 20 + k * 18;
      const y = c[1] + 24;
      const mark = el("g", { class: "token-marker", role: "img", "aria-label": title });
      mark.appendChild(el("title", {}, title));
      mark.appendChild(el("circle", { cx: x, cy: y, r: 8, fill: colour, stroke: "#222" }));
      mark.appendChild(el("text", { x, y: y + 4, "text-anchor": "middle" }, letter));
      this.layer.appendChild(mark);
    }
    if (extra.path && extra.path.length > 1) {
      const pts = extra.path.map((s) => this.spaceCentre(s)).filter(Boolean);
      this.layer.appendChild(el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "step-path" }));
    }
    // figures, spread over the cells of their space (away from the space number at its centre)
    const bySpace = new Map();
    for (const hero of view.heroes) {
      if (hero.space && !hero.captured) push(bySpace, hero.space, { kind: "hero", data: hero });
    }
    for (const m of view.minions) push(bySpace, m.space, { kind: "minion", data: m });
    for (const [space, figures] of bySpace) {
      const sp = g.spaces[space];
      if (!sp) continue;
      const spots = spotsFor(sp, figures.length, g.cell);
      figures.forEach((fig, i) => this.layer.append(...this.figure(fig, spots[i], g.cell, lit, view, extra)));
      // issue 32: more figures than the space has cells overlap; a count says how many (tap the space: the list)
      if (figures.length >= 3 && sp.cells.length < figures.length) this.layer.appendChild(crowdBadge(space, sp, figures, g.cell));
    }
    for (const side of unlaid) {
      const body = svgOne(this.svg, `g.tile[data-side="${side}"] g.side`);
      if (!body) continue;
      const box = body.getBBox();
      const caption = t("overlayUnlaid");
      const cover = el("g", { class: "unlaid-cover", "data-side": side, role: "img", "aria-label": caption });
      cover.appendChild(el("rect", { x: box.x, y: box.y, width: box.width, height: box.height, rx: 6 }));
      // the caption in two lines ("Face down:" / "laid when..."), as large as the tile's width allows
      const lines = caption.replace(/: /, ":\n").split("\n");
      const size = Math.min(16, (box.width * 0.9) / (0.6 * Math.max(...lines.map((l) => l.length))));
      const text = el("text", { x: box.x + box.width / 2, y: box.y + box.height / 2 - size * 0.6, "text-anchor": "middle", "font-size": size });
      lines.forEach((line, i) => text.appendChild(el("tspan", { x: box.x + box.width / 2, dy: i ? size * 1.3 : 0 }, line)));
      cover.appendChild(text);
      this.layer.appendChild(cover);
    }
  }

  figure(fig, [x, y, scale = 1], cell, lit, view, extra) {
    const r = cell * (fig.kind === "hero" ? 0.48 : 0.44) * scale; // at least 24 px across on a desktop's fitted board (issue 25)
    const d = fig.data;
    const name = tx(d.name);
    const type = fig.kind === "minion" && view.minion_types ? view.minion_types[d.type] : null;
    const group = el("g", {
      class: `figure ${fig.kind}`,
      "data-figure": d.id,
      "data-at": d.space,
      transform: `translate(${x},${y})`,
      tabindex: 0,
      role: "button",
    });
    const acting = fig.kind === "hero" && view.turn && view.turn.mouse === d.id;
    if (lit.figures.has(d.id)) group.classList.add("lit");
    if (acting) group.classList.add("acting");
    if (extra.focus === d.id) group.classList.add("focus");
    if (fig.kind === "hero") {
      // a mouse's silhouette in its colour, with its emblem (crown, cross, mask, hat...): no letter
      group.appendChild(mouseSilhouette(d.id, r, HERO_COLOURS[d.id] || "#444"));
    } else {
      const look = minionLook(d.type);
      const big = d.size === "large";
      const rr = big ? r * 1.3 : r;
      if (type && type.boss) group.appendChild(minionShape(look.shape, rr + 5, { class: "boss-frame" }));
      group.appendChild(minionShape(look.shape, rr, { fill: look.fill, class: "body minion-body" }));
      group.appendChild(minionSilhouette(d.type, rr)); // its kind drawn (a rat's head, a roach...): no letter
      // the figure's own number: a small tag at its shoulder, never a bare number like the space's
      const serial = d.id.split("-").pop();
      // one figure of its kind (Brodie, a boss) is named without a number (issue 45): no tag then
      if (name.endsWith(` ${serial}`)) {
        group.appendChild(el("circle", { cx: rr * 0.95, cy: -rr * 0.95, r: 8, class: "serial-bg" }));
        group.appendChild(el("text", { x: rr * 0.95, y: -rr * 0.95 + 3.5, "text-anchor": "middle", class: "serial" }, serial));
      }
    }
    // wounds on the token: red pips along its bottom edge
    for (let i = 0; i < d.wounds; i++) {
      group.appendChild(el("circle", { cx: -r * 0.6 + i * 8, cy: r * 0.95, r: 4, class: "wound" }));
    }
    // statuses: a letter each, beside the token and not part of it (the token's name says them in words, and its
    // visible text stays its tag); [EXP] fire and curse as badges, wings on a flying minion
    const marks = el("g", { class: "status-marks", transform: `translate(${x},${y})`, "aria-hidden": "true" });
    const plain = (d.statuses || []).filter((s) => s !== "on_fire" && s !== "cursed");
    plain.forEach((s, i) => {
      marks.appendChild(el("text", { x: -r - 2, y: -r + 9 + i * 10, class: "status-mark", "text-anchor": "end" }, t(`statuses.${s}`)[0].toUpperCase()));
    });
    const names = legendNames(view);
    figureBadges(group, d.statuses || [], fig.kind === "minion" && d.flying, r, names);
    const said = (d.statuses || []).map((s) => t(`statuses.${s}`));
    if (fig.kind === "minion" && d.flying) said.push(names.flying);
    // what the token shows (a minion's letter and number, "R" "1") is in its name, so what is seen is what is named
    // (WCAG 2.5.3, label in name: "click R1" works by voice); a mouse's lone letter needs no tag
    const tag = [...svgAll(group, "text")].map((n) => n.textContent).join("");
    const named = tag.length > 1 ? t("figureTagged", { name, tag }) : name;
    const label = [t("figureLabel", { name: named, wounds: d.wounds, life: d.life }), spaceLabel(this.geometry, d.space)];
    if (said.length) label.push(said.join(", "));
    group.setAttribute("aria-label", label.join(" · "));
    return plain.length ? [group, marks] : [group];
  }

  click(ev) {
    const target = ev.target.closest("[data-figure], [data-space]");
    if (target) this.activate(target);
  }

  activate(target) {
    if (target.dataset.figure) {
      // a lit figure is a target; any other figure shows its card (its space is picked through the space)
      this.onActivate("figure", target.dataset.figure, target.classList.contains("lit"), target.dataset.at);
      return;
    }
    this.onActivate("space", target.dataset.space, target.classList.contains("lit"));
  }
}

// [EXP] The legend's names by kind (the server's words), with the catalogue's as a fallback.
/** @param {TableView} view */
function legendNames(view) {
  const names = { flying: t("flying"), on_fire: t("statuses.on_fire"), cursed: t("statuses.cursed") };
  for (const item of view.legend || []) names[item.kind] = tx(item.name);
  return names;
}

// [EXP] What a space holds beyond its figures, in words: its terrain and the sentences of its markers.
/** @param {TableView} view */
export function spaceMarks(view, geometry, id) {
  const out = [];
  const sp = geometry && geometry.spaces[id];
  const names = legendNames(view);
  // issue 45: every mark the board draws on a space is said with it (printed trap, live trap, start, entry, flip,
  // helmet, skull...)
  if ((view.traps || []).includes(id)) out.push(t("markTrapLive"));
  else if (sp && sp.trap) out.push(t("markTrapPrinted"));
  if (sp && sp.start) out.push(t("markStart"));
  if (sp && sp.entry) out.push(t("markEntry"));
  if (sp && sp.flip) out.push(t("markFlip"));
  if (sp && sp.water) out.push(t("markWater"));
  for (const f of (sp && sp.features) || []) {
    const key = f.toLowerCase();
    if (key.includes("helmet")) out.push(t("markHelmet"));
    else if (key.includes("skull")) out.push(t("markSkull"));
  }
  if (sp && sp.terrain && names[sp.terrain]) out.push(`${names[sp.terrain]}.`);
  for (const m of view.marks || []) if (m.space === id) out.push(tx(m.label));
  return out;
}

// Keyboard order follows reading order (issue 25): tiles left to right, then top to bottom, and a tile's spaces
// row by row. Spaces never overlap, so moving their nodes changes nothing drawn.
function sortForTabbing(svg) {
  const tiles = [...svg.querySelectorAll("g.tile")];
  const parent = tiles.length ? tiles[0].parentNode : null;
  if (!parent || !tiles.every((tile) => tile.parentNode === parent)) return;
  const at = new Map(tiles.map((tile) => {
    const box = tile.getBBox();
    return [tile, [Math.round(box.y / 10), box.x]];
  }));
  tiles.sort((a, b) => at.get(a)[0] - at.get(b)[0] || at.get(a)[1] - at.get(b)[1]);
  for (const tile of tiles) parent.appendChild(tile);
}

function touchDistance(touches) {
  return Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY) || 1;
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

// Up to ``n`` spots in a space: its cells first (furthest from the number at the centre), else a ring
// around the centre that leaves the number free.
function crowdBadge(space, sp, figures, cell) {
  const names = figures.map((f) => tx(f.data.name)).join(", ");
  const label = t("crowdLabel", { n: figures.length, names });
  const x = sp.x + cell * 0.42;
  const y = sp.y - cell * 0.42;
  const badge = el("g", { class: "crowd-count", "data-space": space, "data-count": figures.length, role: "img", "aria-label": label });
  badge.appendChild(el("title", {}, label));
  badge.appendChild(el("circle", { cx: x, cy: y, r: cell * 0.2, fill: "#111", stroke: "#fff", "stroke-width": 1.5 }));
  badge.appendChild(el("text", { x, y: y + cell * 0.08, "text-anchor": "middle", "font-size": cell * 0.24, fill: "#fff", "font-weight": "bold" }, String(figures.length)));
  return badge;
}

// Issue 45: a crowded space (more figures than cells) fans its figures out in a grid over the space's area and a
// little beyond, each drawn smaller (third value: the scale), instead of a heap of full-size tokens.
function fanOut(sp, n, cell) {
  const xs = sp.cells.map(([x]) => x);
  const ys = sp.cells.map(([, y]) => y);
  const pad = cell * 0.25;
  const x0 = Math.min(...xs) - cell / 2 - pad;
  const x1 = Math.max(...xs) + cell / 2 + pad;
  const y0 = Math.min(...ys) - cell / 2 - pad;
  const y1 = Math.max(...ys) + cell / 2 + pad;
  const w = x1 - x0;
  const ht = y1 - y0;
  const cols = Math.max(1, Math.min(n, Math.round(Math.sqrt((n * w) / ht))));
  const rows = Math.ceil(n / cols);
  const pitch = Math.min(w / cols, ht / rows);
  const scale = Math.max(0.55, Math.min(1, pitch / (cell * 0.98)));
  const spots = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : cols;
    const col = i % cols;
    const cx = (x0 + x1) / 2 + (col - (inRow - 1) / 2) * (w / cols);
    const cy = (y0 + y1) / 2 + (row - (rows - 1) / 2) * (ht / rows);
    spots.push([cx, cy, scale]);
  }
  return spots;
}

function spotsFor(sp, n, cell) {
  const cells = sp.cells
    .map(([x, y]) => [x, y, Math.hypot(x - sp.x, y - sp.y)])
    .sort((a, b) => b[2] - a[2])
    .map(([x, y]) => [x, y]);
  if (cells.length >= n && cells.length > 1) return cells.slice(0, n);
  if (n >= 3) return fanOut(sp, n, cell);
  const spots = [];
  const ring = cell * 0.3;
  for (let i = 0; i < n; i++) {
    const a = Math.PI / 2 + (i / Math.max(n, 1)) * 2 * Math.PI + (n > 1 ? Math.PI / 4 : 0);
    spots.push([sp.x + Math.cos(a) * ring, sp.y + Math.sin(a) * ring]);
  }
  return spots;
}
