"""The command line (``mnm``): one module per command group; ``main`` is the console script's entry point."""

# Each module registers its commands on the root app when imported, in this order: the order of `mnm --help`.
# isort: off
from mnm.cli.root import app, main
from mnm.cli import play, serve, hint, simulate, verify, content_tools  # noqa: F401
# isort: on

__all__ = ["app", "main"]
