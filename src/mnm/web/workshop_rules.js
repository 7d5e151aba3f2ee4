// @ts-check
// The chapter language as forms (issue 23; split out of workshop.js, issue 49): each word shown as its sentence in
// the current language, conditions and effects as nested forms, entries kept apart until complete (W.pending),
// the names of places, and the chapter's rules and room rules.

import { h } from "./dom.js";
import { lang, t, tx } from "./i18n.js";
import { layout, sideInfo, startPicking, startPickingExit } from "./workshop_board.js";
import { labelled, minionName, numberInput, renderForms, textInput } from "./workshop_forms.js";
import { entrySentence, itemName, missingIn, mustGive, namedInput, nestedInput, ruleMore, wordFields } from "./workshop_sections.js";
import { edit, W } from "./workshop_state.js";

// --- the chapter language as forms: each word shown as its sentence in the current language ------------------

export function word(kind, id) {
  return W.vocab && W.vocab[kind].find((w) => w.id === id);
}

export function sentence(w, params) {
  if (!w) return "";
  const text = lang() === "pt" ? w.pt : w.en;
  // a value after an article in the sentence loses its own ("the {to}" + "the mouse": "the mouse", not "the the mouse")
  const ARTICLE = /^(the|o|a|os|as) /i;
  return text.replace(/\{(\w+)\}/g, (_, name, at) => {
    const said = word1(name, at);
    return ARTICLE.test(text.slice(Math.max(0, at - 4), at).replace(/^.*?\b(\w+ )$/, "$1")) ? said.replace(ARTICLE, "") : said;
  });
  function word1(name, at) {
    const p = ((wordFields(w) || []).find((x) => x.name === name)) || {};
    const v = (params && params[name]) ?? (p.required ? undefined : p.default);
    if (name === "value" && ["recorded", "crossed_out", "absent"].includes(params && params.op)) return "";
    if (v === undefined || v === null || v === "") return "…";
    if (name === "op") return choiceName("op", v);
    if (name === "side") return sideName(v);
    if (name === "space" || name === "spaces" || name === "toward") return (Array.isArray(v) ? v : [v]).map(spaceName).join(", ");
    if (name === "minion") return minionName(v);
    if (p.type === "effects" || p.type === "conditions") return v.length ? v.map((e) => entrySentence(p.type, e)).join("; ") : t("wsw.nothing");
    if (p.type === "choice") return choiceName(name, v);
    if (name === "item") return itemName(v);
    if (p.type === "ints") return t("wsw.placeEast", { x: v[0], y: v[1] });
    if (p.type === "list") return v.map((o) => tx(o.text) || o.id).join(" / ");
    return Array.isArray(v) ? v.join(", ") : typeof v === "object" ? tx(v) : String(v);
  }
}

// --- incomplete entries: shown with what they lack, never written into the file until filled in -------------------
// W.pending: a list's path in the file ("victory", "rules.0.do", "rules") -> the items added there not complete yet

export function pendingAt(path) {
  if (!W.pending[path]) W.pending[path] = [];
  return W.pending[path];
}

export function filled(p, v) {
  if (v === undefined || v === null || v === "") return false;
  if (Array.isArray(v)) return v.length > 0 && (p.type !== "ints" || v.every((n) => Number.isFinite(n)));
  if (p.type === "spaces") return Array.isArray(v) && v.length > 0;
  if (p.type === "text2") return !!(v && String(v.en || "").trim() && String(v.pt || "").trim());
  return true;
}

// the fields a {kind: {params}} entry still needs (empty: complete); a group needs its members complete
export function missing(kind, entry) {
  const key = entry && typeof entry === "object" ? Object.keys(entry)[0] : "";
  if (!key) return [kind === "conditions" ? t("ws.needWhat") : t("ws.needDo")];
  const v = entry[key];
  if (kind === "conditions" && (key === "any" || key === "all")) {
    if (!Array.isArray(v) || !v.length) return [t("ws.needMember")];
    return v.flatMap((c) => missing(kind, c));
  }
  if (kind === "conditions" && key === "not") return missing(kind, v);
  const w = word(kind, key);
  if (!w || !wordFields(w)) return [];
  return missingIn(wordFields(w), v, kind, key);
}

