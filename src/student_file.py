# Shared by hog's Python drivers (strategies, rules), which start with it:
# a student's file imported as `python3 FILE` would see it (its folder
# first on sys.path), and what went wrong said in one line.
import importlib.util
import os
import sys
import traceback


def import_file(path):
    """The module of the file at `path`; raises what the file raises."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def last_line():
    """The last line of the exception being handled, spaces collapsed."""
    lines = [l for l in traceback.format_exc().strip().splitlines() if l.strip()]
    return " ".join((lines[-1] if lines else "unknown error").split())


def shown(value):
    """`repr(value)`, at most 60 characters."""
    try:
        text = repr(value)
    except Exception:
        text = "a value that cannot be printed"
    return text if len(text) <= 60 else text[:57] + "..."
