// @ts-check
// Every word of the chapter language in the forms (issue 46; split out of workshop.js, issue 49): fields drawn
// from the language's own schema, what a field still lacks, names of the chapter's own, nested fields, and the
// sections beside the rules (actions, items, special searches and surges, helpers, the next chapter...).

import { h } from "./dom.js";
import { t, tx } from "./i18n.js";
import { startPlacing } from "./workshop_board.js";
import { labelled, renderForms, textInput } from "./workshop_forms.js";
import { choiceName, entryForm, fieldLabel, filled, focusField, groupWord, incompleteNote, listAt, missing, paramInput, pendingAt, sentence, setFileItem, setPendingItem, slug, withParam, word } from "./workshop_rules.js";
import { edit, W } from "./workshop_state.js";

// --- every word of the language in the forms (issue 46) -----------------------------------------------------------
// The forms are drawn from the language's own schema (GET /api/workshop/vocabulary, read from the pydantic models):
// a word's fields, nested ones too (a roll's success and failure, a choice's options, a figure selector), so no
// word of the language is only in the text. The sections beside the rules (chapter actions, items, special
// searches and surges, helpers, the next chapter) are drawn from the same schema.

// a word's fields: flat ones (``params``) or the full nested description (``fields``)
export function wordFields(w) {
  return (w && (w.params || w.fields)) || null;
}

const COMPARISONS = new Set(["eq", "ne", "lt", "le", "gt", "ge"]);

// whether the designer must give this field before the word enters the chapter: the language's default for a
// condition's comparison or number, or a counter's change, would put a value into the chapter nobody chose
// ("alarm ≥ 0" lost every game in round 1; "counter winch: set to 0")
export function mustGive(kind, wordId, p, params) {
  if (p.required) return true;
  if (kind === "conditions") {
    if (p.type === "choice") return true;
    if (p.type === "int" && wordId !== "figure") return !("op" in (params || {})) || COMPARISONS.has(params.op);
    return false;
  }
  if (wordId === "roll") return p.name === "then"; // a roll that does nothing on a success is no roll yet
  return wordId === "counter" && ["op", "value"].includes(p.name);
}

// what ``v`` still lacks for ``fields`` (nested lists, groups, conditions and effects too)
export function missingIn(fields, v, kind = null, wordId = "") {
  const out = [];
  for (const p of fields) {
    const val = (v || {})[p.name];
    if (!filled(p, val)) {
      if (kind ? mustGive(kind, wordId, p, v) : p.required) out.push(fieldLabel(p.name));
      continue;
    }
    if (p.type === "effects" || p.type === "conditions") for (const e of val) out.push(...missing(p.type, e));
    else if (p.type === "list") for (const item of val) out.push(...missingIn(p.of, item));
    else if (p.type === "group" && typeof val === "object") out.push(...missingIn(p.fields, val));
  }
  return out;
}

export function entrySentence(kind, entry) {
  const key = entry && typeof entry === "object" ? Object.keys(entry)[0] || "" : "";
  if (!key) return "…";
  const w = word(kind, key);
  if (groupWord(kind, key)) return `${sentence(w, {}).replace(/[:(].*$/, "")} (${[].concat(entry[key]).map((c) => entrySentence(kind, c)).join("; ")})`;
  return sentence(w, entry[key] || {});
}

function chapterItems() {
  return ((W.data && W.data.items) || []).filter((i) => i && i.id);
}

export function itemName(id) {
  const item = chapterItems().find((i) => i.id === id);
  return item ? tx(item.name) || id : id;
}

// every rule of the chapter (rules and room rules), for enable_rule and disable_rule
function ruleIds() {
  const d = W.data || {};
  return [...(d.rules || []), ...(d.rooms || []).flatMap((r) => r.rules || [])].map((r) => r && r.id).filter(Boolean);
}

// the names of the chapter's counters (or flags) used anywhere in its file, in the file's order
function varNames(kind) {
  const found = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const isKind = kind === "flag" ? ["flag", "set_flag", "clear_flag"].includes(k) : ["counter", "counter_to_wheel"].includes(k);
        if (isKind && x && typeof x === "object" && typeof x.name === "string" && x.name) found.add(x.name);
        walk(x);
      }
    }
  };
  walk(W.data);
  return [...found];
}

