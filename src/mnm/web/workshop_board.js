// @ts-check
// The workshop's board (issue 23; split out of workshop.js, issue 49): the gallery of tile sides, the layout grid
// (laying, flipping, removing tiles, where a side fits), the board's drawing with its marks, and picking a
// square, a space or an exit on it for a form.

import { http } from "./api.js";
import { spaceLabel } from "./board.js";
import { $, h, svgEl } from "./dom.js";
import { t, tx } from "./i18n.js";
import { heatOf, heatOpacity, heatRadius } from "./workshop_playtest.js";
import { exitName, sideName, sideOf } from "./workshop_rules.js";
import { edit, HEAT_COLOURS, setupOf, W } from "./workshop_state.js";

// --- the board: gallery, grid, the drawing and its marks --------------------------------------------------------

export function sideInfo(side) {
  return W.tiles && W.tiles.sides.find((s) => s.side === Number(side));
}

export function renderGallery() {
  const box = $("#ws-gallery");
  if (!box || !W.tiles) return;
  box.replaceChildren(
    ...W.tiles.sides.map((s) =>
      h(
        "button",
        {
          type: "button",
          class: `ws-tile${W.pickedSide === s.side ? " picked" : ""}`,
          "data-side": s.side,
          "aria-pressed": String(W.pickedSide === s.side),
          onclick: () => {
            W.pickedSide = s.side;
            renderGallery();
            renderGrid();
          },
        },
        h("img", { src: `/api/workshop/tiles/${s.side}.svg`, alt: "", loading: "lazy", width: 96, height: 110 }),
        h("span", {}, `${s.side} · ${tx(s.name)}${s.expansion ? ` (${t("ws.expansion")})` : ""}`),
        s.back ? h("span", { class: "ws-tile-back" }, t("ws.backIs", { side: sideName(s.back) })) : null,
      ),
    ),
  );
}

export function layout() {
  return (setupOf(W.data).layout || []).filter((p) => p && Array.isArray(p.at));
}

