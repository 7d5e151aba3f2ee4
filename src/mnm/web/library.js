// @ts-check
// The chapter library (issue 36): search, a chapter's page, one-click tables, publishing from the workshop and
// rating at a finished table. Every text a visitor wrote goes into the page as text (h() makes text nodes),
// never as HTML.

import { http } from "./api.js";
import { $, errorText, h, toast } from "./dom.js";
import { lang, t, tx } from "./i18n.js";
import { published } from "./publish.js";

const app = $("#app");
const TOKEN_KEY = "mnm.workshop.token"; // the workshop's editor token (workshop.js keeps it)
const FILTERS = ["q", "party", "lang", "difficulty", "max_tiles", "max_rounds", "sort"];

const pct = (rate) => Math.round(rate * 100);
const count = (n) => (n == null ? "?" : Number(n).toLocaleString(lang() === "pt" ? "pt-BR" : "en"));
const enc = encodeURIComponent;


function editorHeaders() {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { "X-Editor-Token": token } : {};
}

// in the reader's language (issue 46: a published chapter has its title and description in both)
function titleOf(entry) {
  return (entry.name && tx(entry.name)) || entry.title;
}

function descriptionOf(entry) {
  return (entry.objective && tx(entry.objective)) || entry.description;
}

// --- the library page -------------------------------------------------------------------------------------

export function renderLibrary() {
  const params = new URLSearchParams(location.search);
  if (params.get("c")) renderChapter(params.get("c"), params.get("v"));
  else if (params.get("mine")) renderMine();
  else renderSearch(params);
}

function select(id, label, values, current, text) {
  return h(
    "label",
    { for: id },
    `${label} `,
    h("select", { id, name: id.replace("lib-", "") }, values.map((v) => h("option", { value: v, selected: String(current || "") === v }, text(v)))),
  );
}

function renderSearch(params) {
  const results = h("div", { id: "lib-results" });
  const count = h("p", { id: "lib-count", role: "status", "aria-live": "polite" });
  const form = h(
    "form",
    { id: "lib-search", class: "lib-search", role: "search", "aria-label": t("lib.search"), onsubmit: (ev) => { ev.preventDefault(); find(); } },
    h("label", { for: "lib-q" }, `${t("lib.words")} `, h("input", { id: "lib-q", name: "q", type: "search", maxlength: 80, value: params.get("q") || "" })),
    select("lib-party", t("lib.party"), ["", "1", "2", "3", "4"], params.get("party"), (v) => v || t("lib.any")),
    select("lib-lang", t("lib.language"), ["", "en", "pt"], params.get("lang"), (v) => (v ? t(`lib.languages.${v}`) : t("lib.any"))),
    select("lib-difficulty", t("lib.difficulty"), ["", "gentle", "fair", "hard"], params.get("difficulty"), (v) => (v ? t(`lib.difficulties.${v}`) : t("lib.any"))),
    h("label", { for: "lib-max_tiles" }, `${t("lib.maxTiles")} `, h("input", { id: "lib-max_tiles", name: "max_tiles", type: "number", min: 1, max: 50, value: params.get("max_tiles") || "" })),
    h("label", { for: "lib-max_rounds" }, `${t("lib.maxRounds")} `, h("input", { id: "lib-max_rounds", name: "max_rounds", type: "number", min: 1, max: 200, value: params.get("max_rounds") || "" })),
    select("lib-sort", t("lib.sort"), ["newest", "played", "name", "easiest", "hardest", "rated"], params.get("sort") || "newest", (v) => t(`lib.sorts.${v}`)),
    h("button", { type: "submit", class: "primary", id: "lib-find" }, t("lib.find")),
  );
  app.replaceChildren(
    h(
      "section",
      { class: "card library", "aria-labelledby": "lib-title" },
      h("p", {}, h("a", { href: "/" }, t("backHome"))),
      h("h2", { id: "lib-title" }, t("lib.title")),
      h("p", {}, t("lib.intro")),
      h("p", {}, h("a", { href: "/library?mine=1", id: "lib-mine-link" }, t("lib.mineLink"))),
      form,
      count,
      results,
    ),
  );

  async function find() {
    const query = new URLSearchParams();
    for (const name of FILTERS) {
      const field = form.elements[name];
      if (field && field.value) query.set(name, field.value);
    }
    history.replaceState(null, "", `/library${query.toString() ? `?${query}` : ""}`);
    try {
      const got = await http("GET", `/api/library?${query}`);
      count.textContent = got.count ? t("lib.found", { count: got.count }) : t("lib.none");
      results.replaceChildren(h("ul", { class: "lib-list" }, got.chapters.map(resultItem)));
    } catch (err) {
      count.textContent = errorText(err);
    }
  }
  find();
}

