// @ts-check
// The chapter workshop (/workshop, issue 23): compose a chapter on the real board, check it as it is typed,
// play-test it with bots, open a table of it, export and import it.
//
// The chapter file's text is the single source of truth. The forms edit the parsed file (the server parses it
// with the same bounded reader and validator as `mnm chapter validate`) and write it back as YAML; the text
// editor edits it directly. Every change is one undo step; the text is kept in this browser (offline) and as a
// draft on the server under this browser's editor token.
//
// This module owns the page itself: its layout (renderWorkshop), starting a draft (blank, random, a copy of a
// chapter), My drafts, and import/export of the file. The rest, one concept a module:
//   workshop_state.js     the shared state W, the file's text, undo, checking, saving, writing a form edit back
//   workshop_problems.js  the checker's problems, pinned to their fields
//   workshop_board.js     the tile gallery, the layout grid, the board drawing, its marks and picks on it
//   workshop_forms.js     the forms' frame: inputs, redrawing with the keyboard kept, setup, placements, story
//   workshop_rules.js     the chapter language as forms: words as sentences, incomplete entries, rules
//   workshop_sections.js  every other word of the language in the forms (actions, items, the other sections)
//   workshop_playtest.js  play-tests: the estimate, running one, its results, the heat map
//   workshop_play.js      play it: the printed sheet, a table of the draft (seats), and publishing

import { http } from "./api.js";
import { BoardView } from "./board.js";
import { $, closeDialog, errorText, h, openDialog, toast } from "./dom.js";
import { lang, t, tx } from "./i18n.js";
import { watchTable } from "./replay.js";
import { S } from "./state.js";
import { pickSpace, renderGallery } from "./workshop_board.js";
import { renderForms } from "./workshop_forms.js";
import { renderPlay } from "./workshop_play.js";
import { estimate, renderPlaytest } from "./workshop_playtest.js";
import { app, DATA_KEY, DRAFT_KEY, draftId, onFormInput, onLeave, restoreKept, scheduleCheck, setText, TEXT_KEY, undo, updateUndo, W, writeBack, wsHttp } from "./workshop_state.js";

// --- the page ----------------------------------------------------------------------------------------------

