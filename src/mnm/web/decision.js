// @ts-check
// The choices panel and acting on it: the option buttons (with their card, cost and effect), a board pick waiting
// for its confirmation (issue 25/45), the board's clicks (activate), confirmations of unusual actions, sending an
// action or an undo over the socket, and companion mode's dice preview. Every choice comes from the decision list
// the server sent.

import { boardOptions, cardOf, figureName, isPlacing, isSpace, mayUndo, mine, myOptions, NO_LIGHTS, optionLabel, spaceWordOrName, undoWhy } from "./choices.js";
import { renderDice } from "./companion.js";
import { cardSummary, showFigure, showSpace } from "./details.js";
import { $$, $, closeDialog, errorText, h, openDialog, toast } from "./dom.js";
import { renderHints } from "./hints.js";
import { t, tx } from "./i18n.js";
import { isPlaying, sinceLastTurn } from "./log.js";
import { S } from "./state.js";
import { render } from "./table.js";
import { detailsDefault, plain } from "./words.js";

/** @typedef {import("./api_types").TableView} TableView */

// An option button: its label, and the text and numbers of the card it names, visible without hover.
/** @param {TableView} v */
function optionButton(v, option, onclick) {
  const [verb, , ...args] = option.split(" ");
  const found = args.map((a) => cardOf(v, a)).find((c) => c && c.text);
  // a level-up button says what the card costs to use apart from the price of the level (issue 25)
  const card = found && verb === "levelup" && found.cost !== undefined && found.cost !== null ? { ...found, cost: undefined, useCost: found.cost } : found;
  return h(
    "button",
    { type: "button", class: `option${card ? " with-card" : ""}`, "data-action": option, onclick },
    h("span", { class: "option-label" }, optionLabel(v, option)),
    moveCost(v, option),
    optionEffect(v, option),
    card ? cardSummary(card) : null,
  );
}

// Issue 45: what a choice gives or costs, and what the space a move goes to will do, in words.
/** @param {TableView} v */
function optionEffect(v, option) {
  const [verb, actor, ...args] = option.split(" ");
  /** @type {Partial<import("./api_types").DecisionView>} */
  const d = v.decision || {};
  const words = [];
  if (verb === "discard" && d.kind === "found_card") words.push(t("effTrade"));
  if (verb === "search") words.push(t("effSearch"));
  if (verb === "scurry") words.push(t("effScurry"));
  if (verb === "move" && isSpace(args[0] || "")) {
    const g = S.board && S.board.geometry;
    const sp = g && g.spaces[args[0]];
    const hero = v.heroes.find((x) => x.id === actor);
    const from = g && hero && hero.space ? g.spaces[hero.space] : null;
    if (from && from.water && !(sp && sp.water)) words.push(t("effClimbOut"));
    if (sp && sp.water) words.push(sp.drift ? t("effWaterDrift") : t("effWater"));
    if ((v.traps || []).includes(args[0])) words.push(t("effTrap"));
    if (v.minions.some((m) => m.space === args[0])) words.push(t("effMinionStop"));
  }
  if (!words.length) return null;
  return h("span", { class: "option-effect" }, ` · ${words.join(" · ")}`);
}

// Issue 45: what the turn cannot offer now, and why (an ability too dear, moves barred by a minion on the space).
/** @param {TableView} v */
function missingChoices(v, options) {
  const d = v.decision;
  const out = [];
  if (!d || d.kind !== "turn") return out;
  const hero = v.heroes.find((x) => x.id === d.actor);
  if (!hero) return out;
  const named = new Set(options.flatMap((o) => o.split(" ").slice(2)));
  for (const a of hero.abilities) {
    if (a.cost === undefined || a.cost === null || named.has(a.id) || a.cost <= hero.cheese) continue;
    out.push(
      h(
        "button",
        { type: "button", class: "option unaffordable", disabled: true, "data-ability": a.id },
        h("span", { class: "option-label" }, `${figureName(v, hero.id)}: ${t("verbs.ability")} ${tx(a.name)}`),
        h("span", { class: "option-effect" }, ` · ${t("effNeedsCheese", { n: a.cost, has: hero.cheese })}`),
      ),
    );
  }
  const moves = options.some((o) => o.startsWith("move "));
  const turn = v.turn;
  if (!moves && turn && turn.mouse === hero.id && turn.rolled && turn.move_points > 0) {
    const rats = v.minions.filter((m) => m.space === hero.space).length;
    const mice = v.heroes.filter((x) => x.space === hero.space && !x.captured).length;
    if (rats > mice) out.push(h("p", { class: "why-missing", id: "why-no-move" }, t("whyNoMoveMinions", { who: figureName(v, hero.id) })));
  }
  return out;
}

