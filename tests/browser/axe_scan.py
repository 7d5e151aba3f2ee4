"""axe-core in a real page: the serious and critical violations (installs axe-core from npm when missing)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe_serious(page: Page) -> list[list[str]]:
    """[rule id, impact, first targets] of every serious or critical violation (the page bypasses its CSP)."""
    if not AXE.exists():
        subprocess.run(
            "mkdir -p .cache/axe && cd .cache/axe && npm init -y >/dev/null && npm install --silent axe-core",
            shell=True,
            cwd=ROOT,
            check=True,
        )
    page.add_script_tag(path=str(AXE))
    found: list[list[str]] = page.evaluate(
        "async () => (await axe.run(document)).violations.filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')])"
    )
    return found
