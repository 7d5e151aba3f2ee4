// @ts-check
// Information on demand: the detail panel for cards, minions (their type's stat card), heroes and spaces,
// and the short card summaries shown inside option buttons.

import { HERO_COLOURS, minionLook, minionShape, spaceLabel, spaceMarks } from "./board.js";
import { minionSilhouette } from "./figures.js";
import { h, openDialog } from "./dom.js";
import { t, tx } from "./i18n.js";
import { S } from "./state.js";

/** @typedef {import("./api_types").TableView} TableView */

const NS = "http://www.w3.org/2000/svg";

// The numbers a card adds (weapons: dice, paws, melee/ranged; armour: defense dice; abilities: cost).
export function cardNumbers(card) {
  const bits = [];
  if (card.type) bits.push(t(`cardType.${card.type}`));
  if (card.attack) bits.push(t(`attackKind.${card.attack}`));
  if (card.bonus) bits.push(`+${card.bonus} ${t("dice")}`);
  if (card.paws) bits.push(`${card.paws} ${t(card.paws === 1 ? "paw" : "paws")}`);
  if (card.cost !== undefined && card.cost !== null) bits.push(t("cost", { n: card.cost }));
  if (card.useCost !== undefined && card.useCost !== null) bits.push(t("useCost", { n: card.useCost }));
  return bits.join(" · ");
}

// What goes under an option's label when it names a card: its numbers and its text, visible without hover.
export function cardSummary(card) {
  const numbers = cardNumbers(card);
  return h(
    "span",
    { class: "card-text" },
    numbers ? h("span", { class: "card-numbers" }, numbers) : null,
    tx(card.text) ? h("span", { class: "card-body" }, tx(card.text)) : null,
  );
}

export function showCard(card) {
  openDialog({
    id: "details",
    title: tx(card.name),
    className: "details",
    // mnm.presentation.info's sentences when the server sent them (the terminal says the same), else numbers and text
    body: card.lines
      ? [h("ul", { class: "card-lines" }, tx(card.lines).slice(1).map((line) => h("li", {}, line)))]
      : [cardNumbers(card) ? h("p", { class: "card-numbers" }, cardNumbers(card)) : null, h("p", {}, tx(card.text))].filter(Boolean),
  });
}

function glyph(type, size = 44) {
  const look = minionLook(type.id);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "-24 -24 48 48");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  if (type.boss) svg.appendChild(minionShape(look.shape, 18, { class: "boss-frame" }));
  svg.appendChild(minionShape(look.shape, 14, { fill: look.fill, stroke: "#111", "stroke-width": 2 }));
  svg.appendChild(minionSilhouette(type.id, 14)); // the token's silhouette, as on the board
  return svg;
}

// A minion type's stat card: glyph, battle/defense/life, attack kind, abilities in words, wounds per figure.
/** @param {TableView} view */
export function minionCard(type, view) {
  const figures = view.minions.filter((m) => m.type === type.id);
  return h(
    "div",
    { class: "minion-card", "data-type": type.id },
    h(
      "div",
      { class: "minion-head" },
      glyph(type),
      h(
        "div",
        {},
        h("strong", {}, tx(type.name)),
        h("small", {}, ` · ${t(`attackKind.${type.attack}`)}${type.boss ? ` · ${t("boss")}` : ""}${type.size === "large" ? ` · ${t("large")}` : ""}`),
      ),
    ),
    h(
      "div",
      { class: "stats" },
      stat(t("battle"), type.battle),
      stat(t("defense"), type.defense),
      stat(t("life"), type.life),
    ),
    tx(type.ability_text) ? h("p", { class: "abilities-text" }, tx(type.ability_text)) : null,
    figures.length
      ? h(
          "ul",
          { class: "figure-wounds" },
          figures.map((m) => h("li", {}, `${tx(m.name)} · ${spaceLabel(S.board && S.board.geometry, m.space)} · ${t("woundsOf", { w: m.wounds, life: m.life })}`)),
        )
      : null,
  );
}

export function stat(label, value) {
  return h("span", { class: "stat" }, h("small", {}, label), h("b", {}, String(value)));
}

export function showMinionType(typeId) {
  const view = S.shown || S.view;
  const type = view.minion_types && view.minion_types[typeId];
  if (!type) return;
  openDialog({ id: "details", title: tx(type.name), className: "details", body: [minionCard(type, view)] });
}

export function heroBlock(hero) {
  return h(
    "div",
    { class: "hero-detail" },
    h("div", { class: "stats" }, stat(t("battle"), hero.battle), stat(t("defense"), hero.defense), stat(t("lore"), hero.lore), stat(t("move"), hero.move), stat(t("wounds"), `${hero.wounds}/${hero.life}`), stat(t("cheese"), hero.cheese)),
    h("p", {}, hero.classes.map((c) => t(`classes.${c}`)).join(" · ")),
    hero.statuses.length ? h("p", {}, hero.statuses.map((s) => t(`statuses.${s}`)).join(", ")) : null,
    ...[
      [t("equipped"), hero.equipped],
      [t("pack"), [...hero.pack, ...hero.tricks]],
      [t("abilities"), [...hero.innate, ...hero.abilities]],
    ].map(([title, cards]) =>
      cards.length ? h("div", { class: "cards" }, h("h3", {}, title), h("ul", {}, cards.map((c) => h("li", {}, h("strong", {}, tx(c.name)), " ", cardSummary(c))))) : null,
    ),
  );
}

export function showFigure(id) {
  const view = S.shown || S.view;
  const hero = view.heroes.find((x) => x.id === id);
  if (hero) {
    const swatch = h("span", { class: "swatch", style: `background:${HERO_COLOURS[hero.id] || "#444"}` });
    openDialog({ id: "details", title: tx(hero.name), className: "details", body: [swatch, heroBlock(hero)] });
    return;
  }
  const m = view.minions.find((x) => x.id === id);
  if (m) showMinionType(m.type);
}

export function showSpace(id, note) {
  const view = S.shown || S.view;
  const geometry = S.board && S.board.geometry;
  const here = [
    ...view.heroes.filter((x) => x.space === id && !x.captured).map((x) => h("li", {}, h("button", { type: "button", class: "link", onclick: () => showFigure(x.id) }, tx(x.name)), ` · ${t("woundsOf", { w: x.wounds, life: x.life })}`)),
    ...view.minions.filter((m) => m.space === id).map((m) => h("li", {}, h("button", { type: "button", class: "link", onclick: () => showMinionType(m.type) }, tx(m.name)), ` · ${t("woundsOf", { w: m.wounds, life: m.life })}`)),
  ];
  const sp = geometry && geometry.spaces[id];
  const marks = [];
  if (sp && sp.flip) marks.push(t("flipSpace"));
  if (sp && sp.entry) marks.push(t("entrySpace"));
  if (sp && sp.trap) marks.push(t("trapSpace"));
  openDialog({
    id: "details",
    title: spaceLabel(geometry, id),
    className: "details",
    body: [
      note ? h("p", { class: "note" }, note) : null,
      marks.length ? h("p", {}, marks.join(" · ")) : null,
      ...spaceMarks(view, geometry, id).map((line) => h("p", { class: "space-mark" }, line)), // [EXP] terrain, markers
      here.length ? h("ul", { class: "here" }, here) : h("p", {}, t("emptySpace")),
    ].filter(Boolean),
  });
}
