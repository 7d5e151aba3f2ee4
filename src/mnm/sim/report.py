"""The simulation report: ``summary.json``, plots (matplotlib, Agg backend) and ``report.html`` in one folder."""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

__all__ = ["write_report"]


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
