// @ts-check
// Companion mode (physical dice): one roll at a time. Say whose roll and what for, take the faces as pictures
// of the real die, show what the faces so far did (figures moved on the board), then ask for the next roll.
// Outside companion mode the box shows the latest roll and whose it was.

import { diePicture } from "./dice.js";
import { $, h } from "./dom.js";
import { t, tx } from "./i18n.js";
import { dicePictures, facesOf } from "./log.js";
import { S } from "./state.js";

/** @typedef {import("./api_types").TableView} TableView */

// "rat-warrior-1's movement" / "Rat Warrior 1's attack" / "collin's search" → names in the player's language
/** @param {TableView} view */
export function purposeWords(purpose, view) {
  const m = /^(.*?)(?:'s | )(movement|attack|defense|search|scurry|charmed movement|charmed attack|mousetrap|chase|flip|leaving the water|breaking the web|[a-z0-9-]+)$/.exec(purpose || "");
  if (!m) return { who: purpose, what: "" };
  let [, who, what] = m;
  const hero = view.heroes.find((x) => x.id === who || x.name.en === who);
  const minion = view.minions.find((x) => x.id === who || x.name.en === who);
  if (hero) who = tx(hero.name);
  else if (minion) who = tx(minion.name);
  else if (who === "the grape") who = tx((view.stash_names && view.stash_names.grape) || "grape");
  const known = t(`purposes.${what}`);
  if (known !== `purposes.${what}`) what = known;
  else {
    const card = Object.values((view.decision && view.decision.cards) || {}).find((c) => c.id === what);
    if (card) what = tx(card.name);
  }
  return { who, what };
}

export function renderDice(send) {
  const box = $("#dice");
  if (!box) return;
  const parts = [];
  const v = S.view;
  if (S.dice && v) {
    const d = S.dice;
    const { who, what } = purposeWords(d.purpose, v);
    if (d.preview && d.preview.length) {
      parts.push(
        h("details", { class: "preview", open: true }, h("summary", {}, t("companionResult")), h("ul", {}, d.preview.slice(-6).map((ev) => h("li", {}, tx(ev.text))))),
      );
    }
    parts.push(
      h("p", { class: "dice-prompt", id: "dice-prompt" }, t("companionFor", { n: d.count, dice: t(d.count === 1 ? "dieWord.one" : "dieWord.many"), who, what })),
    );
    const die = (S.catalog && S.catalog.die) || [];
    parts.push(
      h(
        "div",
        { class: "faces" },
        die.map((face, i) =>
          h(
            "button",
            {
              type: "button",
              class: "face",
              "data-face": i + 1,
              "aria-label": `${t("face", { n: i + 1 })}: ${face.number} · ${face.symbols.map((s) => t(`symbols.${s.toLowerCase()}`)).join(", ")}`,
              disabled: d.picked.length >= d.count,
              onclick: () => {
                if (d.picked.length < d.count) d.picked.push(i + 1);
                renderDice(send);
                const next = $("#send-dice");
                if (d.picked.length === d.count && next) next.focus();
              },
            },
            diePicture(face, i + 1, 44),
          ),
        ),
      ),
    );
    parts.push(h("div", { class: "given" }, d.picked.length ? dicePictures(d.picked) : null));
    parts.push(
      h(
        "div",
        { class: "dice-buttons" },
        h(
          "button",
          { type: "button", class: "primary", id: "send-dice", disabled: d.picked.length !== d.count, onclick: () => send(d.action, [...d.given, ...d.picked]) },
          t("send"),
        ),
        h("button", { type: "button", onclick: () => ((d.picked = []), renderDice(send)) }, t("clear")),
      ),
    );
  } else {
    for (let i = S.log.length - 1; i >= 0 && i >= S.log.length - 12; i--) {
      const ev = S.log[i];
      const faces = facesOf(ev);
      if (faces) {
        parts.push(h("p", { class: "label" }, `${t("lastRoll")}: `, h("span", { class: "roll-whose" }, tx(ev.text))));
        const pictures = dicePictures(faces);
        pictures.id = "last-roll";
        parts.push(pictures);
        break;
      }
    }
  }
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
  if (S.dice) {
    box.dataset.given = String(S.dice.given.length);
    box.dataset.count = String(S.dice.count);
  } else {
    delete box.dataset.given;
    delete box.dataset.count;
  }
}
