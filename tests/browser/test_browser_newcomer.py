"""Issue 25 (web): the table as a newcomer meets it, in a real Chromium at 1440x900 and 390x844, in English and
Portuguese: the chapter's rules on screen and a "why not" that names the rule, one legend for every mark, the
level-up price, board clicks that choose before they commit, the end screen, the language switch, the keyboard
and the home page. Screenshots go to out/browser/issue25-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_scan import axe_serious
from playwright.sync_api import Browser, Page, expect
from scenario_tables import NEAR_VICTORY, seat_game, seat_scenario

from mnm.engine import Game, load_scenario, scenario_from_yaml
from scenariokit import scenario_game

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]
LANGS = [pytest.param("en", id="en"), pytest.param("pt", id="pt")]
PARTY = ["collin", "tilda", "filch", "maginos"]


def open_table(browser: Browser, base_url: str, link: str, viewport: dict[str, int], lang: str = "en") -> Page:
    context = browser.new_context(base_url=base_url, viewport=viewport, bypass_csp=True)
    table = link.split("t=")[1].split("&")[0]
    context.add_init_script(
        f"localStorage.setItem('mnm.speed', 'instant'); localStorage.setItem('mnm.lang', '{lang}');"
        f"localStorage.setItem('mnm.story.{table}', '1')"
    )
    page = context.new_page()
    page.goto(link)
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    return page


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"issue25-{name}.png"), full_page=True)


def fits(page: Page, viewport: dict[str, int]) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= viewport["width"] + 1, width


def view_of(base_url: str, table: str) -> dict[str, Any]:
    view: dict[str, Any] = httpx.get(f"{base_url}/api/tables/{table}").json()["view"]
    return view


def scenario_text_game(text: str) -> Game:
    data = scenario_from_yaml(text)
    actions = data.pop("actions", None) or []
    game = load_scenario(data)
    for action in actions:
        game.apply(action)
    return game


def collins_turn(**heroes: str) -> Game:
    """The Proving Grounds at Collin's turn (he rolled 3 to move), every mouse on the cell's space unless given,
    one rat far off in space 1."""
    spots = {hero: heroes.get(hero, '{space: "5:15"}') for hero in PARTY}
    return scenario_text_game(
        "chapter: proving-grounds\nheroes:\n"
        + "".join(f"  {hero}: {spot}\n" for hero, spot in spots.items())
        + 'minions:\n  rat-warrior-1: {space: "5:1"}\n'
        + "track: [mouse:collin, mouse:tilda, mouse:filch, mouse:maginos, minion:rat-warrior]\n"
        + "turn: mouse:collin\ndice: [3, 2, 2, 2, 2]\n"
    )


# --- 1. the chapter's rules, and the rule that blocks ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", SIZES)
def test_chapter_rules_on_screen_and_why_no_explore_names_the_rule(
    browser: Browser, base_url: str, web_server: Any, viewport: dict[str, int], lang: str
) -> None:
    made = seat_scenario(web_server.db_url, "leaving-the-sewers")
    page = open_table(browser, base_url, made["link"], viewport, lang)
    rule = "Leaving the Sewers" if lang == "en" else "Saindo dos Esgotos"
    # the Chapter panel: the objective and the rules of the rooms seen so far (Guard Room and Sewer)
    panel = page.locator("#chapter-panel")
    expect(panel).to_contain_text("Flight to Barksburg" if lang == "en" else "Voo para Barksburg")
    expect(panel.locator("#rule-list li[data-side='6'][data-gate='exit']")).to_contain_text(rule)
    expect(panel.locator(".rules-later")).to_be_visible()  # the Kitchen's and the Courtyard's wait
    # "Why no Explore?" names the chapter's rule, not the board
    why = page.locator("#why-explore")
    why.locator("summary").click()
    expect(why.locator("p[data-code='chapter_rule']")).to_contain_text(rule)
    expect(why).not_to_contain_text("No tile lies there")
    # the decision says what is asked and what it means
    expect(page.locator("#decision-help")).to_contain_text("turn" if lang == "en" else "turno")
    # one legend: the base game's marks on every chapter
    legend = page.locator("#legend")
    expect(legend).to_be_visible()
    expect(legend.locator("li[data-kind='entry']")).to_contain_text(
        "Rat head" if lang == "en" else "Cabeça de ratazana"
    )
    expect(legend.locator("li[data-kind='trap']")).to_contain_text("mousetrap" if lang == "en" else "ratoeira")
    expect(legend.locator("li[data-kind='flip']")).to_contain_text("Fishhook" if lang == "en" else "Anzol")
    fits(page, viewport)
    shot(page, f"rules-{'desktop' if viewport is DESKTOP else 'phone'}-{lang}")
    assert axe_serious(page) == []


def test_a_room_revealed_shows_its_rules_and_the_goal_is_marked(
    browser: Browser, base_url: str, web_server: Any
) -> None:
    # Chapter 1 with the Courtyard face up: the tree entrance (the objective's space) has a gold ring, and the
    # space says so; the Courtyard's rules are in the panel
    game = scenario_text_game(
        """
