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
import dis
import inspect
import json
import operator
import os
import sys
import types

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
    problem("IMPORT", import_error(path))


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


def twice(f, name, domain, convert):
    """Every value of f over domain, checked by `convert`, and the same again
    in reverse order. Tens of thousands of calls: the loops are written out
    (a call that raises is named from the loop's `args`)."""
    values = []
    append = values.append
    args = None
    try:
        for args in domain:
            append(convert(f(*args), args))
        for i in range(len(domain) - 1, -1, -1):
            args = domain[i]
            again = convert(f(*args), args)
            if again != values[i]:
                problem("CHANGED", label(name, args), shown(values[i]), shown(again))
    except BaseException:
        problem("RAISED", label(name, args), last_line())
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
max_dice = function("max_dice")
rerolled = function("rerolled")
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


def integer_of(name, low, high):
    def convert(v, args):
        if type(v) is int and low <= v <= high:
            return v
        return integer(v, label(name, args), low, high)
    return convert


def points_of(name):
    return integer_of(name, 0, MAX_POINTS)


zero = twice(zero_dice, "zero_dice", states, points_of("zero_dice"))
header["tables"].append("zero_dice")
tables.append(array.array("q", zero))

if dice_sides is not None:
    sides = twice(dice_sides, "dice_sides", states, integer_of("dice_sides", 2, 20))
    header["tables"].append("dice_sides")
    tables.append(array.array("q", sides))
else:
    sides = [6] * len(states)

if max_dice is not None:
    caps = twice(max_dice, "max_dice", states, integer_of("max_dice", 1, 10))
    header["tables"].append("max_dice")
    tables.append(array.array("q", caps))

if after_turn is not None:
    landings = [(t, o) for o in range(goal) for t in range(goal + MAX_POINTS + 1)]

    def pair(value, args):
        if type(value) is tuple and len(value) == 2:
            a, b = value
            if type(a) is int and type(b) is int and 0 <= a < 2**31 and 0 <= b < 2**31:
                return value
        where = label("after_turn", args)
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            problem("SHAPE", where, shown(value), "a pair (score, opponent_score)")
        return (integer(value[0], where, 0, 2**31 - 1), integer(value[1], where, 0, 2**31 - 1))

    ends = twice(after_turn, "after_turn", landings, pair)
    header["tables"].append("after_turn")
    tables.append(array.array("q", [x for end in ends for x in end]))

def flag_of(name):
    def convert(value, args):
        if isinstance(value, bool):
            return value
        if type(value) is int and value in (0, 1):
            return bool(value)
        problem("TYPE", label(name, args), shown(value), "True or False")
    return convert


# A function answering True or False at every state, as a table of 0s and
# 1s (extra_turn is asked where the game goes on: both scores below the
# goal).
for name, f in (("rerolled", rerolled), ("extra_turn", extra_turn)):
    if f is not None:
        flags = twice(f, name, states, flag_of(name))
        header["tables"].append(name)
        tables.append(array.array("q", [int(x) for x in flags]))

# Names through which a function could read its caller's or its own
# frame, and so its arguments, without naming them.
INTROSPECTION = {"locals", "vars", "eval", "exec", "_getframe", "currentframe",
                 "f_locals", "f_back", "stack", "getframeinfo", "getargvalues"}


def ignores_state(f):
    """Whether f provably never reads its last two arguments (score and
    opponent_score): a plain Python function of four named parameters whose
    bytecode, nested functions included, never loads them, keeps them in no
    closure and names nothing that reads frames. Anything else may read them."""
    code = getattr(f, "__code__", None)
    if not isinstance(f, types.FunctionType) or code is None:
        return False
    if code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS) or code.co_argcount != 4:
        return False
    names = set(code.co_varnames[2:4])
    if names & set(code.co_cellvars):
        return False
    todo = [code]
    while todo:
        c = todo.pop()
        if INTROSPECTION & set(c.co_names):
            return False
        for ins in dis.get_instructions(c):
            if "LOAD" in ins.opname and c is code:
                arg = ins.argval if isinstance(ins.argval, tuple) else (ins.argval,)
                if names & set(a for a in arg if isinstance(a, str)):
                    return False
        todo.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return True


def ignoring_state(f, rolls, checked):
    """turn_points tabulated over (points, num_rolls) alone, each pair asked
    at the first state where it occurs, twice (in reverse the second time);
    None if a sample of states (every 97th and the last) disagrees, for a
    function that reads them some other way."""
    first_zero, first_sides = {}, {}
    for state, z, m in zip(states, zero, sides):
        first_zero.setdefault(z, state)
        first_sides.setdefault(m, state)
    asks = [(z, 0) + first_zero[z] for z in sorted(first_zero)]
    seen = set()
    for m in sorted(first_sides):
        for p, k in rolls[m]:
            if (p, k) not in seen:
                seen.add((p, k))
                asks.append((p, k) + first_sides[m])
    values = [checked(*a) for a in asks]
    for i in range(len(asks) - 1, -1, -1):
        again = checked(*asks[i])
        if again != values[i]:
            problem("CHANGED", label("turn_points", asks[i]), values[i], again)
    table = {a[:2]: v for a, v in zip(asks, values)}
    sample = list(range(0, len(states), 97)) + [len(states) - 1]
    for i in sample:
        (s, o), z, m = states[i], zero[i], sides[i]
        if checked(z, 0, s, o) != table[(z, 0)]:
            return None
        if any(checked(p, k, s, o) != table[(p, k)] for p, k in rolls[m]):
            return None
    # Dense by num_rolls, then points; -1 where nothing was asked.
    dense = array.array("q", [-1] * ((MAX_DICE + 1) * (MAX_POINTS + 1)))
    for (p, k), q in table.items():
        dense[k * (MAX_POINTS + 1) + p] = q
    return dense


