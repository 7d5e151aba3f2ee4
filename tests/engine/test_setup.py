"""Setting up a chapter (R-SETUP-01..12)."""

from __future__ import annotations

import pytest
from flowkit import of, one

from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.rules.encounters import figures_available
from mnm.engine.rules.setup import card_instances, card_of

PARTY = ["collin", "tilda", "filch", "maginos"]


def set_up(chapter: str = "proving-grounds", party: list[str] | None = None, seed: int = 5) -> Game:
    """A new game, past the opening ability choices (each mouse takes the first card offered)."""
    game = Game.new(chapter, party or PARTY, seed=seed)
    while (d := game.decision()) is not None and d.kind in ("choose_ability", "minion_space"):
        game.apply(d.options[0])  # a starting ability; tied entry spaces (R-ENC-05): the lowest number
    return game


@pytest.mark.rule("R-SETUP-01")
def test_r_setup_01_the_party_has_the_size_the_chapter_asks() -> None:
    with pytest.raises(IllegalAction, match="needs a party of 4 mice, got 3"):
        Game.new("proving-grounds", ["collin", "tilda", "filch"])
    with pytest.raises(IllegalAction, match="only once"):
        Game.new("proving-grounds", ["collin", "collin", "filch", "nez"])
    game = Game.new("flight-to-barksburg", PARTY)
    assert game.state.party == PARTY
    assert one(game.events, "chapter_begins").rule == "R-SETUP-01"


@pytest.mark.rule("R-SETUP-02")
def test_r_setup_02_chapter_one_forbids_lily() -> None:
    with pytest.raises(IllegalAction, match="may not adventure in this chapter"):
        Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "lily"])
    game = Game.new("proving-grounds", ["collin", "tilda", "filch", "lily"])  # the practice chapter allows her
    assert set(game.state.heroes) == {"collin", "tilda", "filch", "lily"}


@pytest.mark.rule("R-SETUP-03")
def test_r_setup_03_each_mouse_takes_one_ability_of_its_class() -> None:
    game = Game.new("proving-grounds", PARTY, seed=5)
    chosen: dict[str, str] = {}
    while (d := game.decision()) is not None and d.kind == "choose_ability":
        classes = set(game.ctx.content.heroes[d.actor].classes)
        for option in d.options:
            card = game.ctx.content.ability_cards[option.args[0]]
            assert not card.classes or set(card.classes) & classes, (d.actor, card.id)
        assert d.options
        chosen[d.actor] = d.options[-1].args[0]
        events = game.apply(d.options[-1])
        assert one(events, "ability_chosen").rule == "R-SETUP-03"
    assert set(chosen) == set(PARTY)
    for hid in PARTY:
        assert game.state.heroes[hid].abilities == [chosen[hid]]


@pytest.mark.rule("R-SETUP-03")
def test_r_setup_03_a_card_of_another_class_is_refused() -> None:
    game = Game.new("proving-grounds", PARTY, seed=5)
    d = game.decision()
    assert d is not None and d.kind == "choose_ability" and d.actor == "collin"
    with pytest.raises(IllegalAction, match="does not meet the class requirement"):
        game.apply("choose collin chain-lightning")  # a Mystic card


@pytest.mark.rule("R-SETUP-04")
def test_r_setup_04_starting_equipment_is_equipped() -> None:
    game = set_up()
    for hid in PARTY:
        equipped = [card_of(i) for i in game.state.heroes[hid].equipped]
        assert equipped == list(game.ctx.content.heroes[hid].starting_equipment)
        assert game.state.heroes[hid].pack == []
    assert [card_of(i) for i in game.state.heroes["collin"].equipped] == ["collins-sword", "leather-breastplate"]
    # Collin and Tilda both wear a Leather Breastplate: two different copies of the card
    assert game.state.heroes["collin"].equipped[1] != game.state.heroes["tilda"].equipped[1]


@pytest.mark.rule("R-SETUP-05")
def test_r_setup_05_tiles_laid_out_as_the_chapter_diagram() -> None:
    game = set_up("flight-to-barksburg")
    board = game.ctx.board
    layout = game.ctx.chapter.layout
    assert game.state.face_up == {board.tile_of_side(p.side): p.side for p in layout}
    assert {board.tile_of_side(p.side): p.at for p in layout} == board.positions
    assert [p.side for p in layout] == [5, 4, 2]


