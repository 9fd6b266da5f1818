# Shared by hog's Python drivers (strategies, rules), which start with it:
# a student's file imported as `python3 FILE` would see it (its folder
# first on sys.path), and what went wrong said in one line.
import sys

# `python3 -c` puts the working folder (the student's) first on sys.path:
# a json.py or random.py there must not stand in for the drivers' own
# modules, which are all imported before the student's folder comes back.
sys.path[:] = [p for p in sys.path if p not in ("", ".")]

import importlib.util
import os
import traceback


# The modules imported before the student's file (the drivers' own).
BEFORE_IMPORT = set()


def import_file(path):
    """The module of the file at `path`; raises what the file raises."""
    BEFORE_IMPORT.update(sys.modules)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def one_line(text):
    """`text` on one line, spaces collapsed, a lone surrogate (which no
    UTF-8 can carry) written as its escape."""
    text = " ".join(str(text).split())
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def last_line():
    """The exception being handled in one line: its type and its whole
    message (every line of it); for a syntax error, the file's name, the
    line's number and its text too."""
    kind, error, _ = sys.exc_info()
    if error is None:
        return "unknown error"
    try:
        if isinstance(error, SyntaxError) and error.lineno is not None:
            where = "%s:%d" % (os.path.basename(error.filename or "?"), error.lineno)
            text = (error.text or "").strip()
            said = "%s: %s at %s" % (kind.__name__, error.msg, where)
            return one_line(said + (": " + text if text else ""))
        said = "".join(traceback.format_exception_only(kind, error))
    except BaseException:
        said = kind.__name__
    return one_line(said) or "unknown error"


def import_error(path):
    """`last_line()` for a file that did not import, naming the files beside
    it that stand in for Python's own modules (a random.py there is what
    `import random` finds)."""
    said = last_line()
    folder = os.path.dirname(os.path.abspath(path))
    own = getattr(sys, "stdlib_module_names", ())
    try:
        # Those the drivers imported first are Python's own still.
        beside = sorted(f for f in os.listdir(folder)
                        if f.endswith(".py") and f[:-3] in own and f[:-3] not in BEFORE_IMPORT
                        and f != os.path.basename(path))
    except OSError:
        beside = []
    if len(beside) == 1:
        said += " (%s beside it stands in for Python's own module %s)" % (beside[0], beside[0][:-3])
    elif beside:
        said += " (%s beside it stand in for Python's own modules of those names)" % ", ".join(beside)
    return said


def shown(value):
    """`repr(value)`, at most 60 characters."""
    try:
        text = repr(value)
    except Exception:
        text = "a value that cannot be printed"
    return text if len(text) <= 60 else text[:57] + "..."
