"""Every command in the README's Tools table runs, as a newcomer would type it, and none prints a traceback.

The README installs with ``scripts/start.sh`` (a venv with ``pip install -e '.[web]'``) and names the extras
the other tools need (``.[sim]``, ``.[bench]``, ``.[ray]``). The test venv is that venv plus those extras (it
installs ``.[dev]``), so each command runs twice in it, really, as a subprocess: once as in start.sh's venv
(the optional packages hidden, so a tool that needs one must stop at once with a one-line ``Error:`` naming
the extra) and once with the extras (it must succeed). Sizes (games, rounds) are made small to fit CI time;
every flag the table lists is used.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from mnm.engine.game import Game

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = ("matplotlib", "chess", "ray")  # what start.sh's venv (the web extra only) does not have
SMALL = {"--games N": "--games 2", "--workers K": "--workers 1", "--count 3": "--count 2"}

# Run a command as `mnm` would, optionally with the extras' packages hidden (sys.modules[name] = None makes
# both import and importlib.util.find_spec see them as absent, as in a venv without them).
RUNNER = (
    "import runpy, sys\n"
    "for name in sys.argv[1].split(','):\n"
    "    if name: sys.modules[name] = None\n"
    "script, args = sys.argv[2], sys.argv[3:]\n"
    "sys.argv = [script, *args]\n"
    "runpy.run_module('mnm', run_name='__main__', alter_sys=True) if script == 'mnm' else "
    "runpy.run_path(script, run_name='__main__')\n"
)


def tool_rows() -> list[str]:
    """The commands of the README's Tools table, as written (one table cell may hold several)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## Tools", 1)[1].split("\n\n", 2)[1]
    commands: list[str] = []
    for row in table.splitlines()[2:]:
        cell = row.split(" | ", 1)[0].lstrip("| ")
        previous = ""
        for code in re.findall(r"`([^`]+)`", cell):
            code = code.replace("\\|", "|")
            if not code.startswith(("mnm ", "python ")):  # `stats --json` after `mnm content validate`
                code = " ".join(previous.split()[:2]) + " " + code
            commands.append(code)
            previous = code
    return commands


def expand(command: str, tmp: Path, save: Path, scenario: Path) -> list[list[str]]:
    """Concrete argument lists: the command as written with every optional part, and without them; each
    placeholder filled in, each `a|b` alternative tried."""
    for words, small in SMALL.items():
        command = command.replace(words, small)
    variants = [re.sub(r"\s*\[([^\]]*)\]", r" \1", command), re.sub(r"\s*\[[^\]]*\]", "", command)]
    out: list[list[str]] = []
    for text in dict.fromkeys(variants):
        words = text.replace('"..."', "ACTION").split()
        alternatives = [[]]  # type: list[list[str]]
        for word in words:
            options = word.split("|") if "|" in word and not word.startswith("-") else [word]
            alternatives = [[*a, o] for a in alternatives for o in options]
        for args in alternatives:
            filled = []
            for w in args:
                w = {
                    "SAVEFILE": str(save),
                    "FILE.svg": str(tmp / "board.svg"),
                    "CHAPTER.yaml": str(tmp / "chapter.yaml"),  # written by `mnm chapter new`, then checked
                    "FILE": str(scenario),
                    "DIR": str(tmp / "out"),
                    "SIDE": "5",
                    "D": "hard",  # a difficulty preset
                    "chapter:ID": "chapter:flight-to-barksburg",
                }.get(w, w)
                filled.append(w)
            if filled[:3] == ["mnm", "content", "validate"] and len(filled) > 3:
                filled[3] = str(ROOT / "src" / "mnm" / "content" / "data")  # DIR is a content folder here
            if filled[:2] == ["mnm", "bench"]:
                filled += ["--games", "2", "--rounds", "1"]
            if filled[:2] == ["python", "bench/sim_scaling.py"]:
                filled += ["--games", "4", "--rounds", "1"]
            if filled[:2] == ["mnm", "hint"]:
                filled = [w if w != "160" else "40" for w in filled]
            out.append(filled)
    return out


ELSEWHERE = Path(tempfile.mkdtemp(prefix="mnm-readme-"))  # not the repository: `mnm` runs from any folder


def run(args: list[str], hidden: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """``args`` as typed: an ``mnm`` command from another folder (issue 45); a ``python bench/...`` script from
    the repository's folder, where the README says to type it (repository-only)."""
    script = "mnm" if args[0] == "mnm" else args[1]
    rest = args[1:] if args[0] == "mnm" else args[2:]
    env = {"RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    return subprocess.run(
        [sys.executable, "-c", RUNNER, ",".join(hidden), script, *rest],
        cwd=ELSEWHERE if args[0] == "mnm" else ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **env},
    )


@pytest.fixture(scope="module")
def commands(tmp_path_factory: pytest.TempPathFactory) -> list[list[str]]:
    tmp = tmp_path_factory.mktemp("tools")
    save = tmp / "save.json"
    save.write_text(json.dumps(Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], 1).to_json()))
    scenario = ROOT / "examples" / "scenarios" / "yellow-line.yaml"
    out = []
    for command in tool_rows():
        out += expand(command, tmp, save, scenario)
    for args in out:  # the scenario's --action: a legal action of the position it sets up
        if "ACTION" in args:
            shown = run(["mnm", "scenario", "run", str(scenario), "--json"], ())
            args[args.index("ACTION")] = json.loads(shown.stdout)["decision"]["options"][0]
    return out


