// @ts-check
// Publishing a workshop chapter to the library (issues 36 and 46, item 8): the form starts from the chapter (its
// name and objective in both languages) and, for a chapter already in the library, from its last version (author,
// licence, titles); a new version asks what changed in it (its changelog, listed with the chapter's versions).
//
// Owns: the publish dialog. The library page and the author page are library.js; the words are library_strings.js
// (under "lib"). The server side is mnm.server.library (POST /api/library).

import { http } from "./api.js";
import { errorText, h, openDialog } from "./dom.js";
import { t, tx } from "./i18n.js";

export const PUBLISHED_KEY = "mnm.library.published"; // chapters this browser published (their owner controls show)

/** @typedef {{en?: string, pt?: string}} Words */
/** @typedef {{id?: string, name?: Words | string, objective?: Words | string, setup?: {party_size?: number}}} ChapterData */
/** @typedef {{version: number, title: string, name: Words, objective: Words, author: string, licence: string, languages: string[]}} LastVersion */

/** The chapters this browser published. @returns {string[]} */
export function published() {
  try {
    const list = JSON.parse(localStorage.getItem(PUBLISHED_KEY) || "[]");
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * One language of a chapter's text ("" when the file has none in it).
 * @param {Words | string | undefined} value
 * @param {"en" | "pt"} which
 */
function inLanguage(value, which) {
  if (!value) return "";
  if (typeof value === "string") return value;
  return String(value[which] || "");
}

/**
 * The workshop's "Publish" button.
 * @param {() => string} getText the draft's file
 * @param {() => Promise<string | null | undefined>} ensureToken the editor token
 * @param {() => ChapterData | null | undefined} [getData] the draft as data (its names prefill the form)
 */
export function publishButton(getText, ensureToken, getData) {
  return h("button", { type: "button", id: "ws-publish", onclick: () => openPublish(getText, ensureToken, getData) }, t("lib.publish"));
}

/**
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} input
 * @param {string} [help]
 */
function field(id, label, input, help) {
  return h("p", { class: "lib-field" }, h("label", { for: id }, label), " ", input, help ? h("span", { class: "ws-help" }, ` ${help}`) : null);
}

/**
 * The chapter's id in the file (its data's, or the file's ``id:`` line).
 * @param {string} text
 * @param {ChapterData | null | undefined} data
 */
function chapterId(text, data) {
  if (data && typeof data.id === "string") return data.id;
  const found = /^id:\s*["']?([A-Za-z0-9_.-]+)/m.exec(text || "");
  return found ? found[1] : "";
}

/**
 * @param {() => string} getText
 * @param {() => Promise<string | null | undefined>} ensureToken
 * @param {() => ChapterData | null | undefined} [getData]
 */
export function openPublish(getText, ensureToken, getData) {
  const data = (getData && getData()) || null;
  const text = getText() || "";
  const input = (/** @type {Record<string, string | number | boolean>} */ attrs) => /** @type {HTMLInputElement} */ (h("input", attrs));
  const area = (/** @type {Record<string, string | number>} */ attrs) => /** @type {HTMLTextAreaElement} */ (h("textarea", attrs));
  const title = input({ id: "pub-title", required: true, maxlength: 80, value: inLanguage(data?.name, "en") });
  const titlePt = input({ id: "pub-title-pt", maxlength: 80, value: inLanguage(data?.name, "pt") });
  const description = area({ id: "pub-description", maxlength: 500, rows: 3 });
  description.value = inLanguage(data?.objective, "en");
  const descriptionPt = area({ id: "pub-description-pt", maxlength: 500, rows: 3 });
  descriptionPt.value = inLanguage(data?.objective, "pt");
  const size = /party_size:\s*(\d)/.exec(text);
  const mice = input({ id: "pub-mice", type: "number", min: 1, max: 4, value: size ? size[1] : 4 });
  const author = input({ id: "pub-author", required: true, maxlength: 60 });
  const licence = input({ id: "pub-licence", required: true, maxlength: 120, value: "CC BY 4.0" });
  const changelog = area({ id: "pub-changelog", maxlength: 1000, rows: 3 });
  const changes = h("div", { id: "pub-changes", hidden: true }, field("pub-changelog", t("lib.fChangelog"), changelog, t("lib.changelogHelp")));
  const langs = ["en", "pt"].map((l) => input({ type: "checkbox", id: `pub-lang-${l}`, value: l, checked: true }));
  const outcome = h("div", { id: "pub-outcome", role: "status", "aria-live": "polite" });
  const send = h("button", { type: "button", class: "primary", id: "pub-send" }, t("lib.send"));
  const box = openDialog({
    id: "publish-dialog",
    title: t("lib.publishTitle"),
    body: [
      h("p", {}, t("lib.publishHelp")),
      changes,
      field("pub-title", t("lib.fTitle"), title),
      field("pub-title-pt", t("lib.fTitlePt"), titlePt, t("lib.ptHelp")),
      field("pub-description", t("lib.fDescription"), description),
      field("pub-description-pt", t("lib.fDescriptionPt"), descriptionPt, t("lib.ptHelp")),
      h("fieldset", {}, h("legend", {}, t("lib.fLanguages")), langs.map((one, i) => h("label", { class: "check" }, one, ` ${t(`lib.languages.${["en", "pt"][i]}`)}`))),
      field("pub-mice", t("lib.fMice"), mice),
      field("pub-author", t("lib.fAuthor"), author),
      field("pub-licence", t("lib.fLicence"), licence),
      outcome,
    ],
    buttons: [send],
  });
  title.focus();
  const id = chapterId(text, data);
  if (id && published().includes(id)) prefillFromLast(id, { title, titlePt, description, descriptionPt, author, licence, changes, langs });
  send.addEventListener("click", async () => {
    const token = await ensureToken();
    try {
      const got = await http(
        "POST",
        "/api/library",
        /** @satisfies {import("./api.js").Body<"POST /api/library">} */ ({
          text: getText(),
          title: title.value.trim(),
          description: description.value.trim(),
          title_pt: titlePt.value.trim(),
          description_pt: descriptionPt.value.trim(),
          changelog: changes.hidden ? "" : changelog.value.trim(),
          languages: langs.filter((x) => x.checked).map((x) => /** @type {"en" | "pt"} */ (x.value)),
          mice: Number(mice.value) || 1,
          author: author.value.trim(),
          licence: licence.value.trim(),
        }),
        undefined,
        token ? { "X-Editor-Token": token } : {},
      );
      localStorage.setItem(PUBLISHED_KEY, JSON.stringify([...new Set([...published(), got.chapter])]));
      outcome.replaceChildren(
        h("p", {}, t("lib.published", { version: got.version })),
        h("a", { href: `/library?c=${encodeURIComponent(got.chapter)}`, id: "pub-open" }, t("lib.open")),
        " · ",
        h("a", { href: "/library?mine=1", id: "pub-mine" }, t("lib.mine")),
      );
    } catch (err) {
      outcome.replaceChildren(h("p", { class: "error", role: "alert" }, errorText(err)));
    }
  });
  return box;
}

/**
 * A chapter already in the library: the form starts from its last version (fields the designer left empty), and a
 * new version asks what changed.
 * @param {string} id
 * @param {{title: HTMLInputElement, titlePt: HTMLInputElement, description: HTMLTextAreaElement, descriptionPt: HTMLTextAreaElement, author: HTMLInputElement, licence: HTMLInputElement, changes: HTMLElement, langs: HTMLInputElement[]}} form
 */
async function prefillFromLast(id, form) {
  /** @type {LastVersion} */
  let last;
  try {
    last = await http("GET", `/api/library/chapters/${encodeURIComponent(id)}`);
  } catch {
    return; // a first version (or a chapter the library does not show): nothing to start from
  }
  /** @type {[HTMLInputElement | HTMLTextAreaElement, string][]} */
  const fill = [
    [form.title, last.name && last.name.en ? last.name.en : last.title],
    [form.titlePt, (last.name && last.name.pt) || ""],
    [form.description, (last.objective && last.objective.en) || ""],
    [form.descriptionPt, (last.objective && last.objective.pt) || ""],
    [form.author, last.author || ""],
  ];
  for (const [element, value] of fill) if (!element.value && value) element.value = value;
  if (last.licence) form.licence.value = last.licence;
  for (const box of form.langs) box.checked = (last.languages || []).includes(box.value);
  form.changes.hidden = false;
  const label = form.changes.querySelector("label");
  if (label) label.textContent = t("lib.fChangelogN", { version: last.version + 1, title: tx(last.name) || last.title });
}
