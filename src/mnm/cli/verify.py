"""``mnm verify``: what a table's record proves (replayed from its seed)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mnm.cli.root import app, fail


@app.command("verify")
def verify_command(
    record: Annotated[Path, typer.Argument(help="A table's record (the 'Check the dice' panel's download).")],
) -> None:
    """Check a web table's record: the seed against the commitment published at the start, then every roll and
    card by replaying the record from the seed, and say what that proves: dice from the seed or typed by players
    (by whom), the record complete or cut (or stopped by the server), the seed drawn by the server or chosen by
    a player, the chapter shipped or an uploaded file (with its sha256). The first line is the verdict.

    Exit codes: 0 VERIFIED (a fair, complete game: every die and card from the committed seed); 1 NOT VERIFIED
    (the record contradicts its seed or is malformed); 2 the file cannot be read; 3 PARTLY VERIFIED (every event
    matches, but the record proves less than a fair game: typed dice, a cut or stopped record, a chosen seed or
    a modified shipped chapter; the first line says which)."""
    from mnm.engine import SaveError, read_save_text
    from mnm.records.record import verify_record

    try:
        data = read_save_text(record.read_text(encoding="utf-8"), "the record")
    except (OSError, UnicodeDecodeError) as err:
        fail(f"cannot read {record}: {getattr(err, 'strerror', None) or err}")
    except SaveError as err:
        fail(str(err))
    verdict = verify_record(data)
    for line in verdict.lines:
        typer.echo(line)
    raise typer.Exit(verdict.code)