// issue 32: what a move spends of the turn's movement (water and yellow lines cost more, R-MOVE)
/** @param {TableView} v */
function moveCost(v, option) {
  const cost = v.decision && v.decision.move_costs ? v.decision.move_costs[option] : undefined;
  if (cost === undefined) return null;
  return h("span", { class: "move-cost", "data-cost": cost }, ` · ${t("moveCost", { n: cost, left: v.turn ? v.turn.move_points : "?" })}`);
}

// The decisions that ask which card came up from the box's own cards (options box_search_deck, box_encounter_deck,
// box_initiative)
const BOX_CARD_KINDS = ["box_search_card", "box_encounter_card", "box_initiative"];

// A select of the cards still in the deck (by name, in the player's language) and a button that sends the one chosen.
/** @param {TableView} v */
function boxCardPicker(v, options) {
  const names = (v.decision && v.decision.names) || {};
  const named = options.map((o) => {
    const card = o.split(" ")[2] || "";
    return { option: o, name: names[card] ? tx(names[card]) : card };
  });
  named.sort((a, b) => a.name.localeCompare(b.name));
  const select = h(
    "select",
    { id: "box-card", "aria-describedby": "decision-help" },
    named.map((n) => h("option", { value: n.option }, n.name)),
  );
  return h(
    "div",
    { class: "box-card" },
    h("label", { for: "box-card" }, `${t("boxCardLabel", { n: options.length })} `),
    select,
    " ",
    h("button", { type: "button", id: "box-card-send", class: "option", onclick: () => choose(select.value) }, t("boxCardSend")),
  );
}