# Rules with memory: MEMORY values per player (0 before a player's first
# turn), remember(num_rolls, points) what the mover remembers after a turn
# scoring `points` (before the bonus), bonus(num_rolls, memory) the extra
# points for rolling num_rolls while remembering `memory`.
remember = function("remember")
bonus = function("bonus")
memory = getattr(module, "MEMORY", None)
if memory is None:
    if remember is not None or bonus is not None:
        problem("NO_MEMORY", "remember" if remember is not None else "bonus")
else:
    memory = integer(memory, "MEMORY", 1, 32)
    if remember is None:
        problem("MISSING", "remember")
    if bonus is None:
        problem("MISSING", "bonus")
    header["memory"] = memory
    kept = twice(remember, "remember",
                 [(k, p) for k in range(MAX_DICE + 1) for p in range(MAX_POINTS + 1)],
                 lambda v, args: integer(v, label("remember", args), 0, memory - 1))
    header["tables"].append("remember")
    tables.append(array.array("q", kept))
    extra_points = twice(bonus, "bonus",
                         [(k, m) for k in range(MAX_DICE + 1) for m in range(memory)],
                         points_of("bonus"))
    header["tables"].append("bonus")
    tables.append(array.array("q", extra_points))

# A clock both players share: CLOCK values (0 at the start),
# tick(clock, num_rolls) the clock after a turn of num_rolls dice at
# `clock` and whether the same player moves again; a tick with a third
# parameter is also given the points the turn added (before after_turn).
# clock_sides(clock): the sides of every die rolled at `clock`, or None
# for dice_sides's own. minus_one(clock): where players may roll -1 dice
# (Pork Chop), the points that move scores and the clock after it, or
# ("swap", clock after it) for a move that swaps the scores, or None where
# the move is spent (-1 rolls 10 dice there).
tick = function("tick")
clock_sides = function("clock_sides")
# The most sides a clock's dice have (0: the file's own dice only).
clock_most = 0
minus_one = function("minus_one")
clock = getattr(module, "CLOCK", None)
if clock is None:
    for declared, f in (("tick", tick), ("clock_sides", clock_sides), ("minus_one", minus_one)):
        if f is not None:
            problem("NO_CLOCK", declared)
else:
    clock = integer(clock, "CLOCK", 1, 64)
    if tick is None:
        problem("MISSING", "tick")
    header["clock"] = clock

    def step(value, args):
        where = label("tick", args)
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            problem("SHAPE", where, shown(value), "a pair (next_clock, again)")
        again = value[1]
        if not (isinstance(again, bool) or (type(again) is int and again in (0, 1))):
            problem("TYPE", where, shown(value), "a pair (next_clock, True or False)")
        return (integer(value[0], where, 0, clock - 1), bool(again))

    try:
        arity = len(inspect.signature(tick).parameters)
    except (TypeError, ValueError):
        arity = 2
    if arity == 3:
        header["tables"].append("tick_points")
        domain = [(c, k, q) for c in range(clock) for k in range(MAX_DICE + 1)
                  for q in range(MAX_POINTS + 1)]
    else:
        header["tables"].append("tick")
        domain = [(c, k) for c in range(clock) for k in range(MAX_DICE + 1)]
    ticks = twice(tick, "tick", domain, step)
    tables.append(array.array("q", [x for c, again in ticks for x in (c, int(again))]))

    if clock_sides is not None:
        def faces(value, args):
            if value is None:
                return 0
            return integer(value, label("clock_sides", args), 2, 20)

        sides_of = twice(clock_sides, "clock_sides", [(c,) for c in range(clock)], faces)
        clock_most = max(sides_of)
        header["tables"].append("clock_sides")
        tables.append(array.array("q", sides_of))

    if minus_one is not None:
        # A pair (points, next_clock) scores; ("swap", next_clock) swaps
        # the two scores and nothing else applies; None: the move is spent
        # at this clock and -1 rolls 10 dice. Sent as (points, next), 0
        # points for a swap and -1 for a spent move.
        def move(value, args):
            where = label("minus_one", args)
            if value is None:
                return (-1, 0)
            if not isinstance(value, (tuple, list)) or len(value) != 2:
                problem("SHAPE", where, shown(value),
                        "a pair (points, next_clock), ('swap', next_clock) or None")
            if isinstance(value[0], str) and value[0] == "swap":
                return (0, integer(value[1], where, 0, clock - 1))
            return (integer(value[0], where, 1, MAX_POINTS), integer(value[1], where, 0, clock - 1))

        moves = twice(minus_one, "minus_one", [(c,) for c in range(clock)], move)
        header["tables"].append("minus_one")
        tables.append(array.array("q", [x for pair in moves for x in pair]))

if turn_points is not None:
    # The raw points of every choice at every state, in hog's order: zero
    # dice's points, then for 1 to 10 dice the distinct points of the roll
    # in increasing order (Pig Out's and the sums without a 1). Hundreds of
    # calls a state: the loop is written out, with the checks' slow path
    # only for a value that fails the fast one. Where a clock's dice have
    # more sides than a state's own, the points of the most sides are
    # asked there: they hold those of every die with fewer.
    sides = [max(m, clock_most) for m in sides]
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

    def every_state():
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
        return final

    # Most turn rules (a cap, Hogtimus Prime) ignore the scores: asked
    # once per (points, num_rolls) instead of hundreds of times a state.
    dense = ignoring_state(turn_points, rolls, checked) if ignores_state(turn_points) else None
    if dense is not None:
        header["tables"].append("turn_points_by_points")
        tables.append(dense)
    else:
        header["tables"].append("turn_points")
        tables.append(every_state())

finish(header, tables)
