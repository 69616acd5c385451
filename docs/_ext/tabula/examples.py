"""Examples in the engine's pages that the engine itself produces and checks.

``position-example`` shows a position in the notation after checking that the engine reads
it and writes it back character for character. ``engine-run`` runs a ``python -m engine``
command in-process and shows its output, failing the build when the command's exit status
is not the expected one (``:status:``, default 0) — so the documentation of the command
line cannot drift from the command line.
"""

from __future__ import annotations

import io
import shlex
from contextlib import redirect_stderr, redirect_stdout

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from engine.cli import main
from engine.core.errors import TabulaError
from engine.games import read_position, write_position

logger = logging.getLogger(__name__)


class PositionExample(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        text = self.arguments[0].strip()
        try:
            written = write_position(read_position(text))
        except TabulaError as error:
            logger.error("position example: %s", error, location=self.get_location())
            return []
        if written != text:
            logger.error(
                "position example is not in canonical form; the engine writes: %s",
                written,
                location=self.get_location(),
            )
        block = nodes.literal_block(text, text, classes=["tabula-position"])
        self.set_source_info(block)
        return [block]


class EngineRun(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"status": directives.nonnegative_int}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        argv = shlex.split(self.arguments[0])
        stdout, stderr = io.StringIO(), io.StringIO()
        with redirect_stdout(stdout), redirect_stderr(stderr):
            try:
                status = main(argv)
            except SystemExit as exit_:
                status = int(exit_.code or 0)
        expected = self.options.get("status", 0)
        if status != expected:
            logger.error(
                "engine-run: 'python -m engine %s' exited %d, not %d: %s",
                self.arguments[0],
                status,
                expected,
                stderr.getvalue().strip(),
                location=self.get_location(),
            )
        shown = f"$ python -m engine {self.arguments[0]}\n{stdout.getvalue()}"
        if status:
            shown += stderr.getvalue()
        block = nodes.literal_block(shown, shown.rstrip("\n"), classes=["tabula-run"])
        block["language"] = "text"
        self.set_source_info(block)
        return [block]


def setup(app: Sphinx) -> None:
    app.add_directive("position-example", PositionExample)
    app.add_directive("engine-run", EngineRun)