/** @param {TableView} v */
export function renderDecision(v) {
  const box = $("#decision");
  if (!box) return;
  const d = v.decision;
  const parts = [h("h3", { id: "decision-title", tabindex: -1 }, t("decisions"))];
  if (isPlaying() || !d) placeChosen(null);
  if (isPlaying()) {
    box.replaceChildren(...parts);
    return;
  }
  if (!d) {
    // issue 34: the server ended a table of bots whose chapter did not end within its budget of rounds
    if (v.stopped) parts.push(h("p", { class: "stopped", id: "stopped", role: "status" }, tx(v.stopped.text)));
    box.replaceChildren(...parts);
    return;
  }
  const options = myOptions(v);
  const actorName = figureName(v, d.actor);
  const kind = t(`kinds.${d.kind}`);
  parts.push(h("p", { class: "prompt", id: "prompt" }, `${actorName} · ${kind.startsWith("kinds.") ? d.kind.replace(/_/g, " ") : kind}`));
  // issue 25: what is asked, and what the choice means, in one sentence each
  const question = d.question ? tx(d.question) : "";
  const help = d.help ? tx(d.help) : "";
  if (question || help) parts.push(h("p", { class: "decision-help", id: "decision-help" }, question ? h("b", {}, `${plain(question, detailsDefault(v))} `) : null, plain(help, detailsDefault(v))));
  if (!options.length) {
    const owner = v.heroes.find((x) => x.id === d.actor);
    if (owner && owner.bot) {
      parts.push(h("p", { class: "waiting bot-thinking", id: "waiting", role: "status" }, t("botThinking", { who: actorName })));
    } else {
      const seatName = owner && owner.seat !== null ? `${t("seat")} ${owner.seat + 1}` : "";
      const who = seatName ? `${actorName} (${seatName})` : actorName;
      parts.push(h("p", { class: "waiting", id: "waiting", role: "status" }, t("waitingFor", { who })));
    }
  } else {
    if (S.dice) {
      // dice are being typed for an option already chosen: nothing else is live until they are sent
      parts.push(h("p", { class: "waiting", id: "dice-pending" }, t("dicePending")));
      box.replaceChildren(...parts);
      return;
    }
    const placing = options.filter((o) => isPlacing(v, o));
    const moves = options.filter((o) => o.startsWith("move ") && isSpace(o.split(" ")[2] || ""));
    const rest = options.filter((o) => !placing.includes(o) && !moves.includes(o));
    if (S.mode && S.mode.kind === "place") {
      const what = tx((v.stash_names && v.stash_names[S.mode.token]) || S.mode.token);
      parts.push(h("p", { class: "mode", id: "place-mode", role: "status" }, t("placeModeOn", { what })));
      parts.push(h("button", { type: "button", id: "place-cancel", onclick: () => ((S.mode = null), render()) }, t("placeCancel")));
    }
    if (moves.length) {
      parts.push(
        h(
          "details",
          { class: "moves" },
          h("summary", {}, `${t("verbs.move")}… (${moves.length})`),
          h("div", { class: "options" }, moves.map((o) => optionButton(v, o, () => send(o)))),
        ),
      );
    }
    if (BOX_CARD_KINDS.includes(d.kind)) {
      // issue 25: a card drawn from the box's own deck, named from a list of the cards still in it
      parts.push(boxCardPicker(v, rest));
      rest.length = 0;
    }
    const buttons = rest.map((o) => optionButton(v, o, () => choose(o)));
    // party items: one button per item opens the placing mode; the board then lights only where it can go
    const tokens = [...new Set(placing.map((o) => o.split(" ")[2]))];
    for (const token of tokens) {
      const what = tx((v.stash_names && v.stash_names[token]) || token);
      const only = placing.filter((o) => o.split(" ")[2] === token);
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "option place-item",
            "data-place": token,
            onclick: () => {
              if (only.length === 1 && !isSpace(only[0].split(" ")[3] || "")) choose(only[0]);
              else {
                S.mode = { kind: "place", token };
                render();
              }
            },
          },
          t("placeMode", { what }),
        ),
      );
    }
    parts.push(h("div", { class: "options" }, buttons, ...missingChoices(v, options)));
    if (d.explore_missing) {
      const m = d.explore_missing;
      const params = { ...m.params };
      if (params.hero) params.hero = figureName(v, params.hero);
      // a chapter rule that blocks is named in the chapter's words (issue 25)
      const why = m.text ? tx(m.text) : t(`exploreMissing.${m.code}`, params);
      parts.push(h("details", { class: "why-explore", id: "why-explore" }, h("summary", {}, t("whyNoExplore")), h("p", { "data-code": m.code }, why)));
    }
    // below the buttons, so news never pushes the choices out of view (issue 25, item 7)
    if (d.kind === "turn" || d.kind === "before_turn") {
      const since = sinceLastTurn();
      if (since) parts.push(since);
    }
    // which card came up from the box is not a choice to advise on
    if (!BOX_CARD_KINDS.includes(d.kind)) parts.push(renderHints(v));
  }
  if (S.you.role !== "spectator") {
    parts.push(
      h(
        "button",
        { type: "button", id: "undo", class: "undo", disabled: !mayUndo(v), title: mayUndo(v) ? "" : t("undoNo", { why: undoWhy(v) }), onclick: undo },
        `↶ ${t("undo")}`,
      ),
    );
  }
  const hadFocus = box.contains(document.activeElement) || S.keepFocus;
  box.replaceChildren(...parts);
  placeChosen(v);
  if (hadFocus) {
    // focus stays in the panel after an action (also when the button pressed is gone): on the first choice
    firstChoice().focus();
  }
}

// The first choice a keyboard can reach (the confirmation, else the first visible option), else the title.
export function firstChoice() {
  const shown = $$("#confirm-choice, #decision button.option").filter((b) => !b.closest("details:not([open])") && b.getClientRects().length > 0);
  return shown[0] || $("#decision-title");
}

// issue 25, item 4: a board pick waits for a confirmation (Confirm, or the same place again)
/** @param {TableView} v */
function chosenBar(v) {
  const c = S.chosen;
  const label = c.options.length === 1 ? optionLabel(v, c.options[0]) : spaceWordOrName(v, c.target);
  const where = c.space || c.target;
  const figures = [...v.heroes.filter((x) => x.space === where && !x.captured), ...v.minions.filter((m) => m.space === where)];
  return h(
    "div",
    { class: "chosen", id: "chosen", role: "status" },
    h("p", {}, h("b", {}, t("chosen", { what: label }))),
    h("p", { class: "hint-line" }, t("confirmHint")),
    h(
      "div",
      { class: "chosen-buttons" },
      h("button", { type: "button", class: "primary", id: "confirm-choice", onclick: () => confirmChosen() }, t("confirmChoice")),
      h("button", { type: "button", id: "cancel-choice", onclick: () => clearChosen() }, t("cancelChoice")),
      ...figures.map((f) => h("button", { type: "button", class: "link figure-card", onclick: () => showFigure(f.id) }, t("showCardOf", { name: figureName(v, f.id) }))),
    ),
  );
}

