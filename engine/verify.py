"""``python -m engine verify``: check every claim of every figure and every sequence, as
each kind of figure checks its own (:mod:`engine.kinds`).

A sequence (``diagrams/sequences/``, :mod:`engine.sequences`) is played step by step: a
step whose play is not legal fails like a figure that cannot be read, and each step's claims
are counted with the figures'. Prints one line per failing claim (every claim with
``-v``), the text's known errors as recorded disagreements, and a closing line ``N passed,
M failed``. Exit status 0 only when
nothing failed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from .core.errors import TabulaError
from .kinds import kind_of
from .sequences import is_sequence, load_sequence, sequence_ids
from .specs import all_spec_ids, load_spec
from .verdicts import ClaimResult


def check_all(figures: Sequence[str] = ()) -> tuple[list[ClaimResult], list[str]]:
    """Results of every claim, and the figures or sequences that could not be checked at
    all. Without ``figures``: every figure and every sequence."""
    results: list[ClaimResult] = []
    broken: list[str] = []
    for figure in figures or [*all_spec_ids(), *sequence_ids()]:
        try:
            if is_sequence(figure):
                sequence = load_sequence(figure)
                results += kind_of(sequence).check(sequence)
            else:
                spec = load_spec(figure)
                results += kind_of(spec).check(spec)
        except TabulaError as error:
            broken.append(str(error))
    return results, broken


def run(figures: Sequence[str] = (), *, verbose: bool = False) -> int:
    started = time.perf_counter()
    results, broken = check_all(figures)
    for problem in broken:
        print(f"FAIL {problem}")
    for result in results:
        if not result.passed:
            print(f"FAIL {result.describe()}")
        elif verbose or result.disagrees:
            print(f"{'note' if result.disagrees else 'ok'}   {result.describe()}")
    passed = sum(r.passed for r in results)
    failed = len(results) - passed + len(broken)
    known = sum(r.passed and r.disagrees for r in results)
    elapsed = time.perf_counter() - started
    figures_checked = len({r.figure for r in results if not is_sequence(r.figure)})
    sequences = len({r.figure.split(" step ")[0] for r in results if is_sequence(r.figure)})
    print(
        f"{figures_checked} figures, {sequences} sequences, {known} recorded disagreement(s) "
        "with the texts, "
        f"{elapsed:.2f} s",
        file=sys.stderr,
    )
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