def test_the_table_lists_the_tools() -> None:
    rows = tool_rows()
    assert any(r.startswith("mnm simulate") for r in rows) and any(r.startswith("python bench/") for r in rows)
    assert "mnm board render all -o DIR" in rows
    assert len(rows) >= 9


def compiled_engine_built() -> bool:
    from mnm import _build

    return _build.compiled_modules_present() and _build._stamp_digest(_build.PACKAGE_DIR) == _build.source_digest()


def test_every_tool_runs_without_a_traceback(commands: list[list[str]]) -> None:
    for args in commands:
        done = run(args, ())
        assert "Traceback" not in done.stdout + done.stderr, (args, done.stderr[-2000:])
        if args[:2] == ["python", "bench/builds.py"] and not compiled_engine_built():
            # scripts/test.sh compiles the engine first; without it the tool must say so in one line
            assert done.returncode == 2 and done.stderr.strip().endswith("run scripts/compile.sh"), done.stderr
            assert len(done.stderr.strip().splitlines()) == 1
            continue
        assert done.returncode == 0, (args, done.stderr[-2000:])


def test_in_start_sh_venv_a_tool_needing_an_extra_says_so_in_one_line(commands: list[list[str]]) -> None:
    needing = 0
    # the tools that may need an extra (the others were run above and need none); once each, to save CI time
    maybe = [a for a in commands if a[:2] in (["mnm", "simulate"], ["mnm", "bench"]) or a[0] == "python"]
    for args in maybe:
        done = run(args, EXTRAS)
        assert "Traceback" not in done.stdout + done.stderr, (args, done.stderr[-2000:])
        if done.returncode != 0:
            needing += 1
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("Error: "), (args, done.stderr)
            assert "pip install -e '.[" in lines[0] or "scripts/compile.sh" in lines[0], (
                args,
                done.stderr,
            )
            assert done.stdout == ""  # nothing was done before
    assert needing >= 3  # simulate --out, --backend ray, bench, sim_scaling


def test_the_readme_says_which_commands_are_repository_only() -> None:
    """Every command the README names either runs from any folder (``mnm ...``, run from another folder here
    and in test_the_readme_play_examples_run_from_another_folder) or is said to be repository-only."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    note = text.split("## Tools", 1)[1]
    assert "Every `mnm` command runs from any folder" in note
    for kind in ("`python bench/...`", "`scripts/...`", "`pip install -e ...`", "`.venv/...`"):
        assert kind in note.split("repository-only", 1)[0], kind
    fenced = re.findall(r"```bash\n(.*?)```", text, flags=re.S)
    spans = re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    spans += [line.split("#")[0].strip() for block in fenced for line in block.splitlines() if line.strip()]
    commands = [c for c in spans if re.match(r"((mnm|python|bash|pip) |\.venv/|scripts/)", c)]
    repo_only = ("python bench/", "bash scripts/", "scripts/", "pip install -e", ".venv/")
    assert commands and all(c.startswith(("mnm", *repo_only)) for c in commands), [
        c for c in commands if not c.startswith(("mnm", *repo_only))
    ]
    assert not [c for c in commands if c.startswith("mnm") and "examples/" in c]  # no path that needs the checkout


def play_examples() -> list[str]:
    """The README's ``mnm play`` examples that are whole commands (not ``...`` templates nor bare options)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    spans = dict.fromkeys(re.findall(r"`(mnm play[^`]*)`", text))
    return [c for c in spans if "..." not in c and not c.endswith("--chapter-file")]


def test_the_readme_play_examples_run_from_another_folder(tmp_path: Path) -> None:
    """Each ``mnm play`` example of the README, typed in a folder that is not the repository (plain mode, then
    quit): it starts the game it says (the campaign example: Chapter 2) and stops without an error."""
    examples = play_examples()
    assert any("--campaign chapter1-won " in c for c in examples) and "mnm play --continue" in examples
    save = tmp_path / "save.json"
    party = ["collin", "tilda", "filch", "maginos"]
    save.write_text(json.dumps(Game.new("flight-to-barksburg", party, 5).to_json()), encoding="utf-8")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    ran = 0
    for example in sorted(examples, key=lambda c: "--continue" in c):  # --continue after a game was played
        command = re.sub(r"\s*\[([^\]]*)\]", r" \1", example).replace("FILE", str(save)).replace(" N", " 5")
        for preset in ("easy", "normal", "hard") if "easy|normal|hard" in command else ("",):
            args = command.replace("easy|normal|hard", preset).split()[2:]
            if "--help" not in args and "--plain" not in args:
                args.append("--plain")
            done = subprocess.run(
                [sys.executable, "-m", "mnm", "play", *args],
                cwd=folder,
                input="1\nquit\nyes\n",  # a choice, so the game is autosaved for --continue
                capture_output=True,
                text=True,
                timeout=120,
                env=env,
            )
            assert done.returncode == 0 and "Traceback" not in done.stderr, (example, done.stderr[-1500:])
            if "--campaign" in args:
                assert "The Root Road" in done.stdout, done.stdout[-1500:]
            ran += 1
    assert ran >= 10