function facts(entry) {
  const out = [t("lib.mice", { count: entry.mice }), t("lib.tiles", { count: entry.tiles })];
  if (entry.rounds) out.push(t("lib.rounds", { count: Math.round(entry.rounds) }));
  out.push(t("lib.plays", { count: entry.tables }));
  if (entry.rated) out.push(t("lib.stars", { stars: entry.stars, count: entry.rated }));
  return out.join(" · ");
}

function difficultyBadge(entry) {
  if (entry.measure === "measuring") return h("span", { class: "lib-badge measuring" }, t("lib.measuring"));
  if (!entry.difficulty) return h("span", { class: "lib-badge" }, t("lib.notMeasured"));
  // issue 44: the bucket is the new party's figure at normal; the careful party's is named beside it
  const normal = entry.win_rates.normal;
  const games = (entry.games || {}).normal;
  const careful = (entry.careful_rates || {}).normal;
  const text = [`${t(`lib.difficulties.${entry.difficulty}`)} · ${t("lib.botsWin", { percent: pct(normal), games: count(games) })}`];
  if (careful != null) text.push(t("lib.carefulWins", { percent: pct(careful), games: count(entry.careful_games.normal) }));
  return h("span", { class: `lib-badge ${entry.difficulty}`, "data-difficulty": entry.difficulty }, text.join("; "));
}

function resultItem(entry) {
  return h(
    "li",
    { class: "lib-item", "data-chapter": entry.chapter },
    h("h3", {}, h("a", { href: `/library?c=${enc(entry.chapter)}` }, titleOf(entry))),
    h("p", { class: "lib-byline" }, entry.house ? t("lib.house") : t("lib.by", { author: entry.author }), " · ", entry.languages.map((l) => t(`lib.languages.${l}`)).join(", ")),
    descriptionOf(entry) ? h("p", {}, descriptionOf(entry)) : null,
    h("p", { class: "lib-facts" }, difficultyBadge(entry), " ", facts(entry)),
  );
}

// --- the author page (issue 46): every chapter this browser's editor token published, its plays and ratings ----

async function renderMine() {
  const list = h("div", { id: "lib-mine-list", "aria-live": "polite" }, t("lib.mineLoading"));
  app.replaceChildren(
    h(
      "section",
      { class: "card library", "aria-labelledby": "lib-mine-title" },
      h("p", {}, h("a", { href: "/library" }, t("lib.back"))),
      h("h2", { id: "lib-mine-title" }, t("lib.mine")),
      h("p", {}, t("lib.mineHelp")),
      list,
    ),
  );
  const headers = editorHeaders();
  if (!("X-Editor-Token" in headers)) {
    list.replaceChildren(h("p", { id: "lib-mine-none" }, t("lib.mineNoToken")));
    return;
  }
  try {
    const got = await http("GET", "/api/library/mine", undefined, undefined, headers);
    if (!got.count) {
      list.replaceChildren(h("p", { id: "lib-mine-none" }, t("lib.mineNone")));
      return;
    }
    list.replaceChildren(h("ul", { class: "lib-list" }, got.chapters.map(mineItem)));
  } catch (err) {
    list.replaceChildren(h("p", { class: "error", role: "alert" }, errorText(err)));
  }
}

