"""Issue 36 on PostgreSQL with two server processes: a chapter published on one is found, shown and played on
the other; both processes publishing versions of one chapter at once never give two the same number."""

from __future__ import annotations

import secrets
import threading
import time

import httpx
import pytest
from web_helpers import TINY_CHAPTER, ServerProcess, publish_body

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_published_on_one_process_found_on_the_other(postgres_url: str) -> None:
    a, b = (ServerProcess(postgres_url, extra=["--library-games", "3", "--playtest-workers", "1"]) for _ in range(2))
    starting = [threading.Thread(target=s.start) for s in (a, b)]  # both at once: the house rows race too
    for th in starting:
        th.start()
    for th in starting:
        th.join()
    try:
        chapter = f"tiny-{secrets.token_hex(4)}"
        text = TINY_CHAPTER.replace("id: tiny-trial", f"id: {chapter}")
        token = httpx.post(a.url + "/api/workshop/token").json()["token"]
        editor = {"X-Editor-Token": token}
        made = httpx.post(a.url + "/api/library", json=publish_body(text=text, title=f"Shared {chapter}"), headers=editor, timeout=30)
        assert made.status_code == 201, made.text

        found = httpx.get(b.url + "/api/library", params={"q": chapter}).json()["chapters"]
        assert [c["chapter"] for c in found] == [chapter]
        assert "flight-to-barksburg" in [c["chapter"] for c in httpx.get(b.url + "/api/library").json()["chapters"]]

        # the play-test runs where it was published; its measure reaches the other process through the database
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            page = httpx.get(b.url + f"/api/library/chapters/{chapter}").json()
            if page["measure"] != "measuring":
                break
            time.sleep(0.5)
        assert page["measure"] == "measured" and page["difficulty"] is not None

        # a table opened on B counts on A's page
        table = httpx.post(b.url + f"/api/library/chapters/{chapter}/tables", json={}, timeout=30)
        assert table.status_code == 201, table.text
        assert httpx.get(a.url + f"/api/library/chapters/{chapter}").json()["tables"] == 1

        # both processes publish new versions of the chapter at the same moment: distinct version numbers
        answers: list[httpx.Response] = []

        def publish(server: ServerProcess, n: int) -> None:
            body = publish_body(text=text.replace("end_page: 8", f"end_page: {n}"), title=f"Shared {chapter}")
            answers.append(httpx.post(server.url + "/api/library", json=body, headers=editor, timeout=60))

        threads = [threading.Thread(target=publish, args=(s, n)) for s, n in ((a, 6), (b, 7))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(r.json()["version"] for r in answers) == [2, 3], [r.text for r in answers]
        versions = httpx.get(a.url + f"/api/library/chapters/{chapter}").json()["versions"]
        assert [v["version"] for v in versions] == [1, 2, 3]
    finally:
        a.stop()
        b.stop()