chapter: flight-to-barksburg
tiles: {courtyard: 1}
explored: [5, 1]
heroes:
  collin: {space: "1:1"}
  tilda: {space: "1:1"}
  filch: {space: "1:2"}
  maginos: {space: "1:2"}
track: [mouse:collin, mouse:tilda, mouse:filch, mouse:maginos]
turn: mouse:collin
dice: [3, 2, 2, 2, 2]
"""
    )
    made = seat_game(web_server.db_url, game)
    page = open_table(browser, base_url, made["link"], DESKTOP)
    view = view_of(base_url, made["table"])
    goals = view["chapter"]["goal_spaces"]
    assert goals, view["chapter"]
    expect(page.locator("g.goal-marker")).to_have_count(len(goals))
    label = page.locator(f'path.space[data-space="{goals[0]}"]').get_attribute("aria-label") or ""
    assert "objective" in label, label
    expect(page.locator("#chapter-panel #rule-list")).to_contain_text("old crow")
    shot(page, "goal-desktop-en")


def test_first_reveal_opens_the_rooms_rules(browser: Browser, base_url: str, web_server: Any) -> None:
    # Collin on the Guard Room's sewer grate (a plain flip space), no minion on the tile: he explores by flipping,
    # and the Sewer's rules appear in a dialog of their own, once
    game = scenario_text_game(
        """
chapter: flight-to-barksburg
explored: [5]
heroes:
  collin: {space: "5:8"}
  tilda: {space: "5:8"}
  filch: {space: "5:9"}
  maginos: {space: "5:9"}
