"""``mnm scenario``: load a scenario file (docs/scenarios.md), apply actions, show what happened.

``mnm scenario run FILE [--action TEXT]... [--json] [--lang en|pt_BR]`` prints the events (each with its
rendered sentence and rule ID), the resulting position and the decision now pending. Any problem (a bad file,
an impossible position, an illegal or malformed action, dice the scenario did not script) is one clear line on
stderr and exit status 1; the output then shows nothing half-applied.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mnm.content.aliases import renamed_words
from mnm.engine import EngineError, Event, IllegalAction

if TYPE_CHECKING:
    from mnm.engine import Game

__all__ = ["run_scenario", "scenario_app"]

scenario_app = typer.Typer(
    help="Load positions written as data and play actions from them.", no_args_is_help=True, rich_markup_mode=None
)


class ScenarioRunError(Exception):
    """A scenario could not be run; the message says why (and which action failed)."""


def _event_json(event: Event, action: str | None, lang: str, game: Game) -> dict[str, Any]:
    from mnm.engine import render

    out = event.to_json()
    out["text"] = render(event, lang, game.ctx.content)
    out["rule"] = event.rule
    out["after"] = action  # the action that caused it; None while loading the scenario
    return out


def run_scenario(
    path: Path, actions: list[str], lang: str = "en", seeded: bool = False, chapter_file: Path | None = None
) -> dict[str, Any]:
    """Load ``path``, apply its own ``actions`` then ``actions``; return the report as plain data. ``seeded``:
    once the file's scripted dice are used up, roll seeded dice (the scenario's seed) instead of stopping.
    ``chapter_file``: a chapter file whose chapter the scenario may name (docs/chapters.md).

    Raises :class:`ScenarioRunError` with a one-line reason; when the file's dice script runs out during an
    action given on the command line, the reason says whose script it is and how to go on."""
    from mnm.chapters.file import ChapterFileError, read_chapter_file
    from mnm.engine import ScriptExhausted, load_scenario, scenario_from_yaml

    content = None
    if chapter_file is not None:
        try:
            content = read_chapter_file(chapter_file)
        except ChapterFileError as exc:
            raise ScenarioRunError(f"{chapter_file} cannot be played: " + "; ".join(map(str, exc.problems))) from exc

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioRunError(f"cannot read {path}: {exc}") from exc
    try:
        data = scenario_from_yaml(text)
        if not isinstance(data, dict):
            raise ScenarioRunError(f"{path}: a scenario is a mapping of fields (chapter, heroes, minions...)")
        file_actions = data.get("actions") or []
        if not isinstance(file_actions, list) or not all(isinstance(a, str) for a in file_actions):
            raise ScenarioRunError(f"{path}: actions must be a list of action texts, e.g. 'move collin 5:12'")
        expect = data.get("expect")
        if expect is not None and not isinstance(expect, dict):
            raise ScenarioRunError(f"{path}: expect is a mapping of what must hold after the actions (docs/scenarios.md)")
        fields = {k: v for k, v in data.items() if k not in ("actions", "expect")}
        if seeded:
            fields["dice_mode"] = "seeded"
        game = load_scenario(fields, content)
    except EngineError as exc:
        raise ScenarioRunError(f"{path}: {exc}") from exc
    events = [_event_json(e, None, lang, game) for e in game.events]
    applied: list[str] = []
    checks = 0
    for i, text_action in enumerate([*file_actions, *actions]):
        if i == len(file_actions):  # the file's own actions played: what its expect says must hold now
            checks = _check_file(path, game, expect or {}, events)
        try:
            new = game.apply(renamed_words(text_action))  # an old id still names its card (content/aliases.py)
        except IllegalAction as exc:
            raise ScenarioRunError(f"action {i + 1} '{text_action}' is not legal: {exc.reason}") from exc
        except ScriptExhausted as exc:
            if i < len(file_actions):
                raise ScenarioRunError(f"action {i + 1} '{text_action}' (the file's own): {exc}") from exc
            faces = len(data.get("dice") or [])
            raise ScenarioRunError(
                f"action {i + 1} '{text_action}' (given with --action): {exc}. The {faces} dice faces in "
                f"{path.name} are scripted for the file's own actions; add faces to its 'dice' list, or run "
                "again with --seeded to roll seeded dice once the script is used up"
            ) from exc
        except EngineError as exc:
            raise ScenarioRunError(f"action {i + 1} '{text_action}': {exc}") from exc
        applied.append(str(text_action))
        events.extend(_event_json(e, str(text_action), lang, game) for e in new)
    if not actions:
        checks = _check_file(path, game, expect or {}, events)
    decision = game.decision()
    st = game.state
    return {
        "checks": checks,
        "scenario": str(path),
        "chapter": st.chapter,
        "actions": applied,
        "events": events,
        "status": st.status,
        "outcome": st.outcome,
        "decision": None
        if decision is None
        else {
            "kind": decision.kind,
            "actor": decision.actor,
            "options": [str(a) for a in decision.options],
        },
        "state": st.to_json(),
    }


def _check_file(path: Path, game: Game, expect: dict[str, Any], events: list[dict[str, Any]]) -> int:
    """The file's ``expect`` against the game after the file's own actions: how many checks held; raises
    :class:`ScenarioRunError` naming every one that did not."""
    if not expect:
        return 0
    st = game.state
    observed = st.to_json()
    if "keepable" in expect:  # R-CAMP-03: what each mouse may carry on, once the chapter is over
        from mnm.engine import keepable_cards

        over = st.status != "playing"
        observed["keepable"] = {hid: keepable_cards(game.ctx, st, hid) if over else [] for hid in st.party}
    count, failures = check_expectations(expect, events, observed, game.decision())
    if failures:
        raise ScenarioRunError(f"{path}: not as expected: " + "; ".join(failures))
    return count


def check_expectations(
    expect: dict[str, Any], events: list[dict[str, Any]], state: dict[str, Any], decision: Any
) -> tuple[int, list[str]]:
    """The scenario's ``expect`` (docs/scenarios.md) against what happened: (how many checks, the failures).

    ``events``: message ids that must occur, in this order (others may come between); ``no_events``: ids that must
    not occur; ``heroes`` / ``minions``: ``{id: {field: value}}`` from the state (``minions: {id: null}``: gone);
    ``decision``: ``{kind, actor}``; ``offered`` / ``not_offered``: actions (text form) that must / must not be
    among the pending decision's options; ``keepable``: ``{hero: [cards]}`` a mouse may keep for the next chapter
    (R-CAMP-03); any other key: that field of the state (``wheel``, ``track``, ``status``...)."""
    failures: list[str] = []
    count = 0
    msgs = [str(e["msg"]) for e in events]
    for key, want in expect.items():
        if key == "events":
            at = 0
            for msg in want:
                count += 1
                try:
                    at = msgs.index(str(msg), at) + 1
                except ValueError:
                    failures.append(f"no event {msg!r} (in order) among {', '.join(msgs)}")
        elif key == "no_events":
            for msg in want:
                count += 1
                if msg in msgs:
                    failures.append(f"event {msg!r} happened")
        elif key == "keepable":
            for hid, cards in want.items():
                count += 1
                if state["keepable"].get(hid) != cards:
                    failures.append(f"keepable.{hid}: expected {cards}, got {state['keepable'].get(hid)}")
        elif key in ("heroes", "minions"):
            for fid, fields in want.items():
                have = state[key].get(fid)
                count += 1
                if fields is None or have is None:
                    if (fields is None) != (have is None):
                        failures.append(f"{key}.{fid}: expected {'gone' if fields is None else fields}, got {have}")
                    continue
                for name, value in fields.items():
                    if have.get(name) != value:
                        failures.append(f"{key}.{fid}.{name}: expected {value!r}, got {have.get(name)!r}")
        elif key in ("offered", "not_offered"):
            listed = set() if decision is None else {str(a) for a in decision.options}
            for option in want:
                count += 1
                if (option in listed) != (key == "offered"):
                    failures.append(f"{option!r} is {'not ' if key == 'offered' else ''}among the options")
        elif key == "decision":
            count += 1
            got = None if decision is None else {"kind": decision.kind, "actor": decision.actor}
            if (want is None) != (got is None) or (got is not None and any(got.get(k) != v for k, v in want.items())):
                failures.append(f"decision: expected {want}, got {got}")
        else:
            count += 1
            if key not in state:
                failures.append(f"unknown expectation {key!r}")
            elif state[key] != want:
                failures.append(f"{key}: expected {want!r}, got {state[key]!r}")
    return count, failures


def summary(report: dict[str, Any]) -> str:
    """A readable text of :func:`run_scenario`'s report."""
    st = report["state"]
    lines = [f"scenario {report['scenario']} (chapter {report['chapter']}, round {st['round']})"]
    lines.append("events:")
    for ev in report["events"]:
        where = f"[{ev['after']}] " if ev["after"] else ""
        rule = f" ({ev['rule']})" if ev["rule"] else ""
        lines.append(f"  {where}{ev['text']}{rule}")
    lines.append("mice:")
    for hid, h in st["heroes"].items():
        where = "captured" if h["captured"] else h["space"]
        extra = f", {', '.join(h['statuses'])}" if h["statuses"] else ""
        lines.append(f"  {hid}: {where}, {h['wounds']} wound(s), {h['cheese']} cheese{extra}")
    if st["minions"]:
        lines.append("minions:")
        for mid, m in st["minions"].items():
            extra = f", {', '.join(m['statuses'])}" if m["statuses"] else ""
            lines.append(f"  {mid}: {m['space']}, {m['wounds']} wound(s){extra}")
    track = [f"*{c}" if i == st["turn_index"] else c for i, c in enumerate(st["track"])]
    lines.append(f"track: {' '.join(track)}")
    lines.append(f"wheel {st['wheel']}/6, hourglass page {st['hourglass']} of {st['end_page']}")
    if st["traps"]:
        lines.append(f"mousetraps: {' '.join(st['traps'])}")
    if report["status"] != "playing":
        lines.append(f"game over: {report['status']} ({report['outcome']})")
    if report.get("checks"):
        lines.append(f"expected: all {report['checks']} checks hold")
    decision = report["decision"]
    if decision is not None:
        lines.append(f"decision: {decision['kind']} for {decision['actor']}; options:")
        lines.extend(f"  {o}" for o in decision["options"])
    return "\n".join(lines)


@scenario_app.command("run")
def run_command(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML or JSON), see docs/scenarios.md.")],
    action: Annotated[
        list[str] | None,
        typer.Option("--action", "-a", metavar="ACTION", help="An action to apply after the file's own (repeatable)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[str, typer.Option(help="Language of event sentences: en or pt_BR.")] = "en",
    seeded: Annotated[
        bool,
        typer.Option("--seeded", help="Roll seeded dice once the file's scripted dice are used up (for --action)."),
    ] = False,
    chapter_file: Annotated[
        Path | None,
        typer.Option("--chapter-file", metavar="FILE", help="A chapter file whose chapter the scenario names."),
    ] = None,
) -> None:
    """Load FILE, apply its actions and each --action, print the events, the position and the next decision."""
    try:
        report = run_scenario(file, list(action or []), lang, seeded, chapter_file)
    except ScenarioRunError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from exc
    typer.echo(json.dumps(report, indent=1) if as_json else summary(report))
