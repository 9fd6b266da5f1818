"""The course's ucb helpers, reduced to what hog.py imports."""
import inspect
import sys


def main(fn):
    """Call fn with command line arguments when its module is run as a script."""
    if inspect.stack()[1][0].f_locals["__name__"] == "__main__":
        fn(*sys.argv[1:])
    return fn


def trace(fn):
    return fn


def interact(msg=None):
    pass
