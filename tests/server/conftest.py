"""Fixtures of the web server tests: a real PostgreSQL for the whole session (scripts/services.sh)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import ROOT


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL on loopback (or MNM_TEST_DATABASE_URL when the caller provides one)."""
    given = os.environ.get("MNM_TEST_DATABASE_URL")
    if given:
        yield given
        return
    script = ROOT / "scripts" / "services.sh"
    out = subprocess.run(["bash", str(script), "start"], check=True, capture_output=True, text=True, timeout=300)
    env_file = out.stdout.strip().splitlines()[-1]
    url = ""
    for line in Path(env_file).read_text().splitlines():
        for part in line.removeprefix("export ").split():
            if part.startswith("DATABASE_URL="):
                url = part.split("=", 1)[1]
    assert url.startswith("postgresql://"), out.stdout
    try:
        yield url
    finally:
        subprocess.run(["bash", str(script), "stop", env_file], check=False, timeout=60)
