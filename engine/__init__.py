"""Tabula's rules engine: the single authority on the rules of the old table games.

The engine is organised like python-chess and OpenSpiel (see ``shared/design-notes.md``):

* :mod:`engine.core` holds what every game shares: dice, positions and their one-line
  notation, single moves and plays, and the registry of games;
* :mod:`engine.games` holds one module per game family (``brade`` …), each rule citing the
  seed lines it implements;
* :mod:`engine.kinds` holds the kinds of figure in one table (a board, a game's table, a
  ledger, the hole rails, a count of throws, hits, a sequence), each checking what the texts
  say about its figures and drawing them; :mod:`engine.specs` and :mod:`engine.sequences`
  load the specifications of ``diagrams/``, :mod:`engine.figures` checks and draws each once
  into the figure cache;
* :mod:`engine.render` draws pictures and knows nothing of the rules;
* :mod:`engine.cli` is ``python -m engine``.
"""

__version__ = "0.1.0"
