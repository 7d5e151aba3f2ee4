"""Issue 25, Newcomer 1-4, the way a newcomer meets them (the whole path on a fresh clone, pip install included,
is ``scripts/fresh_start_check.sh``; these are its parts that run in seconds).

1. The start script's long steps say they are still at it (scripts/progress.sh); ``mnm serve`` says where to
   open the page and how to stop.
2. ``mnm`` is put on the PATH (scripts/install_launcher.sh), and every ``mnm`` command the README names runs.
3. ``mnm play`` without ``--seed`` draws a seed and says it.
4. ``scenario run --action`` on every shipped example never stops at a bare "the dice script ran out"; Ctrl+S
   saves into the data folder and prints the path (tests/terminal/test_newcomer_table.py); the RL environments without their extra say so in one line;
   the README's campaign example names a save that exists and starts Chapter 2.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mnm.cli import app
from mnm.cli.scenario import ScenarioRunError, run_scenario

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_a_long_step_says_every_few_seconds_that_it_is_still_at_it(tmp_path: Path) -> None:
    script = f". {ROOT / 'scripts/progress.sh'}; with_progress 'compiling the engine' {tmp_path / 'log'} sleep 2.5"
    done = subprocess.run(
        ["bash", "-c", script], env={**os.environ, "PROGRESS_EVERY": "1"}, capture_output=True, text=True
    )
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert lines[0].startswith("start.sh: still compiling the engine: 1 s so far (log: ")
    assert lines[-1].startswith("start.sh: done compiling the engine in ")
    start = (ROOT / "scripts/start.sh").read_text(encoding="utf-8")
    assert 'with_progress "compiling the engine"' in start and "install_launcher.sh" in start


def test_serve_says_where_to_open_the_page_and_how_to_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    import mnm.server.app

    monkeypatch.setattr(mnm.server.app, "serve", lambda **kwargs: None)
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 0, result.output
    assert re.search(
        r"^Open http://127\.0\.0\.1:0/ in a browser to play\. Ctrl\+C stops the server\.$", result.output, re.M
    )


def fake_venv_bin(tmp_path: Path) -> Path:
    """A bin folder whose ``mnm`` runs this checkout's ``mnm`` (as .venv/bin/mnm would)."""
    bin_dir = tmp_path / "venv-bin"
    bin_dir.mkdir()
    mnm = bin_dir / "mnm"
    mnm.write_text(f'#!/bin/sh\nPYTHONPATH={ROOT / "src"} exec {sys.executable} -m mnm "$@"\n', encoding="utf-8")
    mnm.chmod(0o755)
    return bin_dir


def test_the_launcher_puts_mnm_on_the_path_and_every_readme_command_runs(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".local" / "bin").mkdir(parents=True)
    env = {**os.environ, "HOME": str(home), "PATH": f"{home / '.local/bin'}:/usr/bin:/bin"}
    bin_dir = fake_venv_bin(tmp_path)
    done = subprocess.run(
        [str(ROOT / "scripts/install_launcher.sh"), str(bin_dir)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "'mnm' now runs" in done.stderr and str(home / ".local/bin/mnm") in done.stderr
    # the README writes `mnm ...`: each command it names answers --help, typed as written in another folder
    commands = sorted(set(re.findall(r"`mnm ([a-z]+(?: (?:validate|stats|schema|render|run))?)\b", README)))
    assert {"play", "serve", "hint", "simulate", "scenario run", "bench", "board render"} <= set(commands)
    for command in commands:
        ran = subprocess.run(["mnm", *command.split(), "--help"], env=env, cwd=tmp_path, capture_output=True, text=True)
        assert ran.returncode == 0, (command, ran.stderr)
    # run again: the link is ours, so it is replaced, not refused
    again = subprocess.run([str(ROOT / "scripts/install_launcher.sh"), str(bin_dir)], env=env, capture_output=True)
    assert again.returncode == 0


def test_the_launcher_leaves_a_foreign_mnm_alone_and_says_what_to_type(tmp_path: Path) -> None:
    home = tmp_path / "home"
    local = home / ".local" / "bin"
    local.mkdir(parents=True)
    (local / "mnm").write_text("#!/bin/sh\necho someone else's\n", encoding="utf-8")
    env = {**os.environ, "HOME": str(home), "PATH": f"{local}:/usr/bin:/bin"}
    done = subprocess.run(
        [str(ROOT / "scripts/install_launcher.sh"), str(fake_venv_bin(tmp_path))],
        env=env,
        capture_output=True,
        text=True,
    )
    assert "is not our link: left alone" in done.stderr
    assert (local / "mnm").read_text(encoding="utf-8").startswith("#!/bin/sh\necho someone")


def test_play_without_a_seed_draws_one_and_says_it() -> None:
    seeds = []
    for _ in range(2):
        result = CliRunner().invoke(app, ["play", "--plain", "--chapter", "0"], input="quit\n")
        assert result.exit_code == 0, result.output
        said = re.search(
            r"^Seed (\d+): mnm play --chapter proving-grounds --party \S+ --difficulty normal --seed \1 plays this "
            r"same game again\.$",
            result.output,
            re.M,
        )
        assert said is not None, result.output
        seeds.append(int(said.group(1)))
    assert seeds[0] != seeds[1]  # each game its own (900,000 seeds to draw from)
    result = CliRunner().invoke(app, ["play", "--plain", "--chapter", "0", "--seed", "7"], input="quit\n")
    assert "Seed 7: mnm play --chapter proving-grounds --party collin,tilda,filch,maginos --difficulty normal --seed 7" in (
        result.output
    )
    assert result.output.count("--seed 7 plays this same game again") == 2  # at the start and when it ends (issue 32)


@pytest.mark.parametrize("example", sorted((ROOT / "examples/scenarios").glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario_run_with_an_action_never_says_a_bare_dice_script_ran_out(example: Path) -> None:
    """Each shipped example, then one more action (the first choice after it): it plays, or says whose dice
    script ran out and how to go on; with --seeded it plays."""
    report = run_scenario(example, [])
    if report["decision"] is None:
        return  # the example ends the game: no action can follow
    action = report["decision"]["options"][0]
    try:
        run_scenario(example, [action])
    except ScenarioRunError as err:
        text = str(err)
        if "dice script ran out" in text:
            assert "scripted for the file's own actions" in text and "--seeded" in text, text
        run_scenario(example, [action], seeded=True)  # then it goes on


def test_rl_without_its_extra_is_one_clear_line() -> None:
    code = "import sys; sys.modules['pettingzoo'] = None; import mnm.rl.env"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        "ModuleNotFoundError: the RL environments need the optional RL packages (pettingzoo is not installed): "
        ".venv/bin/pip install -e '.[rl]' (gymnasium, pettingzoo, numpy)"
    )
    assert "During handling" not in done.stderr


def test_the_readme_campaign_example_names_a_save_that_exists_and_starts_chapter_two() -> None:
    from mnm.terminal.main import campaign_game
    from mnm.terminal.session import shipped_save

    found = re.search(r"`mnm play --campaign (\S+) --keep (\S+=\S+)`", README)
    assert found is not None
    save, keep = shipped_save(Path(found.group(1))), found.group(2)  # a shipped example by its name (issue 45)
    assert save == ROOT / "examples" / "saves" / "chapter1-won.json" and save.is_file()
    game = campaign_game(save, keep)
    assert game.ctx.chapter.id == "the-root-road"
    assert "thimble-helm" in game.state.heroes["tilda"].pack
