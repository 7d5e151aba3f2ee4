// @ts-check
// The hint panel (TEAM.md contract 3; issue 44): asks the server's playouts for this decision and shows each
// option's chance with its interval, only from 100 playouts on.

import { http } from "./api.js";
import { optionLabel } from "./choices.js";
import { choose, renderDecision } from "./decision.js";
import { errorText, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { S } from "./state.js";

/** @typedef {import("./api_types").TableView} TableView */

// the options measured enough to show (issue 44): a chance on 100 playouts or more; the others are not ranked
function measuredHints(list) {
  return (list || []).filter((x) => x.playouts >= 100 && x.chance != null);
}

// the hint panel (TEAM.md contract 3): a chance only from 100 playouts on, with its interval; options whose
// intervals overlap are "about equal" (unless the reason already says they are even)
/** @param {TableView} v */
export function renderHints(v) {
  const hs = S.hints && S.hints.version === v.version ? S.hints : null;
  const box = h("div", { class: "hints", id: "hints", "aria-live": "polite" });
  if (!hs) {
    box.appendChild(h("button", { type: "button", id: "hint-button", class: "hint-button", onclick: askHints }, `? ${t("hint")}`));
  } else if (hs.loading) {
    box.appendChild(h("p", { class: "waiting" }, t("hintThinking")));
  } else if (!measuredHints(hs.list).length && hs.list.length) {
    // issue 44: no option reached the minimum playouts (a busy machine): say so plainly, rank nothing
    box.appendChild(h("p", { class: "waiting" }, t("hintNotEnough")));
    box.appendChild(h("button", { type: "button", id: "hint-button", class: "hint-button", onclick: askHints }, `? ${t("hintAgain")}`));
  } else {
    box.appendChild(h("h4", {}, t("hintTitle")));
    const groups = new Map();
    const list = measuredHints(hs.list); // issue 44: never an option measured on fewer than 100 playouts
    for (const hint of list) if (hint.group != null) groups.set(hint.group, (groups.get(hint.group) || 0) + 1);
    for (const hint of list) {
      const chance = hint.chance ?? hint.win_chance;
      const pct = (x) => Math.round(x * 100);
      let line;
      if (hint.playouts < 100 || chance === undefined) line = t("hintFew", { n: hint.playouts });
      else if (hint.low !== undefined && hint.high !== undefined) line = `${t("hintInterval", { c: pct(chance), lo: pct(hint.low), hi: pct(hint.high) })} · ${hint.playouts} ${t("playouts")}`;
      else line = `${pct(chance)}% · ${hint.playouts} ${t("playouts")}`;
      // the server's reason says "Even with ..." itself (hint.even): one wording, not both
      const equal = hint.group != null && groups.get(hint.group) > 1 && !hint.even;
      // issue 44: a player's words on the button ("about 1 in 2 to win; could be 2 in 5 to 3 in 5"), the numbers
      // and the reason behind a "details" fold
      box.appendChild(
        h(
          "button",
          { type: "button", class: "option hint", "data-action": hint.action, onclick: () => choose(hint.action) },
          h("strong", {}, optionLabel(v, hint.action)),
          h("span", { class: "chance" }, ` ${hint.words || line}`),
          equal ? h("span", { class: "equal" }, ` · ${t("aboutEqual")}`) : null,
        ),
      );
      box.appendChild(
        h(
          "details",
          { class: "hint-details" },
          h("summary", {}, t("hintDetails")),
          h("small", { class: "numbers" }, line),
          hint.reason ? h("small", { class: "reason" }, ` ${hint.reason}`) : null,
        ),
      );
    }
  }
  return box;
}

async function askHints() {
  const v = S.view;
  if (!v) return;
  S.hints = { version: v.version, loading: true };
  renderDecision(v);
  try {
    const got = await http("GET", `/api/tables/${encodeURIComponent(S.tableId)}/hints?lang=${lang()}`, undefined, S.token);
    S.hints = { version: got.version, list: got.hints, status: got.status };
  } catch (err) {
    S.hints = null;
    toast(errorText(err), "error");
  }
  if (S.view) renderDecision(S.view);
}
