// @ts-check
// The workshop's forms (issue 23; split out of workshop.js, issue 49): the inputs they are made of, drawing them
// again after a change with the keyboard and the typing kept, and the forms of the chapter's frame: its name and
// texts, setup, starting minions and placements, and the story read aloud.

import { $, h } from "./dom.js";
import { t, tx } from "./i18n.js";
import { S } from "./state.js";
import { layout, sideInfo, startPicking } from "./workshop_board.js";
import { showProblems } from "./workshop_problems.js";
import { conditionsForm, focusField, incompleteNote, listAt, momentName, pendingAt, roomsForm, rulesForm, setPendingItem, sideName, slug, spaceName, withParam } from "./workshop_rules.js";
import { actionsForm, itemsForm, moreForm } from "./workshop_sections.js";
import { edit, keepPending, setupOf, W } from "./workshop_state.js";

// --- the forms ---------------------------------------------------------------------------------------------------

export function textInput(field, value, onchange, attrs = {}) {
  return h("input", { type: "text", value: value ?? "", "data-field": field, onchange: (ev) => onchange(ev.target.value), ...attrs });
}

export function numberInput(field, value, onchange, attrs = {}) {
  return h("input", { type: "number", value: value ?? "", "data-field": field, onchange: (ev) => onchange(ev.target.value === "" ? null : Number(ev.target.value)), ...attrs });
}

export function labelled(label, control) {
  return h("label", { class: "ws-row" }, h("span", { class: "ws-label" }, label), control);
}

// an {en, pt} text at ``field`` (its dotted path in the file): English and Portuguese side by side; each
// language is written into the file as it is now (never over the other one's newer text)
function bilingual(field, label, value) {
  const v = value && typeof value === "object" ? value : { en: "", pt: "" };
  const set = (code) => (ev) =>
    edit((x) => {
      const parts = field.split(".");
      let node = x;
      // the last part is the text in both languages; a part before it is a mapping (defeat_texts.hourglass)
      parts.forEach((part, i) => {
        if (!node[part] || typeof node[part] !== "object") node[part] = i === parts.length - 1 ? { en: "", pt: "" } : {};
        node = node[part];
      });
      // the chapter's id follows its English name until the designer gives it one of their own
      if (field === "name" && code === "en" && (!x.id || x.id === "my-chapter" || x.id === slug(node.en))) x.id = slug(ev.target.value) || x.id;
      node[code] = ev.target.value;
    }, field === "name");
  return h(
    "fieldset",
    { class: "ws-bilingual", "data-field": field },
    h("legend", {}, label),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.english")), h("textarea", { rows: 2, lang: "en", "data-field": `${field}.en`, onchange: set("en") }, v.en || "")),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.portuguese")), h("textarea", { rows: 2, lang: "pt-BR", "data-field": `${field}.pt`, onchange: set("pt") }, v.pt || "")),
  );
}

// the forms are drawn again after every change: the field that had the keyboard gets it back, with what was
// being typed in it (a field is written into the file when it is left) and the caret or selection where it was.
// A redraw can come while a person types (a check of an older text answering late on a loaded server): without
// this, the typing was lost, or went in front of the old text ("the-bell-gatemy-chapter", a CI run).
export function renderForms() {
  const active = /** @type {HTMLInputElement | null} */ (document.activeElement); // or a textarea: both have a value and a selection
  const inForms = active && $("#ws-forms") && $("#ws-forms").contains(active);
  const key = inForms ? focusKey(active) : null;
  const typing = key && typedIn(active) ? { tag: active.tagName, value: active.value, start: active.selectionStart, end: active.selectionEnd, dir: active.selectionDirection } : null;
  drawForms();
  if (key) {
    const again = /** @type {HTMLInputElement | null} */ (document.querySelector(`#ws-forms ${key}`));
    if (again) {
      again.focus({ preventScroll: true });
      if (typing && again.tagName === typing.tag && typedIn(again)) {
        if (again.value !== typing.value) again.value = typing.value;
        again.setSelectionRange(typing.start, typing.end, typing.dir);
      }
    }
  }
}

// a field a person types text into (its caret can be read and set)
export function typedIn(el) {
  if (el.tagName === "TEXTAREA") return true;
  return el.tagName === "INPUT" && ["text", "search", ""].includes(el.getAttribute("type") || "");
}