function mineItem(entry) {
  const state = entry.hidden ? t("lib.hiddenByOperator") : entry.listed ? null : t("lib.unlisted");
  const won = entry.finished ? t("lib.mineWon", { won: count(entry.won), finished: count(entry.finished) }) : null;
  return h(
    "li",
    { class: "lib-item", "data-chapter": entry.chapter },
    h("h3", {}, h("a", { href: `/library?c=${enc(entry.chapter)}` }, titleOf(entry)), " ", h("span", { class: "lib-byline" }, t("lib.version", { version: entry.version }))),
    state ? h("p", { class: "lib-badge" }, state) : null,
    h("p", { class: "lib-facts" }, difficultyBadge(entry), " ", facts(entry), won ? ` · ${won}` : ""),
    entry.rated ? null : h("p", { class: "lib-byline" }, t("lib.noRatings")),
  );
}

// --- a chapter's page ---------------------------------------------------------------------------------------

async function renderChapter(chapter, version) {
  let page;
  try {
    page = await http("GET", `/api/library/chapters/${enc(chapter)}${version ? `?version=${enc(version)}` : ""}`);
  } catch (err) {
    app.replaceChildren(h("section", { class: "card" }, h("p", { class: "error", role: "alert" }, errorText(err)), h("a", { href: "/library" }, t("lib.back"))));
    return;
  }
  const heatImg = h("img", { id: "lib-heat", class: "lib-board", src: "", alt: "" });
  const presetSel = h("select", { id: "lib-heat-preset" }, ["easy", "normal", "hard"].map((p) => h("option", { value: p, selected: p === "normal" }, t(`lib.presets.${p}`))));
  const kindSel = h("select", { id: "lib-heat-kind" }, ["wounds", "captures", "hourglass"].map((k) => h("option", { value: k }, t(`lib.heatKinds.${k}`))));
  // house chapters measured from the difficulty table have rates but no heat map: then the board alone
  const hasHeat = ["easy", "normal", "hard"].some((p) => page.playtest[p] && Object.values(page.playtest[p].heat || {}).some((spots) => Object.keys(spots).length));
  const showHeat = () => {
    heatImg.src = `/api/library/chapters/${enc(page.chapter)}/board.svg?version=${page.version}&preset=${presetSel.value}&kind=${kindSel.value}`;
    heatImg.alt = hasHeat ? t("lib.heatAlt", { kind: t(`lib.heatKinds.${kindSel.value}`), preset: t(`lib.presets.${presetSel.value}`) }) : t("lib.boardAlt");
  };
  presetSel.addEventListener("change", showHeat);
  kindSel.addEventListener("change", showHeat);
  showHeat();
  const links = h("div", { id: "lib-links" });
  const mine = published().includes(page.chapter);
  const sheet = page.sheet;
  app.replaceChildren(
    h(
      "article",
      { class: "card library lib-page", "aria-labelledby": "lib-chapter-title", "data-chapter": page.chapter },
      h("p", {}, h("a", { href: "/library" }, t("lib.back"))),
      h("h2", { id: "lib-chapter-title", tabindex: "-1" }, titleOf(page)),
      h(
        "p",
        { class: "lib-byline" },
        page.house ? t("lib.house") : t("lib.by", { author: page.author }),
        " · ",
        t("lib.version", { version: page.version }),
        " · ",
        t("lib.licence", { licence: page.licence }),
        page.listed ? null : ` · ${t("lib.unlisted")}`,
      ),
      descriptionOf(page) ? h("p", { class: "lib-description" }, descriptionOf(page)) : null,
      h("p", { class: "lib-facts" }, difficultyBadge(page), " ", facts(page)),
      h(
        "div",
        { class: "lib-actions" },
        h("button", { type: "button", class: "primary", id: "lib-play", onclick: () => play(page, links, false) }, t("lib.play")),
        h("button", { type: "button", id: "lib-play-bots", onclick: () => play(page, links, true) }, t("lib.playBots")),
        mine
          ? h("button", { type: "button", id: "lib-listed", onclick: () => setListed(page) }, page.listed ? t("lib.unlist") : t("lib.relist"))
          : null,
      ),
      links,
      measuredSection(page),
      h(
        "section",
        { class: "lib-heat", "aria-labelledby": "lib-heat-title" },
        h("h3", { id: "lib-heat-title" }, hasHeat ? t("lib.heat") : t("lib.board")),
        hasHeat ? h("div", { class: "lib-heat-pick" }, h("label", {}, `${t("lib.preset")} `, presetSel), " ", h("label", {}, `${t("lib.heatKind")} `, kindSel)) : null,
        heatImg,
      ),
      h(
        "section",
        { class: "lib-sheet", "aria-labelledby": "lib-sheet-title" },
        h("h3", { id: "lib-sheet-title" }, t("lib.sheet")),
        page.printable
          ? h("p", {}, h("a", { id: "lib-printable", href: `/api/library/chapters/${enc(page.chapter)}/sheet?version=${page.version}&lang=${lang()}`, target: "_blank", rel: "noopener" }, t("lib.printable")))
          : null,
        h(
          "dl",
          {},
          h("dt", {}, t("lib.objective")),
          h("dd", { id: "lib-objective" }, tx(sheet.objective)),
          h("dt", {}, t("lib.partySize")),
          h("dd", {}, String(sheet.party_size)),
          h("dt", {}, t("lib.tileList")),
          h("dd", {}, sheet.tiles.join(", ")),
          h("dt", {}, t("lib.endPage")),
          h("dd", {}, `${sheet.end_page} / ${sheet.track_pages}`),
          h("dt", {}, t("lib.minions")),
          h("dd", {}, String(sheet.starting_minions)),
          sheet.next_chapter ? h("dt", {}, t("lib.next")) : null,
          sheet.next_chapter ? h("dd", {}, h("a", { href: `/library?c=${enc(sheet.next_chapter)}` }, sheet.next_chapter)) : null,
        ),
      ),
      page.story
        ? h("section", { class: "lib-story", "aria-labelledby": "lib-story-title" }, h("h3", { id: "lib-story-title" }, t("lib.story")), h("blockquote", { class: "story" }, tx(page.story)))
        : null,
      ratingsSection(page),
      h(
        "section",
        { class: "lib-versions", "aria-labelledby": "lib-versions-title" },
        h("h3", { id: "lib-versions-title" }, t("lib.versions")),
        h(
          "ul",
          {},
          page.versions.map((v) =>
            h(
              "li",
              { "data-version": v.version },
              h("a", { href: `/library?c=${enc(page.chapter)}&v=${v.version}`, "aria-current": v.version === page.version ? "page" : null }, t("lib.version", { version: v.version })),
              ` · ${new Date(v.created * 1000).toLocaleDateString(lang() === "pt" ? "pt-BR" : "en")}`,
              // issue 46: what changed in it, in its publisher's words (a first version has none)
              v.changelog ? h("p", { class: "lib-changelog" }, h("span", { class: "lib-changelog-label" }, `${t("lib.changed")} `), v.changelog) : null,
            ),
          ),
        ),
      ),
    ),
  );
  $("#lib-chapter-title").focus();
  if (page.measure === "measuring") watchMeasure(page);
}

