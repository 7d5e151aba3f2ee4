"""Every word of the chapter language in the workshop's forms (issue 46): every shipped, corpus and example
chapter opens in the forms and every value in it has a field there that edits it (none is only in the text)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from mnm.content.bounded_yaml import load_bounded_with_lines

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
T = 20_000  # ms: the machine is shared
FILES = sorted(
    [
        *(ROOT / "src/mnm/content/data/chapters").glob("*.yaml"),
        *(ROOT / "tests/bots/chapters/corpus").glob("*.yaml"),
        *(ROOT / "examples/chapters").glob("*.yaml"),
    ]
)

# the paths of a parsed file no field of the forms edits. A path is edited when an element with that
# data-field is a form control, or is marked data-edits (spaces picked on the board, a list of check boxes,
# the board itself for the layout). An empty mapping or list (a word without parameters) is edited by its
# parent's control (the word's own select).
UNEDITED = """(data) => {
  const edits = (p) => {
    const el = document.querySelector(`[data-field="${CSS.escape(p)}"]`);
    return !!el && (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) || el.hasAttribute("data-edits"));
  };
  const out = [];
  const walk = (v, p, parent) => {
    if (p && edits(p)) return;
    if (v && typeof v === "object") {
      const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
      if (!keys.length) {
        if (!edits(parent)) out.push(p);
        return;
      }
      for (const k of keys) walk(v[k], p ? `${p}.${k}` : k, p);
      return;
    }
    if (v === true && edits(parent)) return; // {any_free_mouse: true}
    out.push(p);
  };
  walk(data, "", "");
  return out;
}"""


def open_text(page: Page, text: str, chapter_id: str) -> None:
    """Put ``text`` in the file box as a person pasting it would, and wait for the forms to show it."""
    box = page.locator("#ws-file-box")
    if not box.evaluate("b => b.open"):
        page.locator("#ws-file-title").click()
    page.locator("#ws-text").fill(text)
    expect(page.locator("#ws-id")).to_have_value(chapter_id, timeout=T)
    expect(page.locator("#ws-text")).to_have_attribute("aria-busy", "false", timeout=T)


@pytest.mark.parametrize("lang", ["en"])
def test_every_shipped_corpus_and_example_chapter_is_editable_in_the_forms(browser: Browser, base_url: str, lang: str) -> None:
    """Each value of each file is edited by a field of the forms; no word shows "(written in the chapter file)"."""
    assert len(FILES) >= 20
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=T)
    expect(page.locator("#ws-id")).to_be_visible(timeout=T)
    unedited: dict[str, list[str]] = {}
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        data = load_bounded_with_lines(text, path.name, ValueError, lines=False)[0]
        open_text(page, text, data["id"])
        missing = page.evaluate(UNEDITED, data)
        if missing:
            unedited[path.name] = missing
        assert page.locator("#ws-forms").get_by_text("(written in the chapter file)").count() == 0, path.name
    assert unedited == {}
    # the measure can fail: a value no field edits is found
    assert page.evaluate(UNEDITED, {"id": "x", "setup": {"no_such_field": 1}, "rules": [{"id": "r", "no_such": [2]}]}) == [
        "setup.no_such_field",
        "rules.0.no_such.0",
    ]
    assert errors == []


def test_typing_survives_an_immediate_reload_and_leaving_asks_first(browser: Browser, base_url: str) -> None:
    """Text typed into a field (never left) and an incomplete rule's name are there after a reload made at once;
    the reload asked first; "Draft saved" comes only from the server, and then leaving asks nothing."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    dialogs: list[str] = []

    def answer(dialog):  # type: ignore[no-untyped-def]
        dialogs.append(dialog.type)
        dialog.accept()

    page.on("dialog", answer)
    page.goto("/workshop")
    expect(page.locator("#ws-id")).to_be_visible(timeout=T)
    expect(page.locator("#ws-saved")).to_have_text("Draft saved", timeout=T)
    page.locator('.ws-add-rule[data-path="rules"]').click()
    page.locator('#ws-forms [data-field="rules.new0.id"]').press_sequentially("Turn the winch")
    page.locator('#ws-forms [data-field="rules.new0.id"]').press("Tab")
    objective = page.locator('#ws-forms textarea[data-field="objective.en"]')
    objective.click()
    objective.press("Control+a")
    objective.press_sequentially("Open the gate with the winch")
    expect(page.locator("#ws-saved")).not_to_have_text("Draft saved")
    page.reload()
    expect(page.locator('#ws-forms textarea[data-field="objective.en"]')).to_have_value("Open the gate with the winch", timeout=T)
    expect(page.locator('#ws-forms [data-field="rules.new0.id"]')).to_have_value("turn-the-winch", timeout=T)
    expect(page.locator("#ws-text")).to_have_value(re.compile("en: Open the gate with the winch"), timeout=T)
    assert dialogs == ["beforeunload"]
    # saved on the server: leaving asks nothing
    expect(page.locator("#ws-saved")).to_have_text("Draft saved", timeout=T)
    page.reload()
    expect(page.locator('#ws-forms textarea[data-field="objective.en"]')).to_have_value("Open the gate with the winch", timeout=T)
    assert dialogs == ["beforeunload"]
    assert errors == []