function renderGrid() {
  const box = $("#ws-grid");
  if (!box) return;
  const laid = layout();
  const xs = laid.map((p) => p.at[0]);
  const ys = laid.map((p) => p.at[1]);
  const [x0, x1, y0, y1] = laid.length ? [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1] : [0, 0, 0, 0];
  const at = new Map(laid.map((p, i) => [`${p.at[0]},${p.at[1]}`, [p, i]]));
  const near = (x, y) => !laid.length || [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => at.has(`${x + dx},${y + dy}`));
  const key = JSON.stringify(laid.map((p) => [p.side, p.at]));
  const cells = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const hit = at.get(`${x},${y}`);
      if (hit) {
        const [p, i] = hit;
        const info = sideInfo(p.side);
        cells.push(
          h(
            "div",
            { class: "ws-cell laid", "data-field": `setup.layout.${i}` },
            h("strong", {}, `${p.side} · ${info ? tx(info.name) : "?"}`),
            info && info.back ? h("span", { class: "ws-cell-back" }, t("ws.backIs", { side: sideName(info.back) })) : null,
            info && info.back ? h("button", { type: "button", class: "small", "data-flip": p.side, onclick: () => flip(i) }, t("ws.flip")) : null,
            h("button", { type: "button", class: "small", "data-remove": p.side, onclick: () => removeTile(i) }, t("ws.remove")),
          ),
        );
      } else if (near(x, y) && W.placing) {
        // a form picks a square (where a tile is added during the chapter, issue 46)
        const label = t("wsw.placeHere", { x, y });
        cells.push(h("button", { type: "button", class: "ws-cell free placing", "data-at": `${x},${y}`, "aria-label": label, title: label, onclick: () => place(x, y) }, "◎"));
      } else if (near(x, y)) {
        // issue 46: "tiles that fit here": the squares where the picked side's exits would join the laid tiles'
        const fit = W.pickedSide && W.fits && W.fits.side === W.pickedSide && W.fits.key === key ? W.fits.at[`${x},${y}`] : null;
        const joins = fit ? fit.joined : 0;
        const base = W.pickedSide ? t("ws.layHere", { side: W.pickedSide, x, y }) : t("ws.emptySquare", { x, y });
        const label = joins ? `${base} · ${t("wsw.fitsHere", { n: joins })}` : base;
        cells.push(h("button", { type: "button", class: `ws-cell free${joins ? " fits" : ""}`, "data-at": `${x},${y}`, "data-joins": fit ? joins : null, "aria-label": label, title: label, disabled: !W.pickedSide, onclick: () => lay(x, y) }, joins ? `+ ● ${joins}` : "+"));
      } else cells.push(h("div", { class: "ws-cell none", "aria-hidden": "true" }));
    }
  }
  box.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, minmax(0, 8.5em))`;
  box.replaceChildren(...cells);
  if (W.pickedSide && laid.length && !(W.fits && W.fits.side === W.pickedSide && W.fits.key === key)) requestFits(W.pickedSide, key);
}

// where the picked side would join the laid tiles (the server tries it on each empty square): then drawn again
async function requestFits(side, key) {
  if (W.fitsAsked === `${side}|${key}`) return;
  W.fitsAsked = `${side}|${key}`;
  try {
    const got = await http("POST", "/api/workshop/fits", /** @satisfies {import("./api.js").Body<"POST /api/workshop/fits">} */ ({ layout: layout(), side }));
    W.fits = { side, key, at: Object.fromEntries(got.squares.map((q) => [`${q.at[0]},${q.at[1]}`, q])) };
  } catch {
    W.fits = { side, key, at: {} }; // no marks: laying works as before
  }
  if (W.pickedSide === side) renderGrid();
}

// the form field a pick on the board is for (its ``data-pick``), to give the keyboard back to once picked
function pickFrom() {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  return active && active.dataset ? active.dataset.pick || "" : "";
}

// pick an empty square next to the laid tiles for a form: ``onPlace(x, y)`` (issue 46: an added tile's place)
export function startPlacing(label, onPlace) {
  W.placing = { onPlace, from: pickFrom() };
  $("#ws-picking").textContent = t("wsw.pickingSquare", { what: label });
  renderGrid();
  const first = /** @type {HTMLElement | null} */ (document.querySelector("#ws-grid .ws-cell.placing"));
  if (first) first.focus();
}

function place(x, y) {
  if (!W.placing) return;
  const { onPlace, from } = W.placing;
  W.placing = null;
  $("#ws-picking").textContent = "";
  renderGrid();
  onPlace(x, y);
  const back = from && /** @type {HTMLElement | null} */ (document.querySelector(`#ws-forms [data-pick="${CSS.escape(from)}"]`));
  if (back) back.focus();
}

function lay(x, y) {
  const side = W.pickedSide;
  const info = sideInfo(side);
  // one physical tile, two faces: laying a face whose tile is down already moves that tile here, and says so
  const before = layout().find((p) => info && sideInfo(p.side) && sideInfo(p.side).tile === info.tile);
  const note = $("#ws-picking");
  if (note) note.textContent = before ? t("ws.tileMoved", { was: sideName(before.side), now: sideName(side) }) : "";
  edit((data) => {
    const setup = setupOf(data);
    setup.layout = (setup.layout || []).filter((p) => !(info && sideInfo(p.side) && sideInfo(p.side).tile === info.tile));
    setup.layout.push({ side, at: [x, y] });
    // the first tile laid with a start space holds the start until one is picked
    const starts = (info && info.starts) || [];
    if ((!setup.start_space || /^0:/.test(String(setup.start_space))) && starts.length) setup.start_space = starts[0];
  }, true);
}

function flip(i) {
  edit((data) => {
    const p = setupOf(data).layout[i];
    const info = sideInfo(p.side);
    if (!info || !info.back) return;
    const old = p.side;
    p.side = info.back;
    const setup = setupOf(data);
    const starts = (sideInfo(p.side) || {}).starts || [];
    if (String(setup.start_space || "").startsWith(`${old}:`) && starts.length) setup.start_space = starts[0];
  }, true);
}

function removeTile(i) {
  edit((data) => setupOf(data).layout.splice(i, 1), true);
}

