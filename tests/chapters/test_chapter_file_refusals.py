"""The broken chapter files of issue 29 ("Why"): each is refused with one line per problem, in English and
Portuguese, carrying its YAML line as a field (never ``null``), saying what is wrong and, for an unknown key,
what was meant. The ones that validate play cleanly (tests/chapters/test_chapter_soundness.py and the server's
tests/server/test_server_chapter_names.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mnm.chapters.file import read_chapter_text, validate_chapter_text
from mnm.sim.simulate import GameSpec, play_game

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
VICTORY_END = '  - all_free_mice_on: {spaces: ["4:2"]}\n'
CRUMBS_DO = "    do: [cheese: {to: wheel, amount: 1}]\n"


def edited(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new, 1)


BROKEN: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # name: (text, the field refused, words the English message holds)
    "on for when": (
        edited("    when: figure_enters\n", "    on: figure_enters\n"),
        "rules.1.on",
        ("'on'", "true", "did you mean 'when'"),
    ),
    "a mistyped key": (edited("    once: true\n", "    onse: true\n"), "rules.1.onse", ("did you mean 'once'",)),
    "a mistyped effect parameter": (
        edited(CRUMBS_DO, "    do: [cheese: {to: wheel, amont: 1}]\n"),
        "rules.1.do.0.cheese.amont",
        ("did you mean 'amount'",),
    ),
    "two rules with one id": (edited("  - id: crumbs\n", "  - id: opening\n"), "rules.1.id", ("'opening'", "twice")),
    "a rule id twice, once in a room": (
        edited("      - id: tunnels\n", "      - id: crumbs\n"),
        "rooms.0.rules.0.id",
        ("'crumbs'", "twice", "rules.1"),
    ),
    "a victory token nothing places": (
        edited(VICTORY_END, VICTORY_END + "  - token_on: {token: golden-fork}\n"),
        "victory.3.token_on.token",
        ("'golden-fork'", "nothing in the file places"),
    ),
    "a victory flag nothing sets": (
        edited(VICTORY_END, VICTORY_END + "  - flag: {name: butler_down}\n"),
        "victory.3.flag.name",
        ("'butler_down'", "no set_flag"),
    ),
    "a victory counter nothing changes": (
        edited(VICTORY_END, VICTORY_END + "  - counter: {name: bell, op: ge, value: 2}\n"),
        "victory.3.counter.name",
        ("'bell'", "no counter effect"),
    ),
    "a rule condition nothing can make true": (
        edited("    once: true\n", "    once: true\n    if: [any: [flag: {name: a}, flag: {name: b}]]\n"),
        "rules.1.if.0.any.0.flag.name",
        ("'a'",),
    ),
    "party_size true": (edited("party_size: 4", "party_size: true"), "setup.party_size", ("whole number",)),
    "party_size 5": (edited("party_size: 4", "party_size: 5"), "setup.party_size", ("4",)),
    "party_size text": (edited("party_size: 4", 'party_size: "2"'), "setup.party_size", ("whole number",)),
    "the end marker moved 10,000 pages": (
        edited(CRUMBS_DO, "    do: [move_end_marker: {pages: 10000}]\n"),
        "rules.1.do.0.move_end_marker.pages",
        ("10000",),
    ),
    "the end marker moved back 10,000 pages": (
        edited(CRUMBS_DO, "    do: [move_end_marker: {pages: -10000}]\n"),
        "rules.1.do.0.move_end_marker.pages",
        ("-10000",),
    ),
    "a counter past its bound": (
        edited(CRUMBS_DO, "    do: [counter: {name: n, op: add, value: 5000}]\n"),
        "rules.1.do.0.counter.value",
        ("999",),
    ),
    "a track of 10,000 pages": (edited("track_pages: 10", "track_pages: 10000"), "setup.track_pages", ("20",)),
    "the engine's token placed by a rule": (
        edited(CRUMBS_DO, '    do: [place_token: {token: fishhook, space: "4:1"}]\n'),
        "rules.1.do.0.place_token.token",
        ("'fishhook'", "the engine's"),
    ),
    "an effect its trigger gives nothing to": (
        edited(CRUMBS_DO, '    do: [return_minion: {space: "4:1"}]\n'),
        "rules.1.do.0.return_minion",
        ("needs a defeated minion", "figure_enters"),
    ),
    "a gate outside explore_attempt": (
        edited(CRUMBS_DO, "    do: [gate: {reason: {en: shut, pt: fechada}}]\n"),
        "rules.1.do.0.gate",
        ("explore_attempt",),
    ),
    "not YAML": (edited("id: kitchen-run", "id: [kitchen-run"), "", ("not valid YAML",)),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_chapter_file_is_refused_in_one_line_with_its_line_and_both_languages(name: str) -> None:
    text, field, words = BROKEN[name]
    problems = validate_chapter_text(text, "broken.yaml")
    assert [p.field for p in problems][:1] == [field], [p.to_json() for p in problems]
    problem = problems[0]
    data = json.loads(json.dumps(problem.to_json()))
    assert isinstance(data["line"], int) and data["line"] >= 1  # a field, not only inside the text
    if field:
        assert field.split(".")[-1] in text.splitlines()[data["line"] - 1]  # the line that writes the field
    for lang in ("en", "pt"):
        assert "\n" not in problem.text(lang) and problem.message(lang)
    assert problem.pt != problem.en or name == "not YAML"
    for word in words:
        assert word in problem.en, problem.en
    assert len(problems) <= 2, [p.text() for p in problems]  # no echo of the same mistake in other words


def test_the_suggestion_is_in_portuguese_too() -> None:
    (problem,) = validate_chapter_text(BROKEN["on for when"][0], "broken.yaml")
    assert "você quis dizer 'when'" in problem.pt


def test_a_victory_met_by_a_victory_effect_needs_no_producible_condition() -> None:
    """A rule that wins the chapter itself: its victory conditions are not needed (nothing to refuse)."""
    text = edited(VICTORY_END, VICTORY_END + "  - flag: {name: never}\n").replace(
        CRUMBS_DO, "    do: [victory: {}]\n", 1
    )
    assert validate_chapter_text(text, "ok.yaml") == []


def test_conditions_that_hold_with_nothing_produced_are_taken() -> None:
    text = edited(
        VICTORY_END,
        VICTORY_END + "  - counter: {name: noise, op: lt, value: 3}\n  - not: {flag: {name: alarm}}\n",
    )
    assert validate_chapter_text(text, "ok.yaml") == []


def test_the_shipped_chapters_and_the_repository_s_files_pass() -> None:
    for path in [*ROOT.glob("examples/chapters/*.yaml"), *ROOT.glob("tests/**/chapters/**/*.yaml")]:
        assert validate_chapter_text(path.read_text(encoding="utf-8"), str(path)) == [], path


def test_a_file_that_validates_plays_to_its_end_with_engine_names() -> None:
    text = (ROOT / "tests" / "chapters" / "files" / "engine-names.yaml").read_text(encoding="utf-8")
    content = read_chapter_text(text, "engine-names.yaml")
    for seed in range(5):
        for bot in ("heuristic", "random"):
            record = play_game(GameSpec("engine-names", ("collin", "tilda"), bot, seed), content)
            assert record["status"] in ("won", "lost"), record