function ruleMissing(r) {
  const out = [];
  if (!r.id) out.push(t("ws.ruleName"));
  if (!r.when) out.push(t("ws.when"));
  if (!(r.do || []).length) out.push(t("ws.needDo"));
  for (const c of r.if || []) out.push(...missing("conditions", c));
  for (const e of r.do || []) out.push(...missing("effects", e));
  return out;
}

// an edit of an item of the list at ``path``: complete items live in the file, incomplete ones in W.pending
export function setFileItem(path, i, v, lacks) {
  if (lacks.length) {
    pendingAt(path).push(v);
    edit((x) => listAt(x, path).splice(i, 1), true);
  } else edit((x) => (listAt(x, path)[i] = v), true);
}

export function setPendingItem(path, j, v, lacks) {
  const pending = pendingAt(path);
  if (lacks.length) {
    pending[j] = v;
    renderForms();
    return;
  }
  pending.splice(j, 1);
  edit((x) => listAt(x, path).push(v), true);
}

export function incompleteNote(lacks) {
  return h("p", { class: "ws-incomplete-note", role: "note" }, t("ws.incomplete", { what: [...new Set(lacks)].join(", ") }));
}

// the conditions or effects of the list at ``path``: those in the file, then those still incomplete
function entryList(kind, path, items, addLabel) {
  const pending = pendingAt(path);
  return [
    ...items.map((e, i) => entryForm(kind, `${path}.${i}`, e, (v) => setFileItem(path, i, v, missing(kind, v)), () => edit((x) => listAt(x, path).splice(i, 1), true))),
    ...pending.map((e, j) => entryForm(kind, `${path}.new${j}`, e, (v) => setPendingItem(path, j, v, missing(kind, v)), () => { pending.splice(j, 1); renderForms(); })),
    h("button", { type: "button", class: "small ws-add", "data-add": path, onclick: () => { pending.push({}); renderForms(); focusField(`${path}.new${pending.length - 1}`); } }, addLabel),
  ];
}

export function focusField(field) {
  const el = /** @type {HTMLElement | null} */ (document.querySelector(`#ws-forms [data-field="${CSS.escape(field)}"]`));
  if (el) el.focus();
}

// the label of a parameter in the player's language
export function fieldLabel(name) {
  for (const key of [`ws.param.${name}`, `wsw.param.${name}`]) {
    const got = t(key);
    if (got !== key) return got;
  }
  return name.replace(/_/g, " ");
}