// issue 46 (item 7): the page updates itself when the bots' measure ends (it stayed "measuring" until reloaded)
let measureTimer = null;
function watchMeasure(page) {
  clearTimeout(measureTimer);
  const shown = () => document.querySelector(`.lib-page[data-chapter="${CSS.escape(page.chapter)}"]`);
  measureTimer = setTimeout(async () => {
    if (!shown()) return;
    let now;
    try {
      now = await http("GET", `/api/library/chapters/${enc(page.chapter)}?version=${enc(page.version)}`);
    } catch {
      now = page; // try again later
    }
    if (!shown()) return;
    if (now.measure === "measuring") watchMeasure(page);
    else renderChapter(page.chapter, new URLSearchParams(location.search).get("v"));
  }, 4000);
}

function skillDepth(depth) {
  // issue 44: the random bot, the new party and the careful party on the same seeds (docs/difficulty.md, "Skill depth")
  const presets = ["easy", "normal", "hard"].filter((p) => depth[p]);
  if (!presets.length) return null;
  const cell = (r) => (r ? `${pct(r.win_rate)}% (${count(r.games)} ${t("lib.games")})` : t("lib.notMeasured"));
  return h(
    "section",
    { id: "lib-skill", "aria-labelledby": "lib-skill-title" },
    h("h4", { id: "lib-skill-title" }, t("lib.skillDepth")),
    h("p", { class: "lib-note" }, t("lib.skillHelp")),
    h(
      "table",
      { class: "lib-rates" },
      h("thead", {}, h("tr", {}, ["preset", "randomBot", "newParty", "carefulParty", "spread"].map((k) => h("th", { scope: "col" }, t(`lib.${k}`))))),
      h(
        "tbody",
        {},
        presets.map((p) =>
          h(
            "tr",
            { "data-preset": p },
            h("th", { scope: "row" }, t(`lib.presets.${p}`)),
            h("td", { "data-party": "random" }, cell(depth[p].random)),
            h("td", { "data-party": "heuristic" }, cell(depth[p].heuristic)),
            h("td", { "data-party": "search" }, cell(depth[p].search)),
            h("td", { "data-spread": "" }, t("lib.points", { n: Math.round(depth[p].spread * 100) })),
          ),
        ),
      ),
    ),
  );
}

