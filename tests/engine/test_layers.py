"""The engine's dependencies run one way: core ← games ← kinds ← specs, figures ← render, CLI.

Read from the source (no import is run): no import cycle among the engine's modules and the
Sphinx extension's (docs/_ext/tabula) (an
import of a package's module from outside the package runs the package too: the table of
figure kinds in ``engine/kinds/__init__.py`` imports every kind's module); the core knows no
game; no rules module (the core, the games, the counting and the ledgers' rules) imports
drawing code or matplotlib; checking figures (``python -m engine verify``) loads no drawing
code; and a function-level import is only ever of the drawing code, which the commands that
do not draw should not load (never a way round a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
DRAWING = ("engine.render", "matplotlib")


EXTENSION = ENGINE.parent / "docs" / "_ext" / "tabula"  # imported as "tabula" by conf.py


def _module(path: Path) -> str:
    base = EXTENSION.parent if path.is_relative_to(EXTENSION) else ENGINE.parent
    parts = path.relative_to(base).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, *, run: bool = False) -> tuple[set[str], set[str]]:
    """(imports at module level, imports inside functions), as absolute module names; with
    ``run``, only those that run (not those under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    typing = {id(child) for block in _type_checking_blocks(tree) for child in ast.walk(block)}
    top: set[str] = set()
    inner: set[str] = set()
    for node in ast.walk(tree):
        if run and id(node) in typing:
            continue
        if isinstance(node, ast.Import):
            names = {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = {base} | {f"{base}.{a.name}" for a in node.names}
        else:
            continue
        target = inner if _inside_function(tree, node) else top
        target.update(names)
    return top, inner


def _inside_function(tree: ast.Module, wanted: ast.AST) -> bool:
    for node in ast.walk(tree):
        functions = ast.FunctionDef | ast.AsyncFunctionDef
        if isinstance(node, functions) and any(child is wanted for child in ast.walk(node)):
            return True
    return False


def _type_checking_blocks(tree: ast.Module) -> list[ast.If]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
    ]


def _type_checking_only(path: Path) -> set[str]:
    """Imports under ``if TYPE_CHECKING:`` (types for annotations, never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for child in ast.walk(node):
                if isinstance(child, ast.ImportFrom) and child.module:
                    found.add(child.module.lstrip("."))
    return found


# the engine's modules and the Sphinx extension's: no cycle in either, nor between them
MODULES = {_module(p): p for p in [*ENGINE.rglob("*.py"), *EXTENSION.rglob("*.py")]}


def _packages(name: str, imported: str) -> set[str]:
    """The packages an import of ``imported`` runs from ``name``: each package above the
    module imported that ``name`` is not itself inside (inside it, the package is already
    being imported)."""
    parts = imported.split(".")
    above = {".".join(parts[:n]) for n in range(2, len(parts))}
    return {p for p in above if p in MODULES and not name.startswith(f"{p}.")}


GRAPH = {
    name: {
        m
        for imported in _imports(path)[0]
        for m in {imported} | _packages(name, imported)
        # a module's own packages are imported before it ("from . import x" runs none)
        if m in MODULES and m != name and not name.startswith(f"{m}.")
    }
    for name, path in MODULES.items()
}


def _is_rules(name: str) -> bool:
    return name.startswith(("engine.core", "engine.games")) or name in {
        "engine.counting.throws",
        "engine.counting.quantities",
        "engine.counting.situation",
        "engine.ledger.aufschreiben",
        "engine.ledger.kombiniert",
        "engine.ledger.rails",
        "engine.ledger.money",
        "engine.ledger.card",
        "engine.ledger.players",
        "engine.ledger.runs",
        "engine.ledger.tables",
    }


def test_there_is_no_import_cycle() -> None:
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise AssertionError(" -> ".join([*path[path.index(name) :], name]))
        if name in done:
            return
        for target in sorted(GRAPH[name]):
            visit(target, (*path, name))
        done.add(name)

    for name in sorted(GRAPH):
        visit(name, ())


def test_the_core_knows_no_game() -> None:
    for name, path in MODULES.items():
        if name.startswith("engine.core"):
            top, inner = _imports(path)
            assert not [m for m in top | inner if m.startswith("engine.games")], name


def test_no_rules_module_imports_drawing_code() -> None:
    for name, path in MODULES.items():
        if _is_rules(name):
            top, inner = _imports(path)
            drawing = sorted(m for m in top | inner if m.startswith(DRAWING))
            assert drawing == [], (name, drawing)


def test_checking_figures_loads_no_drawing_code() -> None:
    """What ``verify`` and the specification loader import, and what each kind of figure
    imports at module level, is free of drawing code: a kind draws in its ``draw``."""
    checking = ["engine.verify", "engine.specs", "engine.sequences"]
    checking += [name for name in MODULES if name.startswith("engine.kinds")]
    seen: set[str] = set()
    while checking:
        name = checking.pop()
        if name in seen:
            continue
        seen.add(name)
        run = _imports(MODULES[name], run=True)[0]
        drawing = sorted(m for m in run if m.startswith(DRAWING))
        assert drawing == [], (name, drawing)
        loaded = {m for imported in run for m in {imported} | _packages(name, imported)}
        checking += [m for m in loaded if m in MODULES and m not in seen]
    assert "engine.kinds.board" in seen and "engine.games.trictrac.game" in seen


def test_a_function_level_import_only_defers_the_drawing_code() -> None:
    for name, path in MODULES.items():
        _, inner = _imports(path)
        inner -= _type_checking_only(path)
        others = sorted(m for m in inner if not m.startswith(DRAWING))
        assert others == [], (name, others)


def test_the_games_are_listed_in_one_place() -> None:
    from engine.games import GAMES

    modules = {p.stem for p in (ENGINE / "games").glob("*.py") if p.stem != "__init__"}
    listed = {type(g).__module__.rsplit(".", 1)[-1] for g in GAMES.values()}
    listed |= {"verkehren"}  # the same-direction family: Verkehr and Revertier, Bräde's base
    listed |= {"moving"}  # the moving machinery those games, Toute-Table and the Plein share
    assert modules <= listed | {"trictrac"}, modules - listed
