"""``python -m engine``: the rules engine on the command line.

Commands (``python -m engine COMMAND --help`` for each)::

    start GAME                                   the starting position, in the notation
    legal GAME --position P [--roll A-B]         the legal plays, as JSON
    outcome GAME --position P [--rules N=V]      is the game over, how, for how many points
    score GAME --position P [--roll A-B]         what the throw scores before it is played, and
                                                 its legal plays, as JSON (Trictrac)
    draw GAME --position P [--roll A-B] [--play PLAY] -o FILE.svg|FILE.pdf
    verify [FIGURE ...]                          check the claims of diagrams/; "N passed, M failed"
    ledger aufschreiben|kombiniert [EVENTS]      run a Trictrac ledger from JSON events
    pegs [EVENTS] -o FILE.svg|FILE.pdf           draw the hole rails of the combined Trictrac

Positions use the notation documented in :mod:`engine.core.notation`. Rules switches are
given as ``--rules name=value`` (repeatable). Bad input is answered with one line saying
what is wrong and where, and exit status 2; a failed verification exits with status 1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .answers import outcome_json
from .core.dice import parse_roll
from .core.errors import TabulaError
from .core.game import Game, Outcome, Switches, make_rules, read_play
from .core.position import Colour, Position
from .games import get_game, read_position, write_position
from .kinds import board_views
from .ledger.aufschreiben import Rules
from .ledger.kombiniert import board
from .ledger.kombiniert import play as play_combined
from .ledger.runs import read_events, run_aufschreiben, run_kombiniert
from .verify import run

EXIT_BAD_INPUT = 2


LONGEST_MESSAGE = 300  # characters of an error line; what the input echoes is cut


def one_line(message: str) -> str:
    """An error message as one line of bounded length: a newline or other control character
    the input brought in is shown escaped, and an echo of a long input is cut."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if len(text) > LONGEST_MESSAGE:
        text = text[: LONGEST_MESSAGE - 1] + "…"
    return text


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line (no usage dump), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, one_line(f"{self.prog}: error: {message}") + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    start = commands.add_parser("start", help="print the starting position of a game")
    start.add_argument("game")

    legal = commands.add_parser("legal", help="list the legal plays as JSON")
    _position_arguments(legal)

    outcome = commands.add_parser("outcome", help="say whether and how the game is over")
    outcome.add_argument("game")
    outcome.add_argument("--position", "-p", required=True, help="a position in the notation")
    _rules_argument(outcome)

    score = commands.add_parser("score", help="what a throw scores before it is played (JSON)")
    _position_arguments(score)

    draw = commands.add_parser("draw", help="draw a position as SVG or PDF")
    _position_arguments(draw)
    draw.add_argument("--play", default="", help="a legal play to draw as arrows")
    # the kinds of figure that draw a position in the notation (engine.kinds)
    draw.add_argument("--view", choices=board_views(), default="board")
    draw.add_argument("--quarter", type=int, choices=(1, 2, 3, 4), default=4)
    draw.add_argument("--numbering", choices=("w", "b"), default="w")
    draw.add_argument("-o", "--output", required=True, help="FILE.svg or FILE.pdf")

    verify = commands.add_parser("verify", help="check every figure specification")
    verify.add_argument("figures", nargs="*", help="figure ids (default: all)")
    verify.add_argument("-v", "--verbose", action="store_true", help="list every claim")
    _ledger_commands(commands)
    return parser


def _ledger_commands(commands: Any) -> None:
    """The ledgers of Trictrac zum Aufschreiben and the combined game (engine.ledger)."""
    ledger = commands.add_parser("ledger", help="run a Trictrac ledger from JSON events")
    ledger.add_argument("kind", choices=("aufschreiben", "kombiniert"))
    ledger.add_argument("events", nargs="?", default="-", help="a JSON file (default: stdin)")
    # None: not given (the combined game's card options, the rates the combined game fixes)
    ledger.add_argument(
        "--rates", choices=Rules.choices("rates"), help="bredouille rates (default vienna)"
    )
    ledger.add_argument("--zuege", type=int, default=12, help="Züge in the Partie (even)")
    ledger.add_argument("--names", help="kombiniert: names on the card, A=…,B=…")
    ledger.add_argument("--first-dice", choices=("A", "B"), help="kombiniert: who threw first")
    pegs = commands.add_parser("pegs", help="draw the hole rails of the combined Trictrac")
    pegs.add_argument("events", nargs="?", default="-", help="a JSON file (default: stdin)")
    pegs.add_argument("-o", "--output", required=True, help="FILE.svg or FILE.pdf")


def _position_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("game")
    command.add_argument("--position", "-p", required=True, help="a position in the notation")
    command.add_argument("--roll", "-r", help="the roll, A-B (default: the position's dice)")
    _rules_argument(command)