function rateCell(m, page) {
  if (!m) return t(page.measure === "measuring" ? "lib.measuring" : "lib.notMeasured");
  return `${pct(m.win_rate)}% (${m.wins}/${count(m.games)} ${t("lib.games")})`;
}

function measuredSection(page) {
  // issue 44: each rate names its party: the new party's (every preset) and the careful party's (a few games)
  const careful = (page.playtest.parties || {}).search || {};
  const rows = ["easy", "normal", "hard"].map((p) => {
    const m = page.playtest[p];
    return h(
      "tr",
      { "data-preset": p },
      h("th", { scope: "row" }, t(`lib.presets.${p}`)),
      h("td", { "data-party": "heuristic" }, rateCell(m, page)),
      h("td", { "data-party": "search" }, careful[p] ? rateCell(careful[p], page) : m ? t("lib.notMeasuredCareful") : rateCell(null, page)),
    );
  });
  const head = h("tr", {}, h("th", { scope: "col" }, t("lib.preset")), h("th", { scope: "col" }, t("lib.botRate")), h("th", { scope: "col" }, t("lib.carefulRate")));
  const players = page.players;
  return h(
    "section",
    { class: "lib-measured", "aria-labelledby": "lib-measured-title" },
    h("h3", { id: "lib-measured-title" }, t("lib.measured")),
    h("table", { class: "lib-rates" }, h("thead", {}, head), h("tbody", {}, rows)),
    h("p", { class: "lib-note" }, t("lib.carefulNote")),
    skillDepth(page.skill_depth || {}),
    h(
      "p",
      { id: "lib-players" },
      h("b", {}, `${t("lib.players")}: `),
      players.finished ? t("lib.playersRate", { won: players.won, finished: players.finished, percent: pct(players.win_rate) }) : t("lib.playersNone"),
      " · ",
      h("span", { id: "lib-tables" }, t("lib.tablesPlayed", { count: players.tables })),
    ),
  );
}

