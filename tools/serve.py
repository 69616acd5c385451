"""Serve the built site on this machine: ``python tools/serve.py [--port N] [--prefix /p/]
[SITE]`` (``make serve``).

The site (default ``_build/html``) is served on 127.0.0.1 as a static host would serve it:
files only — a folder's ``index.html`` when there is one, never a listing of a folder — and
the site's own 404 page for an address that holds nothing. With ``--prefix`` the site is
served under that path (``/spel/tabula/``), to see it as it will be published there. A port
already taken, or a site not built yet, is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import errno
import functools
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


class StaticHandler(SimpleHTTPRequestHandler):
    """Files only, under an optional prefix; the site's 404 page for anything else."""

    prefix = "/"
    quiet = False

    def send_head(self) -> Any:
        if not self.path.startswith(self.prefix):  # outside the site: nothing there
            self._not_found()
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :])

    def list_directory(self, path: Any) -> None:
        self._not_found()
        return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code == HTTPStatus.NOT_FOUND:
            self._not_found()
            return
        super().send_error(code, message, explain)

    def _not_found(self) -> None:
        page = Path(self.directory) / "404.html"
        body = page.read_bytes() if page.is_file() else b"404 Not Found\n"
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    site: Path, port: int, prefix: str = "/", quiet: bool = False
) -> ThreadingHTTPServer:
    """A server of ``site`` on 127.0.0.1:``port`` (0: any free port); OSError if taken."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (StaticHandler,), {"prefix": prefix, "quiet": quiet})
    return ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(site)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="the path the site is served under")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"serve.py: no site in {args.site}: run 'make html' first", file=sys.stderr)
        return 2
    try:
        server = make_server(args.site, args.port, args.prefix)
    except OSError as error:
        taken = error.errno == errno.EADDRINUSE
        reason = "is already in use" if taken else f"cannot be used ({error.strerror})"
        print(f"serve.py: port {args.port} {reason}: try make serve PORT=8001", file=sys.stderr)
        return 2
    host, port = server.server_address[:2]
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    print(f"Tabula is served at http://{host}:{port}{prefix} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