def _rules_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--rules", action="append", default=[], metavar="NAME=VALUE", help="a rules switch"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(build_parser(), argv)
    try:
        status = _COMMANDS[args.command](args)
        sys.stdout.flush()  # a full disk or a closed pipe is reported here, not at exit
        return status
    except TabulaError as error:
        return _fail(args.command, str(error))
    except RecursionError:
        return _fail(args.command, "the input is nested too deeply to read")
    except OSError as error:  # a file or the output that cannot be written or read
        name = str(error.filename or "output")
        name = name if len(name) <= 80 else f"{name[:40]}…{name[-20:]}"
        return _fail(args.command, f"{name}: {error.strerror or error}")


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, options and the events file in any order: argparse gives an optional
    positional its default when an option comes first (``ledger aufschreiben --rates french
    FILE``), so a file left over is the events file of the commands that read one."""
    args, extra = parser.parse_known_args(argv)
    if len(extra) == 1 and getattr(args, "events", None) == "-" and not extra[0].startswith("-"):
        args.events = extra[0]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _fail(command: str, message: str) -> int:
    with contextlib.suppress(OSError):  # nowhere left to say it: the status says it
        print(one_line(f"python -m engine {command}: error: {message}"), file=sys.stderr)
    return EXIT_BAD_INPUT


def _start(args: argparse.Namespace) -> int:
    print(write_position(get_game(args.game).start()))
    return 0


def _setup(args: argparse.Namespace) -> tuple[Any, Any, Any, Any]:
    game = get_game(args.game)
    position = _read(args.position, args.game)
    roll = parse_roll(args.roll) if args.roll is not None else None  # "" is no roll
    rules = _rules(game, args.rules)
    _check_under(game, position, rules)
    return game, position, roll, rules


def _check_under(game: Game, position: Position, rules: Switches) -> None:
    """The position as the rules played allow it (a Trictrac scoreboard under its variant)."""
    try:
        game.check_under(position, rules)
    except TabulaError as error:
        raise TabulaError(f"position: {error}") from None


def _rules(game: Game, items: list[str]) -> Switches:
    settings: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise TabulaError(f"--rules '{item}': write NAME=VALUE")
        if name in settings:  # the later would silently win
            raise TabulaError(f"--rules: the switch '{name}' is given twice")
        settings[name] = value
    return make_rules(game, settings)


def _read(text: str, game: str) -> Position:
    try:
        return read_position(text, game)
    except TabulaError as error:
        raise TabulaError(f"position: {error}") from None


def _legal(args: argparse.Namespace) -> int:
    game, position, roll, rules = _setup(args)
    plays = [
        {
            "play": str(a.play),
            "moves": [m.to_json() for m in a.play.moves],
            "after": write_position(a.after),
            "outcome": _outcome_json(a.outcome),
        }
        for a in game.analyse(position, roll, rules)
    ]
    print(json.dumps(plays, ensure_ascii=False, indent=2))
    return 0


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """How a play ends the game (engine.trial's answer) with the game's own details."""
    summary = outcome_json(outcome)
    return None if summary is None or outcome is None else {**summary, **dict(outcome.details)}


def _outcome(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    position = _read(args.position, args.game)
    rules = _rules(game, args.rules)
    _check_under(game, position, rules)
    outcome = game.outcome(position, rules)
    answer = {"over": outcome is not None, **(_outcome_json(outcome) or {})}
    print(json.dumps(answer, ensure_ascii=False))
    return 0


def _draw(args: argparse.Namespace) -> int:
    # the drawing code loads matplotlib: only the commands that draw import it
    from .render.board import render_pdf, render_svg
    from .render.positions import TrictracView, picture

    game, position, roll, rules = _setup(args)
    output = _output(args.output)
    play = None
    if args.play:
        if roll is None and position.dice is None:
            raise TabulaError("--play needs a roll (--roll or the position's dice)")
        moves = read_play(game, args.play, field="--play")
        play, after, _ = game.trace(position, roll or position.dice, moves, rules)
        legal = {a.play.key() for a in game.analyse(position, roll, rules)}
        if after is None or play.key() not in legal:
            raise TabulaError(f"--play '{args.play}' is not a legal play here")
    shown = picture(
        position,
        game.geometry,
        kind=args.view,
        numbering=Colour(args.numbering),
        quarter=args.quarter if args.view == "quarter" else 0,
        roll=roll or position.dice,
        play=play,
        labels=game.game_type.labels,
        trictrac=TrictracView() if game.game_type.board == "trictrac" else None,
    )
    data = render_svg(shown).encode() if output.suffix == ".svg" else render_pdf(shown)
    return _write(output, data)


def _output(name: str) -> Path:
    """The -o file: a name the file system can take, ending in .svg or .pdf."""
    if "\0" in name:  # no file name holds one (only a caller in this process can pass it)
        raise TabulaError(f"-o {name}: a file name cannot hold a NUL character")
    output = Path(name)
    if output.suffix not in (".svg", ".pdf"):
        raise TabulaError(f"-o {output}: the file must end in .svg or .pdf")
    return output


def _write(output: Path, data: bytes) -> int:
    try:
        output.write_bytes(data)
    except OSError as error:
        raise TabulaError(f"-o {output}: cannot write the file ({error.strerror})") from None
    print(f"wrote {output} ({len(data):,} bytes)")
    return 0


def _verify(args: argparse.Namespace) -> int:
    return run(args.figures, verbose=args.verbose)


def _events(source: str) -> list[dict[str, Any]]:
    if "\0" in source:
        raise TabulaError(f"{source}: a file name cannot hold a NUL character")
    try:
        if source == "-":
            return read_events(_stdin_text(), "standard input")
        text = Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise TabulaError(f"{source}: cannot read the file ({error.strerror})") from None
    except UnicodeDecodeError as error:
        where = "standard input" if source == "-" else source
        raise TabulaError(f"{where}: not UTF-8 text (byte {error.start})") from None
    return read_events(text, source)


def _stdin_text() -> str:
    """Standard input as UTF-8 text: its bytes decoded here, so that bytes that are not UTF-8
    are reported in one line (a stream that is already text is read as it is)."""
    raw = getattr(sys.stdin, "buffer", None)
    return raw.read().decode("utf-8") if raw is not None else sys.stdin.read()


def _names(text: str | None) -> dict[str, str]:
    names: dict[str, str] = {}
    for item in (text or "A=A,B=B").split(","):
        key, sep, name = item.partition("=")
        if not sep or key not in ("A", "B") or not name or key in names:
            raise TabulaError(f"--names '{text}': write A=NAME,B=NAME")
        names[key] = name
    return {"A": names.get("A", "A"), "B": names.get("B", "B")}


def _ledger(args: argparse.Namespace) -> int:
    if args.kind == "aufschreiben" and (args.names is not None or args.first_dice is not None):
        raise TabulaError("--names and --first-dice are for the combined game's card (kombiniert)")
    if args.kind == "kombiniert" and args.rates not in (None, "vienna"):
        raise TabulaError(
            f"--rates {args.rates}: the combined game is played at the Viennese rates "
            "(de 3959–3961)"
        )
    events = _events(args.events)
    if args.kind == "aufschreiben":
        answer = run_aufschreiben(events, Rules(rates=args.rates or "vienna"), args.zuege)
    else:
        names, first = _names(args.names), args.first_dice or "A"
        _, answer = run_kombiniert(events, names, first, args.zuege)
    print(json.dumps(answer, ensure_ascii=False, indent=2))
    return 0


def _score(args: argparse.Namespace) -> int:
    """The throw's events (kind, moyens, points, to whom), then each legal play."""
    game, position, roll, rules = _setup(args)
    if not game.game_type.scores_throws:
        raise TabulaError(f"{game.name} has no points won before the play: try 'legal'")
    evaluation = game.evaluate(position, roll, rules)
    plays = []
    for analysis in game.analyse(position, roll, rules):
        plays.append(
            {
                "play": str(analysis.play),
                "moves": [m.to_json() for m in analysis.play.moves],
                "events": [e.to_json() for e in analysis.events],
                "after": write_position(analysis.after),
                "may_leave": analysis.may_leave,
                "left": write_position(analysis.left) if analysis.left else None,
                "outcome": _outcome_json(analysis.outcome),
            }
        )
    answer = {
        "mover": evaluation.mover.value,
        "roll": f"{evaluation.roll[0]}-{evaluation.roll[1]}",
        "events": [e.to_json() for e in evaluation.events],
        "gains": {"mover": evaluation.gains("mover"), "opponent": evaluation.gains("opponent")},
        "plays": plays,
    }
    print(json.dumps(answer, ensure_ascii=False, indent=2))
    return 0


def _pegs(args: argparse.Namespace) -> int:
    # the drawing code loads matplotlib: only the commands that draw import it
    from .render.pegs import render_pdf as pegs_pdf
    from .render.pegs import render_svg as pegs_svg

    output = _output(args.output)
    shown = board(play_combined(_events(args.events)))
    data = pegs_svg(shown).encode() if output.suffix == ".svg" else pegs_pdf(shown)
    return _write(output, data)


_COMMANDS = {
    "ledger": _ledger,
    "pegs": _pegs,
    "start": _start,
    "score": _score,
    "legal": _legal,
    "outcome": _outcome,
    "draw": _draw,
    "verify": _verify,
}
