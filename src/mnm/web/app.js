// The browser client: a new-table form, and the table itself (board, track, wheel, hero cards, log, choices).
// Every choice shown comes from the engine's decision list sent by the server; nothing else is clickable.

import { TableSocket, http } from "./api.js";
import { BoardView } from "./board.js";
import { lang, setLang, t, tx } from "./i18n.js";

const $ = (sel, root = document) => root.querySelector(sel);
const app = $("#app");

const S = {
  catalog: null,
  tableId: null,
  token: null,
  you: null,
  view: null,
  log: [], // events, log[0] is event number logFirst
  logFirst: 0,
  socket: null,
  board: null,
  boardKey: null,
  dice: null, // companion mode: {action, count, purpose, given: [], picked: []}
  seenStory: new Set(),
  dismissedEnd: false,
  hints: null, // {version, list: [{action, win_chance, playouts, reason}]} or {version, loading: true}
};

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function toast(text, kind = "info") {
  const box = h("div", { class: `toast ${kind}`, role: "status" }, text);
  $("#toasts").appendChild(box);
  setTimeout(() => box.remove(), 4000);
}

function parseHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { table: params.get("t"), token: params.get("k") };
}

// --- start ---------------------------------------------------------------------------------------------

async function start() {
  setLang(lang());
  $("#lang").addEventListener("click", () => {
    setLang(lang() === "en" ? "pt" : "en");
    route();
  });
  window.addEventListener("hashchange", route);
  try {
    S.catalog = await http("GET", "/api/catalog");
  } catch (err) {
    app.replaceChildren(h("p", { class: "error" }, String(err.message)));
    return;
  }
  route();
}

function route() {
  $("#lang").textContent = t("lang");
  $("#brand").textContent = t("title");
  const { table, token } = parseHash();
  if (!table) {
    for (const stale of document.querySelectorAll(".modal, #chooser")) stale.remove();
    if (S.socket) S.socket.close();
    S.socket = null;
    S.tableId = null;
    renderHome();
    return;
  }
  if (table !== S.tableId || token !== S.token) {
    for (const stale of document.querySelectorAll(".modal, #chooser")) stale.remove();
    if (S.socket) S.socket.close();
    S.tableId = table;
    S.token = token;
    S.view = null;
    S.boardKey = null;
    S.dismissedEnd = false;
    renderTableShell();
    S.socket = new TableSocket(table, token, {
      onState: (you, view) => {
        S.you = you;
        setView(view, true);
      },
      onUpdate: (msg) => onUpdate(msg),
      onError: (msg) => toast(msg.message, "error"),
      onStatus: (ok) => {
        const badge = $("#conn");
        if (badge) {
          badge.textContent = ok ? t("connected") : t("offline");
          badge.className = ok ? "conn ok" : "conn off";
        }
      },
      onFatal: (code) => {
        app.replaceChildren(
          h("p", { class: "error" }, code === 4404 ? "There is no such table." : "This link's seat token is not valid."),
          h("a", { href: "#" }, t("backHome")),
        );
      },
    });
  } else {
    renderTableShell();
    if (S.view) setView(S.view, false);
  }
}

// --- home: a new table -----------------------------------------------------------------------------------

