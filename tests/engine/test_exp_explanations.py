"""[EXP] Minion explanations: Hesster's strike (R-EXP-14), Olga's charge (R-EXP-10) and the Clockwork Mortar
(R-EXP-12) each say where they struck, charged or fired, whom they hit, and which rule and tie-break chose it,
in English and Portuguese.

Under the Bank (18): 2 -> 4 -> 6 -> 9 runs from the north-east entry down to the east. Bramble Hollow (19):
7 -> 10 -> 13 down the west side. The Ember Vault (20): the mortar ledge 4 looks down over 6 onto 9.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SWORD, one, scenario
from test_exp_creatures import olga_charge

from mnm.engine.i18n import render_rule


def _both(g, event) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    return render_rule(event, "en", g.ctx.content), render_rule(event, "pt_BR", g.ctx.content)


@pytest.mark.rule("R-EXP-14")
def test_r_exp_14_hesster_s_strike_says_toward_whom_where_the_head_landed_and_whom_it_touched() -> None:
    g = scenario(
        chapter="the-ember-vault",
        heroes={"collin": {"space": "18:9"}, "tilda": {"space": "18:9"}, "filch": {"space": "18:12"}},
        minions={"hesster-1": {"space": "18:2"}},
        track=["minion:hesster:1", "minion:hesster:2", "mouse:collin", "mouse:tilda", "mouse:filch"],
        dice=[SWORD, SWORD, BOW, BOW, BOW, BOW, CHEESE, CHEESE, CHEESE],
    )
    strike = one(g.events, "hesster_strikes")
    assert strike.params == {
        "missed": False,
        "tied": ["tilda"],  # as near his tail as Collin, but lower on the track
        "minion": "hesster-1",
        "tail": "18:2",
        "target": "collin",
        "head": "18:9",
        "crowd": 2,  # 9 holds two mice, 12 one
        "spaces": ["18:2", "18:4", "18:6", "18:9"],
        "victims": ["collin", "tilda"],
        "faces": [2, 2],
        "hits": 2,
    }
    en, pt = _both(g, strike)
    assert en.startswith("Hesster strikes from his tail on Under the Bank 2 toward Prince Collin, the mouse nearest it")
    assert "(tied with Tilda" in en and "his head lands on Under the Bank 9" in en and en.endswith("(R-EXP-14)")
    assert "against Prince Collin and Tilda" in en
    assert pt.startswith("Hesster dá o bote a partir da cauda em Sob a Margem 2") and "empatado com" in pt


@pytest.mark.rule("R-EXP-10")
def test_r_exp_10_olga_s_charge_says_why_she_moved_where_and_whom_she_trampled() -> None:
    g = olga_charge()
    charge = one(g.events, "olga_charges")
    assert charge.params == {
        "trampled": ["filch", "roach-1", "collin"],  # space by space, mice then small minions
        "hero": "collin",
        "src": "19:7",
        "dst": "19:13",
        "path": ["19:10", "19:13"],
        "steps": 2,
        "forks": [],
    }
    en, pt = _both(g, charge)
    assert en.startswith("Prince Collin rolled a 1 for movement, so Olga charges 2 spaces toward Prince Collin")
    assert "trampling Filch, Roach 1 and Prince Collin: 1 wound each, with no defense roll. (R-EXP-10)" in en
    assert pt.startswith("Príncipe Collin tirou 1 no movimento, então Olga avança 2 espaços")
    assert "pisoteando Filch, Barata 1 e Príncipe Collin" in pt


@pytest.mark.rule("R-EXP-12")
def test_r_exp_12_the_mortar_says_who_fired_from_where_at_whom_and_why_that_mouse() -> None:
    g = scenario(
        chapter="the-ember-vault", tiles={"10": 20},
        heroes={"collin": {"space": "20:9"}, "filch": {"space": "20:9"}},
        minions={"ember-beetle-1": {"space": "20:4"}},
        tokens={"mortar": ["20:4"]},
        track=["minion:ember-beetle", "mouse:collin", "mouse:filch"],
        dice=[BOW, BOW, CHEESE, BOW, BOW, CHEESE],  # the mortar: 2 hits; Collin blocks none; Collin's movement
    )
    fire = one(g.events, "mortar_fires")
    assert fire.params == {
        "tied": ["filch"],  # as near as Collin, lower on the track
        "minion": "ember-beetle-1",
        "space": "20:4",
        "hero": "collin",
        "target_space": "20:9",
        "faces": [BOW, BOW, CHEESE],
        "hits": 2,
    }
    en, pt = _both(g, fire)
    assert "began its turn on the Clockwork Mortar (The Ember Vault 4), the first this round" in en
    assert "at Prince Collin on The Ember Vault 9, the nearest mouse it can see (tied with Filch;" in en
    assert en.endswith("(R-EXP-12)") and "Morteiro de Corda" in pt and "empatado com Filch" in pt
