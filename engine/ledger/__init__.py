"""Ledgers: how Trictrac was scored for money, not how the checkers move.

The board play of Trictrac (which throw makes a hole) is :mod:`engine.games`' business; here
a *hole* is an event, and these modules keep the accounts that follow from the holes:

* :mod:`.aufschreiben` — one *Zug* of Trictrac zum Aufschreiben (seed 000, de 3696–3949,
  da 1033–1258, sv 2387–2628): holes, Haltung and Aufnehmen, overtaking, refait, marqué
  volontaire, small and great bredouille, Standarte and Krawatte;
* :mod:`.money` — jetons and fichets, Wetten and Postillons, the tails, the rounding rule,
  the card method and the final payment (articles 46–57);
* :mod:`.players` — the schedules for three (Eule, ring) and four players (articles 60–74);
* :mod:`.kombiniert` — the combined game (de 3951–4273, da 1260–1567): the Aufschreiben
  and the Partie mit Ehrenpunkten side by side, suspension, the pegs, Krawatten, Standarte
  and Poule;
* :mod:`.card` — the adjournment card (art. 59, 71; de 4063–4093);
* :mod:`.tables` — the tables the site prints beside the worked examples.

The claims of ``diagrams/trictrac-ecrire`` and ``diagrams/trictrac-combine`` are checked by
the ledger kinds of figure (:mod:`engine.kinds.ledger`, :mod:`engine.kinds.pegs`).

Articles are cited as ``art. N`` with the German line (``de NNNN``) of seed 000.
"""
