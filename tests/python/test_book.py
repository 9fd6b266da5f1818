"""Every Python example of the README and the book (docs/src) is a doctest:
each ```python or ```pycon block with `>>>` prompts runs, in order within
its page, in a scratch folder holding a copy of the course-shaped project
(tests/python/project) and the repository's examples/, and must print what
the page shows."""
import doctest
import os
import re
from pathlib import Path

import pytest

from conftest import enter_student_folder

REPO = Path(__file__).resolve().parents[2]
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
    enter_student_folder(tmp_path, monkeypatch)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples(page), {}, str(page.relative_to(REPO)), str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out = []
    runner.run(test, out=out.append)
    failed = runner.summarize(verbose=False).failed
    assert failed == 0, "".join(out)
