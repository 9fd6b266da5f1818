# Run by hog as `python3 -c DRIVER PATH GOAL OUT`: import a rules file,
# call each of its functions at every point of its finite domain twice (the
# second time in reverse order, so that a function which is not a pure
# function of its arguments shows), and write the tables to OUT for hog to
# check. GOAL is "-" to take the file's own GOAL (default 100).
#
# OUT is written once, at the end: a first line of JSON naming what the
# file defines, then the tables as little-endian int64 arrays in the order
# the JSON lists them. On any problem the first line is instead
# {"problem": [...]} and nothing follows. What the file prints goes to
# stderr (hog hands this process its stderr as stdout).
import array
import json
import operator
import os
import sys

path, goal_arg, out = sys.argv[1], sys.argv[2], sys.argv[3]
MAX_POINTS = 255
MAX_DICE = 10


def finish(header, tables=()):
    with open(out, "wb") as f:
        f.write(json.dumps(header).encode("utf-8") + b"\n")
        for table in tables:
            f.write(table.tobytes())
    os._exit(0)


def problem(*words):
    finish({"problem": [str(w) for w in words]})


try:
    module = import_file(path)
except BaseException:
    problem("IMPORT", last_line())


def function(name, required=False):
    if not hasattr(module, name):
        if required:
            problem("MISSING", name)
        return None
    f = getattr(module, name)
    if not callable(f):
        problem("NOT_CALLABLE", name, type(f).__name__)
    return f


def integer(value, call, low, high):
    """`value` as an int in low..=high, or a problem naming the call."""
    if isinstance(value, bool):
        problem("TYPE", call, shown(value), "an integer")
    try:
        number = operator.index(value)
    except TypeError:
        problem("TYPE", call, shown(value), "an integer")
    if not low <= number <= high:
        problem("RANGE", call, shown(value), "%d to %d" % (low, high))
    return number


def call(f, name, args):
    try:
        return f(*args)
    except BaseException:
        problem("RAISED", "%s(%s)" % (name, ", ".join(map(str, args))), last_line())


def twice(f, name, domain, convert):
    """Every value of f over domain, checked by `convert`, and the same again
    in reverse order."""
    values = [convert(call(f, name, args), args) for args in domain]
    for i in range(len(domain) - 1, -1, -1):
        args = domain[i]
        again = convert(call(f, name, args), args)
        if again != values[i]:
            problem("CHANGED", "%s(%s)" % (name, ", ".join(map(str, args))),
                    shown(values[i]), shown(again))
    return values


def label(name, args):
    return "%s(%s)" % (name, ", ".join(map(str, args)))


if goal_arg == "-":
    goal = getattr(module, "GOAL", 100)
    goal = integer(goal, "GOAL", 1, 2000)
else:
    goal = int(goal_arg)

zero_dice = function("zero_dice", required=True)
dice_sides = function("dice_sides")
turn_points = function("turn_points")
after_turn = function("after_turn")
extra_turn = function("extra_turn")

pig_out = getattr(module, "PIG_OUT", 1)
if pig_out != "ones":
    if isinstance(pig_out, str):
        problem("PIG_OUT", shown(pig_out))
    pig_out = integer(pig_out, "PIG_OUT", 0, MAX_POINTS)

states = [(s, o) for s in range(goal) for o in range(goal)]
header = {"goal": goal, "pig_out": pig_out, "tables": []}
tables = []


def points_of(name):
    return lambda v, args: integer(v, label(name, args), 0, MAX_POINTS)


zero = twice(zero_dice, "zero_dice", states, points_of("zero_dice"))
header["tables"].append("zero_dice")
tables.append(array.array("q", zero))

if dice_sides is not None:
    sides = twice(dice_sides, "dice_sides", states,
                  lambda v, args: integer(v, label("dice_sides", args), 2, 20))
    header["tables"].append("dice_sides")
    tables.append(array.array("q", sides))
else:
    sides = [6] * len(states)

if after_turn is not None:
    landings = [(t, o) for o in range(goal) for t in range(goal + MAX_POINTS + 1)]

    def pair(value, args):
        where = label("after_turn", args)
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            problem("SHAPE", where, shown(value), "a pair (score, opponent_score)")
        return (integer(value[0], where, 0, 2**31 - 1), integer(value[1], where, 0, 2**31 - 1))

    ends = twice(after_turn, "after_turn", landings, pair)
    header["tables"].append("after_turn")
    tables.append(array.array("q", [x for end in ends for x in end]))

# extra_turn is asked where the game goes on: both scores below the goal.
if extra_turn is not None:
    def flag(value, args):
        if isinstance(value, bool):
            return value
        if type(value) is int and value in (0, 1):
            return bool(value)
        problem("TYPE", label("extra_turn", args), shown(value), "True or False")

    extra = twice(extra_turn, "extra_turn", states, flag)
    header["tables"].append("extra_turn")
    tables.append(array.array("q", [int(x) for x in extra]))

if turn_points is not None:
    # The raw points of every choice at every state, in hog's order: zero
    # dice's points, then for 1 to 10 dice the distinct points of the roll
    # in increasing order (Pig Out's and the sums without a 1). Hundreds of
    # calls a state: the loop is written out, with the checks' slow path
    # only for a value that fails the fast one.
    rolls = {}
    for m in set(sides):
        rolls[m] = [(p, k) for k in range(1, MAX_DICE + 1)
                    for p in sorted((set(range(1, k + 1)) if pig_out == "ones" else {pig_out})
                                    | set(range(2 * k, m * k + 1)))]

    def checked(p, k, s, o):
        try:
            q = turn_points(p, k, s, o)
        except BaseException:
            problem("RAISED", label("turn_points", (p, k, s, o)), last_line())
        if type(q) is not int or not 0 <= q <= MAX_POINTS:
            q = integer(q, label("turn_points", (p, k, s, o)), 0, MAX_POINTS)
        return q

    final = array.array("q")
    for (s, o), z, m in zip(states, zero, sides):
        final.append(checked(z, 0, s, o))
        for p, k in rolls[m]:
            final.append(checked(p, k, s, o))
    i = len(final)
    for (s, o), z, m in zip(reversed(states), reversed(zero), reversed(sides)):
        for p, k in reversed(rolls[m]):
            i -= 1
            again = checked(p, k, s, o)
            if again != final[i]:
                problem("CHANGED", label("turn_points", (p, k, s, o)), final[i], again)
        i -= 1
        again = checked(z, 0, s, o)
        if again != final[i]:
            problem("CHANGED", label("turn_points", (z, 0, s, o)), final[i], again)
    header["tables"].append("turn_points")
    tables.append(final)

finish(header, tables)