// one {kind: {params}} entry (a condition or an effect) as a form; any/all/not as nested groups
export function entryForm(kind, field, entry, set, remove) {
  const key = entry && typeof entry === "object" ? Object.keys(entry)[0] || "" : "";
  const params = (key && entry[key]) || {};
  const w = word(kind, key);
  const words = (W.vocab && W.vocab[kind]) || [];
  const group = kind === "conditions" && ["any", "all", "not"].includes(key);
  const start = (id) => (id === "any" || id === "all" ? [{}] : {});
  const select = h(
    "select",
    { "data-field": field, "aria-label": kind === "conditions" ? t("ws.conditionKind") : t("ws.effectKind"), onchange: (ev) => set(ev.target.value ? { [ev.target.value]: start(ev.target.value) } : {}) },
    h("option", { value: "", selected: !key }, kind === "conditions" ? t("ws.chooseCondition") : t("ws.chooseEffect")),
    // every word has its form (issue 46); an old word is offered only where a file already has it
    words.filter((x) => !x.old || x.id === key).map((x) => h("option", { value: x.id, selected: x.id === key }, sentence(x, {}))),
  );
  let fields;
  if (group && key === "not") {
    fields = [h("div", { class: "ws-group" }, entryForm(kind, `${field}.not`, params, (v) => set({ not: v }), () => set({ not: {} })))];
  } else if (group) {
    const members = Array.isArray(entry[key]) ? entry[key] : [];
    fields = [
      h(
        "div",
        { class: "ws-group", role: "group", "aria-label": sentence(w, {}) },
        members.map((c, i) => entryForm(kind, `${field}.${key}.${i}`, c, (v) => set({ [key]: members.map((m, k) => (k === i ? v : m)) }), () => set({ [key]: members.filter((_, k) => k !== i) }))),
        h("button", { type: "button", class: "small ws-add", "data-add": `${field}.${key}`, onclick: () => set({ [key]: [...members, {}] }) }, t("ws.addMember")),
      ),
    ];
  } else if (w && wordFields(w)) fields = wordFields(w).map((p) => paramInput(`${field}.${key}.${p.name}`, { ...p, required: mustGive(kind, key, p, params) }, params[p.name], (v) => set({ [key]: withParam(params, p.name, v) })));
  else if (key) fields = [h("span", { class: "ws-help" }, t("ws.textOnly"))];
  else fields = [];
  const example = key ? t(`wsw.example.${key}`) : "";
  const lacks = missing(kind, entry);
  return h(
    "div",
    { class: `ws-entry${lacks.length ? " ws-incomplete" : ""}`, "data-entry": field },
    key ? h("p", { class: "ws-sentence" }, group ? sentence(w, {}).replace(/[:(].*$/, "") : sentence(w, params)) : null,
    select,
    example && example !== `wsw.example.${key}` ? h("p", { class: "ws-help ws-example" }, example) : null,
    ...fields,
    lacks.length ? incompleteNote(lacks) : null,
    h("button", { type: "button", class: "small", onclick: remove, "aria-label": `${t("ws.remove")}: ${key ? sentence(w, params) : t("ws.incompleteShort")}` }, t("ws.remove")),
  );
}

export function groupWord(kind, id) {
  return kind === "conditions" && ["any", "all", "not"].includes(id);
}

export function withParam(params, name, v) {
  const out = { ...params, [name]: v };
  if (v === undefined || v === "" || (Array.isArray(v) && !v.length)) delete out[name];
  return out;
}

export function paramInput(field, p, given, set) {
  const label = p.label || fieldLabel(p.name);
  // a value left out is the language's default: shown as it is, so the form says what the game will do
  const value = given ?? (p.required ? undefined : p.default ?? undefined);
  const none = h("option", { value: "", selected: value === undefined || value === null || value === "" }, "—");
  switch (p.type) {
    case "side": {
      // a tile laid or turned during the chapter is not in the layout: any side of the box
      const all = /\.(add_tile|flip_tile)\.side$/.test(field) && W.tiles ? W.tiles.sides.map((x) => x.side) : layout().map((l) => l.side);
      if (value !== undefined && value !== null && value !== "" && !all.includes(Number(value))) all.push(Number(value));
      return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value === "" ? undefined : Number(ev.target.value)) }, none, all.map((side) => h("option", { value: side, selected: Number(value) === side }, sideName(side)))));
    }
    case "exit": {
      // issue 46: an exit is chosen by its name ("the east exit of the Guard Room"), never by its number
      const exits = W.board && p.side !== undefined && p.side !== null ? (W.board.exits || []).filter((e) => e.side === Number(p.side)).sort((a, b) => a.index - b.index) : [];
      const options = exits.map((e) => e.index);
      if (value !== undefined && value !== null && value !== "" && !options.includes(Number(value))) options.push(Number(value));
      const select = h("select", { "data-field": field, onchange: (ev) => set(ev.target.value === "" ? undefined : Number(ev.target.value)) }, h("option", { value: "", selected: value === undefined || value === null }, t("wsw.anyExit")), options.map((i) => h("option", { value: i, selected: Number(value) === i }, exitName(Number(p.side), i))));
      // issue 46: or clicked on the board (the side's exits light up)
      const pick = exits.length ? h("button", { type: "button", class: "small", "data-pick": field, onclick: () => startPickingExit(label, Number(p.side), (i) => set(i)) }, t("ws.pickOnBoard")) : null;
      return h("div", { class: "ws-row" }, h("label", { class: "ws-row" }, h("span", { class: "ws-label" }, label), select), pick);
    }
    case "group":
    case "list":
    case "effects":
    case "conditions":
    case "names":
    case "ints":
      return nestedInput(field, p, label, value, set);
    case "spaces":
    case "space": {
      const many = p.type === "spaces";
      const list = many ? value || [] : value ? [value] : [];
      return h(
        "div",
        { class: "ws-row ws-spaces", "data-field": field, "data-edits": "board", role: "group", "aria-label": label },
        h("span", { class: "ws-label" }, label),
        list.length ? list.map((sp) => h("span", { class: "ws-chip" }, spaceName(sp), h("button", { type: "button", class: "link", "aria-label": `${t("ws.remove")} ${spaceName(sp)}`, onclick: () => set(many ? list.filter((x) => x !== sp) : undefined) }, "✕"))) : h("span", { class: "ws-help" }, t("ws.noSpaceYet")),
        h("button", { type: "button", class: "small", "data-pick": field, onclick: () => startPicking(label, null, (id) => set(many ? [...list.filter((x) => x !== id), id] : id)) }, t("ws.pickOnBoard")),
      );
    }
    case "int":
      return labelled(label, numberInput(field, value, (v) => set(v === null ? undefined : v), { class: "ws-num" }));
    case "bool":
      // the language's default is left out of the file (a rule on from the start is not written "enabled: true")
      return h("label", { class: "check" }, h("input", { type: "checkbox", "data-field": field, checked: !!value, onchange: (ev) => set(ev.target.checked === !!p.default ? undefined : ev.target.checked) }), ` ${label}`);
    case "choice":
      return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, p.choices.map((c) => h("option", { value: c, selected: c === value }, choiceName(p.name, c)))));
    case "text2":
      return bilingualValue(field, label, value, set);
    default:
      if (p.name === "minion") {
        const minions = [...((W.tiles && W.tiles.minions) || [])];
        if (value && !minions.some((m) => m.id === value)) minions.push({ id: value, name: value }); // an ally or pet
        return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, minions.map((m) => h("option", { value: m.id, selected: m.id === value }, tx(m.name)))));
      }
      if (p.name === "moment") {
        const moments = Object.keys((W.data && W.data.story) || {});
        return labelled(label, h("select", { "data-field": field, onchange: (ev) => set(ev.target.value || undefined) }, none, moments.map((m) => h("option", { value: m, selected: m === value }, momentName(m)))));
      }
      return namedInput(field, p, label, value, set, none);
  }
}

