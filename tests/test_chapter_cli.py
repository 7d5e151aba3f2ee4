"""Chapter files (issue 22, items 4-6): ``mnm chapter validate/new``, ``--chapter-file`` for play, simulate and
hint, refusals of bad and hostile files, saves that know their chapter, campaigns between chapter files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from mnm.chapters.file import (
    MAX_CHAPTER_BYTES,
    ChapterFileError,
    added_chapter,
    chapter_digest,
    next_chapter_content,
    read_chapter_file,
    read_chapter_text,
    skeleton_text,
    validate_chapter_text,
)
from mnm.cli import app
from mnm.content.loader import builtin_dir
from mnm.engine import Game, SaveError
from mnm.sim.simulate import run_simulation
from mnm.terminal.main import campaign_game
from mnm.terminal.session import load_game, save_game

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "chapters" / "kitchen-run.yaml"
SHIPPED = sorted((builtin_dir() / "chapters").glob("*.yaml"))
PARTY = ["collin", "tilda", "filch", "maginos"]


def skeleton(**swap: str) -> str:
    text = skeleton_text()
    for old, new in swap.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def line_of(text: str, needle: str) -> int:
    """The 1-based line of ``text`` where ``needle`` is."""
    return text[: text.index(needle)].count("\n") + 1


def one_problem(text: str) -> str:
    """The single problem of ``text``, as the command line prints it."""
    problems = validate_chapter_text(text, "c.yaml")
    assert len(problems) == 1, [str(p) for p in problems]
    line = str(problems[0])
    assert "\n" not in line
    assert problems[0].pt and problems[0].pt != problems[0].en  # said in Portuguese too
    return line


# --- what validates -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_chapter_validates(path: Path) -> None:
    result = runner.invoke(app, ["chapter", "validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "chapter OK" in result.output


def test_new_writes_a_skeleton_that_validates_and_plays(tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    made = runner.invoke(app, ["chapter", "new", "-o", str(out)])
    assert made.exit_code == 0, made.output
    assert out.read_text(encoding="utf-8").startswith("# A chapter of your own")
    assert runner.invoke(app, ["chapter", "new", "-o", str(out)]).exit_code == 2  # never overwritten unasked
    checked = runner.invoke(app, ["chapter", "validate", str(out)])
    assert checked.exit_code == 0, checked.output
    content = read_chapter_file(out)
    chapter, source = added_chapter(content)
    game = Game.new(chapter.id, PARTY, seed=1, content=content)
    assert game.decision() is not None
    assert source.digest == game.to_json()["chapter_file"]["digest"]


def test_the_walk_through_chapter_validates_and_bots_play_it() -> None:
    content = read_chapter_file(EXAMPLE)
    chapter, _ = added_chapter(content)
    summary, records = run_simulation(chapter.id, PARTY, "random", 3, seed=0, content=content)
    assert summary["games"] == 3
    assert all(r["status"] in ("won", "lost") for r in records)  # every game played to its end


# --- refusals: one clear line each ----------------------------------------------------------------------


def test_unknown_minion_is_named_with_file_line_and_field() -> None:
    text = skeleton(**{"{minion: rat-warrior, count: 2, side: 5}": "{minion: rat-wizard, count: 2, side: 5}"})
    line = one_problem(text)
    assert line.startswith(f"c.yaml:{line_of(text, 'rat-wizard')}: setup.starting_minions.0.minion: ")
    assert "'rat-wizard', which does not exist" in line


def test_unknown_tile_side_and_unknown_story_moment() -> None:
    assert "names tile side 99, which does not exist" in one_problem(
        skeleton(**{"{side: 4, at: [1, 0]}": "{side: 99, at: [1, 0]}"})
    )
    assert "story moment 'tunnel'" in one_problem(skeleton(**{"{moment: tunnels}": "{moment: tunnel}"}))


def test_a_victory_on_a_space_that_does_not_exist() -> None:
    text = skeleton(**{'spaces: ["4:2"]': 'spaces: ["4:42"]'})
    assert one_problem(text) == (
        f"c.yaml:{line_of(text, '4:42')}: victory.2.all_free_mice_on.spaces.0: names space 4:42, which does not "
        "exist (side 4 has no space 42)"
    )


def test_an_unreachable_goal() -> None:
    # the tunnels laid away from the Guard Room: no lined-up exit leads there, so the goal cannot be reached
    problems = validate_chapter_text(skeleton(**{"{side: 4, at: [1, 0]}": "{side: 4, at: [3, 3]}"}), "c.yaml")
    assert [p.field for p in problems] == ["setup.layout.1"]
    assert "can never be reached from the start space 5:15" in str(problems[0])


def test_a_goal_on_a_tile_not_in_the_layout() -> None:
    line = one_problem(skeleton(**{'spaces: ["4:2"]': 'spaces: ["7:2"]'}))
    assert "victory.2.all_free_mice_on.spaces.0: names tile side 7, which is not on this chapter's board" in line


def test_a_trigger_on_a_tile_not_in_the_layout() -> None:
    text = skeleton(**{"  - side: 4\n    rules:": "  - side: 9\n    rules:"})
    line = one_problem(text)
    assert line.startswith(f"c.yaml:{line_of(text, 'side: 9')}: rooms.0.side: names tile side 9, which is not on ")
    where = skeleton(**{"when: tile_revealed": "when: surge\n        where: {side: 7}"})
    assert "rooms.0.rules.0.where.side: names tile side 7, which is not on this chapter's board" in one_problem(where)


def test_a_trigger_on_a_minion_that_never_comes() -> None:
    text = skeleton(**{"when: tile_revealed": "when: minion_defeated\n        where: {minion: molox}"})
    assert "'molox', which never comes into this chapter" in one_problem(text)


def test_both_sides_of_one_tile_and_two_tiles_on_one_place() -> None:
    both = skeleton(**{"    - {side: 4, at: [1, 0]}": "    - {side: 4, at: [1, 0]}\n    - {side: 3, at: [2, 0]}"})
    assert "physical tile 2 is laid twice" in one_problem(both)
    stacked = skeleton(**{"{side: 4, at: [1, 0]}": "{side: 4, at: [0, 0]}"})
    assert "position [0, 0] already holds side 5" in one_problem(stacked)


def test_no_way_to_win() -> None:
    text = skeleton(
        **{'victory:                  # the mice win when all of these hold\n  - tile_face_up: {side: 4}\n  - tile_clear: {side: 4}\n  - all_free_mice_on: {spaces: ["4:2"]}\n': ""}
    )
    assert "victory: the chapter has no victory condition" in one_problem(text)


def test_schema_errors_are_named_in_both_languages() -> None:
    text = skeleton(party_size="party_size: 9  #")
    problems = validate_chapter_text(text, "c.yaml")
    n = line_of(text, "party_size: 9")
    assert str(problems[0]) == f"c.yaml:{n}: setup.party_size: must be ≤ 4, got 9"
    assert problems[0].text("pt") == f"c.yaml:{n}: setup.party_size: deve ser ≤ 4, recebido 9"


def test_a_yaml_bomb_is_refused_on_its_first_alias() -> None:
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        bomb += f"{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
    assert one_problem(bomb) == "c.yaml:2: YAML aliases (*a) are not allowed"


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    huge = "story:\n" + "  x: " + "a" * (MAX_CHAPTER_BYTES + 10) + "\n"
    assert f"over the {MAX_CHAPTER_BYTES // 1024} KB" in one_problem(huge)
    path = tmp_path / "huge.yaml"
    path.write_text(huge, encoding="utf-8")
    result = runner.invoke(app, ["chapter", "validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}:1: the file is" in result.output


def test_nul_bytes_and_other_binary_files(tmp_path: Path) -> None:
    assert one_problem("id: x\nnote: a\x00b\n") == "c.yaml:2: a NUL character (a binary file, not YAML text)"
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"id: x\nname: caf\xe9\n")
    with pytest.raises(ChapterFileError) as err:
        read_chapter_file(path)
    assert str(err.value) == f"{path}:2: is not UTF-8 text"


def test_deep_nesting_duplicate_keys_long_texts_many_rules_and_big_numbers() -> None:
    assert "nested more than" in one_problem("a: " + "[" * 50 + "]" * 50)
    twice = skeleton_text().replace("number: 100", "number: 100\nnumber: 101")
    n = line_of(twice, "number: 101")
    assert one_problem(twice).startswith(f"c.yaml:{n}: 'number' is written twice in one mapping (first on line {n - 1})")
    long = skeleton(**{"The guards are asleep at last.": "x" * 5000})
    assert "story.opening.en: is 5" in one_problem(long)
    rule = "  - {id: r, when: round_begins, do: [cheese: {amount: 1}]}\n"
    many = skeleton(**{"rules:                    # trigger (when) -> conditions (if) -> effects (do)\n": "rules:\n" + rule * 101})  # and the opening rule
    assert "rules: has 102 entries, more than the 100" in one_problem(many)
    assert "is 99999999, outside" in one_problem(skeleton(**{"end_page: 6": "end_page: 99999999"}))


def test_validate_prints_one_line_per_problem_and_json_for_the_workshop(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(skeleton(**{'spaces: ["4:2"]': 'spaces: ["4:42"]', "count: 2, side: 5": "count: 2, side: 7"}))
    result = runner.invoke(app, ["chapter", "validate", str(bad)])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if line]
    assert len(lines) == 2 and all(line.startswith(f"{bad}:") for line in lines)
    as_json = runner.invoke(app, ["chapter", "validate", "--json", str(bad)])
    assert as_json.exit_code == 1
    report = json.loads(as_json.stdout)
    assert set(report[str(bad)][0]) == {"file", "field", "line", "en", "pt"}
    good = runner.invoke(app, ["chapter", "validate", "--json", str(EXAMPLE)])
    assert good.exit_code == 0 and json.loads(good.stdout) == {str(EXAMPLE): []}


def test_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(skeleton(**{'spaces: ["4:2"]': 'spaces: ["4:42"]'}))
    result = runner.invoke(app, ["simulate", "--chapter-file", str(bad), "--games", "1"])
    assert result.exit_code == 1
    assert "4:42, which does not exist" in result.output
    assert not (tmp_path / "results.jsonl").exists()


# --- playing a chapter file -----------------------------------------------------------------------------


def test_play_and_simulate_take_a_chapter_file(tmp_path: Path) -> None:
    played = runner.invoke(app, ["play", "--plain", "--no-autosave", "--chapter-file", str(EXAMPLE)], input="quit\nyes\n")
    assert played.exit_code == 0, played.output
    assert "Kitchen Run" in played.output
    both = runner.invoke(app, ["play", "--plain", "--chapter", "1", "--chapter-file", str(EXAMPLE)], input="")
    assert both.exit_code == 2
    sim = runner.invoke(app, ["simulate", "--chapter-file", str(EXAMPLE), "--bot", "random", "--games", "2", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.stdout)["chapter"] == "kitchen-run"


# --- saves carry the chapter's identity -----------------------------------------------------------------


def _custom_save(tmp_path: Path) -> tuple[Path, Path]:
    chapter = tmp_path / "mine.yaml"
    chapter.write_text(skeleton_text(), encoding="utf-8")
    content = read_chapter_file(chapter)
    game = Game.new("my-chapter", PARTY, seed=4, content=content)
    game.apply(game.decision().options[0])  # type: ignore[union-attr]
    return chapter, save_game(game, tmp_path / "save.json")


def test_a_save_reloads_with_the_same_chapter_only(tmp_path: Path) -> None:
    chapter, save = _custom_save(tmp_path)
    recorded = json.loads(save.read_text())["chapter_file"]
    assert recorded["digest"] == chapter_digest(yaml.safe_load(chapter.read_text()))
    assert load_game(save).state.chapter == "my-chapter"  # found where the save says it was
    # comments and spacing are not the chapter: the digest stays
    chapter.write_text("# a new comment\n" + skeleton_text(), encoding="utf-8")
    assert load_game(save, chapter_file=chapter).state.chapter == "my-chapter"
    chapter.write_text(skeleton(**{"end_page: 6": "end_page: 7"}), encoding="utf-8")
    with pytest.raises(SaveError, match="the chapter changed since the save, and a save loads only with the same"):
        load_game(save)
    chapter.unlink()
    with pytest.raises(SaveError, match=r"load it with that chapter file \(--chapter-file .*mine.yaml\)"):
        load_game(save)


def test_shipped_chapter_saves_load_as_before(tmp_path: Path) -> None:
    game = Game.new("proving-grounds", PARTY, seed=2)
    data = game.to_json()
    assert "chapter_file" not in data  # old saves and new ones of shipped chapters look the same
    save = save_game(game, tmp_path / "s.json")
    assert load_game(save).state.chapter == "proving-grounds"
    # a shipped chapter's save is refused with a chapter file of the same id (it is not the same chapter)
    same_id = tmp_path / "pg.yaml"
    same_id.write_text(SHIPPED[0].read_text(encoding="utf-8").replace("end_page: 6", "end_page: 7"))
    with pytest.raises(SaveError, match="is of the shipped chapter 'proving-grounds'"):
        load_game(save, chapter_file=same_id)


def test_hint_on_a_chapter_file_game(tmp_path: Path) -> None:
    _chapter, save = _custom_save(tmp_path)
    result = runner.invoke(app, ["hint", str(save), "--json", "--iterations", "4", "--workers", "1", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)


# --- campaigns between chapter files --------------------------------------------------------------------


def test_next_chapter_is_the_file_of_that_name_beside_it(tmp_path: Path) -> None:
    first = tmp_path / "first.yaml"
    first.write_text(skeleton(**{"id: my-chapter": "id: first\nnext_chapter: second"}), encoding="utf-8")
    assert "second" in str(validate_chapter_text(first.read_text(), "first.yaml", folder=tmp_path)[0])
    second = tmp_path / "second.yaml"
    second.write_text(skeleton(**{"id: my-chapter": "id: second"}), encoding="utf-8")
    content = read_chapter_file(first)
    game = Game.new("first", PARTY, seed=3, content=content)
    game.state.status, game.state.outcome = "won", "victory"
    end = save_game(game, tmp_path / "end.json")
    following = campaign_game(end, ",".join(f"{h}=none" for h in PARTY))
    assert following.state.chapter == "second"
    assert following.to_json()["chapter_file"]["file"] == str(second.resolve())
    assert next_chapter_content(following.ctx.content, following.ctx.chapter) is following.ctx.content


def test_the_same_chapter_text_gives_the_same_content_object() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert read_chapter_text(text, "a.yaml") is read_chapter_text(text, "a.yaml")


def test_a_scenario_on_a_chapter_file(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text('chapter: kitchen-run\nheroes:\n  collin: {space: "5:12"}\ndice: [2]\n', encoding="utf-8")
    unknown = runner.invoke(app, ["scenario", "run", str(scenario)])
    assert unknown.exit_code == 1 and "unknown chapter 'kitchen-run'" in unknown.output
    result = runner.invoke(app, ["scenario", "run", str(scenario), "--chapter-file", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["chapter"] == "kitchen-run" and report["decision"]["actor"] == "collin"


def test_independent_problems_are_all_reported_once_each() -> None:
    text = skeleton(**{'spaces: ["4:2"]': 'spaces: ["4:42"]', "minion: rat-warrior": "minion: rat-warior"})
    problems = validate_chapter_text(text, "c.yaml")
    assert [p.field for p in problems] == ["setup.starting_minions.0.minion", "victory.2.all_free_mice_on.spaces.0"]
    special = skeleton(**{"  start_space:": "  special_searches: [{side: 77, card: tinkerers-treasure}]\n  start_space:"})
    assert one_problem(special).endswith("special_searches.0.side: names tile side 77, which does not exist")


def test_the_walk_through_shows_what_validate_prints() -> None:
    """docs/chapters.md's broken.yaml is the skeleton with a misspelt minion and a goal space 4:42."""
    doc = (ROOT / "docs" / "chapters.md").read_text(encoding="utf-8")
    broken = skeleton(**{'spaces: ["4:2"]': 'spaces: ["4:42"]', "minion: rat-warrior": "minion: rat-warior"})
    problems = validate_chapter_text(broken, "broken.yaml")
    assert len(problems) == 2
    for p in problems:
        assert str(p) in doc
    assert problems[0].text("pt") in doc
    example = EXAMPLE.read_text(encoding="utf-8")
    for line in ("- {minion: roach, count: 1, side: 4}", "where: {spaces: [\"4:1\"], mouse: true}", "do: [cheese: {to: wheel, amount: 1}]"):
        assert line in example and line in doc


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("digest", 5, "chapter_file.digest: must be text"),
        ("id", "proving-grounds", "chapter_file.id: must be the save's chapter 'my-chapter'"),
        ("extra", 1, "chapter_file: unknown field(s): extra"),
        ("file", ["x"], "chapter_file.file: must be a file name"),
    ],
)
def test_a_tampered_chapter_file_record_is_refused(tmp_path: Path, field: str, value: object, message: str) -> None:
    chapter, save = _custom_save(tmp_path)
    data = json.loads(save.read_text())
    data["chapter_file"][field] = value
    save.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_game(save, chapter_file=chapter)


