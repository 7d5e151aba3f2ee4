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


def write_report(out: Path, summary: dict[str, Any], meta: dict[str, Any]) -> list[Path]:
    """Write the report files into ``out``; return them."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    doc = {**meta, **summary}
    _atomic_write(out / "summary.json", json.dumps(doc, indent=2))
    written.append(out / "summary.json")
    plots = {
        "pages.png": ("Chapter track pages used", summary["pages_used"], "page reached", "games"),
        "captures.png": ("Captures per game, by mouse", summary["captures_per_mouse"], "mouse", "captures"),
        "wounds.png": ("Wounds dealt to mice, by minion", summary["wounds_by_minion"], "minion", "wounds"),
    }
    for name, (title, data, xl, yl) in plots.items():
        _bar(out / name, title, data, xl, yl)
        written.append(out / name)
    lo, hi = summary["ci95"]
    rows = "".join(
        f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(json.dumps(v))}</td></tr>" for k, v in doc.items()
    )
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Simulation: {html.escape(str(meta.get('chapter')))}</title>
<style>body{{font-family:sans-serif;max-width:50em;margin:2em auto;color:#222}}
table{{border-collapse:collapse}}th,td{{border:1px solid #ccc;padding:.3em .6em;text-align:left}}
.big{{font-size:1.6em}}</style></head><body>
<h1>{html.escape(str(meta.get('chapter')))} with {html.escape(', '.join(meta.get('party', [])))}</h1>
<p class="big">Win rate <b>{summary['win_rate']:.1%}</b> ({summary['wins']} of {summary['games']} games;
95% confidence interval {lo:.1%} to {hi:.1%}), bot <b>{html.escape(str(meta.get('bot')))}</b>.</p>
<h2>Chapter track pages used</h2><img src="pages.png" alt="pages used">
<h2>Captures per mouse</h2><img src="captures.png" alt="captures per mouse">
<h2>Who wounds the mice</h2><img src="wounds.png" alt="wounds by minion">
<h2>All figures</h2><table>{rows}</table>
</body></html>
"""
    _atomic_write(out / "report.html", page)
    written.append(out / "report.html")
    return written
