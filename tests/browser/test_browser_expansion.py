"""[EXP] The expansion's markers on the web board, in a real Chromium (issue 15, point 4): lava, chasms,
stalagmites, shallow water, leaves with their drift, turtles, bees, Olga, the mortar, a tree branch, allies and
pets, flying minions, fire and curse on figures, Hesster's tail, body and head, Molox, rain and Nightfall. Each
is drawn, labelled for screen readers with mnm.presentation.info's sentence, and named in the legend, in English and
Portuguese. The positions are the showcase scenarios examples/scenarios/exp-board-*.yaml, written into the
server's storage (scenario_tables.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_scan import axe_serious
from playwright.sync_api import Browser, Page, expect
from scenario_tables import seat_scenario

from mnm.presentation import info

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
DESKTOP = {"width": 1440, "height": 1000}
# Serious or critical axe-core findings, every rule on (label-content-name-mismatch included: a minion token's
# name says the tag it shows, "Rat Warrior 1, token R1").
AXE_RUN = (
    "async () => (await axe.run(document)).violations"
    ".filter(v => ['serious', 'critical'].includes(v.impact)).map(v => [v.id, v.impact, v.nodes.length])"
)


def _open(browser: Browser, base_url: str, made: dict[str, Any], lang: str = "en") -> Page:
    context = browser.new_context(base_url=base_url, viewport=DESKTOP)
    context.add_init_script(
        f"localStorage.setItem('mnm.lang', '{lang}'); localStorage.setItem('mnm.speed', 'instant');"
        f"localStorage.setItem('mnm.story.{made['table']}', '1')"
    )
    page = context.new_page()
    page.goto(made["link"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator("#board svg .overlay")).to_be_attached()
    return page


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _sentence(made: dict[str, Any], kind: str, ident: str, lang: str = "en") -> str:
    game = made["game"]
    mark = next(
        m
        for m in info.board_marks(game.ctx.content, game.state, game.ctx.board)
        if m["id"] == ident and m["kind"] == kind
    )
    return info.mark_sentence(game.ctx.content, game.state, mark, lang, game.ctx.board)


@pytest.mark.rule("R-EXP-05")
@pytest.mark.rule("R-EXP-07")
@pytest.mark.rule("R-EXP-08")
@pytest.mark.rule("R-EXP-09")
@pytest.mark.rule("R-EXP-11")
@pytest.mark.rule("R-EXP-19")
def test_the_trickle_draws_leaves_turtles_bees_olga_helpers_fire_curse_and_weather(
    browser: Browser, base_url: str, web_server: Any
) -> None:
    made = seat_scenario(web_server.db_url, "exp-board-trickle")
    page = _open(browser, base_url, made)
    board = page.locator("#board svg")
    counts = {"leaf": 2, "turtle": 2, "bee": 2, "olga": 1, "branch": 1, "ally": 1, "pet": 1}
    for kind, n in counts.items():
        expect(board.locator(f"g.exp-mark.mark-{kind}")).to_have_count(n)
    # a leaf: its sentence as label and title, and an arrow the way the current carries it (17:9 drifts into 17:12)
    leaf = board.locator("g.exp-mark.mark-leaf").first
    label = _sentence(made, "leaf", "leaf-1")
    assert label.startswith("Leaf 1 here.") and label.endswith(
        "It drifts south, into space 12. In the rain it drifts 2 spaces a round."
    )
    expect(leaf).to_have_attribute("aria-label", label)
    expect(leaf).to_have_attribute("role", "img")
    expect(leaf.locator("title")).to_have_text(label)
    expect(leaf.locator(".drift-arrow")).to_have_count(1)
    # the turned-over turtle says it is a shell; the bee says whom it follows
    expect(board.locator("g.mark-turtle.safe")).to_have_count(1)
    expect(board.locator("g.mark-turtle.safe")).to_have_attribute("aria-label", _sentence(made, "turtle", "turtle-1"))
    assert "It follows Prince Collin." in _sentence(made, "bee", "bee-1")
    expect(board.locator("g.mark-bee").first).to_have_attribute("aria-label", _sentence(made, "bee", "bee-1"))
    # fire and curse on the mice, wings on the flying Hex Moth, each named
    collin = board.locator('g.figure[data-figure="collin"]')
    expect(collin.locator("g.badge-cursed")).to_have_attribute("aria-label", "Cursed")
    expect(collin).to_have_attribute("aria-label", "Prince Collin, 0 of 5 wounds · The Trickle 3 · west bank · cursed")
    expect(board.locator('g.figure[data-figure="tilda"] g.badge-on_fire')).to_have_attribute("aria-label", "On fire")
    expect(board.locator('g.figure[data-figure="hex-moth-1"] g.badge-flying')).to_have_attribute("aria-label", "Flying")
    # a space says its terrain and markers: the ford is shallow water; the west bank holds the bee and the scout
    expect(board.locator('path.space[data-space="17:18"]')).to_have_attribute(
        "aria-label", "The Trickle 18 · the ford. Shallow water."
    )
    bank = board.locator('path.space[data-space="17:3"]').get_attribute("aria-label") or ""
    assert (
        _sentence(made, "bee", "bee-1") in bank and "With the party: Barksburg Scout (follows Prince Collin)." in bank
    )
    # rain and nightfall in the tracks bar; the legend names every marker on this board, with mnm.presentation.info's words
    expect(page.locator("#weather")).to_contain_text("Rain")
    expect(page.locator("#weather")).to_contain_text("Nightfall")
    expect(page.locator("#wheel li.moon")).to_have_attribute("aria-label", "Nightfall")  # the wheel's last place
    expect(board.locator("rect.rain")).to_have_count(3)  # rain falls on every outdoor tile (17, 19, the Oak Crown 21)
    expect(page.locator('#weather [data-kind="rain"]')).to_have_attribute("title", info.marker("rain")["text"])
    kinds = page.locator("#legend li:not([data-base])").evaluate_all("items => items.map(i => i.dataset.kind)")
    assert kinds == [
        "shallow", "tree_climb", "exit_branch", "branch", "gecko", "leaf", "turtle", "bee", "olga", "ally", "pet",
        "flying", "on_fire", "cursed", "rain", "moon",
    ]  # fmt: skip
    # the Oak Crown's exit branches (21:5, 21:8): a twig and a leaf of their own on the board, named in the legend
    expect(board.locator('g.tile[data-side="21"] g.mk-feature path[fill="#7fd36b"]')).to_have_count(2)
    exit_row = page.locator('#legend li[data-kind="exit_branch"]')
    expect(exit_row).to_have_text(info.marker("exit_branch")["lines"][0])
    expect(exit_row.locator("svg.swatch-glyph path")).to_have_count(2)
    # every marker kind mnm.presentation.info knows has a glyph of its own for the legend
    empty = page.evaluate(
        "async (kinds) => { const m = await import('/static/marks.js');"
        " return kinds.filter(k => m.swatch(k).querySelectorAll('path, circle, ellipse, rect, polygon').length === 0); }",
        list(info.MARKERS["en"]),
    )
    assert empty == []
    leaf_row = page.locator('#legend li[data-kind="leaf"]')
    expect(leaf_row).to_have_text(f"{info.marker('leaf')['name']}: {info.marker('leaf')['text']}")
    expect(leaf_row.locator("svg.swatch-glyph")).to_have_count(1)
    # a space's details (Olga's, not a move target) list its markers in words
    page.locator('path.space[data-space="19:7"]').dispatch_event("click")
    expect(page.locator("#details .space-mark")).to_have_text(_sentence(made, "olga", "olga"))
    page.keyboard.press("Escape")
    _shot(page, "issue15-trickle-markers-desktop")
    page.context.close()
    # the same board in Portuguese: labels, legend and weather from mnm.presentation.info's Portuguese
    page = _open(browser, base_url, made, "pt")
    pt_leaf = _sentence(made, "leaf", "leaf-1", "pt_BR")
    assert pt_leaf.startswith("Folha 1 aqui.") and pt_leaf.endswith(
        "Ela desce para o sul, até o espaço 12. Na chuva ela desce 2 espaços por rodada."
    )
    expect(page.locator("#board svg g.mark-leaf").first).to_have_attribute("aria-label", pt_leaf)
    expect(page.locator("#weather")).to_contain_text("Chuva")
    expect(page.locator("#weather")).to_contain_text("Anoitecer")
    expect(page.locator('#legend li[data-kind="turtle"]')).to_contain_text("Tartaruga")
    expect(page.locator('#legend li[data-kind="exit_branch"]')).to_have_text(
        "Galho de saída: com todos os ratos na folha, o grupo pode planar nela até o chão."
    )
    expect(page.locator('#board svg g.figure[data-figure="tilda"] g.badge-on_fire')).to_have_attribute(
        "aria-label", "Em chamas"
    )
    _shot(page, "issue15-trickle-markers-pt")
    page.context.close()


@pytest.mark.rule("R-EXP-03")
@pytest.mark.rule("R-EXP-04")
@pytest.mark.rule("R-EXP-12")
@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-EXP-15")
@pytest.mark.rule("R-EXP-21")
@pytest.mark.rule("R-EXP-22")
def test_the_ember_vault_draws_terrain_hesster_molox_the_mortar_and_fire(
    browser: Browser, base_url: str, web_server: Any
) -> None:
    made = seat_scenario(web_server.db_url, "exp-board-ember-vault")
    page = _open(browser, base_url, made)
    board = page.locator("#board svg")
    # terrain: coloured by the server's SVG, with ripples and spikes, and said with the space
    expect(board.locator('path.space.lava[data-space="20:12"]')).to_have_attribute(
        "aria-label", "The Ember Vault 12 · lava flow. Lava."
    )
    expect(board.locator('path.space.chasm[data-space="20:13"]')).to_have_attribute(
        "aria-label", "The Ember Vault 13 · the chasm. Chasm."
    )
    expect(board.locator("path.waves")).to_have_count(2)  # the lava flow and the shallow seep
    expect(board.locator("path.stalagmite")).to_have_count(2)  # one drawing per side: 18 and 20
    # Hesster: one body through his four spaces, tail to head, each part labelled
    expect(board.locator("polyline.hesster-body-line")).to_have_count(1)
    assert len((board.locator("polyline.hesster-body-line").get_attribute("points") or "").split()) == 4
    expect(board.locator("g.mark-hesster_tail")).to_have_count(1)
    expect(board.locator("g.mark-hesster_body")).to_have_count(2)
    expect(board.locator("g.mark-hesster_head")).to_have_count(1)
    tail = _sentence(made, "hesster_tail", "hesster-1")
    assert tail == "Hesster's tail here. It stays put when he strikes; his body stretches from it."
    expect(board.locator("g.mark-hesster_tail")).to_have_attribute("aria-label", tail)
    assert "Hesster's body here." in (board.locator('path.space[data-space="18:4"]').get_attribute("aria-label") or "")
    # Molox, the mortar, the flying Cave Bat, Collin on fire and Tilda cursed
    expect(board.locator('g.figure.minion[data-figure="molox-1"]')).to_have_count(1)
    expect(board.locator("g.exp-mark.mark-mortar")).to_have_attribute("aria-label", _sentence(made, "mortar", "mortar"))
    expect(board.locator('g.figure[data-figure="cave-bat-1"] g.badge-flying')).to_have_count(1)
    expect(board.locator('g.figure[data-figure="collin"] g.badge-on_fire')).to_have_count(1)
    expect(board.locator('g.figure[data-figure="tilda"] g.badge-cursed')).to_have_count(1)
    kinds = page.locator("#legend li:not([data-base])").evaluate_all("items => items.map(i => i.dataset.kind)")
    assert kinds == [
        "lava", "chasm", "shallow", "stalagmite", "mortar", "flying", "on_fire", "cursed", "hesster_head",
        "hesster_body", "hesster_tail", "molox",
    ]  # fmt: skip
    expect(page.locator("#weather")).to_have_count(0)  # no rain underground
    expect(board.locator("rect.rain")).to_have_count(0)
    _shot(page, "issue15-ember-vault-markers-desktop")
    page.context.close()


def test_a_base_chapter_shows_no_expansion_legend(browser: Browser, base_url: str, web_server: Any) -> None:
    """Chapters without expansion content show the base game's marks only (issue 25: one legend on every chapter),
    and no weather."""
    made = seat_scenario(web_server.db_url, "mousetrap")
    page = _open(browser, base_url, made)
    expect(page.locator("#legend li[data-base]").first).to_be_visible()
    expect(page.locator("#legend li:not([data-base])")).to_have_count(0)
    expect(page.locator("#weather")).to_have_count(0)
    expect(page.locator("#board svg g.exp-mark")).to_have_count(0)
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_on_the_expansion_boards(
    browser: Browser, base_url: str, web_server: Any, viewport: dict[str, int]
) -> None:
    """The markers, badges, legend and weather box add no serious accessibility fault (axe-core)."""
    for name in ("exp-board-trickle", "exp-board-ember-vault"):
        made = seat_scenario(web_server.db_url, name)
        context = browser.new_context(base_url=base_url, viewport=viewport, bypass_csp=True)
        context.add_init_script(f"localStorage.setItem('mnm.story.{made['table']}', '1')")
        page = context.new_page()
        page.goto(made["link"])
        expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
        expect(page.locator("#legend")).to_be_visible()
        axe_serious(page)  # loads axe-core (installing it first on a fresh machine)
        found = page.evaluate(AXE_RUN)
        assert found == [], name
        if viewport["width"] < 600:
            _shot(page, f"issue15-{name}-phone")
        context.close()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_minion_token_is_named_by_the_tag_it_shows(
    browser: Browser, base_url: str, web_server: Any, lang: str
) -> None:
    """A minion token shows its type's silhouette and its number ("1"); its accessible name says that number (WCAG
    2.5.3, label in name), and a status letter beside it is not part of the token (its name says it in words)."""
    made = seat_scenario(web_server.db_url, "exp-board-ember-vault")
    page = _open(browser, base_url, made, lang)
    board = page.locator("#board svg")
    rat = board.locator('g.figure[data-figure="mindless-rat-1"]')
    expected = {
        "en": "Mindless Rat 1, 0 of 1 wounds · Under the Bank 10 · knocked down",
        "pt": "Ratazana Sem Mente 1, 0 de 1 ferimentos · Sob a Margem 10 · derrubado",
    }[lang]
    assert rat.get_attribute("aria-label") == expected
    # the token's visible text is its number alone (its kind is a silhouette, issue 25), and its name holds it
    assert "".join(t.text_content() or "" for t in rat.locator("text").all()) == "1"
    expect(rat.locator("g.silhouette.minion-mindless-rat")).to_have_count(1)
    marks = board.locator("g.status-marks")
    expect(marks).to_have_count(1)
    expect(marks).to_have_attribute("aria-hidden", "true")
    expect(marks.locator("text.status-mark")).to_have_text({"en": "K", "pt": "D"}[lang])
    collin = board.locator('g.figure[data-figure="collin"]')  # a mouse's lone letter needs no tag
    mouse = {"en": "Prince Collin, 0 of", "pt": "Príncipe Collin, 0 de"}[lang]
    assert (collin.get_attribute("aria-label") or "").startswith(mouse)
    _shot(page, f"polish-minion-tokens-{lang}")
    page.context.close()


@pytest.mark.rule("R-EXP-19")
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_branch_overlay_lies_face_down_until_the_climb(
    browser: Browser, base_url: str, web_server: Any, lang: str
) -> None:
    """The Oak Crown (side 21) is revealed by the climb (docs/rulings.md R-EXP-19): before it, its place is a
    face-down cover saying so, its spaces are no keyboard stops and its markers wait; the climb lays it."""
    made = seat_scenario(web_server.db_url, "exp-gecko-and-tree-climb")
    page = _open(browser, base_url, made, lang)
    board = page.locator("#board svg")
    cover = board.locator('g.unlaid-cover[data-side="21"]')
    caption = {
        "en": "Face down: laid when the party climbs the tree",
        "pt": "Virado para baixo: colocado quando o grupo subir na árvore",
    }[lang]
    expect(cover).to_have_attribute("aria-label", caption)
    expect(cover.locator("tspan")).to_have_text(caption.replace(": ", ":\n").split("\n"))  # two lines
    trunk = board.locator('path.space[data-space="21:1"]')
    expect(trunk).to_have_attribute("tabindex", "-1")
    expect(trunk).to_have_attribute("aria-hidden", "true")
    expect(board.locator('path.space[data-space="19:15"]')).to_have_attribute("tabindex", "0")
    _shot(page, f"polish-overlay-face-down-{lang}")
    climb = page.locator('#decision button.option[data-action="climb collin"]')
    expect(climb).to_have_text({"en": "Prince Collin: Climb", "pt": "Príncipe Collin: Escalar"}[lang])
    climb.click()
    expect(cover).to_have_count(0)
    expect(trunk).to_have_attribute("tabindex", "0")
    expect(board.locator('g.figure[data-figure="collin"]')).to_have_attribute("data-at", "21:1")
    _shot(page, f"polish-overlay-laid-{lang}")
    page.context.close()
