// @ts-check
// "Check the dice" (issue 26, finding 8): at the end of every table, the commitment published at the start,
// the seed revealed at the end, a download of the full record and the command that replays it from the seed.
// Its own module and words, so the rest of the end screen is left as it is.
import { h } from "./dom.js";
import { lang } from "./i18n.js";
import { watchLink } from "./replay.js";

/** @typedef {import("./api_types").TableView} TableView */

const WRAP = "overflow-wrap: anywhere"; // 64 hex digits and 39-digit seeds must fit a phone

const WORDS = {
  en: {
    title: "Check the dice",
    intro: "Every roll and card came from a secret seed. Its fingerprint was published when the table began; now the seed itself is public.",
    commit: "Commitment (published at the start)",
    seed: "Seed (revealed now)",
    chosen: "The creator chose this seed, so they knew every roll in advance.",
    download: "Download the full record",
    how: "To check that the seed matches the commitment and that every roll and card follows from it, run:",
  },
  pt: {
    title: "Conferir os dados",
    intro: "Cada rolagem e carta veio de uma semente secreta. Sua impressão digital foi publicada quando a mesa começou; agora a própria semente é pública.",
    commit: "Compromisso (publicado no início)",
    seed: "Semente (revelada agora)",
    chosen: "Quem criou a mesa escolheu esta semente, então sabia todas as rolagens de antemão.",
    download: "Baixar o registro completo",
    how: "Para conferir que a semente bate com o compromisso e que cada rolagem e carta vem dela, rode:",
  },
};

/** The panel for a finished table's view ``v`` (its ``fairness`` carries the commitment, seed and record). */
/** @param {TableView} v */
export function diceCheckPanel(v, tableId) {
  const f = v.fairness || {};
  if (!f.seed) return null;
  const w = WORDS[lang() === "pt" ? "pt" : "en"];
  const file = `mnm-${tableId}-record.json`;
  return h(
    "section",
    { id: "dice-check", class: "dice-check" },
    h("h3", {}, w.title),
    h("p", {}, w.intro),
    h("dl", {},
      h("dt", {}, w.commit), h("dd", {}, h("code", { class: "commit", style: WRAP }, f.commit)),
      h("dt", {}, w.seed), h("dd", {}, h("code", { class: "seed", style: WRAP }, f.seed)),
    ),
    f.seed_chosen ? h("p", { class: "warning" }, w.chosen) : null,
    h("p", {}, h("a", { href: f.record, download: file, class: "record-link" }, w.download)),
    h("p", {}, watchLink(tableId)), // issue 46: the same record, step by step, in the replay viewer
    h("p", {}, w.how, " ", h("code", { style: WRAP }, `mnm verify ${file}`)),
  );
}