function renderHome() {
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
              h("option", { value: b, selected: (before[s] || "") === b }, b ? `${t("bot")}: ${b}` : t("people")),
            ),
          ),
        ),
      ),
    );
  }
  chapterSel.addEventListener("change", refreshHeroes);
  seatsSel.addEventListener("change", refreshSeats);

  async function create(ev) {
    ev.preventDefault();
    const n = Number(seatsSel.value);
    const seats = Array.from({ length: n }, () => []);
    for (const sel of seatAssign.querySelectorAll("select")) seats[Number(sel.value)].push(sel.dataset.hero);
    const players = [...seatPlayers.querySelectorAll("select")].map((x) => x.value || null);
    const used = seats.map((s, i) => [s, players[i]]).filter(([s]) => s.length);
    const body = {
      chapter: chapterSel.value,
      party: party(),
      seats: used.map(([s]) => s),
      companion: companion.checked,
    };
    if (used.some(([, b]) => b)) body.bots = used.map(([, b]) => b);
    const picked = [...variants.querySelectorAll("input.variant:checked")].map((i) => i.value);
    if (picked.length) body.options = picked;
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const made = await http("POST", "/api/tables", body);
      localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
      showLinks(result, made.links, made.seats);
    } catch (err) {
      toast(err.message, "error");
    }
  }

  app.replaceChildren(
    h(
      "form",
      { class: "new-table card", onsubmit: create },
      h("h2", {}, t("newTable")),
      h("label", {}, `${t("chapter")} `, chapterSel),
      h("fieldset", {}, h("legend", {}, t("party")), heroBoxes),
      h("label", {}, `${t("seats")} `, seatsSel),
      seatAssign,
      seatPlayers,
      h("label", {}, `${t("seed")} `, seed),
      h("label", { class: "check" }, companion, ` ${t("companion")}`),
      variants,
      h("button", { type: "submit", id: "create", class: "primary" }, t("create")),
    ),
    result,
  );
  refreshHeroes();
}

function absolute(link) {
  return `${location.origin}${link}`;
}