const FREE_TEXT = new Set(["why", "note", "rule"]); // typed as they are, not made into a name

// a text field: a name of the chapter's own (an item, a rule) from a list, a free text as typed, a name made
// from what is typed ("Gate Key" -> gate-key) otherwise
export function namedInput(field, p, label, value, set, none) {
  const pickFrom = (options) => {
    const list = [...options];
    if (value && !list.some((o) => o.id === value)) list.push({ id: value, name: value });
    return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, list.map((o) => h("option", { value: o.id, selected: o.id === value }, tx(o.name)))));
  };
  if (p.name === "item" || p.name === "holds_item") {
    const items = chapterItems().map((i) => ({ id: i.id, name: tx(i.name) || i.id }));
    return h("div", { class: "ws-row" }, pickFrom(items), items.length ? null : h("span", { class: "ws-help" }, t("wsw.noItems")));
  }
  if (/_rule\.rule$/.test(field)) return pickFrom(ruleIds().map((id) => ({ id, name: id })));
  const named = /\.(counter|counter_to_wheel|set_flag|clear_flag|flag)\.name$/.exec(field);
  if (named) {
    // issue 46: a counter's or flag's name picked from those the chapter already uses (or a new one typed)
    const kind = named[1].includes("flag") ? "flag" : "counter";
    const id = `ws-names-${field.replace(/[^A-Za-z0-9-]/g, "-")}`;
    return h(
      "div",
      { class: "ws-row" },
      labelled(label, textInput(field, value, (v) => set(slug(v) || undefined), { size: 14, list: id, autocomplete: "off" })),
      h("datalist", { id }, varNames(kind).map((n) => h("option", { value: n }))),
    );
  }
  if (FREE_TEXT.has(p.name)) return labelled(label, textInput(field, value, (v) => set(v.trim() || undefined), { size: 24, placeholder: p.default || "" }));
  return labelled(label, textInput(field, value, (v) => set(slug(v) || undefined), { size: 14 }));
}