def fill(page: Page, field: str, value: str) -> None:
    box = page.locator(f'#ws-forms [data-field="{field}"]')
    box.fill(value)
    box.press("Tab")
    expect(page.locator("#ws-text")).to_have_attribute("aria-busy", "false", timeout=T)


def choose(page: Page, field: str, value: str) -> None:
    page.locator(f'#ws-forms select[data-field="{field}"]').select_option(value)
    expect(page.locator("#ws-text")).to_have_attribute("aria-busy", "false", timeout=T)


WORDS = {
    "en": {
        "gate": "The gate of rule “tunnel-gate” never opens",
        "exit": "the east exit of the Kitchen Tunnels",
        "not_given": "Nothing gives it yet",
        "success": "on a success",
        "given": "Given by: Action “Turn the winch”",
    },
    "pt": {
        "gate": "O portão da regra “tunnel-gate” nunca abre",
        "exit": "a saída leste dos Túneis da Cozinha",
        "not_given": "Nada o dá ainda",
        "success": "no sucesso",
        "given": "Dado por: Ação “Girar o guincho”",
    },
}


@pytest.mark.parametrize(("width", "lang"), [(1280, "en"), (390, "pt")])
def test_the_winch_gate_s_key_and_winch_are_built_with_the_forms(browser: Browser, base_url: str, width: int, lang: str) -> None:
    """From The Winch Gate without its action: an item (its short name from its English name), a chapter action
    on a space picked on the board with a roll whose success opens the gate; the gated exit named, not numbered;
    the chapter checks green again."""
    winch = ROOT / "tests/bots/chapters/corpus/15-the-winch-gate.yaml"
    data = load_bounded_with_lines(winch.read_text(encoding="utf-8"), "winch", ValueError, lines=False)[0]
    del data["actions"]
    import yaml

    words = WORDS[lang]
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    context.add_init_script(f"localStorage.setItem('mnm.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/workshop")
    expect(page.locator("#ws-id")).to_be_visible(timeout=T)
    open_text(page, yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "the-winch-gate")
    # nothing opens the gates: red, in words, naming the rule
    expect(page.locator("#ws-problems")).to_contain_text(words["gate"], timeout=T)
    # the exit is chosen by its name
    exit_field = page.locator('#ws-forms select[data-field="rooms.0.rules.0.where.exit"]')
    expect(exit_field.locator("option:checked")).to_have_text(words["exit"])
    # an item: its short name follows its English name
    page.locator('[data-add="items"]').click()
    fill(page, "items.new0.name.en", "Gate key")
    fill(page, "items.new0.name.pt", "Chave do portão")
    expect(page.locator('#ws-forms [data-field="items.0.id"]')).to_have_value("gate-key", timeout=T)
    expect(page.locator('[data-field="items.0"]')).to_contain_text(words["not_given"])
    # a chapter action: its text, where (picked on the board), a roll whose success raises the winch
    page.locator('[data-add="actions"]').click()
    fill(page, "actions.new0.text.en", "Turn the winch")
    fill(page, "actions.new0.text.pt", "Girar o guincho")
    page.locator('#ws-forms [data-pick="actions.new0.where.spaces"]').click()
    page.locator('#ws-board path.space[data-space="4:12"]').click()
    page.locator('[data-add="actions.new0.do"]').click()
    choose(page, "actions.new0.do.0", "roll")
    # a roll with nothing on a success is not an action yet
    expect(page.locator('[data-field="actions.new0"] > .ws-incomplete-note')).to_contain_text(words["success"])
    fill(page, "actions.new0.do.0.roll.dice", "2")
    page.locator('[data-add="actions.new0.do.0.roll.then"]').click()
    choose(page, "actions.new0.do.0.roll.then.0", "set_flag")
    fill(page, "actions.new0.do.0.roll.then.0.set_flag.name", "winch_turned")
    expect(page.locator('#ws-forms [data-field="actions.0.id"]')).to_have_value("turn-the-winch", timeout=T)
    # a second effect: the action waits out of the chapter while it is incomplete, and comes back
    page.locator('[data-add="actions.0.do"]').click()
    choose(page, "actions.new0.do.1", "give_item")
    choose(page, "actions.new0.do.1.give_item.item", "gate-key")
    expect(page.locator('#ws-forms [data-field="actions.0.id"]')).to_have_value("turn-the-winch", timeout=T)
    expect(page.locator("#ws-problems .ws-ok")).to_be_visible(timeout=T)
    text = page.locator("#ws-text").input_value()
    got = load_bounded_with_lines(text, "built", ValueError, lines=False)[0]
    assert got["items"] == [{"name": {"en": "Gate key", "pt": "Chave do portão"}, "id": "gate-key"}]
    action = got["actions"][0]
    assert action["where"] == {"spaces": ["4:12"]} and action["text"]["en"] == "Turn the winch"
    assert action["do"][0] == {"roll": {"dice": 2, "then": [{"set_flag": {"name": "winch_turned"}}]}}
    assert action["do"][1] == {"give_item": {"item": "gate-key"}}
    expect(page.locator('[data-field="items.0"]')).to_contain_text(words["given"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator('[data-field="actions"]').screenshot(path=str(SHOTS / f"issue46-winch-action-{width}-{lang}.png"))
    assert errors == []


def test_a_table_of_a_draft_with_people_and_bots_shows_the_chapter_s_trackers(browser: Browser, base_url: str) -> None:
    """From the workshop: a table of the draft with a person and bots mixed; at the table, the counter the
    chapter's defeat reads is shown with its name and limit."""
    halls = ROOT / "tests/bots/chapters/corpus/10-the-noisy-halls.yaml"
    text = halls.read_text(encoding="utf-8")
    data = load_bounded_with_lines(text, "halls", ValueError, lines=False)[0]
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/workshop")
    expect(page.locator("#ws-id")).to_be_visible(timeout=T)
    open_text(page, text, data["id"])
    seats = page.locator("#ws-seats select.ws-seat-player")
    expect(seats).to_have_count(data["setup"]["party_size"], timeout=T)
    for i in range(1, data["setup"]["party_size"]):
        seats.nth(i).select_option("heuristic")
    page.locator('#ws-seats select.ws-seat-hero[data-seat="0"]').select_option("nez")  # the party is chosen too
    expect(page.locator("#ws-open-table")).to_be_enabled(timeout=T)
    page.locator("#ws-open-table").click()
    host = page.locator("#ws-links .host-link")
    expect(host).to_be_visible(timeout=T)
    expect(page.locator("#ws-links")).to_contain_text("(bot: heuristic (a new party))")
    expect(page.locator("#ws-links")).to_contain_text("Seat 1: Nez")
    table = context.new_page()
    table.on("pageerror", lambda e: errors.append(str(e)))
    table.goto(host.input_value())
    expect(table.locator("#chapter-trackers")).to_contain_text("Noise 0 of 8 — the mice lose at 8", timeout=T)
    assert errors == []
