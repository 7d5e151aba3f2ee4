"""Issue 32: hints that earn their place. Two options whose 95% intervals overlap are said to be even, with why
the bot still ranks one first; no reason prints two equal numbers as a contrast ("0.1 against 0.1"); and a hint
search with worker processes leaves none behind (the flaky "Exception ignored ... Bad file descriptor")."""

from __future__ import annotations

import multiprocessing

from test_hint_reasons import chapter_one_turn, tally

from mnm.bots.hints import _difference, _fmt_pair, _percent_pair, hints


def test_two_numbers_in_a_contrast_never_print_the_same() -> None:
    assert _fmt_pair(0.12, 0.08) == ("0.12", "0.08")  # one decimal would print 0.1 twice
    assert _fmt_pair(0.3, 0.1) == ("0.3", "0.1")
    assert _fmt_pair(0.12, 0.08, "pt_BR") == ("0,12", "0,08")
    assert _percent_pair(0.624, 0.598, "en") == ("62%", "60%")
    assert _percent_pair(0.6241, 0.6239, "en") == ("62.41%", "62.39%")
    game = chapter_one_turn()
    # 0.12 against 0.35 captures per playout is told with two numbers that differ
    event = _difference(tally(100, captures=12, wounds={}), tally(100, captures=35, wounds={}), game)
    assert event is not None and event.params["mine"] != event.params["others"]


def test_even_options_say_so_and_why_the_bot_still_prefers_one() -> None:
    game = chapter_one_turn()
    shown = hints(game, count=3, iterations=400, seed=1, seconds=None)
    grouped = [h for h in shown if h.group is not None and sum(1 for x in shown if x.group == h.group) > 1]
    assert grouped, [h.to_json() for h in shown]  # this turn's first options are close (measured)
    first, *rest = grouped
    assert first.reason.startswith("Even with the next choice"), first.reason
    assert "still puts it first" in first.reason
    for h in rest:
        assert h.reason.startswith("Even with the best choice"), h.reason
    for h in shown:
        assert "about equal" not in h.reason
        assert h.even == (h in grouped)  # the clients add no "about equal" next to the reason's "Even with"
        assert h.to_json()["even"] == h.even


def test_a_hint_search_with_workers_leaves_no_process_behind() -> None:
    game = chapter_one_turn()
    assert hints(game, count=2, iterations=240, seed=2, seconds=None, workers=2)
    assert multiprocessing.active_children() == []