// an {en, pt} value inside a condition or effect (a gate's reason): both languages, set together
function bilingualValue(field, label, value, set) {
  const v = value && typeof value === "object" ? value : {};
  const change = (code) => (ev) => set({ en: v.en || "", pt: v.pt || "", [code]: ev.target.value });
  return h(
    "fieldset",
    { class: "ws-bilingual", "data-field": field },
    h("legend", {}, label),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.english")), h("textarea", { rows: 2, lang: "en", "data-field": `${field}.en`, onchange: change("en") }, v.en || "")),
    h("label", {}, h("span", { class: "ws-lang" }, t("ws.portuguese")), h("textarea", { rows: 2, lang: "pt-BR", "data-field": `${field}.pt`, onchange: change("pt") }, v.pt || "")),
  );
}

export function choiceName(param, value) {
  for (const key of [`ws.choice.${value}`, `wsw.choice.${value}`]) {
    const got = t(key);
    if (got !== key) return got;
  }
  return String(value);
}

export function momentName(m) {
  const key = `ws.moments.${m}`;
  const got = t(key);
  return got === key ? m : got;
}

// a name a person types, as the file's id: "Bell Gate" -> "bell-gate"
export function slug(text) {
  return String(text || "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "-") // "_" kept: a name the file already uses (winch_turned) is typed as it is
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "")
    .slice(0, 40);
}

