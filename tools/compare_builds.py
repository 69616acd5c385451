"""Compare two built sites byte for byte, up to the names that carry the engine's digest.

A figure's drawings are named after its cache key, which hashes the specification *and every
source file of the engine*, so any edit of the engine renames every drawing even when not one
byte of it changes. A refactor of the engine must leave the site as it was: this tool says
whether it did. Each 20-hex key found in a file name is replaced, in names and in the text of
every file, by a hash of the contents of the files named with it, and the search index's
version of the Tabula extension (a hash of the source) is set aside; the two trees must then
hold the same files with the same bytes.

    python tools/compare_builds.py BEFORE AFTER      # e.g. two copies of _build/html

Exit status 0 when the trees are the same, 1 when they differ (the first differences are
listed), 2 when a folder is missing.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import defaultdict
from pathlib import Path

KEY = re.compile(rb"(?<![0-9a-f])[0-9a-f]{20}(?![0-9a-f])")
# the search index records each extension's environment version; the Tabula extension's is a
# hash of its own and the engine's source (so that Sphinx reads the pages again after an edit)
ENV_VERSION = re.compile(rb'("envversion":\{[^}]*"tabula":)\d+')
SHOWN = 20  # differences listed before the rest are counted


def keyed_files(root: Path) -> dict[bytes, list[Path]]:
    """The files of ``root`` grouped by the 20-hex keys in their names."""
    found: dict[bytes, list[Path]] = defaultdict(list)
    for path in sorted(root.rglob("*")):
        if path.is_file():
            for key in KEY.findall(path.name.encode()):
                found[key].append(path)
    return found


def canonical_keys(root: Path) -> dict[bytes, bytes]:
    """Each key → a name made from what its files hold (names with the key taken out, so
    that a drawing's name does not depend on the digest it was drawn under)."""
    renamed: dict[bytes, bytes] = {}
    for key, paths in keyed_files(root).items():
        digest = hashlib.sha256()
        for path in paths:
            digest.update(path.name.encode().replace(key, b"K"))
            digest.update(path.read_bytes().replace(key, b"K"))  # a script names itself
        renamed[key] = b"K" + digest.hexdigest()[:19].encode()
    return renamed


def normalised(root: Path) -> dict[str, bytes]:
    """Every file of ``root`` by its normalised relative name, with normalised contents.

    A file's text may name another file's key (a page names its drawings); those are
    replaced too, in one pass over the file, after the files' own keys are known.
    """
    renamed = canonical_keys(root)

    def swap(data: bytes) -> bytes:
        data = ENV_VERSION.sub(rb"\g<1>0", data)
        return KEY.sub(lambda m: renamed.get(m.group(0), m.group(0)), data)

    return {
        swap(str(path.relative_to(root)).encode()).decode(): swap(path.read_bytes())
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def differences(before: Path, after: Path) -> list[str]:
    old, new = normalised(before), normalised(after)
    found = [f"only in {before}: {name}" for name in sorted(old.keys() - new.keys())]
    found += [f"only in {after}: {name}" for name in sorted(new.keys() - old.keys())]
    found += [f"differs: {n}" for n in sorted(old.keys() & new.keys()) if old[n] != new[n]]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    for folder in (args.before, args.after):
        if not folder.is_dir():
            print(f"compare_builds: {folder} is not a folder", file=sys.stderr)
            return 2
    found = differences(args.before, args.after)
    count = sum(1 for p in args.before.rglob("*") if p.is_file())
    if not found:
        print(f"the same: {count} files, byte for byte (up to the engine digest in names)")
        return 0
    for line in found[:SHOWN]:
        print(line)
    if len(found) > SHOWN:
        print(f"… and {len(found) - SHOWN} more")
    print(f"{len(found)} difference(s) in {count} files")
    return 1


if __name__ == "__main__":
    sys.exit(main())
