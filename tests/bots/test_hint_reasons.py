"""Issue 25, Web 6: a hint's reason names what the option changes in its playouts, with the measured difference
from the other options' playouts; options that change nothing (taking off a card, ending the turn with movement
left) are hinted only when truly best; the reasons read in both languages (shown by the terminal and the web)."""

from __future__ import annotations

import io

from mnm.bots import make_bot
from mnm.bots.hints import _difference, _idle, _idle_last, _Tally, hints
from mnm.engine import Action, Game
from mnm.terminal.plain import PlainClient

PARTY = ["collin", "tilda", "filch", "maginos"]


def chapter_one_turn(seed: int = 3, decisions: int = 8) -> Game:
    """Chapter 1 a few decisions in, at the start of a mouse's turn (Maginos may take off his staff there)."""
    game = Game.new("flight-to-barksburg", PARTY, seed=seed)
    bot = make_bot("heuristic", 5)
    for _ in range(decisions):
        game.apply(bot.choose(game))
    while (d := game.decision()) is not None and not (d.kind == "turn" and not game.state.turn.moved):  # type: ignore[union-attr]
        game.apply(bot.choose(game))
    return game


def tally(playouts: int, captures: float, wounds: dict[str, float]) -> _Tally:
    t = _Tally(playouts=playouts)
    t.measured.captures = captures
    t.measured.squares["captures"] = captures  # each capture a 1: its square is itself
    for hero, w in wounds.items():
        t.measured.wounds[hero] = w
        t.measured.squares[f"wounds:{hero}"] = w * 2  # wounds of 0 or 2 in those playouts
    return t


def test_the_reason_names_the_measured_difference_in_both_languages() -> None:
    game = chapter_one_turn()
    mine = tally(100, captures=5, wounds={"tilda": 20})
    others = tally(300, captures=90, wounds={"tilda": 60})
    event = _difference(mine, others, game)
    assert event is not None and event.msg == "hint_fewer_captures"
    assert event.params == {"mine": "0.1", "others": "0.3"}
    pt = _difference(mine, others, game, "pt_BR")
    assert pt is not None and pt.params == {"mine": "0,1", "others": "0,3"}
    # a difference within the noise is not told: nothing stands out
    same = tally(100, captures=30, wounds={"tilda": 20})
    assert _difference(same, others, game) is None


def test_options_that_change_nothing_come_after_the_others_unless_truly_best() -> None:
    game = chapter_one_turn()
    d = game.decision()
    assert d is not None
    unequip = next(a for a in d.options if a.verb == "unequip")
    search = Action("search", d.actor)
    assert _idle(game, unequip) and not _idle(game, search)
    options = [unequip, search]
    close = [_Tally(playouts=100, wins=50), _Tally(playouts=100, wins=46)]
    assert _idle_last(game, options, close, [0, 1]) == [1, 0]  # about equal: the one that does something first
    clear = [_Tally(playouts=100, wins=90), _Tally(playouts=100, wins=30)]
    assert _idle_last(game, options, clear, [0, 1]) == [0, 1]  # truly best: it keeps its place


def test_no_idle_option_is_hinted_where_it_is_not_truly_best_and_reasons_say_what_changes() -> None:
    """At this position taking off Maginos' staff used to be the third hint ("about equal")."""
    game = chapter_one_turn()
    found = hints(game, seconds=None)
    assert len(found) == 3
    assert not any(_idle(game, h.action) for h in found), [str(h.action) for h in found]
    measured = ("Avoids captures", "Keeps the hourglass", "Gets the party further", "Spares ", "Clears minions")
    for h in found:  # each reason starts with what the option changed, or says that nothing stood out
        told = h.reason.split(" a gap within chance. ", 1)[-1]  # after what says two options are even (issue 32)
        assert told.startswith((*measured, "Wins ", "Its playouts ended about like the other choices'"))


def test_plain_hint_in_portuguese_has_no_english_reason() -> None:
    game = chapter_one_turn()
    out = io.StringIO()
    client = PlainClient(game, io.StringIO("dica\nsair\ns\n"), out, autosave=None, lang="pt_BR")
    client.hint_iterations = 400
    client.run()
    text = out.getvalue()
    hint_lines = [line for line in text.splitlines() if "simulações" in line]
    assert hint_lines
    for english in ("playout", "Its playouts", "other choices", "Clears", "Spares", "mostly because"):
        assert english not in "\n".join(hint_lines), english
