"""tools/compare_builds.py: two sites are the same up to the engine digest in drawing names."""

from __future__ import annotations

from pathlib import Path

from tools.compare_builds import differences, main

OLD, NEW = "0123456789abcdef0123", "fedcba9876543210fedc"


def _site(root: Path, key: str, drawing: str = "<svg/>", page: str = "") -> Path:
    (root / "_images").mkdir(parents=True)
    (root / "_images" / f"brade-{key}.svg").write_text(drawing)
    (root / "_images" / f"brade-{key}.try.js").write_text(f'data["brade-{key}.try"]=1;')
    (root / "index.html").write_text(page or f'<img src="_images/brade-{key}.svg">')
    return root


def test_a_renamed_drawing_with_the_same_bytes_is_the_same(tmp_path: Path) -> None:
    before = _site(tmp_path / "a", OLD)
    after = _site(tmp_path / "b", NEW)
    assert differences(before, after) == []
    assert main([str(before), str(after)]) == 0


def test_a_changed_drawing_differs(tmp_path: Path) -> None:
    before = _site(tmp_path / "a", OLD)
    after = _site(tmp_path / "b", NEW, drawing="<svg><g/></svg>")
    found = differences(before, after)
    assert sum("only in" in line for line in found) == 4  # both files of the drawing renamed
    assert "differs: index.html" in found  # the page names the other drawing


def test_a_changed_page_differs(tmp_path: Path) -> None:
    before = _site(tmp_path / "a", OLD)
    after = _site(tmp_path / "b", NEW, page=f'<p>new</p><img src="_images/brade-{NEW}.svg">')
    assert differences(before, after) == ["differs: index.html"]


def test_a_missing_folder_is_exit_2(tmp_path: Path) -> None:
    assert main([str(tmp_path / "none"), str(tmp_path)]) == 2


def test_the_extensions_source_version_is_set_aside(tmp_path: Path) -> None:
    index = 'Search.setIndex({"envversion":{"sphinx":66,"tabula":%d},"terms":{"%s":0}})'
    before = _site(tmp_path / "a", OLD)
    after = _site(tmp_path / "b", NEW)
    (before / "searchindex.js").write_text(index % (3294372184, "bræt"))
    (after / "searchindex.js").write_text(index % (304745477, "bræt"))
    assert differences(before, after) == []
    (after / "searchindex.js").write_text(index % (304745477, "brik"))
    assert differences(before, after) == ["differs: searchindex.js"]
