// @ts-check
// The table's panels drawn from a view alone: the tracks bar (round, hourglass, cheese wheel, stash, encounter,
// weather), the legend of markers, the initiative track, and the hero and minion cards.

import { minionCard, showCard, showFigure, showMinionType, stat } from "./details.js";
import { $, h } from "./dom.js";
import { placeName, t, tx } from "./i18n.js";
import { baseLegendRows, legendRows, swatch } from "./marks.js";
import { S } from "./state.js";
import { detailsDefault, plain } from "./words.js";

/** @typedef {import("./api_types").TableView} TableView */

/** @param {TableView} v */
export function surgeLine(v) {
  const surge = (v.encounter_up && v.encounter_up.surge) || [];
  if (!surge.length) return h("p", {}, t("noSurge"));
  return h("p", { id: "surge" }, t("surgeIs", { list: surge.map((s) => `${s.count} × ${tx(s.name)}`).join(", ") }));
}

function hourglassIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 10 14");
  svg.setAttribute("width", "10");
  svg.setAttribute("height", "14");
  svg.setAttribute("class", "hourglass-icon");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", "M1,1 H9 L5,7 L9,13 H1 L5,7 Z");
  path.setAttribute("fill", "#f2c40f");
  path.setAttribute("stroke", "#fff");
  svg.appendChild(path);
  return svg;
}

/** @param {TableView} v */
export function renderTracks(v) {
  const pages = [];
  for (let p = 1; p <= v.chapter.track_pages; p++) {
    const cls = ["page"];
    if (p === v.hourglass) cls.push("hourglass");
    if (p === v.end_page) cls.push("end");
    pages.push(
      h(
        "li",
        { class: cls.join(" "), title: p === v.end_page ? t("endMarker") : "" },
        p === v.hourglass ? hourglassIcon() : String(p),
      ),
    );
  }
  const wheel = [];
  for (let i = 0; i < 6; i++) wheel.push(h("li", { class: i < v.wheel ? "cheese on" : "cheese" }));
  // [EXP] Nightfall: the moon fills the wheel's last place until the next surge (docs/rulings.md R-EXP-11)
  const moon = (v.legend || []).find((item) => item.kind === "moon");
  if (moon) wheel[5] = h("li", { class: "cheese moon", title: `${tx(moon.name)}: ${tx(moon.text)}`, "aria-label": tx(moon.name) }, swatch("moon", 16));
  $("#tracks").replaceChildren(
    h("div", { class: "track-box" }, h("span", { class: "label" }, `${t("round")} `), h("b", { id: "round" }, v.round)),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("hourglass")),
      h("ol", { class: "chapter-track", id: "chapter-track" }, pages),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, `${t("wheel")} ${v.wheel}/6`),
      h("ol", { class: "wheel", id: "wheel", "data-cheese": v.wheel }, wheel),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("stash")),
      h(
        "span",
        { id: "stash" },
        v.stash.length
          ? v.stash.flatMap((tk, i) => {
              const name = tx((v.stash_names && v.stash_names[tk]) || tk);
              const card = v.stash_cards && v.stash_cards[tk];
              const item = card ? h("button", { type: "button", class: "link card-link stash-item", "data-token": tk, onclick: () => showCard(card) }, name) : name;
              return i ? [", ", item] : [item];
            })
          : t("none"),
      ),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("encounter")),
      h("span", {}, v.encounter_up ? tx(v.encounter_up.name) : t("none")),
      v.encounter_up ? h("small", { class: "surge-words" }, ` · ${surgeLine(v).textContent}`) : null,
      h("small", {}, ` · ${t("decks", { s: v.decks.search, e: v.decks.encounter })}`),
    ),
    ...[weatherBox(v)].filter(Boolean),
  );
}

// [EXP] The legend of the expansion's markers on this board now: glyph, name and what it does (mnm.presentation.info's words).
/** @param {TableView} v */
export function renderLegend(v) {
  const box = $("#legend");
  const base = baseLegendRows(v, S.board && S.board.geometry, placeName).map((r) => ({ ...r, base: true }));
  const rows = [...base, ...legendRows(v)].map((r) =>
    r.kind === "feature" ? { ...r, text: t("featureText") } : { ...r, text: plain(r.text, detailsDefault(v)) },
  );
  box.hidden = rows.length === 0;
  box.replaceChildren(
    h("h3", { id: "legend-title" }, t("legend")),
    h("ul", { class: "legend-list" }, rows.map((r) => h("li", { "data-kind": r.kind, "data-base": r.base ? "1" : null }, r.letter ? featureSwatch(r.letter) : swatch(r.kind), h("span", {}, h("b", {}, r.name), `: ${r.text}`)))),
  );
}

