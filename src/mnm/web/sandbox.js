// @ts-check
// The sandbox table's controls (issue 46, item 5), shown in the workshop once a table of the draft is open: as the
// table's host, set one of the chapter's counters or flags (picked from the chapter's own names), fire one of its
// rules, or jump the hourglass to a page; the table (open in another tab) shows what the chapter does then.
//
// Owns: the sandbox panel and its words in English and Portuguese. The server side is mnm.server.sandbox_routes
// (the engine's mnm.engine.sandbox makes the change; it is written to the table's journal like an action).

import { http } from "./api.js";
import { errorText, h } from "./dom.js";
import { lang, tx } from "./i18n.js";

const WORDS = {
  en: {
    title: "Sandbox: change the game at this table",
    help: "As the table's host you may set the chapter's counters and flags, fire one of its rules, or move the hourglass, to see what the chapter does then. The table shows it at once; its record says the game was changed by hand.",
    vars: "Counter or flag",
    value: "Value",
    set: "Set",
    on: "set",
    off: "cleared",
    rule: "Rule",
    fire: "Fire the rule",
    page: "Hourglass page",
    jump: "Move the hourglass",
    none: "This chapter has no counters or flags.",
    noRules: "This chapter has no rules.",
    done: "Done: {what}",
    refused: "Not changed: {why}",
    now: "now {value}",
    unset: "not set yet",
    notAllowed: "No sandbox at this table: {why}",
    pageRange: "the chapter track's pages are 1 to {end} (its end marker)",
  },
  pt: {
    title: "Mesa de testes: mude a partida nesta mesa",
    help: "Como anfitrião da mesa você pode mudar os contadores e marcadores do capítulo, disparar uma de suas regras ou mover a ampulheta, para ver o que o capítulo faz então. A mesa mostra na hora; o registro diz que a partida foi mudada à mão.",
    vars: "Contador ou marcador",
    value: "Valor",
    set: "Definir",
    on: "ligado",
    off: "desligado",
    rule: "Regra",
    fire: "Disparar a regra",
    page: "Página da ampulheta",
    jump: "Mover a ampulheta",
    none: "Este capítulo não tem contadores nem marcadores.",
    noRules: "Este capítulo não tem regras.",
    done: "Feito: {what}",
    refused: "Nada mudou: {why}",
    now: "agora {value}",
    unset: "ainda não definido",
    notAllowed: "Esta mesa não tem mesa de testes: {why}",
    pageRange: "as páginas da trilha do capítulo vão de 1 a {end} (o marcador de fim)",
  },
};

/** The words the panel uses, for tests. */
export const SANDBOX_WORDS = WORDS;

/**
 * @param {string} key
 * @param {Record<string, string|number>} [params]
 */
function w(key, params = {}) {
  /** @type {Record<string, string>} */
  const all = WORDS[lang() === "pt" ? "pt" : "en"];
  return String(all[key] ?? key).replace(/\{(\w+)\}/g, (_m, k) => (k in params ? String(params[k]) : `{${k}}`));
}