function linkRow(label, link, cls) {
  const input = h("input", { type: "text", readonly: true, value: absolute(link), class: cls });
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

function showLinks(box, links, seats) {
  box.replaceChildren(
    h(
      "div",
      { class: "card links" },
      h("h2", {}, t("links")),
      h("p", {}, t("linksHelp")),
      seats
        ? seats.map((s, i) =>
            linkRow(
              `${t("seat")} ${i + 1}: ${s.heroes.map(heroName).join(", ")}${s.bot ? ` (${t("bot")}: ${s.bot})` : ""}`,
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

function heroName(id) {
  const hero = S.catalog.heroes.find((x) => x.id === id);
  return hero ? tx(hero.name) : id;
}

// --- the table ---------------------------------------------------------------------------------------------

function renderTableShell() {
  app.replaceChildren(
    h(
      "div",
      { class: "table" },
      h(
        "header",
        { class: "table-head" },
        h("h2", { id: "chapter-name" }),
        h("span", { id: "variants-on", class: "variants-on" }),
        h("span", { id: "role", class: "role" }),
        h("span", { id: "conn", class: "conn off" }, t("offline")),
        h("a", { href: "#", class: "button small" }, t("backHome")),
      ),
      h("section", { id: "tracks", class: "tracks" }),
      h(
        "div",
        { class: "main" },
        h("section", { class: "board-wrap" }, h("div", { id: "board", class: "board" })),
        h(
          "aside",
          { class: "side" },
          h("section", { id: "decision", class: "card decision" }),
          h("section", { id: "dice", class: "card dice-box" }),
          h("section", { id: "initiative", class: "card" }),
        ),
      ),
      h("section", { id: "heroes", class: "heroes" }),
      h(
        "section",
        { class: "card log-card" },
        h("h3", {}, t("log")),
        h("ol", { id: "log", class: "log" }),
      ),
      h("section", { id: "host-links" }),
    ),
  );
  S.board = new BoardView($("#board"), pick);
  S.boardKey = null;
  const stored = localStorage.getItem(`mnm.links.${S.tableId}`);
  if (stored && S.you && S.you.role === "host") showLinks($("#host-links"), JSON.parse(stored));
}

function setView(view, full) {
  S.view = view;
  if (full && view.log) {
    S.log = view.log.slice();
    S.logFirst = view.log_first;
    renderLog(true);
    if (view.version === 0) showOpeningStory();
  }
  render();
}

function onUpdate(msg) {
  if (!S.view || msg.version <= S.view.version) return;
  if (msg.version !== S.view.version + 1) {
    S.socket.send({ type: "sync" });
    return;
  }
  // the log: an undo drops the undone events; an action appends its own
  const keep = msg.first_event - S.logFirst;
  if (keep < 0) {
    S.socket.send({ type: "sync" });
    return;
  }
  S.log.length = Math.min(S.log.length, keep);
  S.log.push(...msg.events);
  S.view = msg.view;
  renderLog(msg.kind === "undo");
  for (const ev of msg.events) if (ev.story) showStory(ev);
  render();
}

async function ensureBoard() {
  const key = S.view.board_key;
  if (S.boardKey === key) return;
  S.boardKey = key;
  const geometry = await http("GET", `/api/tables/${encodeURIComponent(S.tableId)}/board`);
  S.board.setGeometry(geometry);
  S.board.draw(S.view, litFor(S.view));
}

function botOf(view, heroId) {
  const hero = view.heroes.find((x) => x.id === heroId);
  return hero ? hero.bot : null;
}

function mine(view) {
  const d = view.decision;
  if (!d || !S.you || S.you.role === "spectator") return false;
  if (botOf(view, d.actor)) return false; // the server's bot answers its own mice
  if (S.you.role === "host") return true;
  if (view.heroes.some((x) => x.id === d.actor)) return S.you.heroes.includes(d.actor);
  return true; // a party decision: each option names its mouse; filtered below
}

function myOptions(view) {
  if (!mine(view)) return [];
  const d = view.decision;
  return d.options.filter((o) => {
    if (S.you.role === "host") return true;
    if (view.heroes.some((x) => x.id === d.actor)) return true;
    const who = o.split(" ")[1];
    return S.you.heroes.includes(who) || !view.heroes.some((x) => x.id === who);
  });
}

function isSpace(arg) {
  return /^\d+:\d+$/.test(arg);
}

// Which spaces and figures to light: the arguments of my options that name one.
function litFor(view) {
  const spaces = new Set();
  const figures = new Set();
  const figureIds = new Set([...view.heroes.map((x) => x.id), ...view.minions.map((m) => m.id)]);
  for (const o of myOptions(view)) {
    const [, actor, ...args] = o.split(" ");
    for (const a of args) {
      if (isSpace(a)) spaces.add(a);
      else if (figureIds.has(a) && a !== actor) figures.add(a);
    }
  }
  return { spaces, figures };
}

function render() {
  const v = S.view;
  if (!v || !$("#board")) return;
  $("#chapter-name").textContent = `${v.chapter.number}. ${tx(v.chapter.name)}`;
  const on = v.options || [];
  $("#variants-on").textContent = on.length ? `${t("variantsOn")}: ${on.map((o) => tx(o.text)).join("; ")}` : "";
  const role = $("#role");
  if (S.you.role === "spectator") role.textContent = t("spectating");
  else if (S.you.role === "host") role.textContent = t("hostRole");
  else role.textContent = t("seatRole", { n: S.you.seat + 1, mice: S.you.heroes.map(heroName).join(", ") });
  role.dataset.role = S.you.role;
  if (S.you.role === "host" && !$("#host-links").childElementCount) {
    const stored = localStorage.getItem(`mnm.links.${S.tableId}`);
    if (stored) showLinks($("#host-links"), JSON.parse(stored));
  }
  renderTracks(v);
  renderInitiative(v);
  renderDecision(v);
  renderDice();
  renderHeroes(v);
  if (S.boardKey !== v.board_key) ensureBoard();
  else S.board.draw(v, litFor(v));
  renderEnd(v);
  document.body.dataset.version = String(v.version);
}

function hourglassIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 10 14");
  svg.setAttribute("width", "10");
  svg.setAttribute("height", "14");
  svg.setAttribute("class", "hourglass-icon");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", "M1,1 H9 L5,7 L9,13 H1 L5,7 Z");
  path.setAttribute("fill", "#f2c40f");
  path.setAttribute("stroke", "#fff");
  svg.appendChild(path);
  return svg;
}

function renderTracks(v) {
  const pages = [];
  for (let p = 1; p <= v.chapter.track_pages; p++) {
    const cls = ["page"];
    if (p === v.hourglass) cls.push("hourglass");
    if (p === v.end_page) cls.push("end");
    pages.push(
      h(
        "li",
        { class: cls.join(" "), title: p === v.end_page ? t("endMarker") : "" },
        p === v.hourglass ? hourglassIcon() : String(p),
      ),
    );
  }
  const wheel = [];
  for (let i = 0; i < 6; i++) wheel.push(h("li", { class: i < v.wheel ? "cheese on" : "cheese" }));
  $("#tracks").replaceChildren(
    h("div", { class: "track-box" }, h("span", { class: "label" }, `${t("round")} `), h("b", { id: "round" }, v.round)),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("hourglass")),
      h("ol", { class: "chapter-track", id: "chapter-track" }, pages),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, `${t("wheel")} ${v.wheel}/6`),
      h("ol", { class: "wheel", id: "wheel", "data-cheese": v.wheel }, wheel),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("stash")),
      h("span", {}, v.stash.length ? v.stash.join(", ") : t("none")),
    ),
    h(
      "div",
      { class: "track-box" },
      h("span", { class: "label" }, t("encounter")),
      h("span", {}, v.encounter_up ? tx(v.encounter_up.name) : t("none")),
      h("small", {}, ` · ${t("decks", { s: v.decks.search, e: v.decks.encounter })}`),
    ),
  );
}

function renderInitiative(v) {
  $("#initiative").replaceChildren(
    h("h3", {}, t("initiative")),
    h(
      "ol",
      { class: "initiative", id: "track" },
      v.track.map((c) => h("li", { class: c.card === v.acting ? "now" : "", "data-card": c.card }, tx(c.name))),
    ),
  );
}

function figureName(v, id) {
  const hero = v.heroes.find((x) => x.id === id);
  if (hero) return tx(hero.name);
  const m = v.minions.find((x) => x.id === id);
  if (m) return tx(m.name);
  return id;
}

function cardName(v, id) {
  for (const hero of v.heroes) {
    for (const c of [...hero.equipped, ...hero.pack, ...hero.tricks, ...hero.abilities]) {
      if (c.inst === id || c.id === id || c.id === id.split("/")[0]) return tx(c.name);
    }
  }
  for (const c of v.party_cards) if (c.id === id.split("/")[0]) return tx(c.name);
  return id;
}

function optionLabel(v, option) {
  const [verb, actor, ...args] = option.split(" ");
  const words = args.map((a) => {
    if (isSpace(a)) {
      const sp = S.board && S.board.geometry && S.board.geometry.spaces[a];
      return sp && sp.name ? `${a} (${sp.name})` : a;
    }
    if (v.heroes.some((x) => x.id === a) || v.minions.some((m) => m.id === a)) return figureName(v, a);
    const named = v.decision && v.decision.names && v.decision.names[a];
    return named ? tx(named) : cardName(v, a);
  });
  const who = v.heroes.some((x) => x.id === actor) ? `${figureName(v, actor)}: ` : "";
  return `${who}${t(`verbs.${verb}`)} ${words.join(" ")}`.trim();
}

function renderDecision(v) {
  const box = $("#decision");
  const d = v.decision;
  const parts = [h("h3", {}, t("decisions"))];
  if (!d) {
    box.replaceChildren(...parts);
    return;
  }
  const options = myOptions(v);
  const actorName = figureName(v, d.actor);
  parts.push(h("p", { class: "prompt", id: "prompt" }, `${actorName} · ${d.kind.replace(/_/g, " ")}`));
  if (!options.length) {
    const owner = v.heroes.find((x) => x.id === d.actor);
    const seatName = owner && owner.seat !== null ? `${t("seat")} ${owner.seat + 1}` : "";
    const botName = owner && owner.bot ? `${t("bot")}: ${owner.bot}` : "";
    const extra = [seatName, botName].filter(Boolean).join(", ");
    const who = extra ? `${actorName} (${extra})` : actorName;
    parts.push(h("p", { class: "waiting", id: "waiting" }, t("waitingFor", { who })));
  } else {
    // moves are picked on the board (lit spaces); everything else is a button
    const buttons = options
      .filter((o) => !(o.startsWith("move ") && isSpace(o.split(" ")[2] || "")))
      .map((o) => h("button", { type: "button", class: "option", "data-action": o, onclick: () => send(o) }, optionLabel(v, o)));
    const moves = options.filter((o) => o.startsWith("move "));
    if (moves.length) {
      parts.push(
        h(
          "details",
          { class: "moves" },
          h("summary", {}, `${t("verbs.move")}… (${moves.length})`),
          moves.map((o) =>
            h("button", { type: "button", class: "option move", "data-action": o, onclick: () => send(o) }, optionLabel(v, o)),
          ),
        ),
      );
    }
    parts.push(h("div", { class: "options" }, buttons));
    parts.push(renderHints(v));
  }
  if (S.you.role !== "spectator") {
    parts.push(
      h(
        "button",
        {
          type: "button",
          id: "undo",
          class: "undo",
          disabled: !v.can_undo,
          title: v.can_undo ? "" : t("undoNo", { why: v.undo_reason }),
          onclick: undo,
        },
        `↶ ${t("undo")}`,
      ),
    );
  }
  box.replaceChildren(...parts);
}

// the hint panel: the search's 3 best options for this decision, each playable with one click
function renderHints(v) {
  const hs = S.hints && S.hints.version === v.version ? S.hints : null;
  const box = h("div", { class: "hints", id: "hints" });
  if (!hs) {
    box.appendChild(h("button", { type: "button", id: "hint-button", class: "hint-button", onclick: askHints }, `? ${t("hint")}`));
  } else if (hs.loading) {
    box.appendChild(h("p", { class: "waiting" }, t("hintThinking")));
  } else {
    box.appendChild(h("h4", {}, t("hintTitle")));
    for (const hint of hs.list) {
      box.appendChild(
        h(
          "button",
          { type: "button", class: "option hint", "data-action": hint.action, onclick: () => send(hint.action) },
          h("strong", {}, optionLabel(v, hint.action)),
          h("span", { class: "chance" }, ` ${Math.round(hint.win_chance * 100)}% · ${hint.playouts} ${t("playouts")}`),
          h("small", { class: "reason" }, hint.reason),
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
    S.hints = { version: got.version, list: got.hints };
  } catch (err) {
    S.hints = null;
    toast(err.message, "error");
  }
  if (S.view) renderDecision(S.view);
}

function pick(kind, id) {
  const v = S.view;
  if (!v) return;
  if (S.you.role === "spectator" || !mine(v)) {
    if (v.decision) toast(t("notYours"), "error");
    return;
  }
  const options = myOptions(v).filter((o) => {
    const [, actor, ...args] = o.split(" ");
    return args.includes(id) && actor !== id;
  });
  if (!options.length) {
    toast(t("notLegal"), "error");
    return;
  }
  if (options.length === 1) {
    send(options[0]);
    return;
  }
  // several options name it (e.g. battle with either weapon): ask which
  const menu = h(
    "div",
    { class: "chooser card", id: "chooser" },
    h("p", {}, t("pickOne")),
    options.map((o) =>
      h("button", { type: "button", class: "option", onclick: () => (menu.remove(), send(o)) }, optionLabel(v, o)),
    ),
    h("button", { type: "button", onclick: () => menu.remove() }, t("close")),
  );
  const old = $("#chooser");
  if (old) old.remove();
  document.body.appendChild(menu);
}

async function send(action, dice) {
  if (!S.view) return;
  const reply = await S.socket.request({ type: "action", action, version: S.view.version, dice });
  if (reply.type === "error") {
    if (reply.error === "need_dice") {
      S.dice = { action, count: reply.count, purpose: reply.purpose, given: reply.given || [], picked: [] };
      renderDice();
      return;
    }
    toast(reply.message, "error");
    if (reply.error === "stale") S.socket.send({ type: "sync" });
    return;
  }
  S.dice = null;
  renderDice();
}

async function undo() {
  const reply = await S.socket.request({ type: "undo", version: S.view.version });
  if (reply.type === "error") toast(reply.message, "error");
}

const SYMBOLS = { cheese: "cheese", sword: "sword", sword_shield: "sword/shield", bow: "bow", star: "★" };

function faceLabel(i) {
  const die = S.catalog && S.catalog.die;
  const face = die && die[i - 1];
  if (!face) return `#${i}`;
  const words = face.symbols.map((s) => SYMBOLS[s.toLowerCase()] || s.toLowerCase());
  return `${face.number} ${words.join(" ")}`;
}

function renderDice() {
  const box = $("#dice");
  if (!box) return;
  const parts = [];
  if (S.dice) {
    const d = S.dice;
    parts.push(h("p", {}, t("rollDice", { n: d.count, purpose: d.purpose })));
    parts.push(
      h(
        "div",
        { class: "faces" },
        [1, 2, 3, 4, 5, 6].map((i) =>
          h(
            "button",
            {
              type: "button",
              class: "face",
              "data-face": i,
              onclick: () => {
                if (d.picked.length < d.count) d.picked.push(i);
                renderDice();
              },
            },
            faceLabel(i),
          ),
        ),
      ),
    );
    parts.push(h("p", { class: "given" }, `${t("given")}: ${[...d.given, ...d.picked].map(faceLabel).join(" · ")}`));
    parts.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "send-dice",
          disabled: d.picked.length !== d.count,
          onclick: () => send(d.action, [...d.given, ...d.picked]),
        },
        t("send"),
      ),
      h("button", { type: "button", onclick: () => ((d.picked = []), renderDice()) }, t("clear")),
    );
  } else {
    // the latest roll from the log
    for (let i = S.log.length - 1; i >= 0 && i >= S.log.length - 8; i--) {
      const ev = S.log[i];
      const faces = ev.params.faces || (ev.params.face ? [ev.params.face] : null);
      if (faces) {
        parts.push(h("span", { class: "label" }, `${t("lastRoll")}: `));
        parts.push(h("span", { class: "roll", id: "last-roll" }, faces.map((f) => h("span", { class: "die" }, faceLabel(f)))));
        break;
      }
    }
  }
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
  // for tests and assistive tools: how many faces were already sent, and how many are asked for now
  if (S.dice) {
    box.dataset.given = String(S.dice.given.length);
    box.dataset.count = String(S.dice.count);
  } else {
    delete box.dataset.given;
    delete box.dataset.count;
  }
}

function statLine(label, value) {
  return h("span", { class: "stat" }, h("small", {}, label), h("b", {}, value));
}

function cardList(title, cards) {
  if (!cards.length) return null;
  return h(
    "div",
    { class: "cards" },
    h("small", {}, title),
    h(
      "ul",
      {},
      cards.map((c) => h("li", { title: tx(c.text) }, tx(c.name), c.slot ? h("small", {}, ` (${c.slot})`) : null)),
    ),
  );
}

function renderHeroes(v) {
  $("#heroes").replaceChildren(
    ...v.heroes.map((hero) => {
      const acting = v.turn && v.turn.mouse === hero.id;
      const cls = ["hero-card", "card"];
      if (acting) cls.push("acting");
      if (S.you.heroes.includes(hero.id)) cls.push("mine");
      return h(
        "article",
        { class: cls.join(" "), "data-hero": hero.id },
        h(
          "h4",
          {},
          tx(hero.name),
          hero.seat !== null ? h("small", {}, ` · ${t("seat")} ${hero.seat + 1}`) : null,
          hero.bot ? h("small", { class: "tag bot" }, ` · ${t("bot")}: ${hero.bot}`) : null,
          acting ? h("small", { class: "tag" }, ` ${t("acting")}`) : null,
          hero.captured ? h("small", { class: "tag" }, ` ${t("captured")}`) : null,
        ),
        h(
          "div",
          { class: "stats" },
          statLine(t("battle"), hero.battle),
          statLine(t("defense"), hero.defense),
          statLine(t("lore"), hero.lore),
          statLine(t("move"), hero.move),
          statLine(t("wounds"), `${hero.wounds}/${hero.life}`),
          statLine(t("cheese"), hero.cheese),
        ),
        hero.statuses.length ? h("p", { class: "statuses" }, hero.statuses.join(", ")) : null,
        cardList(t("equipped"), hero.equipped),
        cardList(t("pack"), [...hero.pack, ...hero.tricks]),
        cardList(t("abilities"), [...hero.innate, ...hero.abilities]),
        hero.achievements.length ? h("p", {}, `${t("achievements")}: ${hero.achievements.join(", ")}`) : null,
      );
    }),
  );
}

function renderLog(rebuild) {
  const list = $("#log");
  if (!list) return;
  if (rebuild) list.replaceChildren();
  // append what is missing (the list mirrors S.log)
  while (list.childElementCount > S.log.length) list.lastElementChild.remove();
  for (let i = list.childElementCount; i < S.log.length; i++) {
    const ev = S.log[i];
    const item = h(
      "li",
      { class: ev.story ? "story" : "", "data-msg": ev.msg },
      ev.story ? tx(ev.story) : tx(ev.text),
      ev.rule ? h("small", { class: "rule" }, ` ${ev.rule}`) : null,
    );
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight;
}

function showStory(ev) {
  const key = `${S.tableId}:${ev.params.moment}`;
  if (S.seenStory.has(key)) return;
  S.seenStory.add(key);
  modal(t("story"), tx(ev.story), "story-modal");
}

function modal(title, text, id) {
  const old = $(`#${id}`);
  if (old) old.remove();
  const box = h(
    "div",
    { class: "modal", id, role: "dialog" },
    h("div", { class: "card" }, h("h2", {}, title), h("p", {}, text), h("button", { type: "button", class: "primary", onclick: () => box.remove() }, t("close"))),
  );
  document.body.appendChild(box);
}

function renderEnd(v) {
  if (v.status === "playing" || S.dismissedEnd) return;
  S.dismissedEnd = true;
  const won = v.status === "won";
  modal(won ? t("victory") : t("defeat"), tx(won ? v.chapter.victory_text : v.chapter.defeat_text), "end-screen");
  const screen = $("#end-screen");
  screen.classList.add(won ? "won" : "lost");
  if (S.you.role === "spectator" || !v.campaign) return;
  // R-CAMP: each mouse keeps one search card; the campaign goes on at a new table with the same seats
  const keeps = h("div", { class: "keeps" });
  for (const hero of v.heroes) {
    const cards = v.campaign.keepable[hero.id] || [];
    if (!cards.length) continue;
    keeps.appendChild(
      h(
        "label",
        {},
        `${tx(hero.name)}: `,
        h(
          "select",
          { "data-hero": hero.id },
          h("option", { value: "" }, t("keepNone")),
          cards.map((c) => h("option", { value: c.id }, tx(c.name))),
        ),
      ),
    );
  }
  const links = h("div", { id: "next-links" });
  async function go(replay) {
    const keep = {};
    for (const sel of keeps.querySelectorAll("select")) keep[sel.dataset.hero] = sel.value || null;
    try {
      const made = await http("POST", `/api/tables/${encodeURIComponent(S.tableId)}/continue`, { keep, replay }, S.token);
      localStorage.setItem(`mnm.links.${made.table}`, JSON.stringify(made.links));
      showLinks(links, made.links, made.seats);
    } catch (err) {
      toast(err.message, "error");
    }
  }
  const card = screen.querySelector(".card");
  card.append(
    h("h3", {}, t("campaign")),
    keeps,
    v.campaign.next_chapter
      ? h("button", { type: "button", class: "primary", id: "next-chapter", onclick: () => go(false) }, t("nextChapter"))
      : null,
    h("button", { type: "button", id: "replay", onclick: () => go(true) }, t("replay")),
    links,
  );
}

function showOpeningStory() {
  const key = `mnm.story.${S.tableId}`;
  if (localStorage.getItem(key)) return;
  const story = S.log.find((ev) => ev.story);
  if (!story) return;
  localStorage.setItem(key, "1");
  S.seenStory.add(`${S.tableId}:${story.params.moment}`);
  modal(t("story"), tx(story.story), "story-modal");
}

start();
