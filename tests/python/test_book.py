"""Every Python example of the README and the book (docs/src) is a doctest:
each ```python or ```pycon block with `>>>` prompts runs, in order within
its page, in a scratch folder holding a copy of the course-shaped project
(tests/python/project) and the repository's examples/, and must print what
the page shows."""
import doctest
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PROJECT = Path(__file__).parent / "project"
FENCE = re.compile(r"^```(python|pycon)[^\n]*\n(.*?)^```", re.M | re.S)


def pages():
    found = [REPO / "README.md"] + sorted((REPO / "docs" / "src").rglob("*.md"))
    return [p for p in found if any(">>>" in m.group(2) for m in FENCE.finditer(p.read_text()))]


def examples(page):
    """The page's doctest text: its blocks with prompts, in order, each
    followed by a blank line (the end of a block's last output)."""
    return "\n".join(m.group(2) + "\n" for m in FENCE.finditer(page.read_text()) if ">>>" in m.group(2))


def test_there_are_python_examples():
    assert len(pages()) >= 2, pages()


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_python_example_prints_what_the_page_shows(page, tmp_path, monkeypatch):
    # pandas is an optional extra (in .[test]): without it, a page that
    # shows frames skips, unless HOG_REQUIRE_PYTHON_PACKAGE=1 (as in CI).
    if "to_pandas()" in examples(page) and os.environ.get("HOG_REQUIRE_PYTHON_PACKAGE") != "1":
        pytest.importorskip("pandas", reason="pandas is not installed (pip install .[test])")
    for name in ("hog.py", "dice.py", "ucb.py"):
        shutil.copy(PROJECT / name, tmp_path / name)
    # The repository's example rules files, as the console examples see them.
    (tmp_path / "examples").symlink_to(REPO / "examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    # A fresh import of the student's hog.py for each page.
    for module in ("hog", "dice", "ucb"):
        sys.modules.pop(module, None)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples(page), {}, str(page.relative_to(REPO)), str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out = []
    runner.run(test, out=out.append)
    failed = runner.summarize(verbose=False).failed
    assert failed == 0, "".join(out)
