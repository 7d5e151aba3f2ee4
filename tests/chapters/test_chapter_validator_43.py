"""Issue 43, item 5: the validator's blind spots of the designers' examination. Each broken pattern is refused in
one line naming its field and line, in both languages; each valid pattern the validator used to refuse passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from mnm.bots.policy import HeuristicBot
from mnm.chapters.file import read_chapter_text, validate_chapter_text
from mnm.engine import Game

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
VICTORY_END = '  - all_free_mice_on: {spaces: ["4:2"]}\n'
OPENING_DO = "    do: [story: {moment: opening}]\n"
CRUMBS_DO = "    do: [cheese: {to: wheel, amount: 1}]\n"
ROOMS = "rooms:                    # rules of one tile side"


def edited(*pairs: tuple[str, str]) -> str:
    text = BASE
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


BELL = (
    "actions:\n"
    "  - id: ring-bell\n"
    "    text: {en: Ring the bell, pt: Tocar o sino}\n"
    '    where: {spaces: ["5:10"]}\n'
    "    do: [roll: {dice: 1, need: star, then: [counter: {name: bell, op: add, value: 1}]}]\n"
)


def _only(text: str, field: str, *words: str) -> None:
    problems = validate_chapter_text(text, "broken.yaml")
    assert [p.field for p in problems] == [field], [p.text() for p in problems]
    (p,) = problems
    assert field.split(".")[-1] in text.splitlines()[(p.line or 1) - 1]  # the line that writes the field
    assert p.pt != p.en and "\n" not in p.en and "\n" not in p.pt
    for word in words:
        assert word in p.en, p.en


def test_a_counter_raised_only_by_a_chapter_action_counts_as_produced() -> None:
    """"Ring the bell three times" needs no dummy rule: the action's counter is produced (it was refused)."""
    text = edited((VICTORY_END, VICTORY_END + "  - counter: {name: bell, op: ge, value: 3}\n"), (ROOMS, BELL + ROOMS))
    assert validate_chapter_text(text, "bell.yaml") == []


def test_an_action_s_flag_and_item_count_as_produced_and_its_own_conditions_are_checked() -> None:
    action = BELL.replace("counter: {name: bell, op: add, value: 1}", "set_flag: {name: rung}")
    ok = edited((VICTORY_END, VICTORY_END + "  - flag: {name: rung}\n"), (ROOMS, action + ROOMS))
    assert validate_chapter_text(ok, "ok.yaml") == []
    needs = action.replace("    do:", "    if: [flag: {name: never_set}]\n    do:")
    _only(edited((ROOMS, needs + ROOMS)), "actions.0.if.0.flag.name", "'never_set'")


def test_a_victory_item_nothing_gives_is_refused() -> None:
    items = "items:\n  - {id: brass-key, name: {en: brass key, pt: chave de latão}}\n"
    text = edited((VICTORY_END, VICTORY_END + "  - holds_item: {item: brass-key}\n"), (ROOMS, items + ROOMS))
    _only(text, "victory.3.holds_item.item", "'brass-key'", "give_item")


@pytest.mark.parametrize("word", ["capture", "mark", "heal", "free"])
def test_a_mouse_effect_with_a_minion_selector_is_refused(word: str) -> None:
    extra = "mark: cursed, " if word == "mark" else ""
    text = edited((CRUMBS_DO, f"    do: [{word}: {{{extra}select: {{kind: minion}}}}]\n"))
    _only(text, f"rules.1.do.0.{word}.select.kind", f"{word} acts on mice", "picks minions")


def test_a_capture_naming_a_minion_type_is_refused() -> None:
    text = edited((CRUMBS_DO, "    do: [capture: {select: {minion: roach}}]\n"))
    _only(text, "rules.1.do.0.capture.select.minion", "capture acts on mice")


def test_a_capture_of_the_trigger_s_mouse_passes() -> None:
    assert validate_chapter_text(edited((CRUMBS_DO, "    do: [capture: {select: {who: mouse}}]\n")), "ok") == []