// Issue 45: the confirmation floats next to what was tapped (fixed to the window, kept inside it), so neither a
// phone's layout (the choices below the board) nor the choices panel's own scrolling can put it out of view.
/** @param {TableView} v */
export function placeChosen(v) {
  const old = $("#chosen");
  const c = S.chosen;
  if (!v || !c || c.version !== v.version || !myOptions(v).length) {
    if (old) old.remove();
    return;
  }
  const bar = chosenBar(v);
  bar.classList.add("chosen-pop");
  if (old) old.replaceWith(bar);
  else document.body.appendChild(bar);
  positionChosen();
}

function positionChosen() {
  const bar = $("#chosen");
  const c = S.chosen;
  if (!bar || !c || !S.board || !S.board.svg) return;
  const anchor =
    (c.space && S.board.svg.querySelector(`path.space[data-space="${CSS.escape(c.space)}"]`)) ||
    S.board.svg.querySelector(`[data-figure="${CSS.escape(c.target)}"]`) ||
    S.board.svg.querySelector(`path.space[data-space="${CSS.escape(c.target)}"]`);
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const w = bar.offsetWidth;
  const ht = bar.offsetHeight;
  const r = anchor ? anchor.getBoundingClientRect() : { left: vw / 2, right: vw / 2, top: vh / 2, bottom: vh / 2, width: 0 };
  const clamp = (x, lo, hi) => Math.max(lo, Math.min(x, hi));
  const left = clamp(r.left + r.width / 2 - w / 2, 8, Math.max(8, vw - w - 8));
  let top = r.bottom + 8;
  if (top + ht > vh - 8) top = r.top - ht - 8;
  top = clamp(top, 8, Math.max(8, vh - ht - 8));
  bar.style.left = `${Math.round(left)}px`;
  bar.style.top = `${Math.round(top)}px`;
}

window.addEventListener("scroll", positionChosen, { passive: true, capture: true });

window.addEventListener("resize", positionChosen);

function choosePending(target, options, space) {
  S.chosen = { version: S.view.version, target, options, space };
  S.board.choose(space);
  renderDecision(S.view);
  const yes = $("#confirm-choice");
  if (yes && !(S.board.container.contains(document.activeElement))) yes.focus();
}

function clearChosen() {
  S.chosen = null;
  if (S.board) S.board.choose(null);
  if (S.view) renderDecision(S.view);
}

function confirmChosen() {
  const c = S.chosen;
  if (!c || c.version !== S.view.version) return clearChosen();
  S.chosen = null;
  S.board.choose(null);
  placeChosen(null);
  if (c.options.length === 1) {
    choose(c.options[0]);
    return;
  }
  pickAmong(S.view, c.options);
}

// A board click, tap or Enter: a lit space or figure picks; anything else shows what it is.
// issue 32: why a space the mouse to play cannot move to is out of reach (the spaces it can reach are lit)
/** @param {TableView} v */
function outOfReach(v, id) {
  const turn = v.turn;
  const hero = turn && v.heroes.find((x) => x.id === turn.mouse);
  if (!hero || !v.decision || v.decision.kind !== "turn" || hero.space === id) return t("notYourChoice");
  const who = tx(hero.name);
  if (!turn.rolled) return t("reachNotRolled", { who });
  if (!turn.move_points) return t("reachNoMove", { who });
  return t("reachTooFar", { who, left: turn.move_points });
}

