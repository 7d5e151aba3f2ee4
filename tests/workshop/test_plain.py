"""The workshop's problems in plain words, both languages, never the validator's (issue 31)."""

from __future__ import annotations

from mnm.workshop.plain import plain


def test_a_pattern_message_becomes_what_to_type() -> None:
    got = plain({"field": "rules.0.id", "line": 3, "en": "must match ^[a-z][a-z0-9_-]*$, got 'Bell Gate'", "pt": "x"})
    assert got["en"] == "use only lowercase letters, digits and hyphens, starting with a letter"
    assert got["pt"].startswith("use só letras minúsculas")
    assert got["field"] == "rules.0.id" and got["line"] == 3


def test_a_space_is_picked_on_the_board_and_pydantic_never_shows() -> None:
    assert plain({"field": "setup.start_space", "en": r"must match ^\d+:\d+$, got 'x'"})["en"].endswith("pick it on the board")
    assert plain({"field": "victory.0", "en": "Input should be a valid tuple"})["en"] == "has the wrong kind of value"
    leaked = plain({"field": "rules.0", "en": "names setup.layout.1.side oddly"})
    assert leaked["en"] == "is not accepted here" and leaked["pt"] == "não é aceito aqui"


def test_english_never_stands_in_for_portuguese() -> None:
    got = plain({"field": "victory", "en": "the chapter can never be won", "pt": "the chapter can never be won"})
    assert got["en"] == "the chapter can never be won" and got["pt"] != got["en"]


def test_a_token_nothing_lays_is_refused_on_its_field() -> None:
    from mnm.workshop.plain import unknown_tokens

    data = {
        "setup": {"tokens": {"bell": ["5:9"]}},
        "victory": [{"token_on": {"token": "bell"}}, {"not": {"token_on": {"token": "bel"}}}],
        "rules": [{"id": "r", "when": "search", "do": [{"place_token": {"token": "key", "space": "5:1"}}]}],
        "defeat": [{"token_on": {"token": "key"}}, {"party_holds": {"token": "fishhook"}}, {"party_holds": {"token": "bell"}}],
    }
    got = unknown_tokens(data, {"fishhook"})
    assert [p["field"] for p in got] == ["victory.1.not.token_on.token", "defeat.2.party_holds.token"]
    assert got[0]["en"] == "names the token “bel”, which nothing in this chapter lays on the board"
