"""A form's edit keeps the chapter file's comments, key order and quoting (issue 31)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mnm.chapters.file import skeleton_text
from mnm.content.bounded_yaml import load_bounded_with_lines
from mnm.workshop.roundtrip import WriteBackError, write_back

SKELETON = skeleton_text()


def parsed(text: str) -> dict:
    return load_bounded_with_lines(text, "test", ValueError, lines=False)[0]


def test_an_unchanged_file_is_written_back_byte_for_byte() -> None:
    assert write_back(SKELETON, parsed(SKELETON)) == SKELETON


def test_an_edit_changes_its_lines_only_and_keeps_every_comment() -> None:
    data = parsed(SKELETON)
    data["setup"]["start_space"] = "5:14"
    data["victory"][0] = {"any": [{"tile_face_up": {"side": 4}}, {"not": {"flag": {"name": "on"}}}]}
    data["rules"].append({"id": "bell", "when": "search", "where": {"side": 5}, "do": [{"set_flag": {"name": "rung"}}]})
    out = write_back(SKELETON, data)
    assert parsed(out) == data
    comments = [line.split("#", 1)[1] for line in SKELETON.splitlines() if "#" in line]
    assert all(c in out for c in comments)
    assert 'start_space: "5:14"           # side:space' in out  # quoted (5:14 is a number in YAML 1.1), aligned
    assert '{not: {flag: {name: "on"}}}' in out  # "on" would read as true
    assert out.index("victory:") < out.index("rules:") < out.index("rooms:")  # key order kept
    assert out.count("\n") == SKELETON.count("\n") + 2 + 5


def test_text_that_is_not_yaml_is_left_to_the_page() -> None:
    with pytest.raises(WriteBackError):
        write_back("id: [unclosed", {"id": "x"})


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="ab:#' \"-10onyes", max_size=12), st.integers(-5, 200), st.booleans())
def test_any_edited_value_reads_back_as_written(name: str, number: int, once: bool) -> None:
    data = copy.deepcopy(parsed(SKELETON))
    data["name"]["en"] = name
    data["number"] = number
    data["rules"][0]["once"] = once
    assert parsed(write_back(SKELETON, data)) == data
