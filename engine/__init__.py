"""Tabula's rules engine: the single authority on the rules of the old table games.

The engine is organised like python-chess and OpenSpiel (see ``shared/design-notes.md``):

* :mod:`engine.core` holds what every game shares: dice, positions and their one-line
  notation, single moves and plays, and the registry of games;
* :mod:`engine.games` holds one module per game family (``brade`` …), each rule citing the
  seed lines it implements;
* :mod:`engine.claims` checks what the texts say about a figure; :mod:`engine.specs` loads
  the figure specifications of ``diagrams/``;
* :mod:`engine.render` draws pictures and knows nothing of the rules;
* :mod:`engine.cli` is ``python -m engine``.
"""

__version__ = "0.1.0"
