// The board: the server's SVG of the tiles face up (drawn by mnm.board.render), with figures, markers and
// the legal choices drawn on top. Clicking a lit space or figure picks the matching option.

const NS = "http://www.w3.org/2000/svg";
const HERO_COLOURS = {
  collin: "#2f6fd0", tilda: "#d0447a", filch: "#3d9b4a", maginos: "#8a4fd0", nez: "#d08a1f", lily: "#1fa7a7",
};

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export class BoardView {
  constructor(container, onPick) {
    this.container = container;
    this.onPick = onPick; // (kind: "space"|"figure", id) => void
    this.geometry = null;
    this.svg = null;
    container.addEventListener("click", (ev) => this.click(ev));
  }

  setGeometry(geometry) {
    this.geometry = geometry;
    // The SVG comes from our own server (escaped by the renderer); parse it as an SVG document.
    const doc = new DOMParser().parseFromString(geometry.svg, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("class", "board-svg");
    svg.setAttribute("role", "img");
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.layer = el("g", { class: "overlay" });
    svg.appendChild(this.layer);
  }

  spaceCentre(id) {
    const sp = this.geometry && this.geometry.spaces[id];
    return sp ? [sp.x, sp.y] : null;
  }

  // Draw figures and markers; light up ``spaces`` and ``figures`` (sets of ids the player may pick).
  draw(view, lit) {
    if (!this.svg) return;
    const g = this.geometry;
    this.layer.replaceChildren();
    for (const path of this.svg.querySelectorAll("path.space")) {
      path.classList.toggle("lit", lit.spaces.has(path.dataset.space));
    }
    // trap markers placed on the board (R-TRAP)
    for (const space of view.traps) {
      const c = this.spaceCentre(space);
      if (!c) continue;
      this.layer.appendChild(el("text", { x: c[0], y: c[1] - 14, class: "trap-marker", "text-anchor": "middle" }, "✖"));
    }
    // figures, spread over the cells of their space
    const bySpace = new Map();
    for (const h of view.heroes) {
      if (h.space && !h.captured) push(bySpace, h.space, { kind: "hero", data: h });
    }
    for (const m of view.minions) push(bySpace, m.space, { kind: "minion", data: m });
    const cell = g.cell;
    for (const [space, figures] of bySpace) {
      const sp = g.spaces[space];
      if (!sp) continue;
      const spots = spotsFor(sp, figures.length, cell);
      figures.forEach((fig, i) => this.layer.appendChild(this.figure(fig, spots[i], cell, lit, view)));
    }
  }

  figure(fig, [x, y], cell, lit, view) {
    const r = cell * 0.3;
    const d = fig.data;
    const group = el("g", {
      class: `figure ${fig.kind}`,
      "data-figure": d.id,
      "data-at": d.space,
      transform: `translate(${x},${y})`,
    });
    const acting = fig.kind === "hero" && view.turn && view.turn.mouse === d.id;
    if (lit.figures.has(d.id)) group.classList.add("lit");
    if (acting) group.classList.add("acting");
    const title = el("title", {}, fig.kind === "hero" ? `${d.name.en} (${d.wounds}/${d.life})` : `${d.name.en} (${d.wounds}/${d.life})`);
    group.appendChild(title);
    if (fig.kind === "hero") {
      group.appendChild(el("circle", { r, fill: HERO_COLOURS[d.id] || "#555", class: "body" }));
      group.appendChild(el("text", { y: r * 0.38, "text-anchor": "middle", class: "fig-letter" }, d.name.en.replace(/^Prince\s+/, "")[0]));
    } else {
      const big = d.size === "large";
      const rr = big ? r * 1.5 : r;
      group.appendChild(el("rect", { x: -rr, y: -rr, width: rr * 2, height: rr * 2, rx: rr * 0.35, class: "body minion-body" }));
      group.appendChild(el("text", { y: rr * 0.38, "text-anchor": "middle", class: "fig-letter" }, d.id.split("-").pop()));
    }
    // wounds: small red pips under the figure
    for (let i = 0; i < d.wounds; i++) {
      group.appendChild(el("circle", { cx: -r + i * (r * 0.5), cy: r + 5, r: 3.2, class: "wound" }));
    }
    // status markers: a letter badge each
    (d.statuses || []).forEach((s, i) => {
      group.appendChild(el("text", { x: r + 2, y: -r + 9 + i * 10, class: "status-mark" }, s[0].toUpperCase()));
    });
    return group;
  }

  click(ev) {
    const figure = ev.target.closest("[data-figure]");
    if (figure) {
      // a figure that is not a target stands for its space
      if (figure.classList.contains("lit")) this.onPick("figure", figure.dataset.figure);
      else this.onPick("space", figure.dataset.at);
      return;
    }
    const space = ev.target.closest("[data-space]");
    if (space) this.onPick("space", space.dataset.space);
  }
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

// Up to ``n`` spots in a space: its cells first (furthest from the number label), then around the centre.
function spotsFor(sp, n, cell) {
  const cells = sp.cells
    .map(([x, y]) => [x, y, Math.hypot(x - sp.x, y - sp.y)])
    .sort((a, b) => b[2] - a[2])
    .map(([x, y]) => [x, y]);
  const spots = [];
  if (cells.length === 1 || cells.length < n) {
    const [cx, cy] = [sp.x, sp.y];
    const ring = cell * 0.28;
    for (let i = 0; i < n; i++) {
      const a = (i / Math.max(n, 1)) * 2 * Math.PI + Math.PI / 4;
      spots.push(n === 1 ? [cx, cy] : [cx + Math.cos(a) * ring, cy + Math.sin(a) * ring]);
    }
    return spots;
  }
  for (let i = 0; i < n; i++) spots.push(cells[i]);
  return spots;
}
