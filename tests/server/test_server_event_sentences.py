"""An event's sentences are told once per message, parameters and content, then read back (issue 50): what is read
back is what telling it afresh says, for every event of real games, and never another event's sentence."""

from __future__ import annotations

from mnm.content.loader import builtin_content
from mnm.engine import Event, Game, render
from mnm.server.views import event_json

PARTY = ["collin", "tilda", "filch", "maginos"]


def told_afresh(event: Event) -> dict[str, str]:
    content = builtin_content()
    pt = render(event, "pt_BR", content)
    for plain, contracted in (("de Príncipe ", "do Príncipe "), ("de Capitão ", "do Capitão ")):  # as views contracts
        pt = pt.replace(plain, contracted)
    return {"en": render(event, "en", content), "pt": pt}


def test_sentences_read_back_are_what_telling_them_afresh_says() -> None:
    content = builtin_content()
    events: list[Event] = []
    for seed in range(3):
        game = Game.new("proving-grounds", PARTY, seed=seed, content=content)
        events += game.events
        for _ in range(60):
            decision = game.decision()
            if decision is None or not decision.options:
                break
            events += game.apply(decision.options[0])
    assert len(events) > 100
    seen = {(e.msg, repr(e.params)) for e in events}
    assert len(seen) < len(events)  # events repeat: the second telling of each is read back
    for event in events:
        assert event_json(event, content)["text"] == told_afresh(event), event.to_json()
        assert event_json(event, content)["text"] == told_afresh(event), event.to_json()  # read back


def test_parameters_equal_as_keys_but_read_differently_are_told_apart() -> None:
    content = builtin_content()
    values: list[object] = [True, 1, "1", False, 0, None, [1, 2], ["1", "2"], [True], [1]]  # an event's parameter kinds
    for _ in range(2):  # told, then read back: each as its own parameters say
        for n in values:
            event = Event("no_such_message", {"n": n})  # type: ignore[dict-item]
            assert event_json(event, content)["text"] == told_afresh(event), n
    read = [event_json(Event("no_such_message", {"n": n}), content)["text"]["en"] for n in (True, 1, False, 0)]
    assert read == ["no such message (n=True)", "no such message (n=1)", "no such message (n=False)", "no such message (n=0)"]


def test_each_reader_gets_its_own_copy() -> None:
    content = builtin_content()
    event = Event("no_such_message", {"n": 2})
    first = event_json(event, content)
    first["text"]["en"] = "changed by a caller"
    assert event_json(event, content)["text"]["en"] == "no such message (n=2)"
