"""[EXP] Thistle, the authored Wild hero (R-GEN-13, R-EXP-18): a Wild and Archer mouse whose innate Thicket Sense
(R-ABIL-05) adds a defense die on outdoor tiles (R-EXP-17), and who takes archer ability cards at setup."""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SWORD, scenario

from mnm.content.loader import builtin_content
from mnm.content.schema import HeroClass
from mnm.engine.rules.battle import defense_dice, minion_attacks_mouse
from mnm.engine.rules.setup import hero_meets_ability


@pytest.mark.rule("R-GEN-13")
def test_r_gen_13_thistle_is_the_box_s_wild_hero_in_both_languages() -> None:
    content = builtin_content()
    thistle = content.heroes["thistle"]
    assert (thistle.classes, thistle.expansion, thistle.source) == ((HeroClass.WILD, HeroClass.ARCHER), True, "authored")
    assert (thistle.name.en, thistle.name.pt) == ("Thistle", "Cardo")
    assert (thistle.battle, thistle.defense, thistle.lore, thistle.move, thistle.life) == (2, 1, 1, 3, 4)
    assert [i.id for i in thistle.innate] == ["thicket-sense"] and thistle.innate[0].text.pt.startswith("Quando Cardo")
    stats = content.stats()
    assert (stats["heroes"], stats["expansion_heroes"]) == (6, 1)  # the base box still has six
    archer_cards = sorted(c for c, card in content.ability_cards.items() if HeroClass.ARCHER in card.classes)
    g = scenario(chapter="the-trickle-crossing", heroes={"thistle": {"space": "17:1"}}, minions={})
    allowed = sorted(c for c in content.ability_cards if hero_meets_ability(g.ctx, "thistle", c))
    assert len(archer_cards) == 4 and set(archer_cards) <= set(allowed)  # she draws from the archer's cards


@pytest.mark.rule("R-ABIL-05")
@pytest.mark.rule("R-EXP-17")
def test_r_abil_05_thicket_sense_adds_a_defense_die_on_an_outdoor_tile_only() -> None:
    outdoors = scenario(
        chapter="the-trickle-crossing",
        heroes={"thistle": {"space": "17:1"}},
        minions={"rat-warrior-1": {"space": "17:1"}},
        track=["minion:rat-warrior", "mouse:thistle"],
        dice=[SWORD, SWORD, BOW, BOW, CHEESE],  # the rat: 2 hits; Thistle's 2 defense dice block none; her move
    )
    st = outdoors.state
    assert st.heroes["thistle"].wounds == 2
    assert defense_dice(outdoors.ctx, st, st.heroes["thistle"], None) == 2  # 1 + Thicket Sense
    indoors = scenario(heroes={"thistle": {"space": "5:12"}}, minions={"rat-warrior-1": {"space": "5:12"}})
    ist = indoors.state
    assert defense_dice(indoors.ctx, ist, ist.heroes["thistle"], ist.minions["rat-warrior-1"]) == 1
    ist.dice_queue = [SWORD, SWORD, BOW]  # 2 hits; 1 defense die
    minion_attacks_mouse(indoors.ctx, ist, ist.minions["rat-warrior-1"], ist.heroes["thistle"], "test")
    assert ist.dice_queue == [] and ist.heroes["thistle"].wounds == 2