function featureSwatch(letter) {
  const box = swatch("feature");
  const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
  text.setAttribute("y", "4");
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("class", "glyph-letter dark");
  text.textContent = letter;
  box.appendChild(text);
  return box;
}

// [EXP] Rain and Nightfall, when on: a box of the tracks bar with the legend's words.
/** @param {TableView} v */
function weatherBox(v) {
  const on = (v.legend || []).filter((item) => item.kind === "rain" || item.kind === "moon");
  if (!on.length) return null;
  return h(
    "div",
    { class: "track-box weather", id: "weather" },
    h("span", { class: "label" }, t("weather")),
    ...on.map((item) => h("span", { class: "weather-item", "data-kind": item.kind, title: tx(item.text) }, swatch(item.kind, 20), h("b", {}, tx(item.name)))),
  );
}

/** @param {TableView} v */
export function renderInitiative(v) {
  $("#initiative").replaceChildren(
    h("h3", {}, t("initiative")),
    h(
      "ol",
      { class: "initiative", id: "track" },
      v.track.map((c) => h("li", { class: c.card === v.acting ? "now" : "", "data-card": c.card }, tx(c.name))),
    ),
  );
}

function cardList(title, cards) {
  if (!cards.length) return null;
  return h(
    "div",
    { class: "cards" },
    h("small", {}, title),
    h(
      "ul",
      {},
      cards.map((c) =>
        h(
          "li",
          {},
          h("button", { type: "button", class: "link card-link", onclick: () => showCard(c) }, tx(c.name)),
          c.slot ? h("small", {}, ` (${t(`slots.${c.slot}`)})`) : null,
          // issue 32: a card this mouse may not wear says why (its class)
          c.cannot_equip ? h("small", { class: "cannot-equip" }, ` ${tx(c.cannot_equip)}`) : null,
        ),
      ),
    ),
  );
}

/** @param {TableView} v */
export function renderHeroes(v) {
  $("#heroes").replaceChildren(
    ...v.heroes.map((hero) => {
      const acting = v.turn && v.turn.mouse === hero.id;
      const cls = ["hero-card", "card"];
      if (acting) cls.push("acting");
      if (S.you.heroes.includes(hero.id)) cls.push("mine");
      return h(
        "article",
        { class: cls.join(" "), "data-hero": hero.id },
        h(
          "h3",
          {},
          h("button", { type: "button", class: "link hero-link", onclick: () => showFigure(hero.id) }, tx(hero.name)),
          hero.seat !== null ? h("small", {}, ` · ${t("seat")} ${hero.seat + 1}`) : null,
          hero.bot ? h("small", { class: "tag bot" }, ` · ${t("bot")}: ${t(`botNames.${hero.bot}`)}`) : null,
          acting ? h("small", { class: "tag" }, ` ${t("acting")}`) : null,
          hero.captured ? h("small", { class: "tag" }, ` ${t("captured")}`) : null,
        ),
        h(
          "div",
          { class: "stats" },
          stat(t("battle"), hero.battle),
          stat(t("defense"), hero.defense),
          stat(t("lore"), hero.lore),
          stat(t("move"), hero.move),
          stat(t("wounds"), `${hero.wounds}/${hero.life}`),
          stat(t("cheese"), hero.cheese),
        ),
        hero.statuses.length ? h("p", { class: "statuses" }, hero.statuses.map((s) => t(`statuses.${s}`)).join(", ")) : null,
        cardList(t("equipped"), hero.equipped),
        cardList(t("pack"), [...hero.pack, ...hero.tricks]),
        cardList(t("abilities"), [...hero.innate, ...hero.abilities]),
        hero.achievements.length ? h("p", {}, `${t("achievements")}: ${hero.achievements.join(", ")}`) : null,
      );
    }),
  );
}

// one stat card per minion type in play: glyph, numbers, abilities in words, wounds per figure
/** @param {TableView} v */
export function renderMinions(v) {
  const types = Object.values(v.minion_types || {});
  $("#minions").replaceChildren(
    ...types.map((type) => h("article", { class: "card minion-type", "data-type": type.id }, minionCard(type, v), h("button", { type: "button", class: "small", onclick: () => showMinionType(type.id) }, t("details")))),
  );
}
