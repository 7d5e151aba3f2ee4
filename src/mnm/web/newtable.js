// @ts-check
// Issue 45, item 7: "Play this chapter" opens one screen to set the table up: who plays which mouse (a player's
// device, or a bot), the difficulty with the figures the server measured, and the language. Sensible defaults:
// every mouse on one device, the default difficulty, the page's language; one press starts the table.

import { http } from "./api.js";
import { errorText, h, openDialog, closeDialog, toast } from "./dom.js";
import { lang, setLang, t, tx } from "./i18n.js";

const BOT = "bot";

function pct(x) {
  return Math.round(x * 100);
}

// The measured figures of a preset on a chapter: the new party (the heuristic bot, abilities and all) and, when
// the server measured it, the careful party (the search bot).
export function measuredLines(preset, chapter) {
  const out = [];
  const everyday = preset && preset.rates && preset.rates[chapter];
  if (everyday) out.push(t("ntEveryday", { percent: pct(everyday.win_rate), games: everyday.games }));
  // issue 44: the server gives the careful party's figure beside the new party's, per chapter
  if (everyday && everyday.careful != null) {
    out.push(t("ntCareful", { percent: pct(everyday.careful), games: everyday.careful_games || 0 }));
  }
  if (!out.length) out.push(t("ntNotMeasured"));
  return out;
}

export function openNewTable(cat, chapterId, onDone) {
  const chapter = cat.chapters.find((c) => c.id === chapterId);
  const heroes = cat.heroes.filter((x) => !chapter.forbidden_heroes.includes(x.id)).slice(0, chapter.party_size);
  const presets = cat.difficulties || [];
  const players = h("select", { id: "nt-players" }, [1, 2, 3, 4].map((n) => h("option", { value: n }, t("ntPlayersN", { n }))));
  const mice = h("div", { class: "nt-mice", id: "nt-mice" });
  function refreshMice() {
    const n = Number(players.value);
    const before = Object.fromEntries([...mice.querySelectorAll("select")].map((s) => [s.dataset.hero, s.value]));
    mice.replaceChildren(
      ...heroes.map((hero, i) => {
        const old = before[hero.id];
        const value = old === BOT || (old !== undefined && Number(old) < n) ? old : String(i % n);
        return h(
          "label",
          { class: "nt-mouse" },
          `${tx(hero.name)}: `,
          h(
            "select",
            { "data-hero": hero.id, class: "nt-seat" },
            Array.from({ length: n }, (_, s) => h("option", { value: String(s), selected: value === String(s) }, t("ntPlayer", { n: s + 1 }))),
            h("option", { value: BOT, selected: value === BOT }, t("ntBot")),
          ),
        );
      }),
    );
  }
  players.addEventListener("change", refreshMice);
  refreshMice();
  const rate = h("div", { class: "nt-rate", id: "nt-rate", "aria-live": "polite" });
  const difficulty = h(
    "select",
    { id: "nt-difficulty", "aria-describedby": "nt-rate" },
    presets.map((p) => h("option", { value: p.id, selected: Boolean(p.default) }, tx(p.text || p.id))),
  );
  function showRate() {
    const p = presets.find((x) => x.id === difficulty.value);
    rate.replaceChildren(...measuredLines(p, chapterId).map((line) => h("p", {}, line)));
  }
  difficulty.addEventListener("change", showRate);
  showRate();
  const language = h(
    "select",
    { id: "nt-lang" },
    h("option", { value: "en", selected: lang() === "en" }, "English"),
    h("option", { value: "pt", selected: lang() === "pt" }, "Português"),
  );
  const companion = h("input", { type: "checkbox", id: "nt-companion" });
  async function start() {
    const n = Number(players.value);
    const seats = Array.from({ length: n }, () => []);
    const botMice = [];
    for (const sel of mice.querySelectorAll("select")) {
      if (sel.value === BOT) botMice.push(sel.dataset.hero);
      else seats[Number(sel.value)].push(sel.dataset.hero);
    }
    const used = seats.filter((s) => s.length);
    /** @type {import("./api.js").Body<"POST /api/tables">} */
    const body = { chapter: chapterId, party: heroes.map((x) => x.id), seats: [...used], companion: companion.checked };
    if (botMice.length) {
      body.seats.push(botMice);
      body.bots = [...used.map(() => null), "heuristic"];
    }
    if (!used.length && !botMice.length) return;
    const p = presets.find((x) => x.id === difficulty.value);
    if (p && p.options && p.options.length) body.options = p.options;
    if (language.value !== lang()) setLang(language.value);
    try {
      /** @type {import("./api_types").Created} */
      const made = await http("POST", "/api/tables", body);
      localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
      closeDialog(box, false);
      onDone(made);
    } catch (err) {
      toast(errorText(err), "error");
    }
  }
  const box = openDialog({
    id: "new-table-step",
    title: `${t("ntTitle")}: ${chapter.number}. ${tx(chapter.name)}`,
    className: "new-table-step",
    closeLabel: t("cancel"),
    body: [
      h("p", { class: "nt-help" }, t("ntHelp")),
      h("label", {}, `${t("ntPlayers")} `, players),
      h("fieldset", {}, h("legend", {}, t("ntWhoPlays")), mice),
      presets.length ? h("label", {}, `${t("ntDifficulty")} `, difficulty) : null,
      presets.length ? rate : null,
      h("label", {}, `${t("ntLanguage")} `, language),
      h("label", { class: "check" }, companion, ` ${t("companion")}`),
    ].filter(Boolean),
    buttons: [h("button", { type: "button", class: "primary", id: "start-table", onclick: start }, t("ntStart"))],
  });
  return box;
}
