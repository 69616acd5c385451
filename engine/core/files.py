"""Writing a file so that a reader never sees it half-written: the one atomic writer of the
engine (figures, their verdicts, drawings). Several language builds share the figure cache
and may write the same file at once; each writes aside and renames."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: to a temporary file beside it, flushed
    to disk, made world-readable (mkstemp creates 0600 files; the cache is published), then
    renamed over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as target:
            target.write(data)
            target.flush()
            os.fsync(target.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
