"""Every public name is documented numpy-style, and every docstring's
examples run as doctests and print what they show. They run as the book's
do (test_book.py): in a scratch folder holding a copy of the course-shaped
project, whose hog.py they may import, and the repository's examples/."""

import doctest
import os
import re

import pytest

from conftest import enter_student_folder

import hog_solver as hs
from hog_solver import _display

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# Compiled classes, documented in Rust (src/python): their docstrings are
# checked for being there, not for numpy sections.
COMPILED = {"HogError"}


def doctests():
    """The package's docstrings with examples: the module, its functions,
    classes and methods, the display helpers, and the Strategy alias."""
    finder = doctest.DocTestFinder()
    found = finder.find(hs) + finder.find(_display)
    for alias in ("Strategy", "RuleSet"):
        found.append(doctest.DocTestParser().get_doctest(getattr(hs, alias).__doc__, {}, f"hog_solver.{alias}", None, 0))
    return sorted((t for t in found if t.examples), key=lambda t: t.name)


def sections(doc):
    """The numpy-style section headings of a docstring."""
    return set(re.findall(r"^\s*([A-Z][A-Za-z ]+)\n\s*-{3,}\s*$", doc, re.M))


def test_there_are_doctests():
    names = {t.name for t in doctests()}
    for name in ("hog_solver", "hog_solver.solve", "hog_solver.Explanation.to_pandas", "hog_solver.Strategy"):
        assert name in names, name


def needs_pandas(test):
    return any("to_pandas" in e.source or "solution_frame" in e.source for e in test.examples)


@pytest.mark.parametrize("test", doctests(), ids=lambda t: t.name)
def test_every_example_prints_what_it_shows(test, tmp_path, monkeypatch):
    if needs_pandas(test) and os.environ.get("HOG_REQUIRE_PYTHON_PACKAGE") != "1":
        pytest.importorskip("pandas", reason="pandas is not installed (pip install .[test])")
    enter_student_folder(tmp_path, monkeypatch)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out = []
    runner.run(test, out=out.append, clear_globs=True)
    assert runner.summarize(verbose=False).failed == 0, "".join(out)


@pytest.mark.parametrize("name", [n for n in hs.__all__ if n != "__version__"])
def test_every_public_name_is_documented_numpy_style(name):
    value = getattr(hs, name)
    doc = inspect_doc(value)
    assert doc and doc.strip(), f"{name} has no docstring"
    if name in COMPILED:
        return
    found = sections(doc)
    assert "Examples" in found and ">>>" in doc.split("Examples", 1)[1], f"{name}: no Examples section"
    if isinstance(value, type):
        assert "Attributes" in found, f"{name}: no Attributes section"
        for method in ("to_pandas",):
            if hasattr(value, method):
                found = sections(getattr(value, method).__doc__ or "")
                assert {"Returns", "Raises", "Examples"} <= found, f"{name}.{method}: {found}"
    elif callable(value) and name not in ("Strategy", "RuleSet"):
        assert {"Parameters", "Returns", "Raises"} <= found, f"{name}: {found}"


def inspect_doc(value):
    """A value's own docstring (not its type's)."""
    return value.__doc__ if isinstance(value.__doc__, str) else None


def test_the_module_docstring_says_what_a_strategy_may_be():
    doc = hs.__doc__
    assert {"Strategies", "In a notebook", "Examples"} <= sections(doc)
    for text in ("returned 6.0, not an integer", "-1", '{"name": strategy}', "to_pandas()", "pickle"):
        assert text in doc, text
