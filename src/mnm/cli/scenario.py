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
        fields = {k: v for k, v in data.items() if k != "actions"}
        if seeded:
            fields["dice_mode"] = "seeded"
        game = load_scenario(fields, content)
    except EngineError as exc:
        raise ScenarioRunError(f"{path}: {exc}") from exc
    events = [_event_json(e, None, lang, game) for e in game.events]
    applied: list[str] = []
    for i, text_action in enumerate([*file_actions, *actions]):
        try:
            new = game.apply(text_action)
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
    decision = game.decision()
    st = game.state
    return {
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
