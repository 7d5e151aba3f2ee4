// @ts-check
// A chapter's end and the campaign: the end screen (ending, result, cause, summary, dice check, rating), the card
// each mouse keeps (chosen live by the table), going on to the next table, and the campaign sheet.

import { http } from "./api.js";
import { botOf } from "./choices.js";
import { $$, $, errorText, h, openDialog, toast } from "./dom.js";
import { t, tx } from "./i18n.js";
import { ratingPanel } from "./library.js";
import { S } from "./state.js";
import { diceCheckPanel } from "./verify.js";

/** @typedef {import("./api_types").TableView} TableView */

/** @param {TableView} v */
export function renderEnd(v) {
  if (v.status === "playing" || S.dismissedEnd) return;
  S.dismissedEnd = true;
  endScreen(v);
}

// The end screen (issue 25): the story's ending, the result and the cause, a summary of the chapter, and the
// campaign's two ways on (next chapter, or replay), after a defeat too (rulebook 004 L378). Other panels (the
// dice check) append their own sections to the same card.
/** @param {TableView} v */
function endScreen(v) {
  const won = v.status === "won";
  const sum = v.summary || {};
  const body = [];
  if (sum.ending) body.push(h("p", { class: "story ending", id: "end-story" }, tx(sum.ending)));
  body.push(h("p", { class: "end-result" }, h("b", {}, won ? t("victory") : t("defeat")), " ", tx(won ? v.chapter.victory_text : v.chapter.defeat_text)));
  if (sum.cause) body.push(h("p", { class: "end-cause", id: "end-cause", "data-cause": sum.cause }, t(`endCause.${sum.cause}`)));
  body.push(endSummary(v, sum));
  const screen = openDialog({ id: "end-screen", title: won ? t("victory") : t("defeat"), className: `end ${won ? "won" : "lost"}`, body });
  screen.classList.add(won ? "won" : "lost");
  screen.querySelector(".card").append(diceCheckPanel(v, S.tableId) || "");
  if (S.you.role !== "spectator") ratingPanel(screen.querySelector(".card"), S.tableId, S.token); // issue 36
  if (S.you.role === "spectator" || !v.campaign) return;
  // R-CAMP: each mouse keeps one search card; the campaign goes on at a new table with the same seats. The choice
  // is the table's (issue 45): the seat owning the mouse (or the host) picks, every seat sees it change live.
  const keeps = h("div", { class: "keeps", id: "keeps" });
  for (const hero of v.heroes) {
    const cards = v.campaign.keepable[hero.id] || [];
    if (!cards.length) continue;
    const chosen = (v.campaign.keep || {})[hero.id] || "";
    const mayChoose = mayKeepFor(v, hero.id);
    const seatNo = (v.campaign.decides || {})[hero.id];
    keeps.appendChild(
      h(
        "label",
        { "data-hero": hero.id },
        `${tx(hero.name)}: `,
        h(
          "select",
          { "data-hero": hero.id, disabled: !mayChoose, onchange: (ev) => chooseKeep(hero.id, ev.target) },
          h("option", { value: "" }, t("keepNone")),
          cards.map((c) => h("option", { value: c.id, selected: c.id === chosen }, tx(c.name))),
        ),
        mayChoose ? null : h("small", { class: "keep-who" }, ` ${t("keepChosenBy", { n: seatNo === null || seatNo === undefined ? "?" : seatNo + 1 })}`),
      ),
    );
  }
  async function go(replay) {
    try {
      // the server carries the table's keep choices (the same on every seat)
      const made = await http("POST", `/api/tables/${encodeURIComponent(S.tableId)}/continue`, /** @satisfies {import("./api.js").Body<"POST /api/tables/{table_id}/continue">} */ ({ replay }), S.token);
      followCampaign(made.table);
    } catch (err) {
      toast(errorText(err), "error");
    }
  }
  const card = screen.querySelector(".card");
  const next = v.campaign.next_chapter;
  const went = v.campaign.continued_to;
  // R-CAMP: any seated player may take the table on (issue 32); once someone has, the old table points on
  const section = went
    ? [h("p", { id: "went-on" }, t("campaignWentOn")), h("a", { href: tableHash(went), class: "button primary", id: "next-table-link" }, t("openNextTable"))]
    : [
        won || !next ? null : h("p", { class: "go-on", id: "go-on" }, t("defeatGoOn")),
        next ? null : h("p", { class: "go-on", id: "campaign-ends" }, t("noNextChapter")),
        keeps,
        keeps.childElementCount ? keepSummary(v) : null,
        next ? h("button", { type: "button", class: "primary", id: "next-chapter", onclick: () => go(false) }, t("nextChapter")) : null,
        h("button", { type: "button", id: "replay", onclick: () => go(true) }, t("replay")),
      ];
  card.insertBefore(
    h(
      "section",
      { class: "campaign", id: "campaign" },
      h("h3", {}, next ? t("campaign") : t("playAgainTitle")),
      ...section,
      h("button", { type: "button", class: "small", id: "campaign-sheet-open", onclick: () => showCampaignSheet() }, t("campaignSheet")),
    ),
    card.querySelector(".dialog-buttons"),
  );
}

