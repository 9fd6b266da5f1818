# Run by hog as `python3 -c DRIVER PATH FUNCTION GOAL EXCHANGE`: import the
# student's file, call the function at every state twice (the second time
# in reverse order, to catch a function that is not a pure function of the
# two scores), and put the results in the exchange file that hog created.
#
# The exchange file is shared memory, not a pipe: nothing the student's
# code prints (print, sys.__stdout__, os.system) can reach it, and a
# process that dies mid-call leaves behind exactly the cells it finished.
# Layout (see exchange.rs): byte 0 the phase, bytes 4..8 the length of a
# UTF-8 report at byte 16, bytes 8..12 the length of the entry's name report
# at byte 2048, then from byte 4096 one byte per state for each pass, 255
# where no value has been stored yet.
import mmap
import operator
import os
import sys

path, name, goal, exchange = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
IMPORTING, TABULATING, CHECKING, DONE, FAILED = 1, 2, 3, 4, 5
REPORT, NAME, TABLES = 16, 2048, 4096

with open(exchange, "r+b") as f:
    shared = mmap.mmap(f.fileno(), 0)


def report(text):
    data = text.encode("utf-8", "replace")[: NAME - REPORT]
    shared[REPORT : REPORT + len(data)] = data
    shared[4:8] = len(data).to_bytes(4, "little")
    shared[0] = FAILED
    shared.flush()
    os._exit(0)


shared[0] = IMPORTING
try:
    module = import_file(path)
except BaseException:
    report("IMPORT\x1f" + import_error(path))

if not hasattr(module, name):
    report("MISSING\x1f" + name)
function = getattr(module, name)
if not callable(function):
    report("NOT_CALLABLE\x1f" + type(function).__name__)


def tabulate(offset, states):
    for s, o in states:
        try:
            value = function(s, o)
        except BaseException:
            report("RAISED\x1f%d\x1f%d\x1f%s" % (s, o, last_line()))
        if isinstance(value, bool):
            report("TYPE\x1f%d\x1f%d\x1f%s" % (s, o, shown(value)))
        try:
            dice = operator.index(value)
        except TypeError:
            report("TYPE\x1f%d\x1f%d\x1f%s" % (s, o, shown(value)))
        if not -1 <= dice <= 10:
            report("RANGE\x1f%d\x1f%d\x1f%s" % (s, o, shown(value)))
        # -1 (rolling -1 dice, Pork Chop's move) is kept as 11, as hog's
        # tables keep it; hog refuses it under rules without that move.
        shared[offset + s * goal + o] = 11 if dice == -1 else dice


def entry_name():
    """The contest's name for the entry (PLAYER_NAME, or TEAM_NAME in older
    semesters), for hog to check: NAME, the attribute, the value's type and
    the value (shown when it is not a string), or NONAME."""
    for attribute in ("PLAYER_NAME", "TEAM_NAME"):
        if hasattr(module, attribute):
            value = getattr(module, attribute)
            if isinstance(value, str):
                return "NAME\x1f%s\x1fstr\x1f%s" % (attribute, value)
            return "NAME\x1f%s\x1f%s\x1f%s" % (attribute, type(value).__name__, shown(value))
    return "NONAME"


# The name is known once the file is imported, whatever the function does.
name = entry_name().encode("utf-8", "replace")[: TABLES - NAME]
shared[NAME : NAME + len(name)] = name
shared[8:12] = len(name).to_bytes(4, "little")

states = [(s, o) for s in range(goal) for o in range(goal)]
shared[0] = TABULATING
tabulate(TABLES, states)
shared[0] = CHECKING
tabulate(TABLES + goal * goal, reversed(states))
shared[0] = DONE
shared.flush()
