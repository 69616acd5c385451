"""Grand Trictrac after Charpentier's *Règles du jeu du Trictrac* (1698), with its variants.

Source: seed ``000_11830c5ab74f548f.txt``, French original at lines 4582–5541; rules cite
the French line as ``fr NNNN`` (laws as ``law NNNN``). The German-derived Trictrac and
Toccategli (000 de 3348–3694, da 728–1031, sv 2115–2385; its original 001) and the Toc
(fr 5983–6029) are rules switches (:mod:`.rules`).

The package: :mod:`.board` (numbering, tables, coins), :mod:`.movement` (legal plays),
:mod:`.tariff` (the values), :mod:`.evaluation` (what a throw wins before it is played),
:mod:`.marking` (points, holes, bredouille, leaving), :mod:`.ecole` (what the other may
claim), :mod:`.house` (who starts, which throws count), :mod:`.game` (the game, listed
in ``engine/games/__init__.py``).

Readings the edition chose where the texts leave a rule open (each a switch or documented
where it is implemented): a player "can still make" a plein while enough of his checkers
stand on or before each point of that table
(:meth:`.board.TrictracBoard.opponent_can_fill`); a filling or keeping counts only for the
plays that realise it; taking the coin par puissance fills nothing; a die left over once
the last checker is off gives no points; bearing off is free (``bear_off``); when one die
only can be played, either may be.
"""

from .game import TRICTRAC, Evaluation, ScoredAnalysis, Trictrac
from .rules import TrictracRules

__all__ = ["TRICTRAC", "Evaluation", "ScoredAnalysis", "Trictrac", "TrictracRules"]