// Issue 45: who picks the card a mouse keeps: the host, the seat owning it, any seat for a bot's mouse.
/** @param {TableView} v */
function mayKeepFor(v, heroId) {
  if (!S.you || S.you.role === "spectator") return false;
  if (S.you.role === "host" || S.you.heroes.includes(heroId)) return true;
  return Boolean(botOf(v, heroId));
}

// "Next chapter" says what goes with the party: the table's choices, the same on every seat.
/** @param {TableView} v */
function keepSummary(v) {
  const keep = (v.campaign && v.campaign.keep) || {};
  const parts = v.heroes
    .filter((hero) => (v.campaign.keepable[hero.id] || []).length)
    .map((hero) => {
      const card = (v.campaign.keepable[hero.id] || []).find((c) => c.id === keep[hero.id]);
      return `${tx(hero.name)}: ${card ? tx(card.name) : t("keepNothing")}`;
    });
  return h("p", { class: "keep-summary", id: "keep-summary", "aria-live": "polite" }, `${t("willKeep")}: ${parts.join("; ")}`);
}

async function chooseKeep(heroId, select) {
  const before = ((S.view.campaign || {}).keep || {})[heroId] || "";
  try {
    await http("POST", `/api/tables/${encodeURIComponent(S.tableId)}/keep`, /** @satisfies {import("./api.js").Body<"POST /api/tables/{table_id}/keep">} */ ({ hero: heroId, card: select.value || null }), S.token);
  } catch (err) {
    select.value = before;
    toast(errorText(err), "error");
  }
}

// Another seat (or this one) changed what a mouse keeps: every open end screen shows it at once.
export function onKeep(msg) {
  if (!S.view || !S.view.campaign) return;
  S.view.campaign.keep = msg.keep;
  for (const sel of $$("#end-screen .keeps select")) sel.value = msg.keep[sel.dataset.hero] || "";
  const old = $("#keep-summary");
  if (old) old.replaceWith(keepSummary(S.view));
}

// The hash of a table of this campaign, with this browser's own key (every seat keeps its token, R-CAMP).
function tableHash(table) {
  return S.token ? `#t=${encodeURIComponent(table)}&k=${encodeURIComponent(S.token)}` : `#t=${encodeURIComponent(table)}`;
}

