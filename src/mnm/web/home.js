// @ts-check
// The new-table form and the share links.

import { http } from "./api.js";
import { $, errorText, h, toast } from "./dom.js";
import { lang, t, tx } from "./i18n.js";
import { S } from "./state.js";
import { openNewTable } from "./newtable.js";

/** @typedef {import("./api_types").TableView} TableView */

const app = $("#app");
const TABLES_KEY = "mnm.tables";

// --- your tables (issue 25): the tables this browser opened, from its own storage --------------------------

function storedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(TABLES_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

// Called on every view of a table: remember where it stands and how to come back (newest first, at most 12).
/** @param {TableView} view */
export function noteTable(tableId, token, view, you) {
  if (!tableId || !view) return;
  const entry = {
    table: tableId,
    link: `#t=${encodeURIComponent(tableId)}&k=${encodeURIComponent(token || "")}`,
    chapter: view.chapter.name,
    number: view.chapter.number,
    status: view.status,
    round: view.round,
    role: you ? you.role : "",
    seat: you && you.seat !== undefined && you.seat !== null ? you.seat : null,
  };
  const list = storedTables().filter((x) => x.link !== entry.link);
  list.unshift(entry);
  localStorage.setItem(TABLES_KEY, JSON.stringify(list.slice(0, 12)));
}

function yourTables() {
  const list = storedTables();
  const box = h("section", { class: "card your-tables", id: "your-tables", "aria-labelledby": "your-tables-title" }, h("h2", { id: "your-tables-title" }, t("yourTables")));
  if (!list.length) {
    box.appendChild(h("p", {}, t("noTables")));
    return box;
  }
  box.appendChild(
    h(
      "ul",
      {},
      list.map((x) =>
        h(
          "li",
          { "data-table": x.table },
          h("a", { href: x.link, class: "table-link" }, `${x.number ? `${x.number}. ` : ""}${tx(x.chapter)}`),
          ` · ${t(`tableState.${x.status}`)} · ${t("round")} ${x.round}`,
          x.role === "host" ? ` · ${t("hostRole")}` : x.seat !== null ? ` · ${t("seat")} ${x.seat + 1}` : x.role === "spectator" ? ` · ${t("spectating")}` : "",
          " ",
          h(
            "button",
            {
              type: "button",
              class: "small link",
              onclick: () => {
                localStorage.setItem(TABLES_KEY, JSON.stringify(storedTables().filter((y) => y.link !== x.link)));
                renderHome();
              },
            },
            t("forget"),
          ),
        ),
      ),
    ),
  );
  return box;
}

// Chapter cards: objective and the measured win rates at normal difficulty: a new party's (the heuristic bot) and,
// where measured, a careful party's (the search bot) (issue 44)
function chapterCards(cat, pick) {
  const normal = (cat.difficulties || []).find((p) => p.id === "normal") || (cat.difficulties || []).find((p) => p.default);
  return h(
    "section",
    { class: "chapter-cards", id: "chapter-cards", "aria-label": t("chapter") },
    cat.chapters.map((c) => {
      const rate = normal && normal.rates && normal.rates[c.id];
      return h(
        "article",
        { class: "card chapter-card", "data-chapter": c.id },
        h("h3", {}, `${c.number}. ${tx(c.name)}`),
        h("p", {}, tx(c.objective)),
        h(
          "p",
          { class: "measured" },
          rate
            ? t("measured", { percent: Math.round(rate.win_rate * 100) }) +
                (rate.careful != null ? t("measuredCareful", { percent: Math.round(rate.careful * 100) }) : "")
            : t("notMeasured"),
        ),
        h("button", { type: "button", class: "small", onclick: () => pick(c.id) }, t("pickChapter")),
      );
    }),
  );
}


export function renderHome() {
  const cat = S.catalog;
  const chapterSel = h(
    "select",
    { id: "chapter", name: "chapter" },
    cat.chapters.map((c) => h("option", { value: c.id }, `${c.number}. ${tx(c.name)}`)),
  );
  const heroBoxes = h("div", { class: "heroes-pick" });
  const seatsSel = h("select", { id: "seat-count" }, [1, 2, 3, 4].map((n) => h("option", { value: n }, String(n))));
  const seatAssign = h("div", { class: "seat-assign" });
  const seatPlayers = h("div", { class: "seat-players" });
  const seed = h("input", { id: "seed", type: "number", min: 0, placeholder: "" });
  const companion = h("input", { id: "companion", type: "checkbox" });
  // rule variants (docs/rulings.md, Options): every one off unless the players switch it on
  // difficulty presets (issue 16): bundles of the rule variants below, when the server offers them
  // (the catalog's `difficulties`: id, options, text, and the heuristic bot's measured win rate on each chapter,
  // `rates`; the label shows the rate of the chapter chosen above, or none where that chapter was not measured)
  const presets = cat.difficulties || []; // (issue 49: the catalog never had "presets"; tsc saw it)
  const presetLabel = (p) => {
    const rate = p.rates && p.rates[chapterSel.value];
    return tx(p.text || p.name || p.id) + (rate ? ` (${t("presetWins", { percent: Math.round(rate.win_rate * 100) })})` : "");
  };
  const presetSel = presets.length
    ? h(
        "select",
        { id: "preset", onchange: () => applyPreset() },
        presets.map((p) => h("option", p.default ? { value: p.id, selected: "" } : { value: p.id }, presetLabel(p))),
      )
    : null;
  // the chosen preset's rate on the chosen chapter, in full under the select (a closed select cuts long text on
  // a phone); the select names it as its description for screen readers
  const presetRate = h("p", { id: "preset-rate", class: "preset-rate", "aria-live": "polite" });
  if (presetSel) presetSel.setAttribute("aria-describedby", "preset-rate");
  function showPresetRate() {
    const p = presetSel && presets.find((x) => x.id === presetSel.value);
    const rate = p && p.rates && p.rates[chapterSel.value];
    // issue 44: each rate names its party, the new party's and the careful party's side by side
    const loc = lang() === "pt" ? "pt-BR" : "en";
    presetRate.textContent = rate
      ? t("presetRate", { percent: Math.round(rate.win_rate * 100), games: rate.games.toLocaleString(loc) }) +
        (rate.careful != null
          ? t("presetCareful", { percent: Math.round(rate.careful * 100), games: (rate.careful_games || 0).toLocaleString(loc) })
          : t("presetNoCareful"))
      : "";
  }
  function applyPreset() {
    const p = presets.find((x) => x.id === presetSel.value);
    const on = new Set((p && (p.options || [])) || []);
    for (const box of variants.querySelectorAll("input.variant")) box.checked = on.has(box.value);
    showPresetRate();
  }
  const variants = h(
    "details",
    { class: "variants", id: "variants" },
    h("summary", {}, t("variants")),
    ...(cat.options || []).map((o) =>
      h("label", { class: "check" }, h("input", { type: "checkbox", class: "variant", value: o.id }), ` ${tx(o.text)}`),
    ),
  );
  const result = h("div", { id: "links" });

  function party() {
    return [...heroBoxes.querySelectorAll("input:checked")].map((i) => i.value);
  }
  function refreshHeroes() {
    const chapter = cat.chapters.find((c) => c.id === chapterSel.value);
    heroBoxes.replaceChildren();
    let picked = 0;
    for (const hero of cat.heroes) {
      const banned = chapter.forbidden_heroes.includes(hero.id);
      const on = !banned && picked < chapter.party_size;
      if (on) picked++;
      heroBoxes.appendChild(
        h(
          "label",
          { class: "hero-pick" },
          h("input", { type: "checkbox", value: hero.id, checked: on, disabled: banned, onchange: refreshSeats }),
          ` ${tx(hero.name)}`,
        ),
      );
    }
    refreshSeats();
  }
  function refreshSeats() {
    const n = Number(seatsSel.value);
    seatAssign.replaceChildren();
    party().forEach((hero, i) => {
      const name = tx(cat.heroes.find((x) => x.id === hero).name);
      const sel = h(
        "select",
        { "data-hero": hero },
        Array.from({ length: n }, (_, s) => h("option", { value: s, selected: s === i % n }, `${t("seat")} ${s + 1}`)),
      );
      seatAssign.appendChild(h("label", {}, `${name}: `, sel));
    });
    // who plays each seat: people, or one of the server's bots
    const before = [...seatPlayers.querySelectorAll("select")].map((x) => x.value);
    seatPlayers.replaceChildren(
      ...Array.from({ length: n }, (_, s) =>
        h(
          "label",
          {},
          `${t("seat")} ${s + 1}: `,
          h(
            "select",
            { class: "seat-player", "data-seat": s },
            ["", "heuristic", "random", "search"].map((b) =>
              h("option", { value: b, selected: (before[s] || "") === b }, b ? `${t("bot")}: ${t(`botNames.${b}`)}` : t("people")),
            ),
          ),
        ),
      ),
    );
  }
  chapterSel.addEventListener("change", refreshHeroes);
  chapterSel.addEventListener("change", () => {
    if (!presetSel) return;
    for (const option of presetSel.options) option.textContent = presetLabel(presets.find((p) => p.id === option.value));
    showPresetRate();
  });
  seatsSel.addEventListener("change", refreshSeats);

  // open: go to the new table at once (the chapter cards' "Play this chapter", issue 32); the share panel
  // waits there, on the table, for the links
  async function create(ev, open = false) {
    if (ev) ev.preventDefault();
    const n = Number(seatsSel.value);
    const seats = Array.from({ length: n }, () => []);
    for (const sel of seatAssign.querySelectorAll("select")) seats[Number(sel.value)].push(sel.dataset.hero);
    const players = [...seatPlayers.querySelectorAll("select")].map((x) => x.value || null);
    const used = seats.map((s, i) => [s, players[i]]).filter(([s]) => s.length);
    /** @type {import("./api.js").Body<"POST /api/tables">} */
    const body = {
      chapter: chapterSel.value,
      party: party(),
      seats: used.map(([s]) => s),
      companion: companion.checked,
    };
    if (used.some(([, b]) => b)) body.bots = used.map(([, b]) => b);
    const picked = [...variants.querySelectorAll("input.variant:checked")].map((i) => i.value);
    if (picked.length) body.options = picked;
    // a preset is sent as the rule variants it checked (applyPreset), never as a field of its own
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      /** @type {import("./api_types").Created} */
      const made = await http("POST", "/api/tables", body);
      localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
      if (open) location.hash = made.links.host.slice(made.links.host.indexOf("#"));
      else showLinks(result, made.links, made.seats);
    } catch (err) {
      toast(errorText(err), "error");
    }
  }

  // issue 45: "Play this chapter" opens the new-table step (seats, bots, difficulty, language), then the table
  const pick = (id) =>
    openNewTable(cat, id, (made) => {
      location.hash = made.links.host.slice(made.links.host.indexOf("#"));
    });
  app.replaceChildren(
    h("p", { class: "about", id: "about" }, t("aboutGame")),
    yourTables(),
    chapterCards(cat, pick),
    h(
      "form",
      { class: "new-table card", onsubmit: create },
      h("h2", {}, t("newTable")),
      h("label", {}, `${t("chapter")} `, chapterSel),
      h("fieldset", {}, h("legend", {}, t("party")), heroBoxes),
      h("label", {}, `${t("seats")} `, seatsSel),
      seatAssign,
      seatPlayers,
      presetSel ? h("label", {}, `${t("preset")} `, presetSel) : null,
      presetSel ? presetRate : null,
      cat.seeds_allowed === false ? null : h("label", {}, `${t("seed")} `, seed),
      h("label", { class: "check" }, companion, ` ${t("companion")}`),
      variants,
      h("button", { type: "submit", id: "create", class: "primary" }, t("create")),
    ),
    result,
    h("p", { class: "workshop-link" }, h("a", { href: "/workshop", class: "button" }, t("workshopLink"))),
    h("p", { class: "library-link" }, h("a", { href: "/library", class: "button", id: "library-link" }, t("lib.link"))),
  );
  refreshHeroes();
  showPresetRate();
}