export function renderBoard() {
  renderGrid();
  const view = W.boardView;
  const exits = $("#ws-exits");
  if (!view) return;
  if (!W.board) {
    view.container.replaceChildren();
    view.svg = null;
    if (exits) exits.textContent = "";
    return;
  }
  if (view.geometry !== W.board) {
    const fresh = !view.geometry || JSON.stringify(/** @type {import("./workshop_state.js").DraftBoard} */ (view.geometry).tiles) !== JSON.stringify(W.board.tiles);
    view.setGeometry(W.board);
    // issue 46: a phone opens the board on the tiles (the start space in the middle), not on an empty corner;
    // the zoom stays at a finger's tap size (issue 25), + and − change it
    if (fresh && view.container.clientWidth < 600) centreOnTiles(view);
  }
  for (const path of /** @type {NodeListOf<SVGPathElement>} */ (view.svg.querySelectorAll("path.space"))) path.setAttribute("aria-label", spaceLabel(W.board, path.dataset.space));
  drawMarks();
  const counts = { joined: 0, blocked: 0, loose: 0 };
  for (const ex of W.board.exits) counts[ex.join] = (counts[ex.join] || 0) + 1;
  if (exits) {
    exits.replaceChildren(
      h("span", { class: "ws-exit joined" }, `● ${counts.joined} ${t("ws.exitsJoined")}`),
      " ",
      h("span", { class: "ws-exit blocked" }, `■ ${counts.blocked} ${t("ws.exitsBlocked")}`),
      " ",
      h("span", { class: "ws-exit loose" }, `✕ ${counts.loose} ${t("ws.exitsLoose")}`),
    );
  }
}

function centreOnTiles(view) {
  const spaces = Object.keys(W.board.spaces || {});
  const start = String(setupOf(W.data).start_space || "");
  const c = view.spaceCentre(spaces.includes(start) ? start : spaces[0]);
  if (!c || !view.svg) return;
  const scale = view.svg.getBoundingClientRect().width / (W.board.width || 1);
  view.container.scrollLeft = Math.max(0, c[0] * scale - view.container.clientWidth / 2);
  view.container.scrollTop = Math.max(0, c[1] * scale - view.container.clientHeight / 2);
}

