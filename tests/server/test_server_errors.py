"""Issue 14, finding 10 and the error contract: every refusal is ``{error, message, params}`` with a code of
:class:`mnm.server.errors.ErrorCode`, body-parse errors included, and every status is in the OpenAPI document."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from web_helpers import create_body

from mnm.server.app import Limits, create_app
from mnm.server.errors import ErrorCode

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(allow_seed=True)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", LIMITS)) as c:
        yield c


def assert_error(body: Any, code: ErrorCode) -> None:
    assert isinstance(body, dict)
    assert body["error"] == code.value
    assert isinstance(body["message"], str) and body["message"]
    assert isinstance(body["params"], dict)
    assert "detail" not in body


def test_body_parse_errors_answer_error_and_message_not_detail(client: TestClient) -> None:
    for raw in (b"{", b"[]", b"null", b'{"chapter": 5}', "{\"chapter\": \"\u00e9\"}".encode()):
        r = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400, r.text
        assert_error(r.json(), ErrorCode.MALFORMED)
    r = client.post("/api/tables", json=create_body(chapter=5))
    assert r.json()["params"]["field"] == "chapter"


def test_unknown_address_and_method_answer_the_error_shape(client: TestClient) -> None:
    r = client.get("/api/nothing-here")
    assert r.status_code == 404
    assert_error(r.json(), ErrorCode.NOT_FOUND)
    r = client.delete("/api/tables")
    assert r.status_code == 405
    assert_error(r.json(), ErrorCode.METHOD_NOT_ALLOWED)
    r = client.get("/api/tables/nope")
    assert r.status_code == 404
    assert_error(r.json(), ErrorCode.NO_TABLE)
    r = client.get("/api/tables/x/events", params={"limit": "lots"})
    assert r.status_code == 400
    assert_error(r.json(), ErrorCode.MALFORMED)


def test_too_big_carries_the_limit_in_params(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", Limits(max_body=100, max_upload=100))) as c:
        r = c.post("/api/tables", content=b"x" * 200, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert_error(r.json(), ErrorCode.TOO_BIG)
    assert r.json()["params"] == {"limit": 100}


def test_openapi_lists_every_status_an_endpoint_can_answer(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    post_action = doc["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    for status in ("200", "400", "403", "404", "409", "413", "422", "429", "431", "500", "503"):
        assert status in post_action, status
    create = doc["paths"]["/api/tables"]["post"]["responses"]
    for status in ("201", "400", "413", "422", "429"):
        assert status in create, status
    error = doc["components"]["schemas"]["ErrorAnswer"]
    assert set(error["properties"]) >= {"error", "message", "params"}
    assert set(doc["components"]["schemas"]["ErrorCode"]["enum"]) == {c.value for c in ErrorCode}