def test_count_who_mouse_in_a_trigger_with_no_mouse_is_refused() -> None:
    cond = "    if: [count: {select: {who: mouse, marked: cursed}}]\n"
    text = edited(("    when: chapter_begins\n", "    when: round_ends\n" + cond), (OPENING_DO, CRUMBS_DO))
    _only(text, "rules.0.if.0.count.select.who", "who: mouse", "'round_ends'", "who: any")


def test_count_who_mouse_in_a_victory_is_refused_and_in_a_mouse_trigger_passes() -> None:
    _only(
        edited((VICTORY_END, VICTORY_END + "  - count: {select: {who: mouse}}\n")),
        "victory.3.count.select.who",
        "a victory condition",
    )
    ok = edited(("    once: true\n", "    once: true\n    if: [count: {select: {who: mouse, wounded: false}}]\n"))
    assert validate_chapter_text(ok, "ok") == []


def test_a_marked_who_trigger_in_a_defeat_is_refused() -> None:
    text = edited(
        (VICTORY_END, VICTORY_END + "defeat:\n  - marked: {mark: cursed, who: trigger}\n"),
        (CRUMBS_DO, "    do: [mark: {mark: cursed}]\n"),
    )
    _only(text, "defeat.0.marked.who", "a defeat condition")


def test_a_victory_space_a_bar_closes_from_the_start_is_refused_with_the_bar() -> None:
    text = edited((OPENING_DO, '    do: [story: {moment: opening}, bar_space: {space: "4:2"}]\n'))
    _only(text, "victory.2.all_free_mice_on.spaces", "4:2", "rules.0.do.1.bar_space", "for the whole game")


def test_a_way_on_a_bar_closes_for_good_is_refused() -> None:
    """Every exit and flip space of the Guard Room barred as the chapter begins: the tunnels (and the goal) are
    cut off, though the plain reach (no bars) finds them."""
    from mnm.board.layout import Board

    content = read_chapter_text(BASE, "kitchen-run.yaml")
    board = Board.for_chapter(content, content.chapters["kitchen-run"])
    graph = board.graph(5)
    exits = [sp for ex in graph.exits for sp in ex.spaces] + [sp.id for sp in graph.spaces if sp.flip is not None]
    exits = [sp for sp in dict.fromkeys(exits) if sp != "5:15"]
    bars = ", ".join(f'bar_space: {{space: "{sp}"}}' for sp in exits)
    text = edited((OPENING_DO, f"    do: [story: {{moment: opening}}, {bars}]\n"))
    problems = validate_chapter_text(text, "broken.yaml")
    assert [p.field for p in problems] == ["victory.2.all_free_mice_on.spaces"], [p.text() for p in problems]


def test_a_bar_laid_later_or_under_a_condition_is_not_held_against_the_chapter() -> None:
    later = edited((CRUMBS_DO, '    do: [bar_space: {space: "4:2"}]\n'))
    assert [p.field for p in validate_chapter_text(later, "ok")] == []
    conditional = edited(
        ("    when: chapter_begins\n", "    when: chapter_begins\n    if: [flag: {name: shut}]\n"),
        (OPENING_DO, '    do: [bar_space: {space: "4:2"}]\n'),
        (CRUMBS_DO, "    do: [set_flag: {name: shut}]\n"),
    )
    assert validate_chapter_text(conditional, "ok") == []


def test_every_selector_field_is_documented_with_an_example_that_parses() -> None:
    import yaml

    from mnm.chapter_language import Condition, ConditionKind, Effect, Select
    from mnm.chapter_language.doc import SELECT_EXAMPLES, reference_markdown

    assert set(SELECT_EXAMPLES) == set(Select.model_fields)
    reference = reference_markdown()
    assert "PydanticUndefined" not in reference
    assert "default `{who: mouse}`" in reference and "default `{captured: true}`" in reference
    for name, example in SELECT_EXAMPLES.items():
        data = yaml.safe_load("{" + example + "}")
        word = next(iter(data))
        model = Condition if word in {k.value for k in ConditionKind} else Effect
        parsed = model.model_validate(data)
        assert name in parsed.params.select.model_fields_set, example
        assert f"`{example}`" in reference