/** A designer's name as players read it: winch_turned -> Winch turned. @param {string} name */
function label(name) {
  const words = name.replace(/[-_]/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The panel for the table ``tableId`` whose host token is ``hostToken`` (filled when the server answers).
 * @param {string} tableId
 * @param {string} hostToken
 */
export function sandboxPanel(tableId, hostToken) {
  const box = h("section", { id: "ws-sandbox", class: "card ws-sandbox", "aria-labelledby": "ws-sandbox-title" }, h("h3", { id: "ws-sandbox-title" }, w("title")));
  load(box, tableId, hostToken);
  return box;
}

/**
 * @param {HTMLElement} box
 * @param {string} tableId
 * @param {string} hostToken
 */
async function load(box, tableId, hostToken) {
  /** @type {{allowed: boolean, why: string|null, why_text: {en: string, pt: string}|null, vars: {name: string, kind: string, value: number|boolean|null}[], rules: string[], page: number, end_page: number}} */
  let info;
  try {
    info = await http("GET", `/api/workshop/sandbox/${encodeURIComponent(tableId)}`);
  } catch (err) {
    box.append(h("p", { class: "error" }, w("refused", { why: errorText(err) })));
    return;
  }
  if (!info.allowed) {
    box.append(h("p", {}, w("notAllowed", { why: info.why_text ? tx(info.why_text) : info.why || "" })));
    return;
  }
  const status = h("p", { id: "ws-sandbox-status", role: "status" });
  const send = async (/** @type {string} */ change, /** @type {string} */ what) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const got = await http("GET", `/api/tables/${encodeURIComponent(tableId)}`, undefined, hostToken);
        await http("POST", `/api/workshop/sandbox/${encodeURIComponent(tableId)}`, { change, version: got.view.version }, hostToken);
        status.className = "ok";
        status.textContent = w("done", { what });
        return;
      } catch (err) {
        const data = /** @type {any} */ (err) && /** @type {any} */ (err).data;
        if (data && data.error === "stale" && attempt === 0) continue; // a bot moved meanwhile: once more
        status.className = "error";
        status.textContent = w("refused", { why: errorText(err) });
        return;
      }
    }
  };
  const parts = [h("p", { class: "ws-help" }, w("help"))];
  if (info.vars.length) {
    const pick = /** @type {HTMLSelectElement} */ (h("select", { id: "ws-sandbox-var", "aria-label": w("vars") }, info.vars.map((v) => h("option", { value: v.name, "data-kind": v.kind }, label(v.name)))));
    const number = /** @type {HTMLInputElement} */ (h("input", { id: "ws-sandbox-value", type: "number", min: -999, max: 999, step: 1, value: 0, "aria-label": w("value") }));
    const flag = /** @type {HTMLSelectElement} */ (h("select", { id: "ws-sandbox-flag", "aria-label": w("value") }, h("option", { value: "on" }, w("on")), h("option", { value: "off" }, w("off"))));
    const kind = () => (pick.selectedOptions[0] && pick.selectedOptions[0].dataset.kind) || "counter";
    const shape = () => {
      number.hidden = kind() !== "counter";
      flag.hidden = kind() === "counter";
    };
    pick.addEventListener("change", shape);
    shape();
    parts.push(
      h(
        "div",
        { class: "ws-row" },
        h("label", {}, `${w("vars")} `, pick),
        number,
        flag,
        h("button", {
          type: "button",
          id: "ws-sandbox-set",
          onclick: () => {
            const name = pick.value;
            if (kind() === "counter") {
              const value = Math.trunc(Number(number.value) || 0);
              send(`counter ${name} ${value}`, `${label(name)} = ${value}`);
            } else send(`flag ${name} ${flag.value}`, `${label(name)}: ${w(flag.value)}`);
          },
        }, w("set")),
      ),
    );
  } else parts.push(h("p", {}, w("none")));
  if (info.rules.length) {
    const rule = /** @type {HTMLSelectElement} */ (h("select", { id: "ws-sandbox-rule", "aria-label": w("rule") }, info.rules.map((r) => h("option", { value: r }, label(r)))));
    parts.push(h("div", { class: "ws-row" }, h("label", {}, `${w("rule")} `, rule), h("button", { type: "button", id: "ws-sandbox-fire", onclick: () => send(`fire ${rule.value}`, `${w("fire")}: ${label(rule.value)}`) }, w("fire"))));
  } else parts.push(h("p", {}, w("noRules")));
  const jump = () => {
    const n = Number(page.value);
    if (!Number.isInteger(n) || n < 1 || n > info.end_page) {
      status.className = "error";
      status.textContent = w("refused", { why: w("pageRange", { end: info.end_page }) });
      return;
    }
    send(`page ${n}`, `${w("page")} ${n}`);
  };
  const page = /** @type {HTMLInputElement} */ (h("input", { id: "ws-sandbox-page", type: "number", min: 1, max: info.end_page, step: 1, value: Math.min(info.page + 1, info.end_page), "aria-label": w("page") }));
  parts.push(h("div", { class: "ws-row" }, h("label", {}, `${w("page")} (1–${info.end_page}) `, page), h("button", { type: "button", id: "ws-sandbox-jump", onclick: () => jump() }, w("jump"))));
  box.append(...parts, status);
}
