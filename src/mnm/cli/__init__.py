"""The command line (``mnm``): its commands (commands, scenario, bench); ``main`` is the console script's entry point."""

from mnm.cli.commands import app, main

__all__ = ["app", "main"]