export function sideName(side) {
  const info = sideInfo(side);
  return info ? t("ws.sideNamed", { side, name: tx(info.name) }) : t("ws.sideNumber", { side });
}

// "the east exit of the Guard Room" / "a saída leste da Casa de Guarda": the same words as the sheet and "why"
// (mnm/workshop/places.py)
const PT_OF = [["As ", "das "], ["Os ", "dos "], ["A ", "da "], ["O ", "do "]];

export function sideOf(side) {
  const info = sideInfo(side);
  const name = info ? tx(info.name) : "";
  if (!name) return t("ws.sideNumber", { side });
  if (lang() === "pt") {
    const hit = PT_OF.find(([a]) => name.startsWith(a));
    return hit ? hit[1] + name.slice(hit[0].length) : `de ${name}`;
  }
  return name.startsWith("The ") ? `the ${name.slice(4)}` : `the ${name}`;
}

export function exitName(side, index) {
  const exits = ((W.board && W.board.exits) || []).filter((e) => e.side === Number(side));
  const e = exits.find((x) => x.index === Number(index));
  if (!e) return t("wsw.exitsOf", { of: sideOf(side) });
  const twin = exits.filter((x) => x.edge === e.edge).length > 1;
  const space = (e.spaces && e.spaces[0] ? String(e.spaces[0]).split(":")[1] : "") || "";
  return t("wsw.exitOf", { dir: t(`wsw.edge.${e.edge}`), of: sideOf(side) }) + (twin && space ? t("wsw.exitNear", { space }) : "");
}

export function spaceName(id) {
  const m = /^(\d+):(\d+)$/.exec(String(id));
  return m ? t("ws.spaceOf", { space: m[2], side: sideName(Number(m[1])) }) : String(id);
}

export function conditionsForm(key, title, list) {
  return h(
    "section",
    { class: "card", "aria-labelledby": `ws-${key}-title`, "data-field": key },
    h("h3", { id: `ws-${key}-title` }, title),
    entryList("conditions", key, list, t("ws.addCondition")),
  );
}

// the list at a dotted path of the parsed file (``rules``, ``rooms.0.rules``), made when missing
export function listAt(data, path) {
  const parts = path.split(".");
  let node = data;
  for (const part of parts.slice(0, -1)) node = node[part];
  const last = parts[parts.length - 1];
  if (!Array.isArray(node[last])) node[last] = [];
  return node[last];
}

// one rule's form; ``update(mutate)`` changes the rule (in the file, or while it is incomplete, in W.pending)
function ruleForm(at, r, update, remove, inFile) {
  const triggers = (W.vocab && W.vocab.triggers) || [];
  const trig = triggers.find((x) => x.id === r.when);
  const where = r.where || {};
  const room = at.startsWith("rooms");
  const lacks = ruleMissing(r);
  const list = (kind, key, addLabel) =>
    inFile
      ? entryList(kind, `${at}.${key}`, r[key] || [], addLabel)
      : [
          ...(r[key] || []).map((e, j) => entryForm(kind, `${at}.${key}.${j}`, e, (v) => update((x) => (x[key][j] = v)), () => update((x) => x[key].splice(j, 1)))),
          h("button", { type: "button", class: "small ws-add", "data-add": `${at}.${key}`, onclick: () => update((x) => (x[key] = [...(x[key] || []), {}])) }, addLabel),
        ];
  return h(
    "fieldset",
    { class: `ws-rule${lacks.length ? " ws-incomplete" : ""}`, "data-field": at },
    h("legend", {}, `${t("ws.rule")}: ${r.id || t("ws.unnamed")}`),
    labelled(t("ws.ruleName"), textInput(`${at}.id`, r.id, (v) => update((x) => (x.id = slug(v))), { size: 18, placeholder: t("ws.ruleNameHint") })),
    labelled(
      t("ws.when"),
      h("select", { "data-field": `${at}.when`, onchange: (ev) => update((x) => { x.when = ev.target.value; delete x.where; }) }, h("option", { value: "", selected: !r.when }, t("ws.chooseWhen")), triggers.map((x) => h("option", { value: x.id, selected: x.id === r.when }, lang() === "pt" ? x.pt : x.en))),
    ),
    (trig ? trig.filters : []).filter((p) => !(room && p.name === "side")).map((p) =>
      paramInput(`${at}.where.${p.name}`, p.name === "exit" ? { ...p, type: "exit", side: room ? Number(((W.data.rooms || [])[Number(at.split(".")[1])] || {}).side) : where.side } : p, where[p.name], (v) =>
        update((x) => {
          x.where = withParam(x.where || {}, p.name, v);
          if (!Object.keys(x.where).length) delete x.where;
        }),
      ),
    ),
    h("h4", {}, t("ws.conditions")),
    list("conditions", "if", t("ws.addCondition")),
    h("h4", {}, t("ws.effects")),
    list("effects", "do", t("ws.addEffect")),
    h("label", { class: "check" }, h("input", { type: "checkbox", "data-field": `${at}.once`, checked: !!r.once, onchange: (ev) => update((x) => { if (ev.target.checked) x.once = true; else delete x.once; }) }), ` ${t("ws.once")}`),
    ...ruleMore(at, r, update),
    lacks.length ? incompleteNote(lacks) : null,
    h("button", { type: "button", class: "small", onclick: remove }, t("ws.removeRule")),
  );
}

