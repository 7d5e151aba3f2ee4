"""``mnm serve``: the web server for shared tables."""

from __future__ import annotations

from typing import Annotated

import typer

from mnm import __version__
from mnm.cli.root import app, fail, need


def port_in_use(host: str, port: int) -> str | None:
    """Why ``mnm serve`` could not listen on ``host:port``, or None. The probe binds with SO_REUSEADDR as uvicorn
    does, so a restart right after a crash is not refused for the old connections still in TIME_WAIT (issue 26,
    finding 7); a port another process listens on is still refused."""
    import socket

    probe = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
        probe.listen()
    except OSError as err:
        return str(err.strerror or err)
    finally:
        probe.close()
    return None


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.", envvar="MNM_PORT")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="Database URL (postgresql://...); an SQLite file in your data folder if omitted.")
    ] = None,
    proxy_headers: Annotated[
        bool, typer.Option(help="Believe X-Forwarded-For/-Proto from --forwarded-allow-ips (behind a proxy).")
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None, typer.Option(help="Comma-separated addresses of the reverse proxies whose headers to believe.")
    ] = None,
    allow_seed: Annotated[
        bool, typer.Option(help="Accept a seed chosen by the table's creator (tests, bug reports).")
    ] = False,
    address_scale: Annotated[
        float, typer.Option(min=0.01, max=1000.0, help="Multiply the per-address limits (big NATs, load tests).")
    ] = 1.0,
    max_sockets: Annotated[
        int, typer.Option(min=1, max=1_000_000, help="Open WebSockets in all (each holds a file; docs/deploy.md).")
    ] = 768,
    sockets_per_address: Annotated[int, typer.Option(min=1, max=100_000, help="Open WebSockets per address.")] = 32,
    sockets_per_table: Annotated[int, typer.Option(min=1, max=100_000, help="Open WebSockets per table.")] = 64,
    tables_per_hour: Annotated[
        float, typer.Option(min=1.0, max=10_000_000.0, help="New tables from all addresses together, per hour.")
    ] = 3600.0,
    table_expiry_days: Annotated[
        float, typer.Option(min=0.0, max=36_500.0, help="Delete tables nobody played for this long (0: never).")
    ] = 30.0,
    playtest_backend: Annotated[
        str, typer.Option(help="Where the workshop's play-tests run: local (worker processes) or ray.")
    ] = "local",
    playtest_workers: Annotated[
        int, typer.Option(min=0, max=256, help="Play-test worker processes (0: one per CPU).")
    ] = 0,
    ray_address: Annotated[str | None, typer.Option(help="With --playtest-backend ray: a running cluster.")] = None,
    library_games: Annotated[
        int, typer.Option(min=1, max=1000, help="Bot games per difficulty preset measuring a published chapter.")
    ] = 20,
    bot_table_rounds: Annotated[
        int, typer.Option(min=1, max=100_000, help="Stop a table where bots play every seat after this many rounds.")
    ] = 100,
    bot_table_pace: Annotated[
        float, typer.Option(min=0.0, max=60.0, help="Seconds between two bot actions at a table of bots only.")
    ] = 0.25,
    draft_expiry_days: Annotated[
        float, typer.Option(min=0.0, max=36_500.0, help="Delete workshop drafts not saved for this long (0: never).")
    ] = 30.0,
    bot_tables_per_address: Annotated[
        int, typer.Option(min=1, max=10_000, help="Tables of bots only playing at once per client address.")
    ] = 4,
) -> None:
    """Start the web server: open http://HOST:PORT/ in a browser to create and join tables, or
    http://HOST:PORT/workshop to build a chapter."""
    need("uvicorn", "mnm serve")
    need("fastapi", "mnm serve")
    if playtest_backend not in ("local", "ray"):
        fail("--playtest-backend must be local or ray")
    if playtest_backend == "ray":
        need("ray", "--playtest-backend ray")
    from mnm.server.app import Limits, serve

    why = port_in_use(host, port)
    if why is not None:  # reported before anything else is said or started
        fail(f"cannot serve on {host}:{port}: {why} (another server there? try --port {port + 1})")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host  # an address a browser on this machine opens
    typer.echo(f"mnm {__version__}: serving on http://{host}:{port}/ (API docs at /docs)")
    typer.echo(f"Open http://{shown}:{port}/ in a browser to play. Ctrl+C stops the server.")
    serve(
        host=host,
        port=port,
        db=db,
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips,
        limits=Limits(
            allow_seed=allow_seed,
            address_scale=address_scale,
            sockets_total=max_sockets,
            sockets_per_address=sockets_per_address,
            sockets_per_table=sockets_per_table,
            tables_total_per_second=tables_per_hour / 3600.0,
            table_expiry_days=table_expiry_days,
            playtest_backend=playtest_backend,
            playtest_workers=playtest_workers,
            ray_address=ray_address,
            playtest_warm=True,
            library_games=library_games,
            bot_table_rounds=bot_table_rounds,
            bot_table_pace=bot_table_pace,
            draft_expiry_days=draft_expiry_days,
            bot_tables_per_address=bot_tables_per_address,
        ),
    )
