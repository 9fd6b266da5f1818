"""The ``hog`` command installed with the package: the Rust command line
itself (``hog::cli``), run in this process."""

import os
import sys

from . import _native


def main() -> None:
    """Run ``hog`` with this process's arguments and exit with its status."""
    # A strategy named as hog.py:final_strategy runs in a Python of its
    # own: this one, with the packages of this environment.
    os.environ.setdefault("HOG_PYTHON", sys.executable)
    sys.exit(_native.cli(["hog", *sys.argv[1:]]))
