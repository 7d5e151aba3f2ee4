// @ts-check
// The workshop's play-test (issue 23; split out of workshop.js, issue 49): the time it should take, running one
// with a bot and following it, its results per difficulty (why games were lost, watching them), and the heat map
// drawn on the board.

import { $, errorText, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { watchPlaytest } from "./replay.js";
import { drawMarks } from "./workshop_board.js";
import { labelled } from "./workshop_forms.js";
import { HEAT_COLOURS, setupOf, W, wsHttp } from "./workshop_state.js";

// --- play-test ---------------------------------------------------------------------------------------------------

export function renderPlaytest() {
  const box = $("#ws-playtest");
  if (!box) return;
  box.replaceChildren(
    h("h3", { id: "ws-pt-title" }, t("ws.playtest")),
    h(
      "div",
      { class: "ws-row" },
      labelled(t("ws.games"), h("input", { type: "number", id: "ws-games", min: 1, max: 1000, value: 100, class: "ws-num", onchange: estimate })),
      labelled(t("ws.botKind"), h("select", { id: "ws-bot", onchange: estimate }, ["heuristic", "search"].map((b) => h("option", { value: b }, t(`botNames.${b}`))))),
      h(
        "fieldset",
        { class: "ws-presets" },
        h("legend", {}, t("ws.preset")),
        ["easy", "normal", "hard"].map((p) => h("label", { class: "check" }, h("input", { type: "checkbox", class: "ws-preset", value: p, checked: true, onchange: estimate }), ` ${t(`ws.presets.${p}`)} `)),
      ),
      h("button", { type: "button", id: "ws-run", class: "primary", onclick: runPlaytest }, t("ws.run")),
      h("button", { type: "button", id: "ws-cancel", hidden: true, onclick: cancelPlaytest }, t("ws.cancel")),
    ),
    h("p", { class: "ws-help" }, t("ws.searchFewer"), " ", h("span", { id: "ws-estimate", role: "status" })),
    h("div", { id: "ws-progress-box", hidden: true }, h("progress", { id: "ws-progress", max: 1, value: 0, "aria-labelledby": "ws-progress-text" }), h("span", { id: "ws-progress-text", role: "status" })),
    h("div", { id: "ws-results" }),
  );
}

// "about N times": whole numbers, and fives past 20 (the figure is a rough one)
function timesText(times) {
  const n = times > 20 ? Math.round(times / 5) * 5 : Math.max(1, Math.round(times));
  return String(n);
}

function duration(seconds) {
  return seconds < 90 ? t("ws.seconds", { n: Math.max(1, Math.round(seconds)) }) : t("ws.minutes", { n: Math.round(seconds / 60) });
}

// the chapter's end page as the estimate takes it (null while the draft has none that makes sense: the server
// estimates Chapter 1's then)
export function estimatedEndPage() {
  const page = setupOf(W.data).end_page;
  return Number.isInteger(page) && page >= 1 && page <= 40 ? page : null;
}

// the time a play-test should take here with this bot on this chapter, said before it starts (the search bot's
// line says how many times slower it is); and this editor's play-tests, so a job started in another tab of this
// browser shows here too (and can be cancelled here)
export async function estimate() {
  const games = Math.max(1, Math.min(1000, Number(($("#ws-games") || {}).value) || 100));
  const bot = ($("#ws-bot") || {}).value || "heuristic";
  const presets = Math.max(1, document.querySelectorAll(".ws-preset:checked").length);
  const endPage = estimatedEndPage();
  W.estimatedPage = endPage;
  const seq = (W.estimateSeq = (W.estimateSeq || 0) + 1);
  let got;
  try {
    const page = endPage === null ? "" : `&end_page=${endPage}`;
    got = await wsHttp("GET", `/api/workshop/playtests?bot=${bot}&games=${games}&presets=${presets}${page}`);
  } catch {
    return;
  }
  const out = $("#ws-estimate");
  if (out && seq === W.estimateSeq) {
    let text = t("ws.estimate", { with: t(`ws.estimateWith.${got.bot}`), time: duration(got.estimate_seconds) });
    if (got.bot === "search") text += ` ${t("ws.slower", { times: timesText(got.times_heuristic) })}`;
    if (out.textContent !== text) out.textContent = text; // a status region: said again only when it changes
  }
  const active = got.jobs.find((j) => ["queued", "running"].includes(j.status));
  if (active && (!W.job || !["queued", "running"].includes(W.job.status))) {
    W.job = active;
    W.jobFromOtherTab = true;
    follow();
  }
}

function follow() {
  $("#ws-run").disabled = true;
  $("#ws-cancel").hidden = false;
  $("#ws-progress-box").hidden = false;
  showJob();
  poll(W.job.id);
}

async function runPlaytest() {
  const games = Math.max(1, Math.min(1000, Number($("#ws-games").value) || 100));
  try {
    const presets = [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(".ws-preset:checked"))].map((x) => x.value);
    const text = W.text;
    W.job = await wsHttp("POST", "/api/workshop/playtests", /** @satisfies {import("./api.js").Body<"POST /api/workshop/playtests">} */ ({ text, games, bot: $("#ws-bot").value, presets: presets.length ? presets : ["normal"] }));
    W.jobText = text; // the file its games were played with: a game is watched again with this one
  } catch (err) {
    toast(errorText(err), "error");
    return;
  }
  W.jobFromOtherTab = false;
  follow();
}

