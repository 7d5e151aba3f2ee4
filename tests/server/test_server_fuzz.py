"""Issue 14: a bounded fuzz run of the HTTP API on loopback (schemathesis), 0 server errors.

Every operation of the OpenAPI document gets valid and invalid requests generated from its schema
(schemathesis + hypothesis, derandomized so a run is repeatable), half of them aimed at a real table with its
real host token so the deeper paths run. Every answer must be a documented status, never a 5xx, and every
refusal the ``{error, message, params}`` JSON. About 10,000 requests in about a minute.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable

schemathesis = pytest.importorskip("schemathesis")
from schemathesis import GenerationMode  # noqa: E402
from test_server_limits import running  # noqa: E402
from web_helpers import create_body  # noqa: E402

from mnm.server.app import Limits, create_app  # noqa: E402
from mnm.server.errors import ErrorCode  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

GENEROUS = Limits(
    actions_per_second=1e6,
    action_burst=10**6,
    tables_per_second=1e6,
    table_burst=10**6,
    hints_per_second=0.5,  # a hint search costs real CPU: most hint requests are answered 429
    hint_burst=2,
    hint_iterations=4,
)


CASES_PER_OPERATION = int(os.environ.get("MNM_FUZZ_CASES", "250"))
# the fewest requests a run must send: 10,000 at the default 250 cases per operation (scripts/test.sh runs 120)
REQUESTS = int(os.environ.get("MNM_FUZZ_REQUESTS", str(40 * CASES_PER_OPERATION)))


def collect_cases(operation: Any) -> list[Any]:
    """Schema-generated cases for one operation, valid and invalid (derandomized: the same every run)."""
    cases: list[Any] = []
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

        @settings(
            max_examples=CASES_PER_OPERATION // 2,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy(generation_mode=mode))
        def collect(case: Any) -> None:
            cases.append(case)

        with contextlib.suppress(Unsatisfiable):  # nothing invalid to say to GET /api/health
            collect()
    return cases


def test_fuzz_the_api_no_server_errors(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app = create_app(f"sqlite:///{tmp_path / 'fuzz.db'}", GENEROUS)
    with running(app) as url:
        body = create_body()
        body.pop("seed")
        made = httpx.post(url + "/api/tables", json=body).json()
        table = made["table"]
        # each generated request is sent as generated, and aimed at a real table with each kind of caller
        callers: list[dict[str, str]] = [
            {},
            {"X-Seat-Token": made["host_token"]},
            {"X-Seat-Token": made["seats"][0]["token"]},
            {"X-Seat-Token": made["seats"][1]["token"]},
            {"X-Seat-Token": "not-a-token"},
        ]
        schema = schemathesis.openapi.from_url(url + "/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        answered: dict[int, int] = {}
        failures: list[str] = []
        sent = 0
        with requests.Session() as session:
            for operation in operations:
                documented = {int(s) for s in operation.definition.raw.get("responses", {}) if s.isdigit()}
                for case in collect_cases(operation):
                    variants = [(case.path_parameters or {}, {})]
                    if case.path_parameters and "table_id" in case.path_parameters:
                        aimed = {**case.path_parameters, "table_id": table}
                        variants += [(aimed, caller) for caller in callers]
                    else:
                        variants += [(case.path_parameters or {}, caller) for caller in callers[1:]]
                    for params, caller in variants:
                        case.path_parameters = dict(params) if params else case.path_parameters
                        try:
                            kwargs = case.as_transport_kwargs(base_url=url, headers=caller)
                            response = session.request(**kwargs, timeout=30)
                        except (ValueError, requests.exceptions.InvalidHeader, requests.exceptions.InvalidURL):
                            continue  # a request the client library refuses to send
                        sent += 1
                        status = response.status_code
                        answered[status] = answered.get(status, 0) + 1
                        where = f"{case.method} {case.formatted_path} -> {status}"
                        if status >= 500:
                            failures.append(f"{where}: {response.text[:200]}")
                        elif status not in documented and status != 422:
                            failures.append(f"{where}: status not in the OpenAPI document")
                        elif status >= 400:
                            answer = response.json()
                            if not (
                                isinstance(answer, dict)
                                and answer.get("error") in {c.value for c in ErrorCode}
                                and isinstance(answer.get("message"), str)
                                and isinstance(answer.get("params"), dict)
                            ):
                                failures.append(f"{where}: not the error shape: {response.text[:200]}")
        assert httpx.get(url + "/api/health").json() == {"ok": True}
    print(f"fuzz: {sent} requests, statuses {dict(sorted(answered.items()))}")
    assert not failures, failures[:10]
    assert sent >= REQUESTS, (sent, answered)