function ruleForms(path, rules) {
  const pending = pendingAt(path);
  return [
    ...rules.map((r, i) => ruleForm(`${path}.${i}`, r, (m) => edit((x) => m(listAt(x, path)[i]), true), () => edit((x) => listAt(x, path).splice(i, 1), true), true)),
    ...pending.map((r, j) =>
      ruleForm(
        `${path}.new${j}`,
        r,
        (m) => {
          m(r);
          if (ruleMissing(r).length) renderForms();
          else {
            pending.splice(j, 1);
            edit((x) => listAt(x, path).push(r), true);
          }
        },
        () => { pending.splice(j, 1); renderForms(); },
        false,
      ),
    ),
    h("button", { type: "button", class: "small ws-add-rule", "data-path": path, onclick: () => { pending.push({ id: "", when: "", do: [] }); renderForms(); focusField(`${path}.new${pending.length - 1}.id`); } }, t("ws.addRule")),
  ];
}

export function rulesForm(rules) {
  return h("section", { class: "card", "aria-labelledby": "ws-rules-title", "data-field": "rules" }, h("h3", { id: "ws-rules-title" }, t("ws.rules")), ...ruleForms("rules", rules));
}

// room rules: the rules of one tile side (a trigger that takes a side gets the room's)
export function roomsForm(rooms) {
  const sides = layout().map((p) => p.side);
  return h(
    "section",
    { class: "card", "aria-labelledby": "ws-rooms-title", "data-field": "rooms" },
    h("h3", { id: "ws-rooms-title" }, t("ws.rooms")),
    rooms.map((room, k) =>
      h(
        "div",
        { class: "ws-item", "data-field": `rooms.${k}` },
        labelled(t("ws.side"), h("select", { "data-field": `rooms.${k}.side`, onchange: (ev) => edit((x) => (x.rooms[k].side = Number(ev.target.value)), true) }, sides.map((s) => h("option", { value: s, selected: s === Number(room.side) }, `${s} · ${tx((sideInfo(s) || {}).name)}`)))),
        ...ruleForms(`rooms.${k}.rules`, room.rules || []),
        h("button", { type: "button", class: "small", onclick: () => edit((x) => x.rooms.splice(k, 1), true) }, t("ws.remove")),
      ),
    ),
    h("button", { type: "button", class: "small", id: "ws-add-room", disabled: !sides.length, onclick: () => edit((x) => (x.rooms = [...(x.rooms || []), { side: sides[sides.length - 1], rules: [] }]), true) }, t("ws.addRoom")),
  );
}