export async function renderWorkshop() {
  document.title = `${t("ws.title")} · ${t("title")}`;
  const chapters = (S.catalog && S.catalog.chapters) || [];
  const copySel = h("select", { id: "ws-copy-of", "aria-label": t("ws.startCopy") }, chapters.map((c) => h("option", { value: c.id }, `${c.number}. ${tx(c.name)}`)));
  const fileInput = h("input", { type: "file", id: "ws-import", accept: ".yaml,.yml,.txt,text/yaml", onchange: importFile });
  app.replaceChildren(
    h(
      "div",
      { class: "workshop" },
      h(
        "header",
        { class: "ws-head" },
        h("h2", {}, t("ws.title")),
        h("a", { href: "/", class: "button small" }, t("backHome")),
      ),
      h("p", { class: "ws-intro" }, t("ws.intro")),
      h(
        "div",
        { class: "ws-toolbar card", role: "toolbar", "aria-label": t("ws.file") },
        h("button", { type: "button", id: "ws-blank", onclick: startBlank }, t("ws.startBlank")),
        h("button", { type: "button", id: "ws-random", onclick: startRandom, title: t("ws.startRandomHint") }, t("ws.startRandom")),
        h("label", {}, `${t("ws.startCopy")} `, copySel),
        h("button", { type: "button", id: "ws-copy", onclick: () => startCopy(copySel.value) }, t("ws.copy")),
        h("label", { class: "button", for: "ws-import" }, t("ws.importFile")),
        fileInput,
        h("button", { type: "button", id: "ws-export", onclick: exportFile }, t("ws.exportFile")),
        h("button", { type: "button", id: "ws-undo", onclick: () => undo(-1) }, t("ws.undo")),
        h("button", { type: "button", id: "ws-redo", onclick: () => undo(1) }, t("ws.redo")),
        h("span", { id: "ws-saved", class: "ws-saved", role: "status" }),
      ),
      // issue 46: "can it be played?" always in sight (a phone scrolls far through the forms)
      h("div", { id: "ws-status", class: "ws-status", role: "status" }),
      h("details", { class: "card ws-drafts-box", id: "ws-drafts-box", ontoggle: (ev) => ev.target.open && refreshDrafts() }, h("summary", {}, t("ws.drafts")), h("div", { id: "ws-drafts-list" })),
      h(
        "div",
        { class: "ws-main" },
        h(
          "section",
          { class: "ws-board-col", "aria-labelledby": "ws-board-title", "data-field": "setup.layout", "data-edits": "board" },
          h("h3", { id: "ws-board-title" }, t("ws.board")),
          h("p", { id: "ws-picking", class: "ws-picking", role: "status", "aria-live": "polite" }),
          h(
            "div",
            { class: "ws-zoom", role: "group", "aria-label": t("ws.zoom") },
            h("button", { type: "button", class: "small", id: "ws-zoom-in", "aria-label": t("ws.zoomIn"), onclick: () => W.boardView && W.boardView.setZoom(W.boardView.zoom * 1.4) }, "+"),
            h("button", { type: "button", class: "small", id: "ws-zoom-out", "aria-label": t("ws.zoomOut"), onclick: () => W.boardView && W.boardView.setZoom(W.boardView.zoom / 1.4) }, "−"),
          ),
          h("div", { class: "board-wrap" }, h("div", { id: "ws-board", class: "board" })),
          h("p", { id: "ws-exits", class: "ws-exits" }),
          h("div", { id: "ws-grid", class: "ws-grid" }),
          h("details", { class: "card", open: true }, h("summary", {}, t("ws.gallery")), h("p", { class: "ws-help" }, t("ws.galleryHelp")), h("div", { id: "ws-gallery", class: "ws-gallery" })),
          h("section", { id: "ws-playtest", class: "card", "aria-labelledby": "ws-pt-title" }),
          h("section", { id: "ws-play", class: "card", "aria-labelledby": "ws-play-title" }),
        ),
        h(
          "div",
          { class: "ws-form-col" },
          h("section", { class: "card ws-check", "aria-labelledby": "ws-check-title" }, h("h3", { id: "ws-check-title" }, t("ws.checkTitle")), h("div", { id: "ws-problems", class: "ws-problems", role: "status", "aria-live": "polite" }), h("div", { id: "ws-cannot-plan", hidden: true })),
          h("div", { id: "ws-forms" }),
          // the file itself, for those who write it by hand: folded away, the forms say everything it says
          h(
            "details",
            { class: "card", id: "ws-file-box" },
            h("summary", { id: "ws-file-title" }, t("ws.fileExpert")),
            h("textarea", {
              id: "ws-text",
              class: "ws-text",
              spellcheck: "false",
              rows: 18,
              "aria-label": t("ws.file"),
              "aria-describedby": "ws-problems",
              oninput: (ev) => setText(ev.target.value, "text"),
            }),
          ),
        ),
      ),
    ),
  );
  W.boardView = new BoardView($("#ws-board"), (kind, id) => kind === "space" && pickSpace(id));
  $("#ws-forms").addEventListener("input", onFormInput);
  if (!W.leaveWatched) {
    W.leaveWatched = true;
    window.addEventListener("beforeunload", onLeave);
  }
  renderPlaytest();
  renderPlay();
  estimate();
  clearInterval(W.watchTimer);
  W.watchTimer = setInterval(() => document.visibilityState === "visible" && $("#ws-playtest") && estimate(), 4000);
  const [tiles, vocab] = await Promise.all([http("GET", "/api/workshop/tiles"), http("GET", "/api/workshop/vocabulary")]);
  W.tiles = tiles;
  W.vocab = vocab;
  renderGallery();
  const kept = localStorage.getItem(TEXT_KEY);
  const held = restoreKept();
  if (kept !== null && W.history.length === 0) {
    setText(kept, "load");
    if (held.pending) W.pending = held.pending;
    if (held.data) {
      // a form edit the page was left before it reached the text: written now
      W.pendingWrites = (W.pendingWrites || 0) + 1;
      W.data = held.data;
      renderForms(); // the check of this write will not redraw the forms (a form's own edit never does)
      W.writing = (W.writing || Promise.resolve()).then(() => writeBack(held.data));
    }
  } else if (W.text) {
    $("#ws-text").value = W.text;
    scheduleCheck("load");
  } else await startFirstBlank();
  updateUndo();
  // issue 46: /workshop#replay=TABLE_ID opens a finished table's game in the replay viewer (end screen, library)
  const replay = /^#replay=([A-Za-z0-9_-]{1,40})$/.exec(location.hash);
  if (replay) watchTable(replay[1]);
}

// a yes/no question in the page's own accessible dialog; resolves true for yes
function ask(title, text, yes) {
  return new Promise((resolve) => {
    let answered = false;
    const button = h("button", { type: "button", id: "ws-ask-yes", onclick: () => { answered = true; closeDialog(box); resolve(true); } }, yes);
    const box = openDialog({ id: "ws-ask", title, body: [h("p", {}, text)], buttons: [button], closeLabel: t("ws.keepWorking"), onClose: () => { if (!answered) resolve(false); } });
  });
}

// New, Copy and Import start a new draft: the current one stays in My drafts. Work not saved yet (offline, or
// a change still on its way) would be lost: ask first.
async function replaceCurrent() {
  if (!W.text || (!W.unsaved && !W.pendingWrites)) return true;
  return ask(t("ws.askReplaceTitle"), t("ws.askReplace", { name: chapterName(W.data) }), t("ws.replaceIt"));
}

function newDraft() {
  const id = `d-${Math.random().toString(36).slice(2, 10)}`;
  localStorage.setItem(DRAFT_KEY, id);
  W.history = [];
  W.at = -1;
  W.pending = {};
  return id;
}

