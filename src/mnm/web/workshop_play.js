// @ts-check
// Playing and publishing a draft (issue 23; split out of workshop.js, issue 49): the chapter sheet to print, who
// plays each seat of a table of it and opening that table (with the sandbox), and the Publish button (issue 36:
// the chapter library; it waits while the chapter has problems, its form starts from the chapter).

import { http } from "./api.js";
import { $, errorText, h, toast } from "./dom.js";
import { showLinks } from "./home.js";
import { lang, t, tx } from "./i18n.js";
import { publishButton } from "./library.js";
import { sandboxPanel } from "./sandbox.js";
import { S } from "./state.js";
import { chapterName } from "./workshop.js";
import { ensureToken, setupOf, W } from "./workshop_state.js";

// --- play it -------------------------------------------------------------------------------------------------------

export function renderPlay() {
  const box = $("#ws-play");
  if (!box) return;
  box.replaceChildren(
    h("h3", { id: "ws-play-title" }, t("ws.playIt")),
    seatPlayers(),
    h("button", { type: "button", id: "ws-open-table", class: "primary", disabled: true, onclick: openTable }, t("ws.openTable")),
    h("button", { type: "button", id: "ws-print", disabled: true, onclick: printSheet }, t("ws.printSheet")),
    " ",
    publishButton(() => W.text, ensureToken, () => W.data), // issue 36: the chapter library (46: its names prefill)
    h("div", { id: "ws-links" }),
  );
}

// the chapter sheet to print (layout, setup, victory and defeat, rules and story in words, the difficulty the
// last finished play-test measured), opened in a new window
async function printSheet() {
  const win = window.open("", "_blank");
  const job = W.job && W.job.status === "done" ? W.job : null;
  try {
    const got = await http("POST", "/api/workshop/sheet", /** @satisfies {import("./api.js").Body<"POST /api/workshop/sheet">} */ ({ text: W.text, lang: lang() === "pt" ? "pt" : "en", difficulty: job ? { bot: job.bot, presets: job.presets } : null }));
    if (!win) {
      toast(t("ws.popupBlocked"), "error");
      return;
    }
    win.document.open();
    win.document.write(got.html);
    win.document.close();
  } catch (err) {
    if (win) win.close();
    toast(errorText(err), "error");
  }
}

// issue 46: who plays each seat of a table of this chapter (people, bots, or both mixed), as on the home page
export function seatPlayers() {
  const setup = setupOf(structuredClone(W.data));
  const seats = Math.max(1, Math.min(4, Number(setup.party_size) || 1));
  // the mice of the party: the first heroes the chapter allows unless chosen otherwise (a sandbox of the draft)
  const heroes = ((S.catalog && S.catalog.heroes) || []).filter((x) => !(setup.forbidden_heroes || []).includes(x.id));
  return h(
    "div",
    { class: "ws-seats", id: "ws-seats", role: "group", "aria-label": t("wsw.seats") },
    Array.from({ length: seats }, (_, s) =>
      h(
        "div",
        { class: "ws-row", "data-seat": s },
        h("label", {}, `${t("seat")} ${s + 1}: `, h("select", { class: "ws-seat-hero", "data-seat": s, "aria-label": `${t("seat")} ${s + 1}: ${t("wsw.mouse")}` }, heroes.map((x, i) => h("option", { value: x.id, selected: i === s }, tx(x.name))))),
        " ",
        h("select", { class: "ws-seat-player", "data-seat": s, "aria-label": `${t("seat")} ${s + 1}: ${t("wsw.player")}` }, ["", "heuristic", "random", "search"].map((b) => h("option", { value: b }, b ? `${t("bot")}: ${t(`botNames.${b}`)}` : t("people")))),
      ),
    ),
  );
}

async function openTable() {
  try {
    const players = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#ws-seats select.ws-seat-player"))].map((x) => x.value || null);
    const party = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#ws-seats select.ws-seat-hero"))].map((x) => x.value).filter(Boolean);
    /** @type {import("./api.js").Body<"POST /api/workshop/tables">} */
    const body = { text: W.text };
    if (players.some((b) => b)) body.bots = players;
    if (party.length === players.length && new Set(party).size === party.length) body.party = party;
    else if (party.length) {
      toast(t("wsw.sameMouseTwice"), "error");
      return;
    }
    const made = await http("POST", "/api/workshop/tables", body);
    localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
    showLinks($("#ws-links"), made.links, made.seats);
    $("#ws-links").append(sandboxPanel(made.table, made.host_token)); // issue 46: the sandbox table
  } catch (err) {
    toast(errorText(err), "error");
  }
}


// issue 46: Publish waits, with the reason, while the chapter has problems; its form starts from the chapter
export function showPublishable(got) {
  const button = $("#ws-publish");
  if (!button) return;
  button.disabled = !got.ok;
  let why = $("#ws-publish-why");
  if (!why) {
    why = h("span", { id: "ws-publish-why", class: "ws-help" });
    button.after(why);
    button.setAttribute("aria-describedby", "ws-publish-why");
    button.addEventListener("click", () => setTimeout(prefillPublish, 0));
  }
  why.textContent = got.ok ? "" : ` ${t("wsw.publishWaits")}`;
}

function prefillPublish() {
  const d = W.data || {};
  const title = $("#pub-title");
  if (title && !title.value) title.value = chapterName(d);
  const text = $("#pub-description");
  if (text && !text.value && d.objective && typeof d.objective === "object") text.value = tx(d.objective);
}
