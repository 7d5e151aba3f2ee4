"""``mnm board render``: every tile side draws as a well-formed SVG showing exactly what the board holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mnm.board.geometry import compile_side
from mnm.cli import app
from mnm.content.loader import builtin_content

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"


def test_render_all_draws_every_side(tmp_path: Path) -> None:
    out = tmp_path / "sides"
    result = runner.invoke(app, ["board", "render", "all", "-o", str(out)])
    assert result.exit_code == 0, result.output
    content = builtin_content()
    assert sorted(p.name for p in out.iterdir()) == [f"side-{s:02d}.svg" for s in sorted(content.tile_sides)]
    for side_id, side in content.tile_sides.items():
        graph = compile_side(side)
        root = ET.parse(out / f"side-{side_id:02d}.svg").getroot()
        assert root.findtext(f"{SVG}title") == f"Side {side_id}: {side.name.en}"
        drawn = [el.get("data-space") for el in root.iter(f"{SVG}path") if el.get("data-space")]
        assert sorted(drawn) == sorted(sp.id for sp in graph.spaces)
        exits = [el for el in root.iter(f"{SVG}rect") if el.get("class") == "exit"]
        assert len(exits) == len(side.exits)
        flips = [el for el in root.iter(f"{SVG}g") if el.get("class") == "mk-flip"]
        assert len(flips) == sum(1 for sp in graph.spaces if sp.flip)
        entries = [el for el in root.iter(f"{SVG}g") if el.get("class") == "mk-entry"]
        assert len(entries) == sum(1 for sp in graph.spaces if sp.entry)
        currents = [el for el in root.iter(f"{SVG}g") if el.get("class") == "current"]
        assert len(currents) == sum(1 for sp in graph.spaces if sp.drift)


def test_render_one_side_and_an_unknown_side(tmp_path: Path) -> None:
    out = tmp_path / "pipes.svg"
    result = runner.invoke(app, ["board", "render", "15", "-o", str(out)])
    assert result.exit_code == 0
    svg = out.read_text(encoding="utf-8")
    assert "15 · The Pipes" in svg
    assert "flip space (gear)" in svg  # the valve wheel (R-EXPLORE-08)
    bad = runner.invoke(app, ["board", "render", "97", "-o", str(tmp_path / "x.svg")])  # [EXP] 17-20 exist now
    assert bad.exit_code == 2
    assert "no tile side 97" in bad.output


@pytest.mark.rule("R-EXP-20")
def test_an_exit_branch_has_a_glyph_of_its_own() -> None:
    """The Oak Crown's exit branches (21:5 west leaf, 21:8 east leaf) show a twig ending in a leaf, not the generic
    lettered badge of a feature without a glyph."""
    from mnm.board.render import render_side_svg

    svg = render_side_svg(compile_side(builtin_content().tile_sides[21]))
    branches = [part for part in svg.split('<g class="mk-feature">')[1:] if part.startswith("<title>exit-branch<")]
    assert len(branches) == 2
    for part in branches:
        assert 'fill="#7fd36b"' in part and 'stroke="#6d4c2f"' in part  # the leaf and its twig
        assert "#d8c7f0" not in part.split("</g>")[0] and 'class="mk"' not in part.split("</g>")[0]
