"""mnm.presentation.info: the shared descriptions (card text and numbers, minion stat card, hero, space, token) in EN and pt-BR."""

from __future__ import annotations

import pytest

from mnm.content.loader import builtin_content
from mnm.engine.game import Game
from mnm.engine.state import Minion
from mnm.presentation import info

CONTENT = builtin_content()


def _game() -> Game:
    game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=1)
    game.state.minions["rat-warrior-1"] = Minion("rat-warrior-1", "rat-warrior", "5:3", wounds=0)
    return game


def test_weapon_card_has_numbers_and_text() -> None:
    c = info.card(CONTENT, "dagger/1")
    assert c["kind"] == "weapon" and c["attack"] == "melee" and c["paws"] == 1
    assert c["lines"] == [
        "Dagger",
        "Weapon: melee, sharp, 1 paw.",
        "A minion below the attacker on the initiative track rolls 1 fewer defense die against it.",
    ]
    pt = info.card(CONTENT, "dagger", "pt_BR")
    assert pt["lines"][:2] == ["Adaga", "Arma: corpo a corpo, cortante, 1 pata."]


def test_ability_card_says_cost_and_when() -> None:
    c = info.card(CONTENT, "first-aid")
    assert c["cost"] == 2
    assert c["lines"][1] == "Costs 2 cheese; used as a free action."
    assert info.card(CONTENT, "first-aid", "pt_BR")["lines"][1] == "Custa 2 queijo; usada como ação livre."


def test_minion_stat_card_and_figure() -> None:
    game = _game()
    t = info.minion_type(CONTENT, "rat-warrior")
    assert (t["battle"], t["defense"], t["life"]) == (2, 2, 1)
    assert t["lines"][0] == "Rat Warriors: melee attack, battle 2, defense 2, life 1."
    m = info.minion(CONTENT, game.state, "rat-warrior-1")
    assert m["lines"][0] == "Rat Warrior 1 is on Guard Room, space 3; wounds 0 of 1."
    assert info.find(CONTENT, game.state, "Rat Warrior 1") == ("minion", "rat-warrior-1")


def test_space_lists_who_is_there() -> None:
    game = _game()
    s = info.space(CONTENT, game.state, "5:3")
    assert s["minions"] == ["rat-warrior-1"]
    assert "Here: Rat Warrior 1." in s["lines"]
    assert "Aqui: Guerreiro Ratazana 1." in info.space(CONTENT, game.state, "5:3", "pt_BR")["lines"]


@pytest.mark.parametrize("typed", ["filch", "Fi", "FILCH"])
def test_find_hero_by_id_name_or_mark(typed: str) -> None:
    game = _game()
    assert info.find(CONTENT, game.state, typed) == ("hero", "filch")
    assert info.hero(CONTENT, game.state, "filch")["lines"][1].startswith("Filch (scamp): battle 2, defense 2")


def test_token_and_unknown() -> None:
    game = _game()
    game.state.stash.append("disguises")
    assert info.describe(CONTENT, game.state, "disguises")[0] == "Disguises: in the party stash."
    assert info.describe(CONTENT, game.state, "zzz") == ["Nothing called 'zzz' is on this table."]


@pytest.mark.rule("R-EXP-19")
def test_the_branch_overlay_is_unlaid_until_the_climb() -> None:
    """The Oak Crown (21) is revealed by the climb (docs/rulings.md R-EXP-19): face down until a mouse climbs."""
    from scenariokit import scenario_game

    fresh = Game.new("the-trickle-crossing", ["collin", "tilda", "filch", "maginos"], seed=1)
    assert info.unlaid_overlays(fresh.ctx.content, fresh.state, fresh.ctx.board) == [21]
    before = scenario_game("exp-gecko-and-tree-climb")
    assert info.unlaid_overlays(before.ctx.content, before.state) == [21]
    before.apply("climb collin")
    assert info.unlaid_overlays(before.ctx.content, before.state) == []
    climbed = scenario_game("exp-board-trickle")  # a branch climbed at the oak roots (chapter_data["branches"])
    assert info.unlaid_overlays(climbed.ctx.content, climbed.state) == []