@pytest.mark.rule("R-SETUP-06")
def test_r_setup_06_mice_on_the_start_space_minions_placed_normally() -> None:
    game = set_up()
    assert {h.space for h in game.state.heroes.values()} == {"5:15"}
    placed = of(game.events, "minion_placed")
    assert len(placed) == 3 and {e.params["reason"] for e in placed} == {"setup"}
    assert {e.rule for e in placed} == {"R-ENC-05"}
    entries = {sp.id for sp in game.ctx.board.graph(5).spaces if sp.entry}
    assert {m.space for m in game.state.minions.values()} <= entries
    assert sorted(m.type for m in game.state.minions.values()) == ["rat-warrior"] * 3


@pytest.mark.rule("R-SETUP-07")
def test_r_setup_07_opening_initiative_is_every_mouse_and_minion_type_shuffled() -> None:
    orders = set()
    for seed in range(6):
        game = set_up(seed=seed)
        assert sorted(game.state.track) == sorted([f"mouse:{h}" for h in PARTY] + ["minion:rat-warrior"])
        orders.add(tuple(game.state.track))
    assert len(orders) > 1  # shuffled, not a fixed order


@pytest.mark.rule("R-SETUP-08")
def test_r_setup_08_story_control_board() -> None:
    game = set_up("flight-to-barksburg")
    st = game.state
    assert (st.hourglass, st.end_page) == (1, game.ctx.chapter.end_page) == (1, 6)
    held = {i for h in st.heroes.values() for i in h.equipped}
    special = {ss.card for ss in game.ctx.chapter.special_searches}
    assert sorted(st.search_deck) == sorted(
        i for i in card_instances(game.ctx)
        if i not in held and card_of(i) not in special and game.ctx.content.search_cards[card_of(i)].deck  # [EXP]
    )
    assert st.search_deck != sorted(st.search_deck)  # shuffled
    standard = {cid for cid, c in game.ctx.content.encounter_cards.items() if c.kind == "standard"}
    drawn = [e.params["card"] for e in of(game.events, "encounter_drawn")]
    assert set(st.encounter_deck) | set(drawn) | set(st.encounter_discard) | {st.encounter_up} - {None} == standard


@pytest.mark.rule("R-SETUP-09")
def test_r_setup_09_spare_figures_stay_in_the_supply() -> None:
    game = set_up()
    assert figures_available(game.ctx, game.state, "rat-warrior") == 3  # 6 rat figures, 3 on the board
    assert figures_available(game.ctx, game.state, "elite-rat-warrior") == 3  # they share the rat figures
    assert figures_available(game.ctx, game.state, "roach") == 8


@pytest.mark.rule("R-SETUP-10")
def test_r_setup_10_the_chapter_special_setup_runs() -> None:
    game = set_up("flight-to-barksburg")
    story = one(game.events, "story")
    assert story.params == {"chapter": "flight-to-barksburg", "moment": "opening"}


@pytest.mark.rule("R-SETUP-11")
def test_r_setup_11_mice_start_without_cheese() -> None:
    for seed in range(5):
        game = set_up(seed=seed)
        # A minion may act before the first mouse decides, and a mouse defending can roll cheese: every
        # cheese a mouse holds is one the log shows it gaining, and Collin's Born to Lead (R-ROUND-13).
        for hid in ("collin", "tilda", "filch", "maginos"):
            gained = sum(e.params["amount"] for e in of(game.events, "mouse_gains_cheese") if e.params["hero"] == hid)
            led = len([e for e in of(game.events, "born_to_lead") if e.params["hero"] == hid])
            assert game.state.heroes[hid].cheese == gained + led
        assert game.state.wheel == sum(e.params["amount"] for e in of(game.events, "wheel_cheese"))


@pytest.mark.rule("R-SETUP-12")
def test_r_setup_12_the_encounter_deck_holds_only_encounter_cards() -> None:
    game = set_up()
    content = game.ctx.content
    assert game.state.encounter_deck
    for cid in game.state.encounter_deck:
        assert cid in content.encounter_cards and cid not in content.search_cards
        assert content.encounter_cards[cid].kind in game.ctx.chapter.encounter_kinds


def test_every_game_option_is_documented_in_the_rulings_and_no_other() -> None:
    import re
    from pathlib import Path

    from mnm.engine.rules.setup import GAME_OPTIONS

    text = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")
    table = text.split("Options:", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M))
    assert documented == set(GAME_OPTIONS)
    from mnm.engine.i18n import LANGUAGES, catalog

    for lang in LANGUAGES:  # players choose them by these names (web form, catalog endpoint)
        assert all(catalog(lang).get(f"option.{name}") for name in GAME_OPTIONS), lang