export function drawMarks() {
  const view = W.boardView;
  if (!view || !view.svg || !W.board) return;
  const layer = view.layer;
  layer.replaceChildren();

  // heat first (under the marks): one disc per space, its size and strength by count
  const heat = heatOf();
  if (heat) {
    const values = Object.values(heat);
    const top = Math.max(1, ...values);
    for (const [space, n] of Object.entries(heat)) {
      const c = view.spaceCentre(space);
      if (!c) continue;
      layer.appendChild(svgEl("circle", { cx: c[0], cy: c[1], r: heatRadius(n, top), class: "ws-heat", fill: HEAT_COLOURS[W.heat.kind], "fill-opacity": heatOpacity(n, top), "data-heat": space }));
      // the count itself, readable on the disc
      layer.appendChild(svgEl("text", { x: c[0], y: c[1] + 5, class: "ws-heat-count", "text-anchor": "middle", "data-heat-count": space }, String(n)));
    }
  }
  for (const ex of W.board.exits) {
    const g = svgEl("g", { class: `ws-exit-mark ${ex.join}`, "data-exit": `${ex.side}-${ex.index}` });
    g.appendChild(svgEl("title", {}, exitName(ex.side, ex.index))); // issue 46: the name the forms and the sheet use
    if (ex.join === "joined") g.appendChild(svgEl("circle", { cx: ex.x, cy: ex.y, r: 7, fill: "#2e7d32", stroke: "#fff", "stroke-width": 2 }));
    else if (ex.join === "blocked") g.appendChild(svgEl("rect", { x: ex.x - 7, y: ex.y - 7, width: 14, height: 14, fill: "#e08a00", stroke: "#fff", "stroke-width": 2 }));
    else {
      g.appendChild(svgEl("circle", { cx: ex.x, cy: ex.y, r: 9, fill: "#b3261e", stroke: "#fff", "stroke-width": 2 }));
      g.appendChild(svgEl("path", { d: `M${ex.x - 4},${ex.y - 4} L${ex.x + 4},${ex.y + 4} M${ex.x + 4},${ex.y - 4} L${ex.x - 4},${ex.y + 4}`, stroke: "#fff", "stroke-width": 2.5 }));
    }
    // issue 46: its direction written beside it, the word the forms and the sheet name it by
    g.appendChild(svgEl("text", { x: ex.x, y: ex.y - 12, class: "ws-exit-name", "text-anchor": "middle" }, t(`wsw.edge.${ex.edge}`)));
    // picking an exit for a form (a trigger's "which exit"): the exits of that side are buttons
    if (W.picking && W.picking.exitSide === ex.side) {
      g.classList.add("pickable");
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", exitName(ex.side, ex.index));
      g.insertBefore(svgEl("circle", { cx: ex.x, cy: ex.y, r: 16, class: "ws-exit-target" }), g.firstChild);
      g.addEventListener("click", () => pickExit(ex.index));
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          pickExit(ex.index);
        }
      });
    }
    layer.appendChild(g);
  }
  const setup = setupOf(W.data);
  const start = view.spaceCentre(String(setup.start_space || ""));
  if (start) layer.appendChild(svgEl("text", { x: start[0], y: start[1] + 8, class: "ws-start", "text-anchor": "middle" }, "★"));
  for (const [token, spaces] of Object.entries(setup.tokens || {})) {
    for (const space of spaces || []) {
      const c = view.spaceCentre(String(space));
      if (c) layer.appendChild(svgEl("text", { x: c[0] + 14, y: c[1] - 10, class: "ws-token" }, token.slice(0, 3)));
    }
  }
  for (const p of setup.placements || []) {
    const c = view.spaceCentre(String(p.space || ""));
    if (c) layer.appendChild(svgEl("text", { x: c[0] - 14, y: c[1] - 10, class: "ws-minion-count", "text-anchor": "middle" }, "▲"));
  }
  // starting minions: a count on their side's name band
  const bySide = new Map();
  for (const m of setup.starting_minions || []) bySide.set(m.side, (bySide.get(m.side) || 0) + (Number(m.count) || 0));
  for (const [side, n] of bySide) {
    const sp = Object.values(W.board.spaces).find((s) => s.side === Number(side));
    if (sp) layer.appendChild(svgEl("text", { x: sp.x, y: sp.y - 22, class: "ws-minion-count", "text-anchor": "middle" }, `▲${n}`));
  }
}

// an exit clicked on the board while a form picks one (issue 46): handed to that form
function pickExit(index) {
  if (!W.picking || W.picking.onExit === undefined) return;
  const { onExit, from } = W.picking;
  W.picking = null;
  $("#ws-picking").textContent = "";
  drawMarks();
  onExit(index);
  const back = from && /** @type {HTMLElement | null} */ (document.querySelector(`#ws-forms [data-pick="${CSS.escape(from)}"]`));
  if (back) back.focus();
}

export function pickSpace(id) {
  if (!W.picking || W.picking.onExit !== undefined) return;
  const { apply, onPick, from } = W.picking;
  W.picking = null;
  $("#ws-picking").textContent = "";
  if (onPick) onPick(id);
  else edit((data) => apply(data, id), true);
  const back = from && /** @type {HTMLElement | null} */ (document.querySelector(`#ws-forms [data-pick="${CSS.escape(from)}"]`));
  if (back) back.focus(); // back to the field the pick was for
}

// pick a space on the board: ``apply(data, id)`` writes it into the file, or ``onPick(id)`` hands it to a form
export function startPicking(label, apply, onPick = null) {
  W.picking = { label, apply, onPick, from: pickFrom() };
  $("#ws-picking").textContent = t("ws.picking", { what: label });
  const first = $("#ws-board path.space");
  if (first) first.focus();
}

// pick an exit of ``side`` on the board: ``onExit(index)`` hands it to the form (issue 46)
export function startPickingExit(label, side, onExit) {
  W.picking = { label, apply: null, onPick: null, onExit, exitSide: side, from: pickFrom() };
  $("#ws-picking").textContent = t("wsw.pickingExit", { what: label, of: sideOf(side) });
  drawMarks();
  const first = /** @type {HTMLElement | null} */ (document.querySelector("#ws-board .ws-exit-mark.pickable"));
  if (first) first.focus();
}
