"""Rule defects found in review (issue 11), each reproduced with a scenario and scripted dice."""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, illegal, of, scenario

from mnm.engine.events import Event
from mnm.engine.i18n import render
from scenariokit import disguises_game

FAR_RAT = {"rat-warrior-9": {"space": "5:10"}}


@pytest.mark.rule("R-PARTY-12")
def test_r_party_12_every_roach_ending_on_the_grape_feasts_not_only_the_first() -> None:
    """"If one or more roaches end their move on the space with the grape, they will not attack and instead will
    feast on the grape. Discard the grape token and any roaches that ended their turn on it." Both roaches of
    the card reach the grape: both feast, neither attacks, and the grape goes back into the search deck once."""
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"roach-1": {"space": "5:5"}, "roach-2": {"space": "5:2"}, **FAR_RAT},
        tokens={"grape": ["5:1"]},
        party_cards=["grape"],
        track=["mouse:collin", "minion:rat-warrior", "minion:roach"],
        turn="minion:roach",
        dice=[SWORD, SWORD, CHEESE, CHEESE, CHEESE],  # the roaches' movement (2 each), then Collin's
    )
    ev = g.events
    assert sorted(e.params["dst"] for e in of(ev, "roach_to_grape")) == ["5:1", "5:1"]
    assert sorted(e.params["minion"] for e in of(ev, "roach_feasts")) == ["roach-1", "roach-2"]
    assert not of(ev, "minion_attacks")
    assert "roach-1" not in g.state.minions and "roach-2" not in g.state.minions
    assert "grape" not in g.state.tokens
    assert g.state.search_deck.count("grape") == 1 and g.state.party_cards == []


@pytest.mark.rule("R-PARTY-02")
@pytest.mark.rule("R-BOSS-02")
def test_r_party_02_disguises_do_not_fool_captain_vurst() -> None:
    """"Captain Vurst is unaffected by any rules or powers that only affect rats": Disguises cancel the rat
    warriors of Vurst's Patrol (page 3: Vurst and 2 rat warriors), not Vurst himself."""
    game = disguises_game(FAR_RAT)
    st = game.state
    assert st.pending is not None and st.pending.kind == "disguises"
    game.apply("choose party disguises")
    placed = sorted(m.type for m in game.state.minions.values() if m.id != "rat-warrior-9")
    assert placed == ["captain-vurst"]


@pytest.mark.rule("R-MOVE-04")
@pytest.mark.rule("R-MINION-05")
def test_r_move_04_no_melee_across_a_red_line_for_minions_either() -> None:
    """"Spaces divided by a red line are not considered adjacent to one another": a roach across the cell bars
    (5:9 | 5:13) cannot attack Collin, as Collin cannot attack it. (Minions still move across red lines:
    "minions ignore the effects of ... red lines" is a movement rule.) The roach is knocked down, so it stands up
    instead of moving, and then has nobody in reach."""
    g = scenario(
        heroes={"collin": {"space": "5:13"}},
        minions={"roach-1": {"space": "5:9", "statuses": ["knocked_down"]}},
        track=["mouse:collin", "minion:roach"],
        turn="minion:roach",
        dice=[SHIELD, SHIELD, SHIELD],  # Collin's movement (then anything else: nothing should be rolled)
    )
    assert of(g.events, "stands_up")
    assert not of(g.events, "minion_attacks")
    assert g.decision() is not None and g.decision().actor == "collin"  # type: ignore[union-attr]
    assert not any(a.verb == "battle" for a in g.legal_actions())


@pytest.mark.rule("R-BATTLE-07")
@pytest.mark.rule("R-ABIL-04")
def test_r_battle_07_chain_lightning_must_target_the_nearby_minions_when_there_are_any() -> None:
    """Chain Lightning is a ranged attack, and "a ranged attack must target a nearby minion when one is present"
    (R-BATTLE-07): with a rat warrior next to Maginos, every target must be a nearby minion."""
    g = scenario(
        heroes={"maginos": {"space": "5:15", "cheese": 3, "abilities": ["chain-lightning"]}},
        minions={"rat-warrior-1": {"space": "5:1"}, "rat-warrior-2": {"space": "5:12"}, **FAR_RAT},
        track=["mouse:maginos", "minion:rat-warrior"],
        turn="mouse:maginos",
        dice=[CHEESE],
    )
    uses = {a.args[1:] for a in g.legal_actions() if a.verb == "ability" and a.args[0] == "chain-lightning"}
    assert uses == {("rat-warrior-2",)}
    reason = illegal(g, "ability maginos chain-lightning rat-warrior-1 rat-warrior-2")
    assert reason == "a minion is next to Maginos: a ranged attack must target one of those (R-BATTLE-07)"


