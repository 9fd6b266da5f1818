"""Shared helpers: the command line to compare with, and the course-shaped
project whose hog.py the tests import."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).parent / "project"


def hog_command():
    """The hog command line: $HOG_BIN if set (CI points it at the cargo
    build), else the package's own `hog` (python -m hog_solver)."""
    binary = os.environ.get("HOG_BIN")
    return [binary] if binary else [sys.executable, "-m", "hog_solver"]


def run_hog(*args, check=True):
    """Run hog with `args`; the completed process."""
    done = subprocess.run(hog_command() + [str(a) for a in args], capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        raise AssertionError(f"hog {' '.join(map(str, args))} failed: {done.stderr}")
    return done


def hog_json(*args):
    """hog's --format json answer, parsed."""
    return json.loads(run_hog(*args, "--format", "json").stdout)


def hog_error(*args):
    """The one-line message hog prints for a bad input (exit status 2)."""
    done = run_hog(*args, check=False)
    assert done.returncode == 2, (done.returncode, done.stderr)
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith("error: ")
    return line[len("error: "):]


@pytest.fixture(scope="session")
def project():
    """The course-shaped hog.py, importable."""
    sys.path.insert(0, str(PROJECT))
    try:
        import hog  # noqa: F401  (the student's file)

        yield PROJECT
    finally:
        sys.path.remove(str(PROJECT))


def enter_student_folder(tmp_path, monkeypatch):
    """Work in `tmp_path` as a student's folder: a copy of the course-shaped
    project (tests/python/project), the repository's examples/ beside it,
    and a fresh import of its hog.py (each page or docstring its own)."""
    for name in ("hog.py", "dice.py", "ucb.py"):
        shutil.copy(PROJECT / name, tmp_path / name)
    (tmp_path / "examples").symlink_to(PROJECT.parents[2] / "examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("hog", "dice", "ucb"):
        sys.modules.pop(module, None)