def test_an_empty_file_says_where_to_start() -> None:
    assert one_problem("# nothing yet\n") == "c.yaml:1: the file is empty: start from mnm chapter new"


def test_render_draws_a_chapter_files_layout(tmp_path: Path) -> None:
    out = tmp_path / "layout.svg"
    result = runner.invoke(app, ["chapter", "render", str(EXAMPLE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("<svg") and "The Kitchen Run" in out.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\n", encoding="utf-8")
    refused = runner.invoke(app, ["chapter", "render", str(bad), "-o", str(tmp_path / "no.svg")])
    assert refused.exit_code == 1 and not (tmp_path / "no.svg").exists()


def test_a_first_reveal_of_the_start_side_never_fires() -> None:
    text = skeleton(**{"  - side: 4\n    rules:": "  - side: 5\n    rules:"})
    assert "rooms.0.rules.0.when: tile_revealed on side 5 never fires" in one_problem(text)


def test_an_hourglass_page_the_game_never_reaches() -> None:
    text = skeleton(**{"when: chapter_begins": "when: hourglass_page\n    where: {page: 10}"})
    assert "rules.0.where.page: is page 10: the hourglass starts on page 1" in one_problem(text)
    fine = skeleton(**{"when: chapter_begins": "when: hourglass_page\n    where: {page: 5}"})
    assert validate_chapter_text(fine) == []



def test_contents_let_go_never_lend_their_cached_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond MAX_CUSTOM_CHAPTERS the oldest content is let go; caches keyed by a content's id check the object
    they hold, so a new content that got a freed id (faked here) never gets the old one's board or names."""
    import mnm.chapters.contents as chapterfile
    from mnm.board import layout
    from mnm.server import views

    monkeypatch.setattr(chapterfile, "MAX_CUSTOM_CHAPTERS", 2)
    made = [read_chapter_text(skeleton(**{"end_page: 6": f"end_page: {page}"}), f"c{page}.yaml") for page in (5, 6, 7)]
    assert len(chapterfile._INTERNED) == 2 and made[0] not in chapterfile._INTERNED.values()
    again = read_chapter_text(skeleton(**{"end_page: 6": "end_page: 5"}), "c5.yaml")
    assert again.chapters["my-chapter"].end_page == 5
    old, new = made[1], made[2]
    chapter = new.chapters["my-chapter"]
    stale = layout.build_board(old, old.chapters["my-chapter"].layout)  # a real Board: the compiled cache is typed
    layout._BOARDS[(id(new), "my-chapter")] = (old.chapters["my-chapter"], old.tile_sides, stale)
    assert layout.Board.for_chapter(new, chapter) is not stale
    views._BOARDS[(id(new), "my-chapter", "")] = (old, {"stale": True})
    assert "stale" not in views._board_cached("my-chapter", "", new)
    views._NAMES[(id(new), "my-chapter")] = (old, {"en": "stale", "pt": "stale"})
    assert views._name(new, "my-chapter")["en"] == "The Kitchen Run"


def test_a_minion_placed_by_a_rule_comes_into_the_chapter() -> None:
    waits = "when: minion_defeated\n        where: {minion: molox}"
    places = "  - {id: call, when: round_begins, once: true, do: [place_minions: {minion: molox, side: 4}]}\n"
    text = skeleton(**{"when: tile_revealed": waits, "rooms:  ": places + "rooms:  "})
    assert validate_chapter_text(text) == []
    far = text.replace("place_minions: {minion: molox, side: 4}", "place_minions: {minion: molox, side: 9}")
    assert "place_minions.side: names tile side 9, which is not on this chapter's board" in one_problem(far)


def test_the_replay_line_of_a_chapter_file_game_names_the_file_and_plays_it_again() -> None:
    """Issue 43: the line printed after a --chapter-file game said --chapter ID, which no shipped chapter has."""
    import shlex

    first = runner.invoke(
        app, ["play", "--plain", "--no-autosave", "--seed", "7", "--chapter-file", str(EXAMPLE)], input="quit\nyes\n"
    )
    assert first.exit_code == 0, first.output
    line = next(line for line in first.output.splitlines() if "mnm play --chapter-file" in line)
    command = line.split(": ", 1)[1].split(" plays this")[0]
    args = shlex.split(command)
    assert args[:2] == ["mnm", "play"] and "--chapter" not in args and str(EXAMPLE.resolve()) in args
    again = runner.invoke(app, [*args[1:], "--plain", "--no-autosave"], input="quit\nyes\n")
    assert again.exit_code == 0, again.output
    assert "Kitchen Run" in again.output and command in again.output  # the same game: the same line again