@pytest.mark.rule("R-ABIL-01")
@pytest.mark.rule("R-ABIL-04")
def test_r_abil_01_an_inspired_extra_action_and_an_ability_pay_from_one_purse() -> None:
    """Nez has 1 cheese and has taken her action; Inspire lets her take one more for 1 cheese. Shield Bash (Feint) costs 1
    and is itself that action: 2 cheese in all, so it is not offered (it used to leave Nez at -1 cheese). A
    search (the extra action alone) still is."""
    g = scenario(
        heroes={"nez": {"space": "5:12", "cheese": 1, "abilities": ["shield-bash"]}},
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
        track=["mouse:nez", "minion:rat-warrior"],
        turn="mouse:nez",
        chapter_data={"inspire_round": 1},
        dice=[CHEESE, CHEESE],  # Nez's movement, then a failed search
    )
    g.apply("search nez")
    t = g.state.turn
    assert t is not None and t.acted and t.extra_actions == 1
    actions = {str(a) for a in g.legal_actions()}
    assert "ability nez shield-bash rat-warrior-1" not in actions
    assert "search nez" in actions
    reason = illegal(g, "ability nez shield-bash rat-warrior-1")
    card = g.ctx.content.ability_cards["shield-bash"].name.en  # authored names follow CONTENT.md's appendix
    assert reason == (
        f"{card} costs 1 cheese and its action is an extra one (1 cheese, Inspire): 2 in all, and Nez has 1 "
        "(R-ABIL-01)"
    )
    assert g.state.heroes["nez"].cheese == 1


@pytest.mark.rule("R-NEG-05")
def test_r_neg_05_a_charmed_attackers_name_is_in_the_wound_sentence() -> None:
    """The wound a charmed mouse deals names it as the source (it used to render "from  ")."""
    g = scenario(
        heroes={"collin": {"space": "5:15", "statuses": ["charmed"]}, "filch": {"space": "5:11"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[SHIELD, SWORD, SWORD, CHEESE, BOW, BOW],
    )
    wounded = next(e for e in of(g.events, "mouse_wounded") if e.params["hero"] == "filch")
    assert wounded.params["source"] == "collin"
    assert render(wounded, "en", g.ctx.content) == "Filch takes 2 wounds from Prince Collin (2 in all)."
    assert render(wounded, "pt_BR", g.ctx.content) == "Filch sofre 2 ferimentos de Príncipe Collin (2 no total)."


@pytest.mark.rule("R-ROUND-13")
def test_r_round_13_born_to_lead_says_what_it_does() -> None:
    """Born to Lead gives Collin 1 cheese when he is not first; its sentence said his card moved to the top."""
    event = Event("born_to_lead", {"hero": "collin"}, "R-ROUND-13")
    assert render(event, "en") == "Prince Collin is born to lead and gains 1 cheese: not first on the track."
    assert render(event, "pt_BR") == "Príncipe Collin nasceu para liderar e ganha 1 queijo: não está em primeiro na trilha."


@pytest.mark.rule("R-WOUND-03")
def test_r_wound_03_a_boss_card_full_of_wounds_does_not_claim_the_boss_is_gone() -> None:
    event = Event("card_removed", {"card": "boss:lab-warlord:1", "boss": True}, "R-WOUND-03")
    assert "none of its figures" not in render(event, "en")
    assert render(event, "en").endswith("card leaves the initiative track: it is full of wounds.")


@pytest.mark.rule("R-PARTY-02")
def test_r_party_02_disguises_sentence_says_the_rats_are_not_placed() -> None:
    event = Event("disguises_used", {}, "R-PARTY-02")
    assert render(event, "en") == "The mice wear their disguises: the rats of this encounter are not placed."