export function activate(kind, id, lit, at) {
  const v = S.view;
  if (!v || isPlaying()) return;
  const naming = (target) =>
    boardOptions(v).filter((o) => {
      const [, actor, ...args] = o.split(" ");
      return args.includes(target) && actor !== target;
    });
  let options;
  let space = id;
  if (kind === "figure") {
    // a figure is a target itself (lit), and also stands on a space that may be one: both are offered, and its
    // card stays one button away in the confirmation (issue 25)
    const spaceLit = at && S.board.svg.querySelector(`path.space.lit[data-space="${CSS.escape(at)}"]`);
    if (!lit && !spaceLit) {
      showFigure(id);
      return;
    }
    options = [...new Set([...(lit ? naming(id) : []), ...(spaceLit ? naming(at) : [])])];
    space = spaceLit ? at : null;
  } else {
    if (!lit) {
      if (S.chosen) clearChosen();
      showSpace(id, mine(v) ? outOfReach(v, id) : null);
      return;
    }
    options = naming(id);
  }
  if (!options.length) {
    if (kind === "figure") showFigure(id);
    else showSpace(id, t("notYourChoice"));
    return;
  }
  // a second click on what is already chosen (the figure, or its space) confirms it; a first one only chooses
  const c = S.chosen;
  if (c && c.version === v.version && (c.target === id || (kind === "space" && c.space === id))) {
    confirmChosen();
    return;
  }
  choosePending(id, options, space);
}

// several options name one target (e.g. battle with either weapon): ask which, in a dialog tied to this decision
/** @param {TableView} v */
function pickAmong(v, options) {
  const box = openDialog({
    id: "chooser",
    title: t("pickOne"),
    className: "chooser",
    closeLabel: t("cancel"),
    body: [h("div", { class: "options" }, options.map((o) => optionButton(v, o, () => (closeDialog(box), choose(o)))))],
  });
  box.dataset.version = String(v.version);
}

// Irreversible and unusual actions ask first (flipping back to a side already explored, placing an item).
export function choose(option) {
  const v = S.view;
  const why = v && v.decision && v.decision.confirm && v.decision.confirm[option];
  if (!why) {
    send(option);
    return;
  }
  const dest = v.decision.explore && v.decision.explore[option];
  const token = option.split(" ")[2];
  const what = tx((v.stash_names && v.stash_names[token]) || token);
  const box = openDialog({
    id: "confirm",
    title: t("confirmTitle"),
    closeLabel: t("cancel"),
    body: [h("p", {}, optionLabel(v, option)), h("p", {}, t(`confirmKind.${why}`, { what, to: dest ? tx(dest.to) : "" }))],
    buttons: [h("button", { type: "button", class: "danger", id: "confirm-yes", onclick: () => (closeDialog(box), send(option)) }, t("confirm"))],
  });
  box.dataset.version = String(v.version);
}

export async function send(action, dice) {
  if (!S.view) return;
  S.keepFocus = $("#decision").contains(document.activeElement) || S.keepFocus;
  const reply = await S.socket.request({ type: "action", action, version: S.view.version, dice });
  if (reply.type === "error") {
    if (reply.error === "need_dice") {
      S.dice = { action, count: reply.count, purpose: reply.purpose, given: reply.given || [], picked: [], preview: reply.preview || [] };
      renderDice(send);
      renderDecision(S.view);
      drawPreview();
      const first = $("#dice button.face");
      if (first) first.focus();
      return;
    }
    toast(errorText(reply), "error");
    if (reply.error === "stale") S.socket.send({ type: "sync" });
    return;
  }
  S.mode = null;
  S.dice = null;
  renderDice(send);
  renderDecision(S.view);
}

// companion mode: the board shows what the faces typed so far did (figures moved, wounds taken)
function drawPreview() {
  if (!S.dice || !S.dice.preview.length) return;
  const shadow = JSON.parse(JSON.stringify(S.view));
  for (const ev of S.dice.preview) {
    const p = ev.params || {};
    if (ev.msg === "minion_moves" || ev.msg === "mouse_moves") {
      const f = shadow.minions.find((m) => m.id === (p.minion || p.hero)) || shadow.heroes.find((x) => x.id === p.hero);
      if (f) f.space = p.dst;
    } else if (ev.msg === "mouse_wounded") {
      const f = shadow.heroes.find((x) => x.id === p.hero);
      if (f && p.total !== undefined) f.wounds = Number(p.total);
    }
  }
  S.board.draw(shadow, NO_LIGHTS, {});
}

async function undo() {
  const reply = await S.socket.request({ type: "undo", version: S.view.version });
  if (reply.type === "error") toast(errorText(reply), "error");
}
