// @ts-check
// The browser client's entry: the language button, routing by address (home, a table, the workshop, the library)
// and the table's connection (TableSocket) whose messages feed the table page. What each page shows lives in its own
// modules: table.js (the table page), decision.js and choices.js (the choices), panels.js (tracks, cards), hints.js,
// end.js (end screen and campaign), board.js, details.js, log.js, companion.js, home.js, dom.js.

import { http, TableSocket } from "./api.js";
import { placeChosen } from "./decision.js";
import { $$, $, closeDialog, errorText, h, toast } from "./dom.js";
import { followCampaign, onKeep } from "./end.js";
import { renderHome } from "./home.js";
import { lang, setLang, t } from "./i18n.js";
import { renderLibrary } from "./library.js";
import { loadMine, renderLog } from "./log.js";
import { S } from "./state.js";
import { onUpdate, renderTableShell, setView } from "./table.js";
import { renderWorkshop } from "./workshop.js";

const app = $("#app");

function parseHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { table: params.get("t"), token: params.get("k") };
}

async function start() {
  setLang(lang());
  $("#lang").addEventListener("click", () => {
    setLang(lang() === "en" ? "pt" : "en");
    route();
  });
  window.addEventListener("hashchange", route);
  // the choices keep the focus after an action until the player moves it elsewhere
  document.addEventListener("focusin", (ev) => {
    const panel = $("#decision");
    if (panel && !panel.contains(ev.target)) S.keepFocus = false;
  });
  try {
    S.catalog = await http("GET", "/api/catalog");
  } catch (err) {
    app.replaceChildren(h("p", { class: "error" }, errorText(err)));
    return;
  }
  route();
}

function closeAllDialogs() {
  for (const stale of $$(".modal")) closeDialog(stale, false);
}

function route() {
  $("#lang").textContent = t("lang");
  $("#brand").textContent = t("title");
  document.title = t("title");
  const { table, token } = parseHash();
  if (!table && (location.pathname === "/workshop" || location.pathname === "/library")) {
    closeAllDialogs();
    if (S.socket) S.socket.close();
    S.socket = null;
    S.tableId = null;
    if (location.pathname === "/library") renderLibrary();
    else renderWorkshop();
    return;
  }
  if (!table) {
    closeAllDialogs();
    S.chosen = null;
    placeChosen(null);
    if (S.socket) S.socket.close();
    S.socket = null;
    S.tableId = null;
    const skip = $("#skip-links");
    if (skip) skip.remove();
    renderHome();
    return;
  }
  if (table !== S.tableId || token !== S.token) {
    closeAllDialogs();
    if (S.socket) S.socket.close();
    S.tableId = table;
    S.token = token;
    S.view = null;
    S.shown = null;
    S.boardKey = null;
    S.dismissedEnd = false;
    S.mode = null;
    loadMine();
    renderTableShell();
    S.socket = new TableSocket(table, token, {
      onState: (you, view) => {
        S.you = you;
        setView(view, true);
      },
      onUpdate: (msg) => onUpdate(msg),
      onContinued: (msg) => followCampaign(msg.table),
      onKeep: (msg) => onKeep(msg),
      onError: (msg) => toast(errorText(msg), "error"),
      onStatus: (ok) => {
        S.online = ok;
        showConn();
      },
      onFatal: (code) => {
        app.replaceChildren(h("p", { class: "error" }, t(code === 4404 ? "errors.no_table" : "errors.bad_token")), h("a", { href: "#" }, t("backHome")));
      },
    });
  } else {
    renderTableShell();
    showConn();
    if (S.view) {
      setView(S.view, false);
      renderLog(true); // the shell was rebuilt in the other language: the log comes back whole
    }
  }
}

function showConn() {
  const badge = $("#conn");
  if (!badge) return;
  badge.textContent = S.online ? t("connected") : t("offline");
  badge.className = S.online ? "conn ok" : "conn off";
}

start();