// the page's first chapter when this browser kept none: a blank one, unless the person imported or copied a
// chapter while the page was still starting (theirs stays; seen in CI: the blank came last and replaced the import)
async function startFirstBlank() {
  const got = await http("GET", "/api/workshop/blank");
  if (W.text) return;
  newDraft();
  setText(got.text, "load");
  refreshDrafts();
}

async function startBlank() {
  if (!(await replaceCurrent())) return;
  const got = await http("GET", "/api/workshop/blank");
  newDraft();
  setText(got.text, "load");
  refreshDrafts();
}

// issue 43: a generated chapter that validates, to start from (its file says its family and the route that wins it)
async function startRandom() {
  if (!(await replaceCurrent())) return;
  try {
    const got = await http("GET", "/api/workshop/random");
    newDraft();
    setText(got.text, "load");
    refreshDrafts();
    toast(t("ws.randomLoaded", { family: got.family, mice: got.mice, seed: got.seed }));
  } catch (err) {
    toast(errorText(err), "error");
  }
}

async function startCopy(id) {
  if (!(await replaceCurrent())) return;
  try {
    const got = await http("GET", `/api/workshop/chapters/${encodeURIComponent(id)}`);
    newDraft();
    setText(got.text, "load");
    refreshDrafts();
  } catch (err) {
    toast(errorText(err), "error");
  }
}

export function chapterName(data) {
  const name = data && data.name;
  return (name && typeof name === "object" ? tx(name) : "") || t("ws.unnamedChapter");
}

// --- my drafts: every chapter this browser's editor token keeps -----------------------------------------------

export async function refreshDrafts() {
  const box = $("#ws-drafts-list");
  if (!box) return;
  let got;
  try {
    got = await wsHttp("GET", "/api/workshop/drafts");
  } catch {
    box.replaceChildren(h("p", { class: "ws-help" }, t("ws.draftOffline")));
    return;
  }
  const current = draftId();
  box.replaceChildren(
    got.drafts.length
      ? h(
          "ul",
          { class: "ws-drafts" },
          got.drafts.map((d) =>
            h(
              "li",
              { "data-draft": d.id, class: d.id === current ? "current" : "" },
              h("strong", {}, (d.name && tx(d.name)) || t("ws.unnamedChapter")),
              " ",
              h("span", { class: "ws-help" }, t("ws.changed", { when: new Date(d.updated * 1000).toLocaleString(lang() === "pt" ? "pt-BR" : "en") })),
              d.id === current ? h("span", { class: "ws-help" }, ` · ${t("ws.openNow")}`) : null,
              " ",
              d.id === current ? null : h("button", { type: "button", class: "small", "data-open": d.id, onclick: () => openDraft(d) }, t("ws.open")),
              h("button", { type: "button", class: "small", "data-copy": d.id, onclick: () => copyDraft(d) }, t("ws.copy")),
              h("button", { type: "button", class: "small", "data-delete": d.id, onclick: () => deleteDraft(d) }, t("ws.delete")),
            ),
          ),
        )
      : h("p", { class: "ws-help" }, t("ws.noDrafts")),
    h("p", { class: "ws-help" }, t("ws.draftsMax", { max: got.max })),
  );
}

async function openDraft(d) {
  if (!(await replaceCurrent())) return;
  localStorage.setItem(DRAFT_KEY, d.id);
  W.history = [];
  W.at = -1;
  W.pending = {};
  setText(d.text, "load");
  refreshDrafts();
}

async function copyDraft(d) {
  if (!(await replaceCurrent())) return;
  newDraft();
  W.copyNamed = true;
  setText(d.text, "load");
  refreshDrafts();
}

async function deleteDraft(d) {
  const name = (d.name && tx(d.name)) || t("ws.unnamedChapter");
  if (!(await ask(t("ws.askDeleteTitle"), t("ws.askDelete", { name }), t("ws.delete")))) return;
  try {
    await wsHttp("DELETE", `/api/workshop/drafts/${encodeURIComponent(d.id)}`);
  } catch (err) {
    toast(errorText(err), "error");
  }
  if (d.id === draftId()) {
    // issue 46: the open draft deleted is gone (it came back on the next edit): a blank chapter takes its place
    newDraft();
    localStorage.removeItem(DATA_KEY);
    try {
      setText((await http("GET", "/api/workshop/blank")).text, "load");
    } catch (err) {
      toast(errorText(err), "error");
    }
  }
  refreshDrafts();
}

async function importFile(ev) {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  if (!(await replaceCurrent())) {
    ev.target.value = "";
    return;
  }
  const max = (W.tiles && W.tiles.max_chapter_bytes) || 131072;
  if (file.size > max) {
    toast(errorText({ data: { error: "too_big" } }), "error");
    return;
  }
  file.text().then((text) => {
    newDraft();
    setText(text, "load");
    refreshDrafts();
  });
  ev.target.value = "";
}

function exportFile() {
  const id = (W.data && W.data.id) || "chapter";
  const url = URL.createObjectURL(new Blob([W.text], { type: "text/yaml" }));
  const a = h("a", { href: url, download: `${id}.yaml`, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
