"""``python -m hog_solver ...`` is the ``hog`` command."""

from ._cli import main

main()
