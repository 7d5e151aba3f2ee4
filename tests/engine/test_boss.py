"""Boss minions (RULES.md §20, R-BOSS-01..03): Captain Vurst on a rat figure, boss-only rules, and a boss with
several initiative cards (the lab content's three-card Lab Warlord, life 2 per card)."""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, lab_content, of, one, scenario

from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.rules.encounters import figures_available
from mnm.engine.rules.initiative import add_cards, card_of_minion_type, cards_for_types


@pytest.mark.rule("R-BOSS-01")
@pytest.mark.rule("R-ENC-07")
def test_r_boss_01_vurst_stands_on_a_rat_figure() -> None:
    # Vurst and 5 Rat Warriors use all 6 rat figures: no more rats (of any rat kind) can come
    rats = {f"rat-warrior-{i}": {"space": "5:2"} for i in range(1, 4)} | {
        f"rat-warrior-{i}": {"space": "5:6"} for i in range(4, 6)
    }
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"captain-vurst-1": {"space": "5:1"}, **rats},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    for kind in ("rat-warrior", "elite-rat-warrior", "captain-vurst"):
        assert figures_available(g.ctx, g.state, kind) == 0, kind
    spec = g.ctx.content.minions["captain-vurst"]
    assert spec.boss and spec.figure_pool == g.ctx.content.minions["rat-warrior"].figure_pool


@pytest.mark.rule("R-BOSS-02")
def test_r_boss_02_vurst_is_not_aggressive_like_his_rats() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:15"}},
        minions={"captain-vurst-1": {"space": "5:3"}},
        track=["mouse:collin", "minion:captain-vurst", "mouse:filch"],
        turn="minion:captain-vurst",
        dice=[BOW, BOW, BOW, BOW, SHIELD, BOW, BOW, BOW, CHEESE],
    )
    assert of(g.events, "aggressive_swap") == []
    assert g.state.track == ["mouse:collin", "minion:captain-vurst", "mouse:filch"]


@pytest.mark.rule("R-BOSS-02")
def test_r_boss_02_rat_only_effects_skip_the_boss() -> None:
    # Filch's Pilfer takes its cheese from the wheel for a rat, but Vurst is not "a rat" for such effects
    def filch_finishes(target: str, wounds: int) -> tuple[int, int]:
        g = scenario(
            heroes={"filch": {"space": "5:15"}},
            minions={target: {"space": "5:15", "wounds": wounds}, "rat-warrior-9": {"space": "5:1"}},
            turn="mouse:filch",
            wheel=3,
            dice=[CHEESE, SWORD, SWORD, BOW, BOW, BOW],
        )
        g.apply(f"battle filch {target}")
        assert target not in g.state.minions
        d = g.decision()
        if d is not None and d.kind == "pilfer":  # Filch may take it from the wheel (for a rat): he does
            g.apply("choose filch wheel")
        return g.state.heroes["filch"].cheese, g.state.wheel

    assert filch_finishes("rat-warrior-1", 0) == (1, 2)  # a rat: the cheese comes off the wheel
    assert filch_finishes("captain-vurst-1", 1) == (1, 3)  # the boss: the wheel keeps it, nothing is asked


@pytest.mark.rule("R-BOSS-03")
@pytest.mark.rule("R-ROUND-08")
def test_r_boss_03_a_multi_card_boss_enters_with_two_random_cards_and_ambushes_with_one() -> None:
    content = lab_content()
    seen: set[tuple[str, ...]] = set()
    for seed in range(12):
        g = scenario(content, seed=seed, heroes={"collin": {"space": "5:15"}}, turn="mouse:collin", dice=[CHEESE])
        cards = cards_for_types(g.ctx, g.state, ["lab-warlord"])
        assert len(cards) == 2 and len(set(cards)) == 2
        assert set(cards) <= set(card_of_minion_type(g.ctx, "lab-warlord"))
        seen.add(tuple(cards))
    assert len(seen) > 1  # picked at random
    g = scenario(
        content,
        heroes={"collin": {"space": "5:15"}},
        minions={"roach-1": {"space": "5:1"}},
        turn="mouse:collin",
        dice=[CHEESE, SWORD, SWORD],
    )
    st = g.state.copy()
    g.ctx.events.clear()
    add_cards(g.ctx, st, [], ["boss:lab-warlord:1", "boss:lab-warlord:3"], ambush=True)
    first, second = one(g.ctx.events, "initiative_extended").params["cards"]  # type: ignore[misc]
    # every minion card on the track ambushes from the top (R-ENC-09): the roach's, then one boss card only,
    # the higher of the two (R-ROUND-08)
    roach, boss = [e.params for e in g.ctx.events if e.msg == "ambush_moves_up"]
    assert roach == {"card": "minion:roach", "spaces": 2, "spot": 1}  # from spot 2, up 2 (SWORD shows 2)
    assert boss == {"card": first, "spaces": 2, "spot": 1}  # from spot 3, up 2
    assert st.track == [first, "minion:roach", "mouse:collin", second]


@pytest.mark.rule("R-BOSS-03")
@pytest.mark.rule("R-WOUND-03")
def test_r_boss_03_wounds_fill_the_boss_cards_one_at_a_time() -> None:
    # Collin hits the Warlord 3 times (no block): 2 fill one card, the players' choice; 1 stays on the other
    def warlord(wounds: int, **options: bool) -> tuple[Game, list[Event]]:
        g = scenario(
            lab_content(),
            heroes={"collin": {"space": "5:15"}},
            minions={"lab-warlord-1": {"space": "5:12", "wounds": wounds}, "rat-warrior-9": {"space": "5:1"}},
            track=["boss:lab-warlord:3", "mouse:collin", "boss:lab-warlord:1", "minion:rat-warrior"],
            turn="mouse:collin",
            dice=[CHEESE, SWORD, SWORD, SHIELD, BOW, BOW],
            options=options,
        )
        return g, g.apply("battle collin lab-warlord-1")

    # "choose which initiative card to place the wound on": the players are asked (issue 11)
    g, ev = warlord(0)
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("boss_card", "party")
    assert {str(a) for a in d.options} == {"choose party boss:lab-warlord:3", "choose party boss:lab-warlord:1"}
    ev = g.apply("choose party boss:lab-warlord:3")
    lost = one(ev, "boss_card_lost")
    assert lost.params == {"minion": "lab-warlord-1", "card": "boss:lab-warlord:3", "cards_left": 1}
    assert lost.rule == "R-WOUND-03"
    assert g.state.track == ["mouse:collin", "boss:lab-warlord:1", "minion:rat-warrior"]
    assert g.state.minions["lab-warlord-1"].wounds == 1
    # option auto_pick_choices: the card due to act next, without asking
    g, ev = warlord(0, auto_pick_choices=True)
    lost = one(ev, "boss_card_lost")
    assert lost.params == {"minion": "lab-warlord-1", "card": "boss:lab-warlord:1", "cards_left": 1}
    assert g.state.track == ["boss:lab-warlord:3", "mouse:collin", "minion:rat-warrior"]
    # with 1 wound already on its last-but-one card: 1 + 3 = 4 fills both cards, and the boss falls
    g, ev = warlord(1)
    ev = g.apply("choose party boss:lab-warlord:1")
    assert len(of(ev, "boss_card_lost")) == 1
    assert one(ev, "minion_defeated").params["minion"] == "lab-warlord-1"
    assert "lab-warlord-1" not in g.state.minions
    assert not any(c.startswith("boss:lab-warlord") for c in g.state.track)
