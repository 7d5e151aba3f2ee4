// @ts-check
// The workshop's problems (issue 23; split out of workshop.js, issue 49): what the server's check found, each
// pinned to its field in the forms and named in the form's words; going to a problem's field; what the bots'
// planner cannot plan for.

import { $, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { fieldLabel, momentName, sentence, sideName, word } from "./workshop_rules.js";
import { W } from "./workshop_state.js";

// --- problems, pinned to their fields -------------------------------------------------------------------------

function problemText(p) {
  return lang() === "pt" ? p.pt || p.en : p.en;
}

export function showProblems(problems) {
  for (const old of document.querySelectorAll(".ws-field-error")) old.remove();
  for (const old of document.querySelectorAll("[aria-invalid]")) old.removeAttribute("aria-invalid");
  const box = $("#ws-problems");
  if (!box) return;
  if (!problems.length) {
    box.replaceChildren(h("p", { class: "ws-ok" }, t("ws.noProblems")));
    return;
  }
  box.replaceChildren(
    h("h4", {}, t("ws.problems")),
    h(
      "ul",
      {},
      problems.map((p) => {
        const where = fieldTitle(p.field);
        return h("li", { class: "error", "data-problem": p.field }, where ? h("button", { type: "button", class: "link", onclick: () => goTo(p) }, where) : null, ` ${problemText(p)}`);
      }),
    ),
  );
  // pin each problem to the form field it belongs to (or the nearest field above it)
  for (const p of problems) {
    const field = fieldFor(p.field);
    if (!field) continue;
    const input = field.matches("input, select, textarea") ? field : field.querySelector("input, select, textarea");
    if (input) input.setAttribute("aria-invalid", "true");
    field.after(h("p", { class: "ws-field-error error", "data-for": p.field }, problemText(p)));
  }
}

// where a problem is, in the form's words: "Special rules › Bell Gate › Do 1" (never the file's path)
const FIELD_TITLES = {
  id: "ws.id", number: "ws.number", name: "ws.name", objective: "ws.objective", victory_text: "ws.victoryText", defeat_text: "ws.defeatText", defeat_texts: "ws.defeatText",
  story: "ws.story", setup: "ws.setup", victory: "ws.victory", defeat: "ws.defeat", rules: "ws.rules", rooms: "ws.rooms",
  party_size: "ws.partySize", forbidden_heroes: "ws.barred", encounter_kinds: "ws.encounters", end_page: "ws.endPage", track_pages: "ws.trackPages",
  layout: "ws.board", start_space: "ws.startSpace", starting_minions: "ws.minions", placements: "ws.placements", tokens: "ws.tokens",
  if: "ws.conditions", do: "ws.effects", when: "ws.when", where: "ws.when",
};

function fieldTitle(path) {
  const parts = String(path || "").split(".").filter(Boolean);
  if (!parts.length) return t("ws.file");
  const out = [];
  let node = W.data;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const parent = parts[i - 1];
    node = node && typeof node === "object" ? node[part] : undefined;
    if (/^\d+$/.test(part)) {
      const n = Number(part) + 1;
      if (parent === "rules" && node && node.id) out.push(`${t("ws.rule")} “${node.id}”`);
      else if (parent === "rooms" && node && node.side !== undefined) out.push(sideName(node.side));
      else if (parent === "layout" && node && node.side !== undefined) out.push(sideName(node.side));
      else out.push(String(n));
    } else if (FIELD_TITLES[part]) out.push(t(FIELD_TITLES[part]));
    else if (parent === "story") out.push(momentName(part));
    else if (part === "en") out.push(t("ws.english"));
    else if (part === "pt") out.push(t("ws.portuguese"));
    else if (word("conditions", part) || word("effects", part)) out.push(sentence(word("conditions", part) || word("effects", part), {}).replace(/[:(].*$/, "").trim());
    else out.push(fieldLabel(part));
  }
  return out.join(" › ");
}

// what the bots' planner cannot plan for (a chapter that checks may still hold a goal they cannot aim at): their
// play-test results then say less about how hard it is for people
export function showCannotPlan(gaps) {
  const box = $("#ws-cannot-plan");
  if (!box) return;
  box.hidden = !gaps.length;
  box.replaceChildren(
    h("h4", {}, t("ws.cannotPlan")),
    h("p", { class: "ws-help" }, t("ws.cannotPlanHelp")),
    h("ul", {}, gaps.map((g) => h("li", { "data-word": g.word }, lang() === "pt" ? g.pt : g.en))),
  );
}

function fieldFor(path) {
  const parts = (path || "").split(".");
  while (parts.length) {
    const found = document.querySelector(`#ws-forms [data-field="${CSS.escape(parts.join("."))}"]`);
    if (found) return found;
    parts.pop();
  }
  return null;
}

function goTo(p) {
  const field = fieldFor(p.field);
  const input = /** @type {HTMLElement | null} */ (field && (field.matches("input, select, textarea") ? field : field.querySelector("input, select, textarea, button")));
  if (input) {
    input.focus();
    return;
  }
  const area = $("#ws-text");
  if (!area || !p.line) return;
  $("#ws-file-box").open = true;
  const lines = W.text.split("\n");
  const start = lines.slice(0, p.line - 1).join("\n").length + (p.line > 1 ? 1 : 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[p.line - 1] || "").length);
}