// a nested field: a group of fields, a list of groups, conditions or effects, a list of names, a place [x, y]
export function nestedInput(field, p, label, value, set) {
  const list = Array.isArray(value) ? value : [];
  const add = (text, onclick) => h("button", { type: "button", class: "small ws-add", "data-add": field, onclick }, text);
  const remove = (onclick, what) => h("button", { type: "button", class: "small", "aria-label": `${t("ws.remove")}: ${what}`, onclick }, t("ws.remove"));
  switch (p.type) {
    case "group": {
      const v = value && typeof value === "object" ? value : {};
      return h(
        "fieldset",
        { class: "ws-group", "data-field": field },
        h("legend", {}, label),
        p.fields.map((f) => paramInput(`${field}.${f.name}`, f, v[f.name], (x) => { const next = withParam(v, f.name, x); set(Object.keys(next).length ? next : undefined); })),
      );
    }
    case "list":
      return h(
        "fieldset",
        { class: "ws-group ws-list", "data-field": field },
        h("legend", {}, label),
        list.map((item, i) =>
          h(
            "div",
            { class: "ws-item", "data-field": `${field}.${i}` },
            p.of.map((f) => paramInput(`${field}.${i}.${f.name}`, f, (item || {})[f.name], (x) => set(list.map((m, k) => (k === i ? withParam(m || {}, f.name, x) : m))))),
            remove(() => set(list.filter((_, k) => k !== i)), `${label} ${i + 1}`),
          ),
        ),
        add(`${t("wsw.addEntry")}: ${label}`, () => set([...list, {}])),
      );
    case "effects":
    case "conditions":
      return h(
        "fieldset",
        { class: "ws-group ws-nested", "data-field": field },
        h("legend", {}, label),
        list.map((e, i) => entryForm(p.type, `${field}.${i}`, e, (x) => set(list.map((m, k) => (k === i ? x : m))), () => set(list.filter((_, k) => k !== i)))),
        add(p.type === "effects" ? t("ws.addEffect") : t("ws.addCondition"), () => set([...list, {}])),
      );
    case "names":
      if (p.choices)
        return h(
          "fieldset",
          { class: "ws-group", "data-field": field, "data-edits": "list" },
          h("legend", {}, label),
          p.choices.map((c) => h("label", { class: "check" }, h("input", { type: "checkbox", value: c, "data-field": `${field}.${c}`, checked: list.includes(c), onchange: (ev) => set(p.choices.filter((x) => (x === c ? ev.target.checked : list.includes(x)))) }), ` ${choiceName(p.name, c)} `)),
        );
      return labelled(label, textInput(field, list.join(", "), (v) => set(v.split(",").map((x) => slug(x)).filter(Boolean)), { size: 24 }));
    case "ints": {
      const at = (i) => (ev) => {
        const next = [0, 1].map((k) => (k === i ? (ev.target.value === "" ? null : Number(ev.target.value)) : list[k] ?? null));
        set(next.every((n) => n === null) ? undefined : next);
      };
      return h(
        "div",
        { class: "ws-row", role: "group", "aria-label": label, "data-field": field },
        h("span", { class: "ws-label" }, label),
        h("label", {}, `${t("wsw.param.x")} `, h("input", { type: "number", class: "ws-num", value: list[0] ?? "", "data-field": `${field}.0`, onchange: at(0) })),
        h("label", {}, `${t("wsw.param.y")} `, h("input", { type: "number", class: "ws-num", value: list[1] ?? "", "data-field": `${field}.1`, onchange: at(1) })),
        // issue 46: or picked among the empty squares next to the laid tiles, under the board
        field.endsWith(".add_tile.at") ? h("button", { type: "button", class: "small", "data-pick": field, onclick: () => startPlacing(label, (x, y) => set([x, y])) }, t("wsw.pickSquare")) : null,
      );
    }
    default:
      return null;
  }
}

// a value at a dotted path of the parsed file, and setting it (undefined removes it)
function valueAt(data, path) {
  return path.split(".").reduce((node, k) => (node == null ? undefined : node[k]), data);
}

function setValueAt(data, path, v) {
  const parts = path.split(".");
  let node = data;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== "object") node[part] = {};
    node = node[part];
  }
  const last = parts[parts.length - 1];
  if (v === undefined || (Array.isArray(v) && !v.length)) delete node[last];
  else node[last] = v;
}

// a list section of the file (actions, items, special searches...): each entry a form drawn from its fields;
// an entry enters the file once it is complete (until then it is shown with what it lacks, as rules are)
function sectionList(path, fields, items, addLabel, extra = null) {
  const pending = pendingAt(path);
  const lacksOf = (v) => missingIn(fields, v);
  const named = fields.some((f) => f.name === "id") && fields.find((f) => f.name === "name" || f.name === "text");
  // the short name follows the English name until the designer gives it one of their own
  const autoId = (before, after) => {
    if (!named) return after;
    const en = (v) => (v && v[named.name] && v[named.name].en) || "";
    return !before.id || before.id === slug(en(before)) ? { ...after, id: slug(en(after)) || after.id } : after;
  };
  const form = (field, v, set, remove) => {
    const lacks = lacksOf(v);
    return h(
      "fieldset",
      { class: `ws-rule ws-section-item${lacks.length ? " ws-incomplete" : ""}`, "data-field": field },
      h("legend", {}, (named && tx(v[named.name])) || v.id || addLabel),
      // the rulebook rule an action follows is a rule ID: shown only where a file gives one
      fields.filter((f) => !(f.name === "rule" && !v.rule)).map((f) => paramInput(`${field}.${f.name}`, f, v[f.name], (x) => set(autoId(v, withParam(v, f.name, x))))),
      extra ? extra(v) : null,
      lacks.length ? incompleteNote(lacks) : null,
      h("button", { type: "button", class: "small", onclick: remove }, t("ws.remove")),
    );
  };
  return [
    ...items.map((v, i) => form(`${path}.${i}`, v || {}, (x) => setFileItem(path, i, x, lacksOf(x)), () => edit((x) => listAt(x, path).splice(i, 1), true))),
    ...pending.map((v, j) => form(`${path}.new${j}`, v, (x) => setPendingItem(path, j, x, lacksOf(x)), () => { pending.splice(j, 1); renderForms(); })),
    h("button", { type: "button", class: "small ws-add", "data-add": path, onclick: () => { pending.push({}); renderForms(); focusField(`${path}.new${pending.length - 1}.${fields[0].name}`); } }, addLabel),
  ];
}

