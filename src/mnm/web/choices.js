// @ts-check
// Reading the engine's decision in a view: which options this seat may take (mine, myOptions), what they light on
// the board (litFor), and their words (optionLabel, figureName, cardOf, spaceWord). Pure: reads S and the view,
// draws nothing.

import { t, tx } from "./i18n.js";
import { S } from "./state.js";

/** @typedef {import("./api_types").TableView} TableView */

export const NO_LIGHTS = { spaces: new Set(), figures: new Set() };

/** @param {TableView} view */
export function botOf(view, heroId) {
  const hero = view.heroes.find((x) => x.id === heroId);
  return hero ? hero.bot : null;
}

/** @param {TableView} view */
export function mine(view) {
  const d = view.decision;
  if (!d || !S.you || S.you.role === "spectator") return false;
  if (botOf(view, d.actor)) return false; // the server's bot answers its own mice
  if (S.you.role === "host") return true;
  if (view.heroes.some((x) => x.id === d.actor)) return S.you.heroes.includes(d.actor);
  return true; // a party decision: each option names its mouse; filtered below
}

/** @param {TableView} view */
export function myOptions(view) {
  if (!mine(view)) return [];
  const d = view.decision;
  return d.options.filter((o) => {
    if (S.you.role === "host") return true;
    if (view.heroes.some((x) => x.id === d.actor)) return true;
    const who = o.split(" ")[1];
    return S.you.heroes.includes(who) || !view.heroes.some((x) => x.id === who);
  });
}

export function isSpace(arg) {
  return /^\d+:\d+$/.test(arg);
}

// Placing a party item is its own mode (never a side effect of a move click).
/** @param {TableView} view */
export function isPlacing(view, option) {
  return Boolean(view.decision && view.decision.confirm && view.decision.confirm[option] === "place_item");
}

/** @param {TableView} view */
export function boardOptions(view) {
  const all = myOptions(view);
  if (S.mode && S.mode.kind === "place") return all.filter((o) => isPlacing(view, o) && o.split(" ")[2] === S.mode.token);
  return all.filter((o) => !isPlacing(view, o));
}

// Which spaces and figures to light: the arguments of my options that name one.
/** @param {TableView} view */
export function litFor(view) {
  const spaces = new Set();
  const figures = new Set();
  const figureIds = new Set([...view.heroes.map((x) => x.id), ...view.minions.map((m) => m.id)]);
  for (const o of boardOptions(view)) {
    const [, actor, ...args] = o.split(" ");
    for (const a of args) {
      if (isSpace(a)) spaces.add(a);
      else if (figureIds.has(a) && a !== actor) figures.add(a);
    }
  }
  return { spaces, figures };
}

/** @param {TableView} v */
export function figureName(v, id) {
  const hero = v.heroes.find((x) => x.id === id);
  if (hero) return tx(hero.name);
  const m = v.minions.find((x) => x.id === id);
  if (m) return tx(m.name);
  return id;
}

/** @param {TableView} v */
export function cardOf(v, id) {
  const d = v.decision;
  if (d && d.cards && d.cards[id]) return d.cards[id];
  const base = id.split("/")[0];
  for (const hero of v.heroes) {
    /** @type {import("./api_types").JsonObject[]} */
    const held = [...hero.equipped, ...hero.pack, ...hero.tricks, ...hero.abilities, ...hero.innate];
    for (const c of held) {
      if (c.inst === id || c.id === id || c.id === base) return c;
    }
  }
  for (const c of v.party_cards) if (c.id === base) return c;
  return null;
}

function spaceWord(a) {
  const sp = S.board && S.board.geometry && S.board.geometry.spaces[a];
  if (!sp) return a;
  const side = S.board.geometry.sides && S.board.geometry.sides[String(sp.side)];
  return `${side ? tx(side) : sp.side} ${sp.n}`;
}

/** @param {TableView} v */
export function spaceWordOrName(v, id) {
  return isSpace(id) ? spaceWord(id) : figureName(v, id);
}

/** @param {TableView} v */
export function optionLabel(v, option) {
  const [verb, actor, ...args] = option.split(" ");
  const d = v.decision;
  const who = v.heroes.some((x) => x.id === actor) ? `${figureName(v, actor)}: ` : "";
  const dest = d && d.explore && d.explore[option];
  if (verb === "explore" && dest) {
    const text = t("exploreTo", { via: t(`exploreVia.${dest.via}`), to: tx(dest.to) });
    return `${who}${text}${dest.explored ? ` (${t("exploredAlready")})` : ""}`;
  }
  const words = args.map((a) => {
    if (isSpace(a)) return spaceWord(a);
    if (v.heroes.some((x) => x.id === a) || v.minions.some((m) => m.id === a)) return figureName(v, a);
    if (v.stash_names && v.stash_names[a]) return tx(v.stash_names[a]);
    const named = d && d.names && d.names[a];
    if (named) return tx(named);
    const card = cardOf(v, a);
    return card ? tx(card.name) : a;
  });
  // a chapter action or a story choice: the chapter file's own words are the label (issue 30)
  if (verb === "act" || (verb === "choose" && d && d.kind === "story_choice")) return `${who}${words.join(" ")}`;
  if (verb === "levelup" && d && d.prices && d.prices[option] !== undefined) {
    return `${who}${t("verbs.levelup")} ${words.join(" ")} · ${t("levelPrice", { n: d.prices[option] })}`;
  }
  if (verb === "place" && args.length === 2 && isSpace(args[1])) return `${who}${t("verbs.place")} ${words[0]} ${t("onSpace")} ${words[1]}`;
  return `${who}${t(`verbs.${verb}`)} ${words.join(" ")}`.trim();
}

// A seat may take back only its own mice's actions (the host any, and a bot's answer goes with its seat's).
/** @param {TableView} v */
export function mayUndo(v) {
  if (!v.can_undo || !S.you || S.you.role === "spectator") return false;
  if (S.you.role === "host") return true;
  const actor = v.undo_actor;
  if (!actor || !v.heroes.some((x) => x.id === actor)) return true;
  return S.you.heroes.includes(actor) || Boolean(botOf(v, actor));
}

/** @param {TableView} v */
export function undoWhy(v) {
  if (!v.can_undo) return nameIds(v, v.undo_reason || "");
  return t("undoOthers", { who: figureName(v, v.undo_actor) });
}

// An engine sentence may name a figure by id: say its name.
/** @param {TableView} v */
function nameIds(v, text) {
  let out = text;
  for (const x of [...v.heroes, ...v.minions]) out = out.replace(new RegExp(`\\b${x.id}\\b`, "g"), figureName(v, x.id));
  return out;
}
