"""Issue 48: a chapter whose one action can run thousands of effects is refused when it is read (the upload, the
library, ``mnm chapter validate``), naming the bound of docs/chapters.md; files within the bound still pass."""

from __future__ import annotations

from pathlib import Path

from mnm.chapters.file import MAX_EFFECTS, MAX_EFFECTS_PER_TRIGGER, validate_chapter_text

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
ROOMS = "\nrooms:"


def heavy(rules: int, effects: int, when: str = "figure_enters") -> str:
    """The attack's shape at small size: ``rules`` rules on one trigger, each of ``effects`` counter effects."""
    do = ", ".join(["counter: {name: heap, op: add, value: 1}"] * effects)
    added = "".join(f"  - id: heavy-{i}\n    when: {when}\n    do: [{do}]\n" for i in range(rules))
    assert ROOMS in BASE
    return BASE.replace(ROOMS, "\n" + added + ROOMS, 1)


def test_the_rules_of_one_trigger_holding_too_many_effects_are_refused_naming_the_bound() -> None:
    problems = validate_chapter_text(heavy(4, 20))  # 80 effects on figure_enters (the attack: 95 x 20)
    assert problems, "a file running 80 effects per move was taken"
    text = " ".join(p.en for p in problems)
    assert "figure_enters" in text and str(MAX_EFFECTS_PER_TRIGGER) in text
    assert all(p.pt for p in problems)
    assert problems[0].field.startswith("rules.")


def test_the_whole_file_is_bounded_too() -> None:
    triggers = ["figure_enters", "round_begins", "round_ends", "movement_roll", "tile_revealed", "minion_defeated",
                "minion_wounded", "surge"]
    text = BASE
    for n, when in enumerate(triggers):
        do = ", ".join(["counter: {name: heap, op: add, value: 1}"] * 20)
        added = "".join(f"  - id: w{n}-{i}\n    when: {when}\n    do: [{do}]\n" for i in range(3))
        text = text.replace(ROOMS, "\n" + added + ROOMS, 1)
    problems = validate_chapter_text(text)  # 8 x 60 = 480 effects, each trigger at the bound
    assert any(str(MAX_EFFECTS) in p.en and p.field == "rules" for p in problems), [p.en for p in problems]


def test_a_file_within_the_bound_passes() -> None:
    assert validate_chapter_text(heavy(2, 20)) == []  # 40 effects on figure_enters (+ the file's own 1)
