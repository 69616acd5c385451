"""Counting throws by exact enumeration, apart from any game's rules.

* :mod:`.throws` — the 36 throws, the numbers a throw reaches with one dame, hitting a blot
  à vrai or à faux through open or closed passages, sums, the jan de trois coups;
* :mod:`.quantities` — the short phrases (``hit 6``, ``sum 8 6``) claims and tables name;
* :mod:`.situation` — a drawn blot and the dames that may hit it, for figures.

The statements a counting figure checks, and a table's cells, are
:mod:`engine.kinds.counting`'s. Only dice, the two numbers of a throw and the passage rule
are needed here: the Trictrac rules engine (its moves, scores and marks) is not. Where a
count depends on a blocked passage, the passage is stated (a ``closed=`` option, or a
situation's cases).
"""