track: [mouse:collin, mouse:tilda, mouse:filch, mouse:maginos]
turn: mouse:collin
dice: [3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
"""
    )
    assert "explore collin flip" in [str(o) for o in game.decision().options]
    made = seat_game(web_server.db_url, game)
    page = open_table(browser, base_url, made["link"], DESKTOP, "en")
    rules = view_of(base_url, made["table"])["chapter"]["rules"]
    assert not any(r["revealed"] for r in rules if r["side"] == 6)  # the Sewer's rules wait until it is seen
    expect(page.locator("#rule-list")).not_to_contain_text("Leaving the Sewers")
    page.locator('#decision button.option[data-action="explore collin flip"]').click()
    confirm = page.locator("#confirm-yes")
    if confirm.count():
        confirm.click()
    dialog = page.locator("#room-rules-6")
    expect(dialog).to_contain_text("New room: The Sewer")
    expect(dialog).to_contain_text("Leaving the Sewers")
    shot(page, "new-room-desktop-en")
    page.keyboard.press("Escape")
    expect(page.locator("#rule-list")).to_contain_text("Leaving the Sewers")


# --- 3. level up --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_level_up_shows_its_price_and_apart_the_use_cost(
    browser: Browser, base_url: str, web_server: Any, lang: str
) -> None:
    game = collins_turn(collin='{space: "5:15", cheese: 6}')
    levels = [str(o) for o in game.decision().options if o.verb == "levelup"]
    assert levels, [str(o) for o in game.decision().options]
    made = seat_game(web_server.db_url, game)
    page = open_table(browser, base_url, made["link"], DESKTOP, lang)
    button = page.locator(f'#decision button.option[data-action="{levels[0]}"]')
    expect(button.locator(".option-label")).to_contain_text(
        "level up for 6 cheese" if lang == "en" else "por 6 queijos"
    )
    expect(button.locator(".card-numbers")).to_contain_text("each use costs" if lang == "en" else "cada uso custa")
    shot(page, f"levelup-desktop-{lang}")


# --- 4. a board click chooses; a second one (or Confirm) commits ---------------------------------------------


def _to_moves(base_url: str, made: dict[str, Any]) -> dict[str, Any]:
    view = view_of(base_url, made["table"])
    while not any(o.startswith("move ") for o in view["decision"]["options"]):
        r = httpx.post(
            f"{base_url}/api/tables/{made['table']}/actions",
            json={"action": view["decision"]["options"][0], "version": view["version"]},
            headers={"X-Seat-Token": made["host_token"]},
        )
        view = r.json()["view"]
    return view


@pytest.mark.parametrize("viewport", SIZES)
def test_board_click_chooses_then_confirms(browser: Browser, base_url: str, viewport: dict[str, int]) -> None:
    made = httpx.post(f"{base_url}/api/tables", json={"chapter": "proving-grounds", "party": PARTY, "seed": 3}).json()
    view = _to_moves(base_url, made)
    page = open_table(browser, base_url, made["links"]["host"], viewport, "en")
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"]))
    move = [o for o in view["decision"]["options"] if o.startswith("move ")][-1]
    space = move.split()[2]
    target = page.locator(f'path.space.lit[data-space="{space}"]')
    target.dispatch_event("click")
    # nothing is sent: the space is chosen and a confirmation waits
    expect(page.locator("#chosen")).to_contain_text("Chosen")
    expect(page.locator(f'path.space.chosen[data-space="{space}"]')).to_have_count(1)
    shot(page, f"chosen-{'desktop' if viewport is DESKTOP else 'phone'}-en")
    assert view_of(base_url, made["table"])["version"] == view["version"]
    page.locator("#cancel-choice").click()
    expect(page.locator("#chosen")).to_have_count(0)
    assert view_of(base_url, made["table"])["version"] == view["version"]
    # choose again, then Confirm (a touch user's way)
    target.dispatch_event("click")
    page.locator("#confirm-choice").click()
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"] + 1))
    hero = move.split()[1]
    assert next(h for h in view_of(base_url, made["table"])["heroes"] if h["id"] == hero)["space"] == space


def test_a_figure_on_a_lit_space_chooses_the_space_and_keeps_its_card(
    browser: Browser, base_url: str, web_server: Any
) -> None:
    # Tilda stands where Collin may move: clicking her picks the space (nothing is sent), and her card is one
    # button away in the confirmation
    game = collins_turn(tilda='{space: "5:12"}')
    assert "move collin 5:12" in [str(o) for o in game.decision().options]
    made = seat_game(web_server.db_url, game)
    page = open_table(browser, base_url, made["link"], PHONE, "en")
    page.locator('g.figure[data-figure="tilda"]').dispatch_event("click")
    chosen = page.locator("#chosen")
    expect(chosen).to_contain_text("Tilda")
    expect(page.locator('path.space.chosen[data-space="5:12"]')).to_have_count(1)
    assert view_of(base_url, made["table"])["version"] == 0
    chosen.locator("button.figure-card").click()
    expect(page.locator("#details[role=dialog]")).to_contain_text("Tilda")
    page.keyboard.press("Escape")
    # a second tap on her confirms: she is a target twice (share with her, move to her space), so which one
    page.locator('g.figure[data-figure="tilda"]').dispatch_event("click")
    chooser = page.locator("#chooser[role=dialog]")
    expect(chooser.locator('button.option[data-action="share collin tilda"]')).to_have_count(1)
    shot(page, "figure-chooser-phone-en")
    chooser.locator('button.option[data-action="move collin 5:12"]').click()
    expect(page.locator("body")).to_have_attribute("data-version", "1")
    assert next(h for h in view_of(base_url, made["table"])["heroes"] if h["id"] == "collin")["space"] == "5:12"


# --- 5. the end screen --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", SIZES)
def test_end_screen_cause_summary_and_both_ways_on_after_a_defeat(
    browser: Browser, base_url: str, web_server: Any, viewport: dict[str, int], lang: str
) -> None:
    # a whole Chapter 1 through the server, every mouse ending its turn at once: the hourglass runs out
    made = httpx.post(
        f"{base_url}/api/tables", json={"chapter": "flight-to-barksburg", "party": PARTY, "seed": 1}
    ).json()
    view = view_of(base_url, made["table"])
    while view["decision"] is not None:
        options = view["decision"]["options"]
        r = httpx.post(
            f"{base_url}/api/tables/{made['table']}/actions",
            json={"action": next((o for o in options if o.startswith("end ")), options[0]), "version": view["version"]},
            headers={"X-Seat-Token": made["host_token"]},
        )
        view = r.json()["view"]
    assert view["summary"]["cause"] == "hourglass"
    deeds = view["summary"]["deeds"]
    assert sum(d["wounds"] for d in deeds.values()) > 0, deeds  # the rats were not idle
    page = open_table(browser, base_url, made["links"]["host"], viewport, lang)
    screen = page.locator("#end-screen")
    expect(screen).to_be_visible()
    expect(screen.locator("#end-cause")).to_have_attribute("data-cause", "hourglass")
    expect(screen.locator("#end-cause")).to_contain_text("hourglass" if lang == "en" else "ampulheta")
    summary = screen.locator("#end-summary")
    expect(summary.locator("tbody tr")).to_have_count(4)
    expect(summary).to_contain_text(str(view["round"]))
    hero = next(iter(deeds))
    expect(summary.locator(f'tr[data-hero="{hero}"] td').first).to_have_text(str(deeds[hero]["wounds"]))
    expect(screen.locator("#go-on")).to_contain_text("rulebook" if lang == "en" else "livro de regras")
    expect(screen.locator("#next-chapter")).to_be_visible()
    expect(screen.locator("#replay")).to_be_visible()
    fits(page, viewport)
    shot(page, f"end-{'desktop' if viewport is DESKTOP else 'phone'}-{lang}")
    assert axe_serious(page) == []


def test_victory_tells_the_story_ending_above_the_result(browser: Browser, base_url: str, web_server: Any) -> None:
    game = scenario_text_game(NEAR_VICTORY + "actions:\n  - move maginos 1:16\n")
    assert game.state.status == "won", game.state.status
    made = seat_game(web_server.db_url, game)
    page = open_table(browser, base_url, made["link"], DESKTOP, "en")
    screen = page.locator("#end-screen")
    expect(screen.locator("#end-story")).to_contain_text("furry heads")
    # the ending comes before the result
    order = screen.evaluate("s => [...s.querySelectorAll('#end-story, .end-result')].map(n => n.className)")
    assert order[0].startswith("story"), order
    expect(screen.locator("#end-cause")).to_have_attribute("data-cause", "victory")
    shot(page, "victory-desktop-en")


# --- 7. the choices panel -------------------------------------------------------------------------------------


def test_since_your_last_turn_sits_below_the_choices(browser: Browser, base_url: str) -> None:
    seats = [["collin", "tilda"], ["filch", "maginos"]]
    made = httpx.post(
        f"{base_url}/api/tables", json={"chapter": "proving-grounds", "party": PARTY, "seats": seats, "seed": 3}
    ).json()
    tokens = [link.split("k=")[1] for link in made["links"]["seats"]]
    page = open_table(browser, base_url, made["links"]["seats"][0], DESKTOP, "en")
    view = view_of(base_url, made["table"])
    acted = False
    for _ in range(200):
        d = view["decision"]
        seat = 0 if d["actor"] in seats[0] else 1
        if seat == 0 and acted and d["kind"] == "turn":
            break
        options = d["options"]
        action = next((o for o in options if o.startswith("end ")), options[0])
        r = httpx.post(
            f"{base_url}/api/tables/{made['table']}/actions",
            json={"action": action, "version": view["version"]},
            headers={"X-Seat-Token": tokens[seat]},
        )
        view = r.json()["view"]
        acted = acted or seat == 0
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"]))
    since = page.locator("#since")
    expect(since).to_be_visible()
    # below the buttons: the news never pushes the choices out of view
    after = page.evaluate(
        "document.querySelector('#decision .options').compareDocumentPosition(document.getElementById('since')) & 4"
    )
    assert after == 4
    expect(page.locator("#decision > .options > button.option").first).to_be_in_viewport()


# --- 9. the language switch -----------------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", SIZES)
def test_language_switch_keeps_the_log_and_the_connection(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    made = httpx.post(f"{base_url}/api/tables", json={"chapter": "proving-grounds", "party": PARTY, "seed": 4}).json()
    _to_moves(base_url, made)
    page = open_table(browser, base_url, made["links"]["host"], viewport, "en")
    count = page.locator("#log li").count()
    assert count > 0
    page.locator("#lang").click()
    expect(page.locator("#lang")).to_have_text("English")
    expect(page.locator("#log li")).to_have_count(count)
    expect(page.locator("#conn")).to_have_class("conn ok")
    expect(page.locator("#conn")).to_have_text("conectado")
    page.locator("#lang").click()
    expect(page.locator("#log li")).to_have_count(count)
    expect(page.locator("#conn")).to_have_class("conn ok")


def test_portuguese_turn_end_reads_naturally(base_url: str) -> None:
    made = httpx.post(f"{base_url}/api/tables", json={"chapter": "proving-grounds", "party": PARTY, "seed": 4}).json()
    view = _to_moves(base_url, made)
    actor = view["decision"]["actor"]
    end = f"end {actor}"
    assert end in view["decision"]["options"]
    r = httpx.post(
        f"{base_url}/api/tables/{made['table']}/actions",
        json={"action": end, "version": view["version"]},
        headers={"X-Seat-Token": made["host_token"]},
    )
    texts = [e["text"]["pt"] for e in r.json()["events"] if e["msg"] == "turn_ends"]
    name = next(h for h in view["heroes"] if h["id"] == actor)["name"]["pt"]
    assert texts == [f"Fim do turno: {name}."], texts


# --- 10. the keyboard -----------------------------------------------------------------------------------------


def test_keyboard_skip_link_tile_order_focus_and_undo(browser: Browser, base_url: str) -> None:
    made = httpx.post(
        f"{base_url}/api/tables",
        json={
            "chapter": "flight-to-barksburg",
            "party": PARTY,
            "seats": [["collin", "tilda"], ["filch", "maginos"]],
            "seed": 3,
        },
    ).json()
    view = _to_moves(base_url, made)
    page = open_table(browser, base_url, made["links"]["seats"][0], DESKTOP, "en")
    # the first Tab reaches the skip link; Enter puts the focus on the first choice
    page.keyboard.press("Tab")
    expect(page.locator("#skip-choices")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('decision').contains(document.activeElement)")
    # tiles are tabbed left to right
    xs = page.evaluate("[...document.querySelectorAll('#board g.tile')].map(g => g.getBBox().x)")
    assert xs == sorted(xs), xs
    # End turn by keyboard: the focus stays on the choices
    actor = view["decision"]["actor"]
    end = page.locator(f'#decision button.option[data-action="end {actor}"]')
    end.focus()
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"] + 1))
    page.wait_for_timeout(300)
    assert page.evaluate("document.getElementById('decision').contains(document.activeElement)")
    # a move by seat 1 may be taken back by seat 1 only: seat 2's Undo is off and names the mouse
    now = _to_moves(base_url, made)
    mover = now["decision"]["actor"]
    move = next(o for o in now["decision"]["options"] if o.startswith("move "))
    seat = made["links"]["seats"][0] if mover in ("collin", "tilda") else made["links"]["seats"][1]
    token = seat.split("k=")[1]
    httpx.post(
        f"{base_url}/api/tables/{made['table']}/actions",
        json={"action": move, "version": now["version"]},
        headers={"X-Seat-Token": token},
    )
    after = view_of(base_url, made["table"])
    assert after["can_undo"]
    other = made["links"]["seats"][1] if mover in ("collin", "tilda") else made["links"]["seats"][0]
    watcher = open_table(browser, base_url, other, DESKTOP, "en")
    undo = watcher.locator("#undo")
    expect(undo).to_be_disabled()
    name = next(h for h in after["heroes"] if h["id"] == mover)["name"]["en"]
    expect(undo).to_have_attribute("title", f"Cannot undo: only the seat of {name} can take back that action")


# --- 13. the board's own look ---------------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", SIZES)
def test_board_floors_silhouettes_and_sizes(browser: Browser, base_url: str, viewport: dict[str, int]) -> None:
    made = httpx.post(
        f"{base_url}/api/tables", json={"chapter": "flight-to-barksburg", "party": PARTY, "seed": 3}
    ).json()
    _to_moves(base_url, made)
    page = open_table(browser, base_url, made["links"]["host"], viewport, "en")
    board = page.locator("#board svg")
    # floors by room: the Guard Room is stone, the tunnels earth; the patterns are ours (SVG defs)
    expect(board.locator('g.tile[data-side="5"] path.space[data-floor="stone"]').first).to_be_attached()
    expect(board.locator('g.tile[data-side="4"] path.space[data-floor="earth"]').first).to_be_attached()
    fill = board.locator('path.space[data-floor="earth"]:not(.lit)').first.evaluate("p => getComputedStyle(p).fill")
    assert "floor-earth" in fill, fill
    # each mouse its own silhouette (no letters), each minion type its own
    for hero in PARTY:
        expect(board.locator(f'g.figure[data-figure="{hero}"] g.silhouette.mouse-{hero}')).to_have_count(1)
    expect(board.locator("g.figure.hero text.fig-letter")).to_have_count(0)
    expect(board.locator("g.figure.minion g.silhouette.minion-rat-warrior").first).to_be_attached()
    sizes = page.evaluate(
        "[...document.querySelectorAll('#board g.figure')].map(g => Math.min(g.getBoundingClientRect().width, "
        "g.getBoundingClientRect().height))"
    )
    cells = page.evaluate(
        "Math.min(...[...document.querySelectorAll('#board path.space')].map(p => {const r = p.getBoundingClientRect();"
        " return Math.min(r.width, r.height)}))"
    )
    if viewport is DESKTOP:
        assert min(sizes) >= 23, sizes  # tokens of at least 24 px (one px of rounding)
    else:
        assert cells >= 44, cells  # every space a finger's tap target
    shot(page, f"look-{'desktop' if viewport is DESKTOP else 'phone'}-en")


# --- 12. the home page ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", SIZES)
def test_home_page_your_tables_and_chapter_cards(
    browser: Browser, base_url: str, viewport: dict[str, int], lang: str
) -> None:
    made = httpx.post(
        f"{base_url}/api/tables", json={"chapter": "flight-to-barksburg", "party": PARTY, "seed": 3}
    ).json()
    page = open_table(browser, base_url, made["links"]["host"], viewport, lang)
    page.goto("/")
    expect(page.locator("#about")).to_contain_text("Mice and Mystics")
    mine = page.locator(f'#your-tables li[data-table="{made["table"]}"]')
    expect(mine).to_contain_text("Flight to Barksburg" if lang == "en" else "Voo para Barksburg")
    expect(mine).to_contain_text("playing" if lang == "en" else "em jogo")
    cards = page.locator("#chapter-cards article.chapter-card")
    catalog = httpx.get(f"{base_url}/api/catalog").json()
    expect(cards).to_have_count(len(catalog["chapters"]))
    expect(page.locator('#chapter-cards article[data-chapter="flight-to-barksburg"] .measured')).to_contain_text("%")
    fits(page, viewport)
    shot(page, f"home-{'desktop' if viewport is DESKTOP else 'phone'}-{lang}")
    assert axe_serious(page) == []
    mine.locator("a.table-link").click()
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator("#chapter-name")).to_contain_text("1.")


def test_scenario_kit_still_loads() -> None:
    assert scenario_game("leaving-the-sewers").decision() is not None
