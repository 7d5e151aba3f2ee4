"""[EXP] The surfaces say what the expansion puts on the board: the plain description (mnm.presentation.info), the board
SVG (lava, chasm, shallow water) and the terminal board (tokens, allies and pets)."""

from __future__ import annotations

import pytest
from rulekit import CHEESE, scenario

from mnm.board.render import TERRAIN_FILL, render_layout_svg
from mnm.presentation import info


@pytest.mark.rule("R-EXP-04")
@pytest.mark.rule("R-EXP-22")
def test_plain_descriptions_name_terrain_tokens_and_helpers() -> None:
    g = scenario(
        chapter="the-trickle-crossing",
        heroes={"collin": {"space": "17:3"}},
        minions={},
        tokens={"leaf-1": ["17:9"]},
        chapter_data={"helpers": {"cricket-1": {"type": "cricket", "space": "17:3", "wounds": 0, "owner": "collin"}}},
        track=["mouse:collin"],
        turn="mouse:collin",
        dice=[CHEESE],
    )
    content, st = g.ctx.content, g.state
    assert (
        "With the party: Chirp the Cricket (follows Prince Collin). Pet: follows a mouse and fights minions at the end "
        "of that mouse's turn." in info.space(content, st, "17:3")["lines"]
    )
    assert (
        "Leaf 1 here. A boat on the current; at the end of each round it drifts with its riders (the arrow). It "
        "drifts south, into space 12." in info.space(content, st, "17:9")["lines"]
    )
    assert any(line.startswith("Folha 1 aqui.") for line in info.space(content, st, "17:9", "pt")["lines"])
    assert any(line.startswith("Shallow water") for line in info.space(content, st, "17:18")["lines"])
    vault = scenario(
        chapter="the-ember-vault",
        tiles={"10": 20},
        heroes={"collin": {"space": "20:1"}},
        minions={},
        tokens={},
        track=["mouse:collin"],
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert any(line.startswith("Lava") for line in info.space(vault.ctx.content, vault.state, "20:12")["lines"])
    svg = render_layout_svg(vault.ctx.board, {10: 20, 9: 18})
    assert 'class="space normal lava"' in svg and TERRAIN_FILL["lava"] in svg and TERRAIN_FILL["chasm"] in svg


@pytest.mark.rule("R-EXP-05")
def test_the_terminal_board_marks_leaves_and_helpers() -> None:
    from mnm.terminal.boardmap import side_lines

    g = scenario(
        chapter="the-trickle-crossing",
        heroes={"collin": {"space": "17:3"}},
        minions={},
        tokens={"leaf-1": ["17:9"], "olga": ["17:2"]},
        chapter_data={"helpers": {"cricket-1": {"type": "cricket", "space": "17:3", "wounds": 0, "owner": "collin"}}},
        track=["mouse:collin"],
        turn="mouse:collin",
        dice=[CHEESE],
    )
    text = "\n".join(line.plain for line in side_lines(g, 17))
    assert "L↓" in text and "Og" in text and "Pt" in text  # a leaf shows the way it drifts