// The campaign went on to ``table`` (this browser asked, or another seat did: the server says so to everyone at
// the old table): the host's share links carry over with the new table's id (the keys stay the same), and
// everyone is taken there.
export function followCampaign(table) {
  const stored = localStorage.getItem(`mnm.links.${S.tableId}`);
  if (stored && !localStorage.getItem(`mnm.links.${table}`)) {
    const old = JSON.parse(stored);
    const moved = (link) => link.replace(`t=${S.tableId}`, `t=${table}`);
    localStorage.setItem(
      `mnm.links.${table}`,
      JSON.stringify({ host: moved(old.host), seats: old.seats.map(moved), spectator: moved(old.spectator) }),
    );
  }
  toast(t("campaignWentOn"));
  location.hash = tableHash(table);
}

// The campaign sheet (issue 32): the chapters played so far, each mouse with its abilities, items and
// achievements, and the party's story achievements.
/** @param {TableView} v */
function campaignSheet(v) {
  const sheet = v.campaign_sheet;
  if (!sheet) return h("p", {}, "");
  const status = (s) => t(`chapterStatus.${s}`);
  const names = (list) => list.map((x) => tx(x.name)).join(", ") || "—";
  return h(
    "div",
    { class: "campaign-sheet", id: "campaign-sheet-body" },
    h("h4", {}, t("sheetChapters")),
    h(
      "ul",
      { class: "sheet-chapters" },
      sheet.chapters.map((c) =>
        h("li", { "data-chapter": c.chapter, "data-status": c.status, class: c.current ? "current" : "" }, `${c.number ?? ""}. ${tx(c.name)}: ${status(c.status)}`),
      ),
    ),
    h("h4", {}, t("party")),
    h(
      "table",
      { class: "sheet-heroes" },
      h("thead", {}, h("tr", {}, [t("mouse"), t("abilities"), t("items"), t("achievements")].map((c) => h("th", { scope: "col" }, c)))),
      h(
        "tbody",
        {},
        v.heroes.map((hero) =>
          h(
            "tr",
            { "data-hero": hero.id },
            h("th", { scope: "row" }, tx(hero.name)),
            h("td", {}, names(hero.abilities)),
            h("td", {}, names([...hero.equipped, ...hero.pack, ...hero.tricks])),
            h("td", {}, (sheet.achievements[hero.id] || []).map((a) => (a.chapter !== null && a.chapter !== undefined ? `${tx(a)} (${t("chapterShort", { n: a.chapter })})` : tx(a))).join(", ") || "—"),
          ),
        ),
      ),
    ),
    h("h4", {}, t("storyAchievements")),
    h("p", { class: "sheet-story" }, sheet.story_achievements.map((a) => tx(a)).join(", ") || "—"),
  );
}

export function showCampaignSheet() {
  if (!S.view) return;
  openDialog({ id: "campaign-sheet", title: t("campaignSheet"), body: [campaignSheet(S.view)] });
}

/** @param {TableView} v */
function endSummary(v, sum) {
  const deeds = sum.deeds || {};
  const cols = ["wounds", "captured", "rescued", "defeated", "found"];
  const names = { wounds: "sumWounds", captured: "sumCaptured", rescued: "sumRescued", defeated: "sumDefeated", found: "sumFound" };
  return h(
    "section",
    { class: "end-summary", id: "end-summary", tabindex: 0, "aria-label": t("summary") },
    h("h3", {}, t("summary")),
    h(
      "p",
      {},
      `${t("sumRounds")}: ${sum.rounds ?? v.round} · ${t("sumPages")}: ${sum.hourglass ?? v.hourglass}/${sum.end_page ?? v.end_page} · ${t("sumSurges")}: ${sum.surges ?? 0}`,
    ),
    h(
      "table",
      { class: "deeds" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("party")), cols.map((c) => h("th", { scope: "col" }, t(names[c]))))),
      h(
        "tbody",
        {},
        v.heroes.map((hero) => h("tr", { "data-hero": hero.id }, h("th", { scope: "row" }, tx(hero.name)), cols.map((c) => h("td", {}, String((deeds[hero.id] || {})[c] ?? 0))))),
      ),
    ),
  );
}