# --- what runs, as docs/rulings.md says (R-STORY-05) ----------------------------------------------------------


def _setup_done(text: str, seed: int = 1) -> tuple[Game, HeuristicBot]:
    content = read_chapter_text(text, "x.yaml")
    game = Game.new("kitchen-run", ["collin", "tilda", "filch", "maginos"], seed=seed, content=content)
    bot = HeuristicBot(seed=seed)
    return game, bot


@pytest.mark.rule("R-STORY-03")
def test_setup_placements_after_a_chapter_begins_rule_never_crowd_a_space() -> None:
    """chapter_begins runs before the setup's placements (docs/rulings.md); a placement on a space it filled goes
    to the nearest space with room, as place_minion does: the fifth figure aimed at 5:3 stands on 5:2."""
    placed = '  placements:\n' + '    - {minion: roach, space: "5:3"}\n' * 4 + "  starting_minions:\n"
    text = edited(
        (OPENING_DO, '    do: [story: {moment: opening}, place_minion: {minion: rat-warrior, space: "5:3"}]\n'),
        ("  starting_minions:\n", placed),
    )
    assert validate_chapter_text(text, "x.yaml") == []
    game, bot = _setup_done(text)
    while (decision := game.decision()) is not None and decision.kind != "turn":
        game.apply(bot.choose(game))
    on = sorted(m.id for m in game.state.minions.values() if m.space == "5:3")
    assert on == ["rat-warrior-1", "roach-2", "roach-3", "roach-4"], on  # roach-1 is the tunnels' starting roach
    assert game.state.minions["roach-5"].space == "5:2"


@pytest.mark.rule("R-STORY-05")
def test_a_choose_in_round_ends_is_asked_before_the_next_round() -> None:
    rule = (
        "  - id: crossroads\n    when: round_ends\n    once: true\n    do:\n      - choose: {id: which-way, prompt: "
        "{en: 'Which way?', pt: 'Por onde?'}, options: [{id: left, text: {en: Left, pt: Esquerda}, do: [set_flag: "
        "{name: went_left}]}, {id: right, text: {en: Right, pt: Direita}, do: [set_flag: {name: went_right}]}]}\n"
    )
    game, bot = _setup_done(edited((ROOMS, rule + ROOMS)))
    asked_in = None
    while game.decision() is not None and game.state.round < 3:
        decision = game.decision()
        assert decision is not None
        if decision.kind == "story_choice":
            asked_in = game.state.round
            game.apply(next(a for a in game.legal_actions() if a.args == ("right",)))
            continue
        game.apply(bot.choose(game))
    assert asked_in == 1
    assert game.state.chapter_vars.get("went_right") is True and "went_left" not in game.state.chapter_vars


def test_a_chapter_won_rule_may_record_and_name_the_next_chapter_as_rulings_say() -> None:
    from mnm.chapter_language import AFTER_THE_END

    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    said = rulings.split("A `chapter_won` rule", 1)[1].split("\n\n", 1)[0]
    for word in AFTER_THE_END:
        assert f"`{word.value}`" in said, word
    assert "not\n  supported" not in rulings and "is not supported (issue 29" not in rulings
    ok = edited((ROOMS, "  - {id: logged, when: chapter_won, do: [record: {entry: ran}, next_chapter: {chapter: "
                 "the-root-road}]}\n" + ROOMS))
    assert validate_chapter_text(ok, "ok") == []
    moving = ok.replace("do: [record: {entry: ran}", "do: [cheese: {to: wheel}", 1)
    _only(moving, "rules.2.do.0.cheese", "once the chapter is won")