function sectionFields(name) {
  return (W.vocab && W.vocab.sections && W.vocab.sections[name] && W.vocab.sections[name].fields) || [];
}

export function actionsForm(d) {
  if (!sectionFields("actions").length) return null;
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-actions-title", "data-field": "actions" },
    h("h3", { id: "ws-actions-title" }, t("wsw.actions")),
    h("p", { class: "ws-help" }, t("wsw.actionsHelp")),
    h("p", { class: "ws-help ws-example" }, t("wsw.example.actions")),
    ...sectionList("actions", sectionFields("actions"), d.actions || [], t("wsw.addAction")),
  );
}

// where an item is given: the rules and actions whose effects (at any depth) give it
function giversOf(id) {
  const d = W.data || {};
  const gives = (node) => node && typeof node === "object" && (Array.isArray(node) ? node.some(gives) : (node.give_item && node.give_item.item === id) || Object.values(node).some(gives));
  const rules = [...(d.rules || []), ...(d.rooms || []).flatMap((r) => r.rules || [])].filter((r) => gives(r.do)).map((r) => `${t("ws.rule")} ${r.id}`);
  const actions = (d.actions || []).filter((a) => gives(a.do)).map((a) => `${t("wsw.action")} “${tx(a.text) || a.id}”`);
  return [...rules, ...actions];
}

export function itemsForm(d) {
  if (!sectionFields("items").length) return null;
  const given = (v) => {
    const by = v.id ? giversOf(v.id) : [];
    return h("p", { class: by.length ? "ws-help" : "ws-help ws-warn" }, by.length ? t("wsw.givenBy", { where: by.join(", ") }) : t("wsw.notGiven"));
  };
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-items-title", "data-field": "items" },
    h("h3", { id: "ws-items-title" }, t("wsw.items")),
    h("p", { class: "ws-help" }, t("wsw.itemsHelp")),
    ...sectionList("items", sectionFields("items"), d.items || [], t("wsw.addItem"), given),
  );
}

// every other section of the file: special searches and surges, party items, helpers, rain, next chapter, source
export function moreForm(d) {
  const fields = sectionFields("more");
  if (!fields.length) return null;
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-more-title", "data-field": "more" },
    h("h3", { id: "ws-more-title" }, t("wsw.more")),
    fields.map((f) =>
      f.type === "list"
        ? h("fieldset", { class: "ws-group", "data-field": f.path }, h("legend", {}, fieldLabel(f.name)), ...sectionList(f.path, f.of, valueAt(d, f.path) || [], `${t("wsw.addEntry")}: ${fieldLabel(f.name)}`))
        : paramInput(f.path, { ...f, label: t(`wsw.param.${f.name}`) }, valueAt(d, f.path), (v) => edit((x) => setValueAt(x, f.path, v), true)),
    ),
  );
}

// a rule's own fields beside when/where/if/do/once: its text for the players, whether it is on from the start,
// and the rulebook rule it follows
const RULE_MORE = [
  { name: "text", type: "text2", required: false },
  { name: "enabled", type: "bool", required: false, default: true },
  { name: "rule", type: "text", required: false, default: "" },
];

export function ruleMore(at, r, update) {
  return RULE_MORE.filter((p) => !(p.name === "rule" && !r.rule)).map((p) => paramInput(`${at}.${p.name}`, p, r[p.name] ?? p.default, (v) => update((x) => { if (v === undefined) delete x[p.name]; else x[p.name] = v; })));
}