async function poll(id) {
  while (W.job && W.job.id === id && ["queued", "running"].includes(W.job.status)) {
    await new Promise((r) => setTimeout(r, 400));
    try {
      W.job = await wsHttp("GET", `/api/workshop/playtests/${id}`);
    } catch {
      continue;
    }
    showJob();
  }
  $("#ws-run").disabled = false;
  $("#ws-cancel").hidden = true;
}

async function cancelPlaytest() {
  if (!W.job) return;
  try {
    W.job = await wsHttp("POST", `/api/workshop/playtests/${W.job.id}/cancel`);
    showJob();
  } catch (err) {
    toast(errorText(err), "error");
  }
}

function pct(x) {
  return `${Math.round(x * 1000) / 10}%`;
}

function showJob() {
  const job = W.job;
  if (!job) return;
  const box = $("#ws-progress-box");
  box.dataset.job = job.id;
  box.dataset.status = job.status;
  const bar = $("#ws-progress");
  bar.max = job.total;
  bar.value = job.done;
  const where = job.status === "queued" && job.position ? t("ws.queued", { position: job.position, time: duration(job.wait_seconds || 0) }) : t(`ws.status.${job.status}`);
  // issue 46 (item 7): once games are done, the time left is measured from this job's own pace on this machine
  const left = job.status === "running" && job.done > 0 && job.done < job.total ? ` · ${t("wsw.timeLeft", { time: duration((job.seconds * (job.total - job.done)) / job.done) })}` : "";
  $("#ws-progress-text").textContent = ` ${t("ws.progress", { done: job.done, total: job.total })} · ${where} · ${job.seconds} s${left}${W.jobFromOtherTab ? ` · ${t("ws.otherTab")}` : ""}`;
  const presets = Object.entries(job.presets || {});
  if (!presets.length) return;
  if (!job.presets[W.heat.preset]) W.heat.preset = presets[0][0];
  const causes = (p) =>
    [...Object.entries(p.defeat_causes), ...(p.unfinished ? [["unfinished", p.unfinished]] : [])].map(([k, n]) => `${t(`ws.outcomes.${k}`)}: ${n}`).join("; ") || t("ws.none");
  const pages = (p) => Object.entries(p.pages_used).map(([k, n]) => `${k}: ${n}`).join(", ");
  $("#ws-results").replaceChildren(
    h(
      "div",
      { class: "ws-table-wrap", tabindex: 0, role: "region", "aria-label": t("ws.winRate") },
      h(
        "table",
        { class: "ws-results" },
        h("caption", { id: "ws-results-party" }, t("ws.playedBy", { party: t(`botNames.${job.bot}`) })), // issue 44: whose rates
        h("thead", {}, h("tr", {}, [t("ws.preset"), t("ws.winRate"), t("ws.interval"), t("ws.defeats"), t("ws.pagesUsed"), t("ws.captures")].map((c) => h("th", { scope: "col" }, c)))),
        h(
          "tbody",
          {},
          presets.map(([id, p]) =>
            h("tr", { "data-preset": id }, h("th", { scope: "row" }, `${t(`ws.presets.${id}`)} (${p.games})`), h("td", { class: "ws-rate" }, pct(p.win_rate)), h("td", {}, `${pct(p.ci95[0])}–${pct(p.ci95[1])}`), h("td", {}, causes(p)), h("td", {}, pages(p)), h("td", {}, String(p.captures_per_game))),
          ),
        ),
      ),
    ),
    // issue 46 (item 7): why the library's page may show other rates for the same file
    h("p", { id: "ws-measure-note", class: "ws-help" }, t("wsw.measureNote")),
    whyLost(job.presets[W.heat.preset]),
    h(
      "fieldset",
      { class: "ws-heat-pick" },
      h("legend", {}, t("ws.heat")),
      h("label", {}, `${t("ws.preset")} `, h("select", { id: "ws-heat-preset", onchange: (ev) => { W.heat.preset = ev.target.value; showJob(); } }, presets.map(([id]) => h("option", { value: id, selected: id === W.heat.preset }, t(`ws.presets.${id}`))))),
      ["wounds", "captures", "hourglass"].map((kind) =>
        h("label", { class: "check" }, h("input", { type: "radio", name: "ws-heat-kind", value: kind, checked: W.heat.kind === kind, onchange: () => { W.heat.kind = kind; showJob(); } }), h("span", { class: "ws-swatch", style: `background:${HEAT_COLOURS[kind]}` }), ` ${t(`ws.heat${kind[0].toUpperCase()}${kind.slice(1)}`)}`),
      ),
      heatLegend(),
    ),
  );
  drawMarks();
}

