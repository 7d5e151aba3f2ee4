"""What the table view adds for the player at the point of decision (issue 12): card text for every option that
names a card, minion stat cards, where each Explore leads, why Explore is missing, which options ask first,
and the companion-mode preview of what the typed dice already did."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mnm.content.loader import builtin_content
from mnm.engine.errors import NeedDice
from mnm.engine.game import Game
from mnm.engine.query import minions_on_side
from mnm.server.views import decision_extras, dice_preview, minion_type_info

PARTY = ["collin", "tilda", "filch", "maginos"]


def _decision_extras(game: Game) -> dict[str, Any]:
    d = game.decision()
    assert d is not None
    return decision_extras(game, game.ctx.content, d.options)


def _play(game: Game, rng: random.Random) -> None:
    d = game.decision()
    assert d is not None
    options = [o for o in d.options if o.verb not in ("share", "give", "take", "unequip", "equip")] or d.options
    explore = [o for o in options if o.verb == "explore"]
    battle = [o for o in options if o.verb == "battle"]
    game.apply(explore[0] if explore else battle[0] if battle else rng.choice(options))


def test_every_ability_option_carries_its_card_text() -> None:
    game = Game.new("proving-grounds", PARTY, seed=1)
    extras = _decision_extras(game)
    content = game.ctx.content
    d = game.decision()
    assert d is not None and d.kind == "choose_ability"
    for option in d.options:
        card = extras["cards"][option.args[0]]
        spec = content.ability_cards[option.args[0]]
        assert card["text"] == {"en": spec.text.en, "pt": spec.text.pt}
        assert card["cost"] == spec.cost


def test_minion_stat_card_has_the_numbers_and_abilities_in_words() -> None:
    content = builtin_content()
    info = minion_type_info(content, "rat-warrior")
    spec = content.minions["rat-warrior"]
    assert info is not None
    assert (info["battle"], info["defense"], info["life"]) == (spec.battle, spec.defense, spec.life)
    assert spec.ability_text is not None and info["ability_text"]["pt"] == spec.ability_text.pt
    assert minion_type_info(content, "no-such-minion") is None


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_explore_destinations_and_why_explore_is_missing(seed: int) -> None:
    """Searched over random play of Chapter 1: each Explore names the side it shows; a flip back to a side
    already explored asks first; when the mouse whose turn it is has no Explore, a reason code says why."""
    game = Game.new("flight-to-barksburg", PARTY, seed=seed)
    rng = random.Random(seed)
    content = game.ctx.content
    seen_explore = seen_missing = 0
    for _ in range(400):
        d = game.decision()
        if d is None:
            break
        extras = _decision_extras(game)
        st = game.state
        for text, dest in extras["explore"].items():
            seen_explore += 1
            assert dest["to"]["en"] == content.tile_sides[dest["side"]].name.en
            assert dest["explored"] == (dest["side"] in st.explored)
            flip_back = dest["via"] == "flip" and dest["explored"]
            assert (extras["confirm"].get(text) == "flip_back") == flip_back
        missing = extras.get("explore_missing")
        if missing is not None:
            seen_missing += 1
            assert not extras["explore"]
            assert st.turn is not None
            hero = st.heroes[st.turn.mouse]
            assert hero.space is not None
            on_tile = bool(minions_on_side(st, game.ctx.board.spaces[hero.space].side))
            if missing["code"] == "minions":
                assert on_tile
            elif missing["code"] not in ("acted", "stunned"):
                assert not on_tile
        for text, why in extras["confirm"].items():
            assert why in ("place_item", "flip_back")
            assert text.startswith(("place ", "explore "))
        _play(game, rng)
    assert seen_missing > 0


def test_dice_preview_shows_what_the_faces_so_far_did_and_changes_nothing() -> None:
    game = Game.new("proving-grounds", PARTY, seed=3, dice="manual")
    preview: list[dict[str, Any]] = []
    for _ in range(4):  # the last ability pick sets the board up, which rolls a mouse's movement
        d = game.decision()
        assert d is not None and d.kind == "choose_ability"
        try:
            game.apply(d.options[0])
        except NeedDice:
            preview = dice_preview(game, d.options[0], [])
            break
    before = game.state.to_json()
    events = len(game.events)
    assert preview and preview[0]["msg"] == "ability_chosen"
    assert any(e["msg"] == "minion_placed" for e in preview)
    assert all(set(e["text"]) == {"en", "pt"} for e in preview)
    assert game.state.to_json() == before and len(game.events) == events


def test_a_preview_never_shows_a_hidden_card() -> None:
    """Issue 26, finding 10: a companion preview shows only what the typed dice decide. A search whose typed
    die finds a card must not show which card (the top of the deck) before the players commit their dice."""
    from mnm.engine import load_scenario

    game = load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:15"}},
            "minions": {"rat-warrior-1": {"space": "5:1"}},
            "turn": "mouse:collin",
            "search_deck_top": ["paring-knife"],
            "dice_mode": "manual",
            "dice": [1],  # the movement die of the turn's start
        }
    )
    search = next(a for a in game.legal_actions() if a.verb == "search")
    preview = dice_preview(game, search, [2])  # 2: a star, the search finds the top card
    shown = json.dumps(preview)
    assert "card_found" not in shown and "paring-knife" not in shown and "Paring" not in shown
    real = load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:15"}},
            "minions": {"rat-warrior-1": {"space": "5:1"}},
            "turn": "mouse:collin",
            "search_deck_top": ["paring-knife"],
            "dice": [1, 2],
        }
    )
    assert any(e.msg == "card_found" for e in real.apply("search collin"))  # the card is found when played
