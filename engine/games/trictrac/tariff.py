"""The value of every scoring throw: the 1698 *Tarif* (fr 5180–5241) and its variants.

Each row gives the points per moyen (or for the one way it can be made) by a simple throw
and by a doublet, who gains them, and where the text says so. The Toccategli values are
those of the notes of the 1800 original (seed 001), which the German-derived chapter of 000
still carries in its de and da notes; the Toc marks holes instead (see :mod:`.marking`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """One row of the tariff.

    ``per_moyen``: ``"yes"`` multiplies the value by the moyens, ``"no"`` counts it once
    however many, ``"simple"`` multiplies a simple throw's value only. ``simple`` and
    ``doublet`` are ``None`` where the throw cannot score so (the jan de trois coups is
    never made by a doublet, fr 4696).
    """

    key: str
    simple: int | None
    doublet: int | None
    per_moyen: str
    moyens: str
    to: str
    lines: str

    def value(self, doublet: bool, moyens: int) -> int:
        per = self.doublet if doublet else self.simple
        if per is None:
            return 0
        multiply = self.per_moyen == "yes" or (self.per_moyen == "simple" and not doublet)
        return per * moyens if multiply else per


TRICTRAC: tuple[Rate, ...] = (
    Rate("jan-de-trois-coups", 4, None, "no", "1", "mover", "fr 4694–4700, 5186"),
    Rate("jan-de-deux-tables", 4, 6, "no", "1", "mover", "fr 4704–4706, 5187"),
    Rate("jan-de-meseas", 4, 6, "no", "1", "mover", "fr 4714, 5188"),
    Rate("contre-jan-de-deux-tables", 4, 6, "no", "1", "opponent", "fr 4710, 5189"),
    Rate("contre-jan-de-meseas", 4, 6, "no", "1", "opponent", "fr 4718, 5191"),
    Rate("battre-a-vrai/grand", 2, 4, "yes", "1–3 / 1–2", "mover", "fr 4760, 5196–5199"),
    Rate("battre-a-vrai/petit", 4, 6, "yes", "1–3 / 1–2", "mover", "fr 4760, 5202–5205"),
    Rate("battre-le-coin", 4, 6, "no", "1", "mover", "fr 4762, 4844, 5208"),
    Rate("battre-a-faux/grand", 2, 4, "no", "1", "opponent", "fr 4768, 5213"),
    Rate("battre-a-faux/petit", 4, 6, "no", "1", "opponent", "fr 4768, 5216–5221"),
    Rate("dame-impuissante", 2, 2, "yes", "—", "opponent", "fr 4746, 5223, 5498"),
    Rate("remplir", 4, 6, "yes", "1–3 / 1–2", "mover", "fr 4722, 4734, 4744, 5230–5233"),
    Rate("conserver", 4, 6, "no", "1", "mover", "fr 4728, 4736, 4744, 5236"),
    Rate("sortir-le-premier", 4, 6, "no", "—", "mover", "fr 4748, 5039, 5241"),
    # the usages no longer in use, played only when agreed (fr 5526–5540; :mod:`.usages`)
    Rate("jan-de-rencontre", 4, 6, "no", "1", "mover", "fr 5528; note 98"),
    Rate("margot-la-fendue", 2, 4, "no", "1", "opponent", "fr 5534; note 133"),
    Rate("pile-de-malheur", 4, 6, "no", "1", "mover", "fr 5538; note 139"),
)

# 001's notes; where a note is silent the edition keeps the nearest stated value (marked).
TOCCATEGLI: tuple[Rate, ...] = (
    Rate("jan-de-trois-coups", 2, None, "no", "1", "mover", "001 653"),
    Rate("jan-de-deux-tables", 2, 4, "no", "1", "mover", "001 655"),
    Rate("jan-de-meseas", 2, 4, "no", "1", "mover", "001 685"),
    Rate("contre-jan-de-deux-tables", 2, 4, "no", "1", "opponent", "001 669"),
    Rate("contre-jan-de-meseas", 2, 4, "no", "1", "opponent", "(silent: as méséas)"),
    Rate("battre-a-vrai/grand", 1, 2, "simple", "1–3 / 1–2", "mover", "001 589, 799"),
    Rate("battre-a-vrai/petit", 1, 2, "no", "1–3 / 1–2", "mover", "001 813, 815"),
    Rate("battre-le-coin", 2, 4, "no", "1", "mover", "001 839"),
    Rate("battre-a-faux/grand", 0, 0, "no", "1", "opponent", "001 831"),
    Rate("battre-a-faux/petit", 0, 0, "no", "1", "opponent", "001 831"),
    Rate("dame-impuissante", 1, 2, "no", "—", "opponent", "001 727, 733"),
    Rate("remplir/petit-jan", 4, 6, "no", "1–3 / 1–2", "mover", "001 687"),
    Rate("remplir", 2, 4, "yes", "1–3 / 1–2", "mover", "001 701 (doublet silent)"),
    Rate("conserver", 2, 4, "no", "1", "mover", "001 721"),
    Rate("sortir-le-premier", 2, 2, "no", "—", "mover", "001 779, 959"),
)

TARIFFS = {"trictrac": TRICTRAC, "toc": TRICTRAC, "toccategli": TOCCATEGLI}


def rate(game: str, kind: str, qualifier: str = "") -> Rate:
    """The row for an event: ``kind/qualifier`` when the tariff has one, else ``kind``."""
    rows = {r.key: r for r in TARIFFS[game]}
    if qualifier and f"{kind}/{qualifier}" in rows:
        return rows[f"{kind}/{qualifier}"]
    return rows[kind]