// why the games of one difficulty were lost, in the designer's words (computed by the play-test)
function whyLost(p) {
  if (!p) return null;
  const found = p.diagnostics || [];
  return h(
    "section",
    { id: "ws-why", class: "ws-why", "aria-labelledby": "ws-why-title" },
    h("h4", { id: "ws-why-title" }, t("ws.whyLost", { preset: t(`ws.presets.${W.heat.preset}`) })),
    // issue 46: why for every difficulty that ran, one click away
    W.job && Object.keys(W.job.presets || {}).length > 1
      ? h("div", { class: "ws-row", role: "group", "aria-label": t("ws.preset") }, Object.keys(W.job.presets).map((id) => h("button", { type: "button", class: "small", "data-why-preset": id, "aria-pressed": String(id === W.heat.preset), onclick: () => { W.heat.preset = id; showJob(); } }, `${t(`ws.presets.${id}`)} (${W.job.presets[id].games})`)))
      : null,
    found.length ? h("ul", {}, found.map((d) => h("li", { "data-why": d.kind, "data-rule": d.rule }, lang() === "pt" ? d.pt : d.en))) : h("p", {}, p.wins === p.games ? t("ws.allWon") : t("ws.noWhy")),
    watchGames(p),
  );
}

// issue 46: "watch a lost game": the play-test's games of this difficulty (lost ones first), each opened in the
// replay viewer (web/replay.js), played again by the server with the same bot, difficulty and seed
function watchGames(p) {
  const games = p.watch || [];
  if (!games.length || !W.job) return null;
  const job = W.job;
  const preset = W.heat.preset;
  const why = (g) => (t(`ws.outcomes.${g.outcome}`) === `ws.outcomes.${g.outcome}` ? t("wsw.watchOther") : t(`ws.outcomes.${g.outcome}`));
  const label = (g) => t(g.status === "won" ? "wsw.watchWon" : "wsw.watchLost", { n: g.seed + 1, rounds: g.rounds, why: why(g) });
  return h(
    "div",
    { id: "ws-watch", class: "ws-watch" },
    h("h4", {}, t("wsw.watchTitle")),
    h("p", { class: "ws-help" }, t("wsw.watchHelp")),
    h("div", { class: "ws-row" }, games.map((g) => h("button", { type: "button", class: "small", "data-watch-seed": g.seed, "data-status": g.status, onclick: () => watchPlaytest({ text: W.jobText || W.text, party: job.party, bot: job.bot, preset, seed: g.seed }) }, label(g)))),
  );
}

// the heat map's legend: its colour, the scale of the discs (smallest to largest) and the total counted
function heatLegend() {
  const heat = heatOf() || {};
  const values = Object.values(heat);
  const colour = HEAT_COLOURS[W.heat.kind];
  if (!values.length) return h("p", { id: "ws-heat-legend", class: "ws-help" }, t("ws.heatNone"));
  const top = Math.max(...values);
  const low = Math.min(...values);
  const total = values.reduce((a, b) => a + b, 0);
  const disc = (n) => {
    const r = heatRadius(n, top) / 3;
    return h("span", { class: "ws-heat-disc", style: `width:${2 * r}px;height:${2 * r}px;background:${colour};opacity:${heatOpacity(n, top)}` });
  };
  return h(
    "p",
    { id: "ws-heat-legend", class: "ws-heat-legend" },
    disc(low), ` ${low} `, "… ", disc(top), ` ${top} `,
    h("span", {}, t("ws.heatScale", { total, spaces: values.length })),
  );
}

export function heatRadius(n, top) {
  return 10 + 26 * Math.sqrt(n / top);
}

export function heatOpacity(n, top) {
  return (0.25 + 0.5 * (n / top)).toFixed(2);
}

export function heatOf() {
  const job = W.job;
  const p = job && job.presets && job.presets[W.heat.preset];
  return p ? p.heat[W.heat.kind] : null;
}