function ratingsSection(page) {
  return h(
    "section",
    { class: "lib-ratings", "aria-labelledby": "lib-ratings-title" },
    h("h3", { id: "lib-ratings-title" }, t("lib.ratings")),
    page.rated
      ? h("p", { id: "lib-stars" }, t("lib.stars", { stars: page.stars, count: page.rated }), " ", t("lib.raters", { n: page.raters || 0 }))
      : h("p", {}, t("lib.noRatings")),
    h(
      "ul",
      { class: "lib-notes" },
      page.ratings.map((r) => h("li", {}, h("span", { class: "lib-note-stars", "aria-label": t("lib.starN", { n: r.stars }) }, "★".repeat(r.stars) + "☆".repeat(5 - r.stars)), r.note ? ` ${r.note}` : "")),
    ),
  );
}

async function play(page, links, bots) {
  try {
    /** @type {import("./api.js").Body<"POST /api/library/chapters/{chapter_id}/tables">} */
    const body = { version: page.version };
    if (bots) body.bots = Array(page.sheet.party_size).fill("heuristic");
    const made = await http("POST", `/api/library/chapters/${enc(page.chapter)}/tables`, body);
    localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
    location.assign(made.links.host);
  } catch (err) {
    toast(errorText(err), "error");
  }
}

async function setListed(page) {
  try {
    await http("POST", `/api/library/chapters/${enc(page.chapter)}/listed`, /** @satisfies {import("./api.js").Body<"POST /api/library/chapters/{chapter_id}/listed">} */ ({ listed: !page.listed }), undefined, editorHeaders());
    renderChapter(page.chapter, null);
  } catch (err) {
    toast(errorText(err), "error");
  }
}

// --- publishing from the workshop -----------------------------------------------------------------------------
// The form lives in publish.js (issue 46); the workshop imports its button from here, as before.
export { publishButton } from "./publish.js";

// --- rating at a finished table -----------------------------------------------------------------------------

// Adds the rating form to the end screen's card when the table plays a library chapter (nothing otherwise).
export async function ratingPanel(card, tableId, token) {
  let play;
  try {
    play = await http("GET", `/api/library/plays/${enc(tableId)}`);
  } catch {
    return; // not a library table
  }
  if (!card.isConnected || card.querySelector("#rate-chapter")) return;
  if (play.rateable === false) {
    // a rating means someone played (issue 48): a table of bots, or one a person barely played, rates nothing
    const none = h("p", { class: "rate", id: "rate-none" }, t("lib.notRateable", { n: play.min_actions }));
    card.insertBefore(none, card.querySelector(".dialog-buttons"));
    return;
  }
  const stars = [1, 2, 3, 4, 5].map((n) =>
    h("label", { class: "check" }, h("input", { type: "radio", name: "rate-stars", value: n }), ` ${t("lib.starN", { n })}`),
  );
  const note = h("textarea", { id: "rate-note", maxlength: 280, rows: 2 });
  const outcome = h("p", { id: "rate-outcome", role: "status", "aria-live": "polite" });
  const send = h("button", { type: "button", id: "rate-send" }, t("lib.sendRating"));
  const section = h(
    "section",
    { class: "rate", id: "rate-chapter", "aria-labelledby": "rate-title" },
    h("h3", { id: "rate-title" }, t("lib.rate")),
    h("p", {}, t("lib.rateHelp", { title: play.title })),
    h("fieldset", {}, h("legend", {}, t("lib.starsLegend")), stars),
    h("p", {}, h("label", { for: "rate-note" }, t("lib.note")), " ", note),
    send,
    outcome,
  );
  send.addEventListener("click", async () => {
    const picked = section.querySelector("input[name=rate-stars]:checked");
    if (!picked) {
      outcome.textContent = t("lib.pickStars"); // issue 46: no pre-set stars: the player picks them
      return;
    }
    try {
      await http("POST", `/api/library/plays/${enc(tableId)}/rating`, /** @satisfies {import("./api.js").Body<"POST /api/library/plays/{table_id}/rating">} */ ({ stars: Number(picked.value), note: note.value }), token);
      outcome.textContent = t("lib.thanks");
      send.disabled = true;
    } catch (err) {
      outcome.textContent = errorText(err);
    }
  });
  card.insertBefore(section, card.querySelector(".dialog-buttons"));
}
