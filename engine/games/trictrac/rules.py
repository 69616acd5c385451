"""Rules switches of the Trictrac family, each naming the lines it follows.

Each chapter follows its own text by default: the 1698 rules (``game = "trictrac"``), the
German-derived Toccategli (``game = "toccategli"``, values from the notes of the 1800
original, seed 001, which 000 de/da still carry) and the Toc (``game = "toc"``, fr 5983–6029).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ...core.game import Switches


@dataclass(frozen=True)
class TrictracRules(Switches):
    """Named switches. ``sources`` cites the lines for each; ``choices`` lists the values.

    ``game``
        ``trictrac``: points marked with jetons, twelve make a hole, twelve holes the tour
        (fr 4784, 4750). ``toccategli``: the Toccategli values and a game (Satz) won at
        twelve points (001 587–591, 589, 653–839; de notes 42–59). ``toc``: every jan marks a
        hole instead of points (fr 6015–6025).
    ``toc_double``
        at the Toc, whether "la double ira": a jan by doublet, or a filling or hit by two
        moyens, marks two holes (fr 6023); played to the first hole it wins the double, twice
        the stake ("vous me payeriez le double de ce que nous aurions joué").
    ``toc_count``
        at the Toc, what one throw marks for a player when it makes him several jans:
        ``throw`` (default) one hole, or two when one of them is by doublet or by two moyens
        and the double goes ("on marque un trou ou deux, selon le coup que l'on fait",
        fr 6017); ``event``: each jan its own hole or two, as the Trictrac adds their points.
    ``coin_fill``
        the 1698 opinions on filling the jan de retour by counting from the coin
        (fr 4997–5021): ``prevailing`` (default) counts nothing from the coin's two checkers
        (fr 5021: "la dernière opinion ayant prévalu"); ``first-opinion`` counts the two
        numbers joined from the coin *par puissance* when another checker fills in effect
        and the whole throw can be played (fr 4999–5007).
    ``mixed_hit``
        a blot reached à vrai and also by a blocked sum: ``vrai-only`` (default) counts no
        à-faux points for it; ``both`` counts the à-faux moyen too. No text speaks of it, and
        the engine shows why: the single dice start from the very points that are the
        passages of the joined numbers, so a blot hit à faux is never hit à vrai; the two
        readings never differ (the switch stays to show it, tested).
    ``toccategli_petit_jan``
        the Toccategli's value for making the kleiner Jan: ``001`` (default: "nur 4 und 6",
        001 687) or ``de-56`` (de note 56: 2 by a simple throw, 4 by a doublet, and 4 when a
        simple throw could close with two stones).
    ``toccategli_bands``
        in the Toccategli "kann ich allezeit in meines Gegners sein Brett oder Feld gehen,
        doch muß es allemal mit einem Bande oder zwey Steinen zugleich geschehen" (001 703;
        001 923 and de note 64: "in des andern sein Feld hinüber gehen"; da note 12: "gå
        over"). ``going-over`` (default): the rule is for going over — a checker brought
        from one's own side into the other's tables must stand in a band when the play
        ends; moves inside the other's tables are free, as the Rückjan's single checkers
        and half bands are (001 741, de 3496, da 853). ``every-landing``: every checker that ends
        a move in the other's tables must stand in a band, also inside a table already
        entered (the engine's reading until issue 17).
    ``one_die``
        when only one die of a simple can be played: ``either`` (default; the 1698 text
        asks only to play all one can, fr 4746, 5498) or ``higher``.
    ``bear_off``
        ``free`` (default): a die bears off the checker it carries exactly to the edge (the
        farthest when none stands farther back), or is played inside (fr 5035–5037; the
        lifting is a privilege, fr 5398; the lesson of 002 plays a 3 inside while a checker
        stands three from the edge, 002 117, 121); ``exact``: a die that can bear off a checker
        exactly must do so (a strict reading of "on lève à chaque coup … tout ce qui bat
        juste sur le bord", fr 5035).
    ``bear_off_whole``
        whether one checker may be borne off with both dice at once: ``false`` (fr 5035, a
        die at a time) or ``true`` ("des Zuhaltens wegen", de 3500; 001 745).
    ``opening_doublet``
        the first throw *coup et dés* (fr 4614) when it is a doublet: ``play`` (fr note 80,
        "chacun joue ce coup-là") or ``void`` (the old practice, note 80; 002 22).
    ``dice_across_tables``
        dice that end in different tables: ``good`` (fr 4656) or ``bad`` (sv 2371).
    ``tour``
        the holes that win: twelve at Trictrac (fr 4750); at the Toc "il dépend des joueurs
        d'en fixer le nombre ; l'on peut même jouer au premier trou" (fr 6019).
    ``grande_bredouille``
        whether the grande bredouille doubles the stake (fr 5043–5047: only when agreed,
        "guère en usage présentement").
    ``jan_de_rencontre``, ``margot_la_fendue``, ``pile_de_malheur``
        the three usages "no longer in use" (fr 5526), marked now only "par accord mutuel
        préalable" (notes 98, 133, 139): off by default, scored under the 1698 tariff when
        on (:mod:`.usages` says how each is read). They belong to the 1698 tariff: the
        Toccategli refuses them.
    ``petit_jan_remedy``
        when a throw can fill or keep the petit jan and the play does not: ``ecole``
        (default) gives the opponent the remedies of fr 4932–4936 and law 5486 — the points
        of that plein by école, marked or not, and the throw replayed to make it at his
        option (:func:`.ecole.unmade_petit_jan`); ``none`` counts the plein's points only
        from a play that makes it, with no remedy (as the text has it for the grand jan,
        fr 4938, where the points are taken only when marked and nothing is replayed).
    """

    game: Literal["trictrac", "toccategli", "toc"] = "trictrac"
    toc_double: bool = False
    toc_count: Literal["throw", "event"] = "throw"
    coin_fill: Literal["prevailing", "first-opinion"] = "prevailing"
    mixed_hit: Literal["vrai-only", "both"] = "vrai-only"
    toccategli_petit_jan: Literal["001", "de-56"] = "001"
    toccategli_bands: Literal["going-over", "every-landing"] = "going-over"
    one_die: Literal["either", "higher"] = "either"
    bear_off: Literal["free", "exact"] = "free"
    bear_off_whole: bool = False
    opening_doublet: Literal["play", "void"] = "play"
    dice_across_tables: Literal["good", "bad"] = "good"
    grande_bredouille: bool = False
    tour: Literal["12", "1", "2", "3", "4", "6"] = "12"
    jan_de_rencontre: bool = False
    margot_la_fendue: bool = False
    pile_de_malheur: bool = False
    petit_jan_remedy: Literal["ecole", "none"] = "ecole"

    sources: ClassVar[dict[str, str]] = {
        "game": "fr 4582–5541; 001 559–996 (de 3348–3694); fr 5983–6029",
        "toc_double": "fr 6023",
        "toc_count": "fr 6017 (silent on a throw of several jans)",
        "coin_fill": "fr 4997–5021",
        "mixed_hit": "fr 4768, 5213–5221 (silent on the mixed case)",
        "toccategli_petit_jan": "001 687; de note 56 (6339)",
        "toccategli_bands": "001 703, 923, 741; de 3626, 3496, 6351 (note 64); da 853, 6247",
        "one_die": "fr 4746, 5498",
        "bear_off": "fr 5035–5037, 5398; 002 117, 121",
        "bear_off_whole": "fr 5035; de 3500; 001 745",
        "opening_doublet": "fr 4614, note 80; 002 22",
        "dice_across_tables": "fr 4656; sv 2371",
        "grande_bredouille": "fr 5043–5053",
        "tour": "fr 4750; fr 6019",
        "jan_de_rencontre": "fr 5526–5528; note 98 (6423)",
        "margot_la_fendue": "fr 5530–5534, 5412; notes 133, 134 (6493–6495)",
        "pile_de_malheur": "fr 5536–5540; note 139 (6505–6507)",
        "petit_jan_remedy": "fr 4932–4938; law 5486",
    }
