"""A defeat's words per cause (issue 46: every word of the language in the forms): the workshop's story section
has a field in both languages for each cause a chapter file's ``defeat_texts`` may name, and what is typed there
lands in the file under that cause (and the chapter still checks)."""

from __future__ import annotations

import re

import yaml
from playwright.sync_api import Browser, expect

T = 20_000  # ms: the machine is shared


def test_the_defeat_words_of_each_cause_are_typed_in_the_forms(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/workshop")
    expect(page.locator("#ws-id")).to_be_visible(timeout=T)
    for cause in ("hourglass", "all_captured", "chapter"):
        for lang in ("en", "pt"):
            expect(page.locator(f'#ws-forms textarea[data-field="defeat_texts.{cause}.{lang}"]')).to_have_count(1)
    for lang, words in (("en", "The candle burnt out before the mice got home."), ("pt", "A vela apagou antes.")):
        box = page.locator(f'#ws-forms textarea[data-field="defeat_texts.hourglass.{lang}"]')
        box.fill(words)
        box.press("Tab")
    text = page.locator("#ws-text")
    expect(text).to_have_value(re.compile(r"defeat_texts:\s+\{?hourglass:"), timeout=T)  # block or flow style
    expect(text).to_have_value(re.compile("en: The candle burnt out before the mice got home."), timeout=T)
    expect(text).to_have_value(re.compile("pt: A vela apagou antes."), timeout=T)
    # the other causes were not written: nothing the designer did not type enters the chapter
    written = yaml.safe_load(text.input_value())
    assert written["defeat_texts"] == {
        "hourglass": {"en": "The candle burnt out before the mice got home.", "pt": "A vela apagou antes."}
    }
    # the label says the field is optional, in the page's language
    label = page.locator('#ws-forms fieldset[data-field="defeat_texts.hourglass"] legend')
    expect(label).to_contain_text("hourglass runs out")
    assert errors == []
    context.close()
