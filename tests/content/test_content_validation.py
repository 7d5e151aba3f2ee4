"""``mnm content validate`` on broken copies of the built-in content: every mistake is reported with its file,
entry and field, the command exits 1, and the loader never hands back half-loaded content.

Each test copies the built-in content to a temporary folder, breaks one thing on purpose, and checks the exact
report line.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from mnm.board.check import load_checked
from mnm.cli import app
from mnm.content.loader import ContentError, builtin_content, builtin_dir, load_content
from mnm.content.schemafiles import write_schemas

runner = CliRunner()


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(builtin_dir(), folder)
    return folder


def edit(folder: Path, rel: str, change: Callable[[Any], None]) -> None:
    """Load a YAML file of the copy, change it in place, write it back."""
    path = folder / rel
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def validate(folder: Path) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["content", "validate", str(folder)])
    return result.exit_code, [line for line in result.stdout.splitlines() if line.strip()]


def assert_reported(folder: Path, expected: str, *, alone: bool = True) -> None:
    """The command fails, and one report line starts with ``expected`` ("file: entry: field ...")."""
    code, lines = validate(folder)
    assert code == 1, lines
    assert any(line.startswith(expected) for line in lines), lines
    if alone:
        assert len(lines) == 1, f"one mistake should give one report line (no cascade): {lines}"
    # and loading refuses the folder as a whole, with the same issues: nothing half-loaded comes back
    with pytest.raises(ContentError) as err:
        load_checked(folder)
    assert [str(i) for i in err.value.issues] == lines


def set_field(rel: str, path: list[Any], value: Any) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        def go(data: Any) -> None:
            for key in path[:-1]:
                data = data[key]
            data[path[-1]] = value

        edit(folder, rel, go)

    return change


# --- the built-in content is clean ------------------------------------------------------------------------


def test_builtin_content_validates(content_dir: Path) -> None:
    code, lines = validate(content_dir)
    assert code == 0
    assert lines == [f"content OK: {content_dir}"]


# --- one mistake, one clear line ----------------------------------------------------------------------------

CASES: list[tuple[str, Callable[[Path], None], str]] = [
    (
        "wrong type",
        set_field("heroes.yaml", ["collin", "battle"], "lots"),
        "heroes.yaml: collin: battle must be a whole number, got 'lots'",
    ),
    ("negative move", set_field("heroes.yaml", ["filch", "move"], -1), "heroes.yaml: filch: move must be ≥ 0, got -1"),
    (
        "equipment card that does not exist",
        set_field("heroes.yaml", ["collin", "starting_equipment"], ["collins-sword", "laser-sword"]),
        "heroes.yaml: collin: starting_equipment.1 names card 'laser-sword', which does not exist",
    ),
    (
        "unknown field",
        set_field("minions.yaml", ["roach", "speed"], 3),
        "minions.yaml: roach: speed is not a known field",
    ),
    (
        "authored entry without a note",
        set_field("tiles/07-dining-hall.yaml", ["note"], ""),
        "tiles/07-dining-hall.yaml: side 7: note an authored entry needs a note",
    ),
    (
        "unknown minion in a chapter",
        set_field("chapters/00-proving-grounds.yaml", ["setup", "starting_minions", 0, "minion"], "dragon"),
        "chapters/00-proving-grounds.yaml: proving-grounds: setup.starting_minions.0.minion names minion 'dragon'",
    ),
    (
        "chapter laid on a side that does not exist",
        set_field("chapters/01-flight-to-barksburg.yaml", ["setup", "layout", 2, "side"], 77),
        "chapters/01-flight-to-barksburg.yaml: flight-to-barksburg: setup.layout.2.side names tile side 77",
    ),
    (
        "exit with no colour",
        lambda d: edit(d, "tiles/09-the-alchemist.yaml", lambda t: t["exits"][1].pop("colour")),
        "tiles/09-the-alchemist.yaml: side 9: exits.1.colour is required",
    ),
    (
        "exit outside its tile",
        set_field("tiles/10-the-crystal-tunnels.yaml", ["exits", 0, "end"], 12),
        "tiles/10-the-crystal-tunnels.yaml: side 10: exits.0.end runs to cell 12, outside the 12-cell edge",
    ),
    (
        "map row sticking out of the tile",
        lambda d: edit(d, "tiles/11-the-kings-chamber.yaml", lambda t: t["map"].__setitem__(4, t["map"][4] + "f")),
        "tiles/11-the-kings-chamber.yaml: side 11: map.4 has 13 cells",
    ),
    (
        "space declared but not on the map",
        set_field("tiles/12-inside-the-walls.yaml", ["spaces", "z"], {"n": 30}),
        "tiles/12-inside-the-walls.yaml: side 12: spaces.z (space 30) has no cell on the map",
    ),
    (
        "map character that is not declared",
        lambda d: edit(d, "tiles/13-the-larder.yaml", lambda t: t["spaces"].pop("k")),
        "tiles/13-the-larder.yaml: side 13: map.5 cell (1,5) uses 'k'",
    ),
    (
        "duplicate space number",
        set_field("tiles/14-the-wine-cellar.yaml", ["spaces", "d", "n"], 1),
        "tiles/14-the-wine-cellar.yaml: side 14: spaces.d.n number 1 is already used by space 'c'",
    ),
    (
        "special area without capacity",
        lambda d: edit(d, "tiles/07-dining-hall.yaml", lambda t: t["spaces"]["T"].pop("capacity")),
        "tiles/07-dining-hall.yaml: side 7: spaces.T.capacity a special area needs a capacity",
    ),
    (
        "current into a space it does not touch",
        set_field("tiles/16-the-sewer-drain-pipe.yaml", ["spaces", "h", "drift"], "x"),
        "tiles/16-the-sewer-drain-pipe.yaml: side 16: spaces.h.drift drifts into 'x', which it does not touch",
    ),
    (
        "current on dry land",
        set_field("tiles/16-the-sewer-drain-pipe.yaml", ["spaces", "k", "drift"], "l"),
        "tiles/16-the-sewer-drain-pipe.yaml: side 16: spaces.k.drift only water spaces have a current",
    ),
    (
        "asymmetric connection: a yellow arrow declared both ways",
        lambda d: edit(
            d, "tiles/07-dining-hall.yaml", lambda t: t["lines"].append({"kind": "yellow", "a": "e", "b": "T"})
        ),
        "tiles/07-dining-hall.yaml: side 7: lines.7 spaces 'e' and 'T' already have a line (lines.0)",
    ),
    (
        "red line between spaces that do not touch",
        lambda d: edit(d, "tiles/15-the-pipes.yaml", lambda t: t["lines"].append({"kind": "red", "a": "a", "b": "f"})),
        "tiles/15-the-pipes.yaml: side 15: lines.6 a red line needs spaces 'a' and 'f' to share a border",
    ),
    (
        "space split in two",
        lambda d: edit(d, "tiles/08-under-the-floorboards.yaml", lambda t: t["map"].__setitem__(10, "#sstttuuurs#")),
        "tiles/08-under-the-floorboards.yaml: side 8: spaces.s space 19 is split into 2 separate pieces",
    ),
    (
        "both sides of a tile the same colour",
        lambda d: edit(
            d,
            "tiles/10-the-crystal-tunnels.yaml",
            lambda t: (t.__setitem__("colour", "orange"), [e.__setitem__("colour", "orange") for e in t["exits"]]),
        ),
        "tiles/09-the-alchemist.yaml: side 9: colour both sides of tile 5 are orange",
    ),
]


@pytest.mark.parametrize(("name", "breakage", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_file_is_reported_with_file_entry_and_field(
    content_dir: Path, name: str, breakage: Callable[[Path], None], expected: str
) -> None:
    breakage(content_dir)
    assert_reported(content_dir, expected)


def test_duplicate_tile_side_id(content_dir: Path) -> None:
    shutil.copy(content_dir / "tiles/07-dining-hall.yaml", content_dir / "tiles/99-copy.yaml")
    assert_reported(content_dir, "tiles/99-copy.yaml: side 7: id is used twice (also tiles/07-dining-hall.yaml)")


def test_duplicate_chapter_id(content_dir: Path) -> None:
    shutil.copy(content_dir / "chapters/00-proving-grounds.yaml", content_dir / "chapters/99-copy.yaml")
    assert_reported(
        content_dir, "chapters/99-copy.yaml: proving-grounds: id is used twice (also chapters/00-proving-grounds.yaml)"
    )


def test_duplicate_key_in_one_file(content_dir: Path) -> None:
    # plain YAML would silently keep the second 'filch' and lose the first
    path = content_dir / "heroes.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "filch:\n  name: {en: Filch, pt: Filch}\n", encoding="utf-8")
    assert_reported(content_dir, "heroes.yaml: filch: is defined twice")


def test_invalid_yaml_names_line_and_column(content_dir: Path) -> None:
    (content_dir / "minions.yaml").write_text("roach:\n  name: [unclosed\n", encoding="utf-8")
    code, lines = validate(content_dir)
    assert code == 1
    # the broken file is one issue; references to its minions are not reported again as missing
    assert len(lines) == 1, lines
    assert lines[0].startswith("minions.yaml: is not valid YAML (line 3, column 1)")


def test_missing_file(content_dir: Path) -> None:
    (content_dir / "die.yaml").unlink()
    assert_reported(content_dir, "die.yaml: file is missing")


def test_one_broken_minion_does_not_cascade(content_dir: Path) -> None:
    # encounter cards and chapters name 'rat-warrior'; a typo in its entry is one issue, not dozens
    edit(content_dir, "minions.yaml", lambda m: m["rat-warrior"].__setitem__("battle", "two"))
    assert_reported(content_dir, "minions.yaml: rat-warrior: battle must be a whole number")


def test_every_mistake_is_reported_not_just_the_first(content_dir: Path) -> None:
    set_field("heroes.yaml", ["collin", "move"], -2)(content_dir)
    set_field("minions.yaml", ["spider", "life"], 0)(content_dir)
    set_field("tiles/16-the-sewer-drain-pipe.yaml", ["exits", 0, "edge"], "up")(content_dir)
    code, lines = validate(content_dir)
    assert code == 1
    assert len(lines) == 3, lines
    assert any(line.startswith("heroes.yaml: collin: move") for line in lines)
    assert any(line.startswith("minions.yaml: spider: life must be ≥ 1, got 0") for line in lines)
    assert any(
        line.startswith("tiles/16-the-sewer-drain-pipe.yaml: side 16: exits.0.edge must be one of") for line in lines
    )


def test_validate_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    code, lines = validate(tmp_path / "nowhere")
    assert code == 1
    assert lines == [f"{tmp_path / 'nowhere'}: is not a folder"]


# --- nothing half-loaded ----------------------------------------------------------------------------------


def test_loader_returns_all_or_nothing(content_dir: Path) -> None:
    set_field("heroes.yaml", ["tilda", "defense"], -1)(content_dir)
    with pytest.raises(ContentError) as err:
        load_content(content_dir)
    assert [str(i) for i in err.value.issues] == ["heroes.yaml: tilda: defense must be ≥ 0, got -1"]
    # the built-in content is untouched and still loads
    assert builtin_content().heroes["tilda"].defense >= 0


def test_stats_refuses_broken_content(content_dir: Path) -> None:
    set_field("heroes.yaml", ["tilda", "defense"], -1)(content_dir)
    result = runner.invoke(app, ["content", "stats", "--json", "--dir", str(content_dir)])
    assert result.exit_code == 1
    assert result.stdout == ""  # no numbers from half-loaded content


# --- stats and schema -------------------------------------------------------------------------------------


def test_content_stats_json_keys_and_counts() -> None:
    result = runner.invoke(app, ["content", "stats", "--json"])
    assert result.exit_code == 0
    stats = json.loads(result.stdout)
    assert set(stats) == {
        "heroes",
        "expansion_heroes",  # [EXP] Thistle, the authored Wild hero
        "minions",
        "tile_sides",
        "search_cards",
        "ability_cards",
        "encounter_cards",
        "chapters",
        "setup_items",  # [EXP] Party Setup items (Teaspoon Paddle, Turtle Whistle)
        "expansion_tile_sides",  # [EXP] sides 17-20
    }
    assert all(isinstance(v, int) for v in stats.values())
    assert stats["heroes"] == 6  # CONTENT.md §2
    assert stats["tile_sides"] == 16  # 8 double-sided tiles (CONTENT.md §9)


def test_content_stats_of_a_folder(content_dir: Path) -> None:
    # tile 5 (sides 9 and 10): only Chapter 5 lays it out (issue 30), so it goes with its tiles
    (content_dir / "chapters/05-the-old-mill.yaml").unlink()
    chapter4 = content_dir / "chapters/04-the-ember-vault.yaml"  # Chapter 4 leads on to it: the campaign ends there
    chapter4.write_text(chapter4.read_text(encoding="utf-8").replace("next_chapter: the-old-mill", ""), encoding="utf-8")
    (content_dir / "tiles/09-the-alchemist.yaml").unlink()
    (content_dir / "tiles/10-the-crystal-tunnels.yaml").unlink()
    result = runner.invoke(app, ["content", "stats", "--json", "--dir", str(content_dir)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["tile_sides"] == 14


def test_content_schema_writes_one_json_schema_per_file_kind(tmp_path: Path) -> None:
    out = tmp_path / "schema"
    result = runner.invoke(app, ["content", "schema", "-o", str(out)])
    assert result.exit_code == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(
        f"{k}.schema.json"
        for k in (
            "die",
            "heroes",
            "minions",
            "search-cards",
            "ability-cards",
            "encounter-cards",
            "tile-side",
            "chapter",
        )
    )
    tile = json.loads((out / "tile-side.schema.json").read_text(encoding="utf-8"))
    assert tile["$schema"].startswith("https://json-schema.org/")
    assert {"id", "tile", "colour", "map", "spaces"} <= set(tile["required"])
    assert tile["additionalProperties"] is False  # a typo in a field name is flagged in the editor
    heroes = json.loads((out / "heroes.schema.json").read_text(encoding="utf-8"))
    assert heroes["type"] == "object"  # a mapping of hero id -> entry
    entry = heroes["additionalProperties"]
    assert "id" not in entry.get("required", [])  # the key is the id
    assert {"battle", "defense", "lore", "move", "life"} <= set(entry["required"])


def test_schema_files_match_the_builtin_files(tmp_path: Path) -> None:
    """Every built-in file is valid against its JSON Schema's required fields (what an editor would check)."""
    paths = {p.name.removesuffix(".schema.json"): p for p in write_schemas(tmp_path)}
    tile_schema = json.loads(paths["tile-side"].read_text(encoding="utf-8"))
    for path in sorted((builtin_dir() / "tiles").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(tile_schema["required"]) <= set(data), path.name
        assert set(data) <= set(tile_schema["properties"]), path.name
