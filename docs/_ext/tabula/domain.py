"""What the extension remembers about the pages between reading and writing them: one Sphinx
domain (as ``sphinx.ext.todo`` keeps its todos), so that a page read again, or read in a
parallel process, leaves nothing stale behind.

``figures``
    figure id -> the pages that place it (the status page's games table counts them);
``progress``
    page -> (words the sources translate, words the edition translates, all words of its
    messages, original language), see :mod:`.languages`;
``status_pages``
    the pages whose tables describe every other page (rewritten when any page changes);
``assets``
    page -> the engine's files its replays and "try a roll" controls need (copied into the
    site's ``_tabula/``, see :mod:`.interactive`);
``aids``
    page -> which of those aids it has (``replay``, ``trial``): such a page gets the script.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from sphinx.domains import Domain

Progress = tuple[int, int, int, str]


class TabulaDomain(Domain):
    name = "tabula"
    label = "Tabula"
    initial_data: dict[str, Any] = {  # noqa: RUF012 (Sphinx deep-copies it per environment)
        "figures": {},
        "progress": {},
        "status_pages": set(),
        "assets": {},
        "aids": {},
    }
    data_version = 2

    @property
    def figures(self) -> dict[str, set[str]]:
        return cast(dict[str, set[str]], self.data["figures"])

    @property
    def progress(self) -> dict[str, Progress]:
        return cast(dict[str, Progress], self.data["progress"])

    @property
    def status_pages(self) -> set[str]:
        return cast(set[str], self.data["status_pages"])

    @property
    def assets(self) -> dict[str, set[str]]:
        return cast(dict[str, set[str]], self.data["assets"])

    @property
    def aids(self) -> dict[str, set[str]]:
        return cast(dict[str, set[str]], self.data["aids"])

    def clear_doc(self, docname: str) -> None:
        for users in self.figures.values():
            users.discard(docname)
        self.progress.pop(docname, None)
        self.status_pages.discard(docname)
        self.assets.pop(docname, None)
        self.aids.pop(docname, None)

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        wanted = set(docnames)
        for figure, users in otherdata["figures"].items():
            self.figures.setdefault(figure, set()).update(users & wanted)
        self.progress.update({d: v for d, v in otherdata["progress"].items() if d in wanted})
        self.status_pages.update(d for d in otherdata["status_pages"] if d in wanted)
        for key in ("assets", "aids"):
            self.data[key].update({d: v for d, v in otherdata[key].items() if d in wanted})

    # the domain holds page state only: it names nothing a reference could point to
    def resolve_xref(
        self,
        env: Any,
        fromdocname: str,
        builder: Any,
        typ: str,
        target: str,
        node: Any,
        contnode: Any,
    ) -> None:
        return None

    def resolve_any_xref(
        self, env: Any, fromdocname: str, builder: Any, target: str, node: Any, contnode: Any
    ) -> list[tuple[str, Any]]:
        return []


def tabula(env: Any) -> TabulaDomain:
    """The extension's page state in this build's environment."""
    return cast(TabulaDomain, env.get_domain(TabulaDomain.name))


def setup(app: Any) -> None:
    app.add_domain(TabulaDomain)