function focusKey(el) {
  for (const attr of ["data-field", "data-pick", "data-add", "data-path", "id"]) {
    const v = el.getAttribute(attr);
    if (v) return attr === "id" ? `#${CSS.escape(v)}` : `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}

function drawForms() {
  const box = $("#ws-forms");
  if (!box) return;
  if (!W.data) {
    box.replaceChildren();
    return;
  }
  const d = W.data;
  const setup = setupOf(structuredClone(d));
  const heroes = (S.catalog && S.catalog.heroes) || [];
  const minionTypes = ((W.tiles && W.tiles.minions) || []).map((m) => m.id);
  const sides = layout().map((p) => p.side);
  const sideSelect = (field, value, set) =>
    h("select", { "data-field": field, onchange: (ev) => set(Number(ev.target.value)) }, sides.map((s) => h("option", { value: s, selected: Number(value) === s }, `${s} · ${tx((sideInfo(s) || {}).name)}`)));
  box.replaceChildren(
    h(
      "section",
      { class: "card", "aria-labelledby": "ws-ch-title" },
      h("h3", { id: "ws-ch-title" }, t("ws.chapter")),
      labelled(t("ws.id"), textInput("id", d.id, (v) => edit((x) => (x.id = v)), { id: "ws-id" })),
      labelled(t("ws.number"), numberInput("number", d.number, (v) => edit((x) => (x.number = v)), { min: 0, "aria-describedby": "ws-number-help" })),
      h("p", { id: "ws-number-help", class: "ws-help" }, t("wsw.numberHelp")), // issue 46: 0 shows no number
      bilingual("name", t("ws.name"), d.name),
      bilingual("objective", t("ws.objective"), d.objective),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "ws-setup-title", "data-field": "setup" },
      h("h3", { id: "ws-setup-title" }, t("ws.setup")),
      labelled(t("ws.partySize"), numberInput("setup.party_size", setup.party_size, (v) => edit((x) => (setupOf(x).party_size = v)), { min: 1, max: 4, id: "ws-party-size" })),
      h(
        "fieldset",
        { "data-field": "setup.forbidden_heroes", "data-edits": "list" },
        h("legend", {}, t("ws.barred")),
        heroes.map((hero) =>
          h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              value: hero.id,
              checked: (setup.forbidden_heroes || []).includes(hero.id),
              onchange: (ev) =>
                edit((x) => {
                  const s = setupOf(x);
                  const now = new Set(s.forbidden_heroes || []);
                  if (ev.target.checked) now.add(hero.id);
                  else now.delete(hero.id);
                  s.forbidden_heroes = heroes.map((hh) => hh.id).filter((id) => now.has(id));
                }),
            }),
            ` ${tx(hero.name)} `,
          ),
        ),
      ),
      h(
        "fieldset",
        { "data-field": "setup.encounter_kinds", "data-edits": "list" },
        h("legend", {}, t("ws.encounters")),
        ["standard", "difficult"].map((kind) =>
          h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              value: kind,
              checked: (setup.encounter_kinds || ["standard"]).includes(kind),
              onchange: (ev) =>
                edit((x) => {
                  const s = setupOf(x);
                  const now = new Set(s.encounter_kinds || ["standard"]);
                  if (ev.target.checked) now.add(kind);
                  else now.delete(kind);
                  s.encounter_kinds = ["standard", "difficult"].filter((k) => now.has(k));
                }),
            }),
            ` ${t(`ws.${kind}`)} `,
          ),
        ),
      ),
      labelled(t("ws.endPage"), numberInput("setup.end_page", setup.end_page, (v) => edit((x) => (setupOf(x).end_page = v)), { min: 2, max: 20 })),
      labelled(t("ws.trackPages"), numberInput("setup.track_pages", setup.track_pages, (v) => edit((x) => (setupOf(x).track_pages = v)), { min: 2, max: 20 })),
      h(
        "div",
        { class: "ws-row" },
        labelled(t("ws.startSpace"), textInput("setup.start_space", setup.start_space, (v) => edit((x) => (setupOf(x).start_space = v)), { id: "ws-start", size: 6 })),
        h("button", { type: "button", class: "small", id: "ws-pick-start", onclick: () => startPicking(t("ws.startSpace"), (x, id) => (setupOf(x).start_space = id)) }, t("ws.pickOnBoard")),
      ),
      h(
        "fieldset",
        { "data-field": "setup.starting_minions" },
        h("legend", {}, t("ws.minions")),
        (setup.starting_minions || []).map((m, i) =>
          h(
            "div",
            { class: "ws-row ws-item", "data-field": `setup.starting_minions.${i}` },
            h("label", {}, `${t("ws.minion")} `, h("select", { "data-field": `setup.starting_minions.${i}.minion`, onchange: (ev) => edit((x) => (setupOf(x).starting_minions[i].minion = ev.target.value)) }, minionTypes.map((id) => h("option", { value: id, selected: id === m.minion }, minionName(id))))),
            h("label", {}, `${t("ws.count")} `, numberInput(`setup.starting_minions.${i}.count`, m.count, (v) => edit((x) => (setupOf(x).starting_minions[i].count = v)), { min: 1, max: 12, class: "ws-num" })),
            h("label", {}, `${t("ws.side")} `, sideSelect(`setup.starting_minions.${i}.side`, m.side, (v) => edit((x) => (setupOf(x).starting_minions[i].side = v)))),
            h("button", { type: "button", class: "small", onclick: () => edit((x) => setupOf(x).starting_minions.splice(i, 1), true) }, t("ws.remove")),
          ),
        ),
        // issue 46: Add puts nothing into the chapter; the row enters it once minion, count and side are chosen
        ...pendingAt("setup.starting_minions").map((m, j) => pendingMinionRow(j, m, minionTypes, sides)),
        h("button", { type: "button", class: "small", id: "ws-add-minion", disabled: !sides.length, onclick: () => { pendingAt("setup.starting_minions").push({}); renderForms(); focusField("setup.starting_minions.new" + (pendingAt("setup.starting_minions").length - 1) + ".minion"); } }, t("ws.add")),
      ),
      placementsForm(setup, minionTypes, sides),
      h(
        "fieldset",
        { "data-field": "setup.tokens" },
        h("legend", {}, t("ws.tokens")),
        Object.entries(setup.tokens || {}).map(([token, spaces]) =>
          h(
            "div",
            { class: "ws-row ws-item", "data-field": `setup.tokens.${token}`, "data-edits": "board" },
            h("span", {}, `${token}: ${(spaces || []).map(spaceName).join(", ")}`),
            h("button", { type: "button", class: "small", onclick: () => startPicking(`${t("ws.token")} ${token}`, (x, id) => setupOf(x).tokens[token].push(id)) }, t("ws.pickOnBoard")),
            h("button", { type: "button", class: "small", onclick: () => edit((x) => delete setupOf(x).tokens[token], true) }, t("ws.remove")),
          ),
        ),
        h(
          "div",
          { class: "ws-row" },
          h("input", { type: "text", id: "ws-token-name", "aria-label": t("ws.tokenName"), placeholder: t("ws.tokenHint"), size: 12 }),
          h("button", {
            type: "button",
            class: "small",
            id: "ws-add-token",
            onclick: () => {
              const name = slug($("#ws-token-name").value);
              if (name) startPicking(`${t("ws.token")} ${name}`, (x, id) => (setupOf(x).tokens = { ...(setupOf(x).tokens || {}), [name]: [...((setupOf(x).tokens || {})[name] || []), id] }));
            },
          }, t("ws.add")),
        ),
      ),
    ),
    storyForm(d),
    conditionsForm("victory", t("ws.victory"), d.victory || []),
    conditionsForm("defeat", t("ws.defeat"), d.defeat || []),
    rulesForm(d.rules || []),
    roomsForm(d.rooms || []),
    actionsForm(d),
    itemsForm(d),
    moreForm(d),
  );
  keepPending();
  showProblems(W.problems);
}

// a starting minions row not complete yet (shown, not in the file): every choice starts empty
function pendingMinionRow(j, m, minionTypes, sides) {
  const field = `setup.starting_minions.new${j}`;
  const set = (key, v) => {
    const next = withParam(m, key, v);
    const lacks = ["minion", "count", "side"].filter((k) => next[k] === undefined).map((k) => t(`ws.${k}`));
    setPendingItem("setup.starting_minions", j, next, lacks);
  };
  const none = (v) => h("option", { value: "", selected: v === undefined }, "—");
  const lacks = ["minion", "count", "side"].filter((k) => m[k] === undefined).map((k) => t(`ws.${k}`));
  return h(
    "div",
    { class: "ws-row ws-item ws-incomplete", "data-field": field },
    h("label", {}, `${t("ws.minion")} `, h("select", { "data-field": `${field}.minion`, onchange: (ev) => set("minion", ev.target.value || undefined) }, none(m.minion), minionTypes.map((id) => h("option", { value: id, selected: id === m.minion }, minionName(id))))),
    h("label", {}, `${t("ws.count")} `, numberInput(`${field}.count`, m.count, (v) => set("count", v === null ? undefined : v), { min: 1, max: 12, class: "ws-num" })),
    h("label", {}, `${t("ws.side")} `, h("select", { "data-field": `${field}.side`, onchange: (ev) => set("side", ev.target.value === "" ? undefined : Number(ev.target.value)) }, none(m.side), sides.map((s) => h("option", { value: s, selected: Number(m.side) === s }, `${s} · ${tx((sideInfo(s) || {}).name)}`)))),
    incompleteNote(lacks),
    h("button", { type: "button", class: "small", onclick: () => { pendingAt("setup.starting_minions").splice(j, 1); renderForms(); } }, t("ws.remove")),
  );
}

// setup.placements: one minion on a space picked on the board (R-SETUP-08, R-STORY-03)
function placementsForm(setup, minionTypes, sides) {
  const place = (x, id) => (setupOf(x).placements = [...(setupOf(x).placements || []), { minion: minionTypes[0] || "rat-warrior", space: id }]);
  return h(
    "fieldset",
    { "data-field": "setup.placements" },
    h("legend", {}, t("ws.placements")),
    (setup.placements || []).map((p, i) =>
      h(
        "div",
        { class: "ws-row ws-item", "data-field": `setup.placements.${i}` },
        h("label", {}, `${t("ws.minion")} `, h("select", { "data-field": `setup.placements.${i}.minion`, onchange: (ev) => edit((x) => (setupOf(x).placements[i].minion = ev.target.value)) }, minionTypes.map((id) => h("option", { value: id, selected: id === p.minion }, minionName(id))))),
        h("span", { "data-field": `setup.placements.${i}.space`, "data-edits": "board" }, spaceName(p.space)),
        h("button", { type: "button", class: "small", "data-pick": `setup.placements.${i}.space`, onclick: () => startPicking(`${minionName(p.minion)}: ${t("ws.placeOnSpace")}`, (x, id) => (setupOf(x).placements[i].space = id)) }, t("ws.pickOnBoard")),
        h("button", { type: "button", class: "small", onclick: () => edit((x) => setupOf(x).placements.splice(i, 1), true) }, t("ws.remove")),
      ),
    ),
    h("button", { type: "button", class: "small", id: "ws-place-minion", "data-pick": "setup.placements", disabled: !sides.length, onclick: () => startPicking(t("ws.placeOnSpace"), place) }, t("ws.placeOnSpace")),
  );
}

export function minionName(id) {
  const m = W.tiles && (W.tiles.minions || []).find((x) => x.id === id);
  return m ? tx(m.name) : id;
}

// the story: one text for each moment the table reads aloud (in both languages). The introduction is read when
// the chapter begins and each tile's text the first time it is revealed: the form writes the moment and the rule
// that reads it together, once both languages are written (one language alone is kept here, not in the file).
const INTRO = "introduction";

/** The causes a chapter's defeat_texts may name, with each field's label. */
const DEFEAT_CAUSES = [
  ["hourglass", "ws.defeatTextHourglass"],
  ["all_captured", "ws.defeatTextAllCaptured"],
  ["chapter", "ws.defeatTextChapter"],
];

function revealMoment(side) {
  return `side-${side}-revealed`;
}

function storyForm(d) {
  const story = d.story && typeof d.story === "object" ? d.story : {};
  const start = Number(String(setupOf(structuredClone(d)).start_space || "").split(":")[0]);
  const sides = layout().map((p) => p.side).filter((s) => s !== start);
  const fixed = new Set([INTRO, ...sides.map(revealMoment)]);
  const others = Object.entries(story).filter(([m]) => !fixed.has(m));
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-story-title", "data-field": "story" },
    h("h3", { id: "ws-story-title" }, t("ws.story")),
    h("p", { class: "ws-help" }, t("ws.storyHelp")),
    momentForm(INTRO, t("ws.momentIntro"), story[INTRO], (x) => listAt(x, "rules"), { id: INTRO, when: "chapter_begins" }),
    ...sides.map((side) => momentForm(revealMoment(side), t("ws.momentRevealed", { side: sideName(side) }), story[revealMoment(side)], (x) => roomRules(x, side), { id: `${revealMoment(side)}`, when: "tile_revealed" })),
    bilingual("victory_text", t("ws.victoryText"), d.victory_text),
    bilingual("defeat_text", t("ws.defeatText"), d.defeat_text),
    // issue 46: a defeat's words per cause (the chapter file's defeat_texts), each optional
    ...DEFEAT_CAUSES.map(([cause, key]) => bilingual(`defeat_texts.${cause}`, t(key), (d.defeat_texts || {})[cause])),
    others.length ? h("h4", {}, t("ws.otherMoments")) : null,
    ...others.map(([moment, text]) =>
      h(
        "div",
        { class: "ws-item" },
        bilingual(`story.${moment}`, `${t("ws.moment")}: ${momentName(moment)}`, text),
        h("button", { type: "button", class: "small", onclick: () => edit((x) => delete x.story[moment], true) }, t("ws.remove")),
      ),
    ),
    h(
      "div",
      { class: "ws-row" },
      h("input", { type: "text", id: "ws-moment-name", "aria-label": t("ws.momentNew"), placeholder: t("ws.momentNewHint"), size: 16 }),
      h("button", {
        type: "button",
        class: "small",
        id: "ws-add-moment",
        onclick: () => {
          const name = slug($("#ws-moment-name").value);
          if (!name) return;
          pendingAt("story")[0] = { ...(pendingAt("story")[0] || {}), [name]: { en: "", pt: "" } };
          renderForms();
        },
      }, t("ws.add")),
    ),
    ...Object.entries(pendingAt("story")[0] || {}).filter(([moment]) => !fixed.has(moment) && !story[moment]).map(([moment, text]) => momentForm(moment, `${t("ws.moment")}: ${momentName(moment)}`, text, null, null)),
  );
}

// the rules of the room on ``side`` (a room is made for it when missing)
function roomRules(x, side) {
  x.rooms = Array.isArray(x.rooms) ? x.rooms : [];
  let room = x.rooms.find((r) => Number(r.side) === side);
  if (!room) {
    room = { side, rules: [] };
    x.rooms.push(room);
  }
  if (!Array.isArray(room.rules)) room.rules = [];
  return room.rules;
}

// one moment's text; with ``rulesOf`` and ``rule``, the rule that reads it is written (and removed) with it
function momentForm(moment, label, value, rulesOf, rule) {
  const held = (pendingAt("story")[0] || {})[moment];
  const v = held || (value && typeof value === "object" ? value : { en: "", pt: "" });
  const change = (code) => (ev) => {
    const next = { en: v.en || "", pt: v.pt || "", [code]: ev.target.value.trim() };
    const both = next.en && next.pt;
    const none = !next.en && !next.pt;
    const holding = pendingAt("story");
    holding[0] = { ...(holding[0] || {}) };
    if (both || none) delete holding[0][moment];
    else holding[0][moment] = next;
    const inFile = W.data.story && W.data.story[moment];
    if (!both && !inFile) {
      renderForms();
      return;
    }
    edit((x) => {
      x.story = x.story && typeof x.story === "object" ? x.story : {};
      const rules = rulesOf ? rulesOf(x) : null;
      const reads = rules ? rules.findIndex((r) => r.id === rule.id) : -1;
      if (both) {
        x.story[moment] = { en: next.en, pt: next.pt };
        if (rules && reads < 0) rules.push({ ...rule, do: [{ story: { moment } }] });
      } else {
        delete x.story[moment];
        if (rules && reads >= 0) rules.splice(reads, 1);
        if (x.rooms) x.rooms = x.rooms.filter((r) => (r.rules || []).length || r.side === undefined);
      }
    }, true);
  };
  const lacks = !v.en !== !v.pt;
  return h(
    "fieldset",
    { class: `ws-bilingual${lacks ? " ws-incomplete" : ""}`, "data-field": `story.${moment}` },
    h("legend", {}, label),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.english")), h("textarea", { rows: 2, lang: "en", "data-field": `story.${moment}.en`, onchange: change("en") }, v.en || "")),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.portuguese")), h("textarea", { rows: 2, lang: "pt-BR", "data-field": `story.${moment}.pt`, onchange: change("pt") }, v.pt || "")),
    lacks ? incompleteNote([v.en ? t("ws.portuguese") : t("ws.english")]) : null,
  );
}