function absolute(link) {
  return `${location.origin}${link}`;
}

function linkRow(label, link, cls) {
  const input = h("input", { type: "text", readonly: true, value: absolute(link), class: cls, "aria-label": label });
  return h(
    "div",
    { class: "link-row" },
    h("span", { class: "link-label" }, label),
    input,
    h(
      "button",
      {
        type: "button",
        onclick: async (ev) => {
          try {
            await navigator.clipboard.writeText(input.value);
            ev.target.textContent = t("copied");
          } catch {
            input.select();
          }
        },
      },
      t("copy"),
    ),
    h("a", { href: link, class: "button" }, t("open")),
  );
}

export function showLinks(box, links, seats) {
  box.replaceChildren(
    h(
      "div",
      { class: "card links" },
      h("h2", {}, t("links")),
      h("p", {}, t("linksHelp")),
      seats
        ? seats.map((s, i) =>
            linkRow(
              `${t("seat")} ${i + 1}: ${s.heroes.map(heroName).join(", ")}${s.bot ? ` (${t("bot")}: ${t(`botNames.${s.bot}`)})` : ""}`,
              links.seats[i],
              "seat-link",
            ),
          )
        : links.seats.map((l, i) => linkRow(`${t("seat")} ${i + 1}`, l, "seat-link")),
      linkRow(t("host"), links.host, "host-link"),
      linkRow(t("spectator"), links.spectator, "spectator-link"),
    ),
  );
}

export function heroName(id) {
  const hero = S.catalog.heroes.find((x) => x.id === id);
  return hero ? tx(hero.name) : id;
}

