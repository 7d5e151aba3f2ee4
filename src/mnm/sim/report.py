"""The simulation report: ``summary.json``, plots (matplotlib, Agg backend) and ``report.html`` in one folder."""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

__all__ = ["write_comparison", "write_report"]


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _bar(path: Path, title: str, data: dict[str, float], xlabel: str, ylabel: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    keys = list(data)
    ax.bar(keys, [data[k] for k in keys], color="#c8742f")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _names(meta: dict[str, Any]) -> tuple[str, str, dict[str, str], str]:
    """The chapter's and the mice's names, minion type names, and the end marker's page, from the content
    (ids as they are when the content doesn't know them: a report never fails on names)."""
    from mnm.content.loader import builtin_content

    content = builtin_content()
    chapter_id = str(meta.get("chapter"))
    chapter = content.chapters.get(chapter_id)
    chapter_name = chapter.name.en if chapter is not None else chapter_id
    heroes = [content.heroes[h].name.en if h in content.heroes else str(h) for h in meta.get("party", [])]
    party = ", ".join(heroes[:-1]) + " and " + heroes[-1] if len(heroes) > 1 else "".join(heroes)
    minions = {m: spec.name.en for m, spec in content.minions.items()}
    end = str(chapter.end_page) if chapter is not None else "?"
    return chapter_name, party, minions, end


def _defeats_sentence(summary: dict[str, Any]) -> str:
    from mnm.engine import catalog

    causes = summary.get("defeat_causes") or {}
    lost = sum(causes.values())
    if not lost:
        return "No game was lost."
    words = catalog("en")
    parts = [
        f"{n} because {words.get('value.' + c, c.replace('_', ' '))}"
        for c, n in sorted(causes.items(), key=lambda x: -x[1])
    ]
    return f"{lost} {'game was' if lost == 1 else 'games were'} lost: " + "; ".join(parts) + "."


def write_report(out: Path, summary: dict[str, Any], meta: dict[str, Any]) -> list[Path]:
    """Write the report files into ``out``; return them."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    doc = {**meta, **summary}
    _atomic_write(out / "summary.json", json.dumps(doc, indent=2))
    written.append(out / "summary.json")
    chapter_name, party, minion_names, end_page = _names(meta)
    wounds = {minion_names.get(k, k): v for k, v in summary["wounds_by_minion"].items()}
    plots = {
        "pages.png": (
            f"Chapter track pages used (end marker: page {end_page})",
            summary["pages_used"],
            "page reached",
            "games",
        ),
        "rounds.png": ("Game length", summary.get("rounds_played", {}), "rounds played", "games"),
        "captures.png": ("Captures per game, by mouse", summary["captures_per_mouse"], "mouse", "captures"),
        "wounds.png": ("Wounds dealt to mice, by minion", wounds, "minion", "wounds"),
    }
    for name, (title, data, xl, yl) in plots.items():
        _bar(out / name, title, data, xl, yl)
        written.append(out / name)
    lo, hi = summary["ci95"]
    rows = "".join(
        f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(json.dumps(v))}</td></tr>" for k, v in doc.items()
    )
    esc = html.escape
    bot = str(meta.get("bot"))
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Simulation: {esc(chapter_name)}</title>
<style>body{{font-family:sans-serif;max-width:50em;margin:2em auto;color:#222}}
table{{border-collapse:collapse}}th,td{{border:1px solid #ccc;padding:.3em .6em;text-align:left}}
.big{{font-size:1.6em}}.note{{color:#555}}</style></head><body>
<h1>{esc(chapter_name)} with {esc(party)}</h1>
<p class="big">Win rate <b>{summary["win_rate"]:.1%}</b> ({summary["wins"]} of {summary["games"]} games;
95% confidence interval {lo:.1%} to {hi:.1%}), bot <b>{esc(bot)}</b>.</p>
<p>{esc(_defeats_sentence(summary))} On average a game took {summary["mean_rounds"]} rounds,
{summary["surges_per_game"]} surges and {summary["mean_decisions"]} decisions.</p>
<p class="note">How to read this: every mouse was played by the <b>{esc(bot)}</b> bot (docs/bots.md), one game per
seed, so the win rate is this bot's, not a promise for any table of players; the interval says how far the
true rate of this bot could be from the one measured, given the number of games. The same seeds give the same
games on any machine.</p>
<h2>Chapter track pages used</h2><img src="pages.png" alt="pages used">
<h2>Game length</h2><img src="rounds.png" alt="rounds played">
<h2>Captures per mouse</h2><img src="captures.png" alt="captures per mouse">
<h2>Who wounds the mice</h2><img src="wounds.png" alt="wounds by minion">
<h2>All figures</h2><table>{rows}</table>
</body></html>
"""
    _atomic_write(out / "report.html", page)
    written.append(out / "report.html")
    return written


def _side_name(side: str) -> str:
    from mnm.content.loader import builtin_content

    tiles = builtin_content().tile_sides
    if side == "None":
        return "no mouse free"
    return f"{side} {tiles[int(side)].name.en}" if side.isdigit() and int(side) in tiles else side


def _grouped(path: Path, title: str, series: dict[str, dict[str, float]], xlabel: str, ylabel: str) -> None:
    """Bars side by side: one colour per run, one group per key."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys: list[str] = []
    for data in series.values():
        keys += [k for k in data if k not in keys]
    fig, ax = plt.subplots(figsize=(7.5, 3.6), dpi=100)
    width = 0.8 / max(1, len(series))
    for j, (label, data) in enumerate(series.items()):
        ax.bar([i + j * width for i in range(len(keys))], [data.get(k, 0.0) for k in keys], width, label=label)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(keys))], keys, rotation=20 if len(keys) > 4 else 0)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _win_rates(path: Path, runs: list[tuple[str, dict[str, Any]]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.4), dpi=100)
    labels = [label for label, _ in runs]
    rates = [s["win_rate"] * 100 for _, s in runs]
    err = [
        [(s["win_rate"] - s["ci95"][0]) * 100 for _, s in runs],
        [(s["ci95"][1] - s["win_rate"]) * 100 for _, s in runs],
    ]
    ax.bar(labels, rates, yerr=err, capsize=5, color="#c8742f")
    ax.axhspan(35, 65, color="#9c9", alpha=0.25, label="normal's target, 35-65%")
    ax.set_ylim(0, 100)
    ax.set_ylabel("games won (%), 95% interval")
    ax.set_title("Win rate by difficulty and bot")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# Issue 44: every shown win rate names the party it describes.
PARTIES = {"heuristic": "new party (heuristic bot)", "search": "careful party (search bot)", "random": "random bot"}


def party_of(bot: object) -> str:
    """The party a bot's win rate describes: a *new party* (the heuristic bot, which uses abilities and items by a
    good player's rules of thumb), a *careful party* (the search bot), or the random bot (docs/difficulty.md)."""
    return PARTIES.get(str(bot), str(bot))


def measured_random(chapter: str) -> dict[str, tuple[float, int]]:
    """The random bot's measured rate and games per preset on a shipped chapter (``MEASURED``'s ``random``, seeds 0
    up, the presets' party; docs/difficulty.md), where the difficulty table has one."""
    from mnm.engine import DIFFICULTY_PRESETS

    out = {}
    for preset in DIFFICULTY_PRESETS.values():
        rate = preset.rate(chapter)
        if rate is not None and rate.random is not None and rate.random_games:
            out[preset.id] = (rate.random, rate.random_games)
    return out


def skill_depth(
    runs: list[tuple[dict[str, Any], dict[str, Any]]], table: dict[str, tuple[float, int]] | None = None
) -> dict[str, dict[str, float]]:
    """The chapter's skill depth per preset (issue 44, docs/difficulty.md "Skill depth"): the win rates of the random
    bot, the new party and the careful party on the same seeds, and the spread between the lowest and the highest
    measured; a preset needs two of the three bots to have one. Where the runs have no random bot at a preset they
    played, ``table`` (:func:`measured_random`: preset -> rate, games) gives it, marked ``random_games``.

    >>> runs = [({"bot": "heuristic", "difficulty": "normal"}, {"win_rate": 0.5})]
    >>> skill_depth(runs)
    {}
    >>> skill_depth(runs, {"normal": (0.0, 400), "hard": (0.0, 400)})
    {'normal': {'heuristic': 0.5, 'random': 0.0, 'random_games': 400.0, 'spread': 0.5}}
    """
    by_preset: dict[str, dict[str, float]] = {}
    for meta, summary in runs:
        bot = str(meta.get("bot"))
        if bot in PARTIES:
            by_preset.setdefault(str(meta.get("difficulty", "normal")), {})[bot] = float(summary["win_rate"])
    out = {}
    for preset, rates in by_preset.items():
        extra = {}
        if "random" not in rates and table and preset in table:
            rates = {**rates, "random": table[preset][0]}
            extra = {"random_games": float(table[preset][1])}
        if len(rates) >= 2:
            out[preset] = {**rates, **extra, "spread": round(max(rates.values()) - min(rates.values()), 4)}
    return out


def write_comparison(out: Path, runs: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[Path]:
    """The difficulty report: several runs (bots x presets) side by side in ``out/report.html``, with where
    their games were lost (page, tile, minion type). ``runs`` holds (meta, summary) pairs."""
    out.mkdir(parents=True, exist_ok=True)
    esc = html.escape
    named = [(f"{party_of(m.get('bot'))} / {m.get('difficulty', 'normal')}", m, s) for m, s in runs]
    _atomic_write(out / "comparison.json", json.dumps([{**m, **s} for m, s in runs], indent=2))
    written = [out / "comparison.json"]
    _win_rates(out / "win_rates.png", [(label, s) for label, _, s in named])

    def per_game(key: str, rename: Any = str) -> dict[str, dict[str, float]]:
        return {
            label: {rename(k): round(100 * v / max(1, s["games"]), 2) for k, v in (s.get(key) or {}).items()}
            for label, _, s in named
        }

    minion_names = _names(named[0][1])[2] if named else {}
    _grouped(
        out / "lost_pages.png", "Games lost, by the hourglass's page", per_game("losses_by_page"), "page", "% of games"
    )
    _grouped(
        out / "lost_sides.png",
        "Games lost, by where the party stood",
        per_game("losses_by_side", _side_name),
        "tile side",
        "% of games",
    )
    _grouped(
        out / "lost_minions.png",
        "Wounds in lost games, by minion type (per 100 games)",
        per_game("lost_games_wounds_by_minion", lambda k: minion_names.get(k, k)),
        "minion type",
        "wounds",
    )
    written += [out / n for n in ("win_rates.png", "lost_pages.png", "lost_sides.png", "lost_minions.png")]
    rows = "".join(
        f"<tr><td>{esc(party_of(m.get('bot')))}</td><td>{esc(str(m.get('difficulty', 'normal')))}</td>"
        f"<td>{s['games']}</td><td><b>{s['win_rate']:.1%}</b></td><td>{s['ci95'][0]:.1%} to {s['ci95'][1]:.1%}</td>"
        f"<td>{esc(', '.join(f'{c.replace(chr(95), chr(32))} {n}' for c, n in s['defeat_causes'].items()) or 'none')}</td><td>{s['mean_rounds']}</td><td>{s['surges_per_game']}</td></tr>"
        for _, m, s in named
    )
    paired_rows = "".join(
        f"<tr><td>{esc(party_of(m.get('bot')))} against {esc(party_of(s['paired_vs']))}</td>"
        f"<td>{esc(str(m.get('difficulty', 'normal')))}</td><td>{s['paired']['seeds']}</td>"
        f"<td><b>{s['paired']['margin'] * 100:+.1f}</b></td>"
        f"<td>{s['paired']['ci95'][0] * 100:+.1f} to {s['paired']['ci95'][1] * 100:+.1f}</td>"
        f"<td>{s['paired']['only_challenger']}</td><td>{s['paired']['only_baseline']}</td></tr>"
        for _, m, s in named
        if "paired" in s
    )
    paired_table = (
        "<h2>Bots compared over the same seeds</h2><p class=\"note\">Each seed is played by both bots with the "
        "same dice and decks, so the difference is measured game by game: the margin is the share of seeds won "
        "only by the first bot named minus those won only by the other, in points, with a 95% interval on that "
        "mean difference.</p><table><tr><th>bots</th><th>difficulty</th><th>seeds</th><th>margin (points)</th>"
        f"<th>95% interval</th><th>won by it only</th><th>won by the other only</th></tr>{paired_rows}</table>"
        if paired_rows
        else ""
    )
    depth = skill_depth(runs, measured_random(str(runs[0][0].get("chapter"))) if runs else None)

    def depth_cell(r: dict[str, float], bot: str) -> str:
        if bot not in r:
            return "<td>not played</td>"
        if bot == "random" and "random_games" in r:  # not in these runs: the difficulty table's (seeds 0 up)
            return f"<td>{r[bot]:.1%} ({int(r['random_games'])} games, the difficulty table)</td>"
        return f"<td>{r[bot]:.1%}</td>"

    depth_rows = "".join(
        f"<tr><td>{esc(p)}</td>"
        + "".join(depth_cell(r, b) for b in ("random", "heuristic", "search"))
        + f"<td><b>{r['spread'] * 100:.0f}</b></td></tr>"
        for p, r in depth.items()
    )
    depth_table = (
        "<h2>Skill depth</h2><p class=\"note\">The win rates of the random bot, a new party (the heuristic bot) and a "
        "careful party (the search bot) on the same seeds (docs/difficulty.md, \"Skill depth\"): where all three win "
        "alike the chapter is luck; where they spread, skill pays. The spread is the highest minus the lowest, in "
        "points. A random-bot figure with its games count was not played in this run: it is the difficulty "
        "table's, measured on the first seeds of the same presets.</p><table><tr><th>difficulty</th><th>random bot</th><th>new party</th><th>careful party</th>"
        f"<th>spread (points)</th></tr>{depth_rows}</table>"
        if depth_rows
        else ""
    )
    chapter_name, party, _, end_page = _names(named[0][1]) if named else ("", "", {}, "?")
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Difficulty report: {esc(chapter_name)}</title>
<style>body{{font-family:sans-serif;max-width:56em;margin:2em auto;color:#222}}
table{{border-collapse:collapse}}th,td{{border:1px solid #ccc;padding:.3em .6em;text-align:left}}
.note{{color:#555}}</style></head><body>
<h1>Difficulty report: {esc(chapter_name)} with {esc(party)}</h1>
<p class="note">Each row is one bot at one difficulty preset (docs/difficulty.md), over the same seeds, so the
runs differ only by the bot and the preset. Each names the party it describes: a new party (the heuristic bot,
which heals, dodges and casts by a good player's rules of thumb), a careful party (the search bot). The interval is a Wilson 95% interval. The chapter's end marker is
on page {esc(end_page)} at normal (easy: a page later, hard: a page earlier).</p>
<table><tr><th>party (bot)</th><th>difficulty</th><th>games</th><th>won</th><th>95% interval</th><th>defeats</th>
<th>rounds</th><th>surges</th></tr>{rows}</table>
{depth_table}
{paired_table}
<h2>Win rates</h2><img src="win_rates.png" alt="win rate by difficulty and bot">
<h2>Where games are lost: the page</h2><img src="lost_pages.png" alt="games lost by page">
<h2>Where games are lost: the tile</h2><img src="lost_sides.png" alt="games lost by tile side">
<h2>Who wounds the mice in the games lost</h2><img src="lost_minions.png" alt="wounds in lost games by minion">
<p class="note">Each run's own report (every figure, its plots) is in its folder: {
        ", ".join(
            f'<a href="{esc(str(m.get("bot")))}-{esc(str(m.get("difficulty", "normal")))}/report.html">{esc(label)}</a>'
            for label, m, _ in named
        )
    }.</p>
</body></html>
"""
    _atomic_write(out / "report.html", page)
    written.append(out / "report.html")
    return written
