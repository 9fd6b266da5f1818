
# The check driver: `python3 -c DRIVER FILE PLAN RESULT`. Imports the
# student's FILE (in its folder, as `python3 hog.py` run there would), then
# for each function the PLAN (JSON) names, calls it on every input given
# and writes what came back to RESULT (JSON). hog compares; nothing here
# knows what the right answers are, but the tables hog hands over for the
# updates it passes to `play`.
import contextlib
import inspect
import io
import json
import random
import signal
import time


class TooSlow(BaseException):
    """A call ran out of time (a BaseException: a student's `except
    Exception` does not swallow it)."""


def on_alarm(signum, frame):
    raise TooSlow()


def oracle_update(tables, after):
    """An update by the rules' own tables (zero dice's points by state, the
    after-turn rule by raw score), rolling the dice it is given: what `play`
    is checked with, so that a bug in an update is not blamed on it."""
    zero = tables["zero_dice"]
    goal = tables["goal"]

    def update(num_rolls, player_score, opponent_score, dice):
        if num_rolls == 0:
            points = zero[player_score * goal + opponent_score]
        else:
            points = rolled(num_rolls, dice)
        raw = player_score + points
        return after[raw] if raw < len(after) else raw

    return update


def build(value, tables, log, made=None):
    """An argument of a call from its JSON form (scripted dice are added
    to `made`, to count their rolls)."""
    if isinstance(value, dict):
        if "dice" in value:
            dice = test_dice(value["dice"])
            if made is not None:
                made.append(dice)
            return dice
        if "table" in value:
            table, goal, player = tables["strategies"][value["table"]], tables["goal"], value.get("player")

            def strategy(score, opponent_score):
                if log is not None and player is not None:
                    log.append([player, score, opponent_score])
                # A call no game makes is said as what the student's play
                # did, not as a failure inside hog's table.
                s, o = strategy_scores(player, score, opponent_score, goal)
                return table[s * goal + o]

            return strategy
        if "silence" in value:
            # Fall 2019's commentary: a `say` that announces nothing.
            def silence(score0, score1):
                return silence

            return silence
        if "constant" in value:
            n, goal = value["constant"], tables["goal"]
            if "past_goal" in value:
                # The same choice in every state of a game, another at
                # scores no game asks about.
                m = value["past_goal"]
                return lambda score, opponent_score: m if max(score, opponent_score) >= goal else n
            return lambda score, opponent_score: n
        if "update" in value:
            return oracle_update(tables, tables["after_" + value["update"]])
        if "counter" in value:
            values, state = value["counter"], {"next": 0}

            def counted(*args):
                v = values[state["next"] % len(values)]
                state["next"] += 1
                return v + sum(args)

            return counted
    return value


def plain(value):
    """A returned value as JSON: numbers, strings, booleans, lists, or its
    type and repr."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, DiceName):
        return str(value)
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if callable(value):
        return {"function": shown(value)}
    return {"type": type(value).__name__, "repr": shown(value)}


ORIGINAL_DICE = {}


class DiceName(str):
    """The name of the module's dice a function returned (a string the
    student's code cannot return by itself)."""


def named_dice(module, value):
    """`four_sided` or `six_sided` for the module's dice of that name (as
    imported, or as replaced for the call), else the value itself."""
    if callable(value):
        for name in ("four_sided", "six_sided"):
            if value is getattr(module, name, None) or value is ORIGINAL_DICE.get(name):
                return DiceName(name)
    return value


def rolled(num_rolls, dice):
    """The rules' points of rolling `num_rolls` dice: 1 if any shows a 1."""
    faces = [dice() for _ in range(num_rolls)]
    return 1 if 1 in faces else sum(faces)


class NoAnswer(Exception):
    pass


def oracle(module, name, spec, tables):
    """The rules' own `name`, from the answers hog sent (`spec`): what a
    function of the student's is judged with in place of the student's own
    helper, so that one bug is named once, where it is."""
    own = getattr(module, name, None)
    kind = spec["kind"]
    if kind == "roll":

        def roll_dice(num_rolls, dice=None, **_):
            return rolled(num_rolls, dice or module.six_sided)

        return roll_dice
    if kind == "update":
        update = oracle_update(tables, tables[spec["after"]])

        def updated(num_rolls, player_score, opponent_score, dice=None):
            return update(num_rolls, player_score, opponent_score, dice or module.six_sided)

        return updated
    if kind == "averaged":

        def make_averaged(original_function, *count, **named):
            # The count's name differs by semester (num_samples,
            # times_called): by position or by any name.
            times = (list(count) + list(named.values()) + [1000])[0]

            def averaged(*args):
                return sum(original_function(*args) for _ in range(times)) / times

            return averaged

        return make_averaged
    table = {tuple(k): v for k, v in zip(spec["keys"], spec["values"])}

    def answer(key):
        if key in table:
            value = table[key]
            # select_dice answers with the module's dice of that name.
            return getattr(module, value) if spec.get("dice_names") else value
        raise NoAnswer()

    def own_answer(*args):
        if callable(own):
            return own(*args)
        raise LookupError("hog's own %s has no answer for %s" % (name, shown(args)))

    if kind == "turn":

        def take_turn(num_rolls, *rest, **named):
            given = list(rest) + list(named.values())
            scores = tuple(a for a in given if not callable(a))
            dice = [a for a in given if callable(a)]
            if num_rolls:
                return rolled(num_rolls, dice[0] if dice else module.six_sided)
            try:
                return answer(scores)
            except NoAnswer:
                return own_answer(num_rolls, *rest)

        return take_turn

    def looked_up(*args):
        try:
            return answer(args)
        except NoAnswer:
            # Past the inputs hog checked: the student's own answer.
            return own_answer(*args)

    return looked_up


def positional_arguments(function):
    """How many positional arguments `function` takes at most (None: any
    number, or not known)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    kinds = [p.kind for p in parameters]
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        return None
    return sum(k in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD) for k in kinds)


def call_budgeted(function, item, tables, seconds, module):
    """Call `function` on each of the item's inputs, within `seconds` of CPU
    time in all (a slow function is checked as far as its time goes, the
    same on a busy machine as on a quiet one); a call that alone takes half
    of that has hung."""
    out, results, traces, rolls, case_prints = {}, [], [], [], []
    printed = io.StringIO()
    patches = item.get("patches") or []
    start = time.process_time()
    signal.signal(signal.SIGPROF, on_alarm)
    signal.signal(signal.SIGALRM, on_alarm)
    # CPU time, which a busy machine does not stretch; the wall clock only
    # for a call that sleeps or waits.
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, 10 * seconds + 10)
    called = start
    takes = positional_arguments(function)
    try:
        for i, case in enumerate(item["cases"]):
            called = time.process_time()
            if called - start >= seconds:
                break
            if takes is not None and len(case) > takes and item.get("fewer_arguments"):
                # An earlier skeleton's signature (bacon_strategy(score,
                # opponent_score)): checked with the defaults, which come
                # first, as far as it takes arguments.
                out["takes"] = takes
                break
            log = [] if item.get("trace") else None
            made = []
            args = [build(a, tables, log, made) for a in case]
            # The module's own globals the function reads (an older
            # project's play picks its dice from hog.four_sided and
            # hog.six_sided, as the course's tests replace them).
            for name, value in (patches[i] if i < len(patches) and patches[i] else {}).items():
                setattr(module, name, build(value, tables, log, made))
            if item.get("seed") is not None:
                random.seed(item["seed"])
            before = printed.tell()
            with contextlib.redirect_stdout(printed):
                value = function(*args)
            if item.get("apply") is not None:
                # A function that returns a function: call what it returned.
                with contextlib.redirect_stdout(printed):
                    value = [value(*a) for a in item["apply"]]
            results.append(plain(named_dice(module, value)))
            if "printed_at" not in out and printed.tell():
                out["printed_at"] = i
            if log is not None:
                traces.append(log)
            if item.get("count_rolls"):
                rolls.append(sum(d.rolled() for d in made))
            if item.get("prints"):
                # What printing is for (Spring 2014's averages): each call's.
                case_prints.append(printed.getvalue()[before:][:2000])
    except TooSlow:
        now = time.process_time()
        if now - called >= seconds / 2 or not results:
            out["slow"] = {"at": len(results), "seconds": seconds}
    except BaseException:
        out["raised"] = {"at": len(results), "error": last_line()}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
    if len(results) < len(item["cases"]) and not out.keys() - {"printed_at"}:
        # Out of time, every call so far answered: checked this far.
        out["budget"] = {"seconds": seconds}
    out["cpu"] = time.process_time() - start
    out["results"] = results
    if traces:
        out["traces"] = traces
    if item.get("count_rolls"):
        out["rolls"] = rolls
    if item.get("prints"):
        out["case_prints"] = case_prints
    text = printed.getvalue().strip()
    if text and not item.get("prints"):
        out["printed"] = text.splitlines()[0][:80]
    return out


def check(module, item, tables, seconds):
    name = item["name"]
    function = getattr(module, name, None)
    out = {"name": name, "present": callable(function)}
    if not callable(function):
        return out
    # The rules' own helpers in place of the student's (never the function
    # itself, which may call itself), and the globals the inputs replace.
    helpers = {
        other: oracle(module, other, spec, tables)
        for other, spec in (tables.get("oracles") or {}).items()
        if other != name
    }
    patched = set(helpers)
    for patch in item.get("patches") or []:
        patched.update(patch or {})
    saved = {n: getattr(module, n) for n in patched if hasattr(module, n)}
    for n, f in helpers.items():
        setattr(module, n, f)
    try:
        out.update(call_budgeted(function, item, tables, seconds, module))
    finally:
        for n in patched:
            if n in saved:
                setattr(module, n, saved[n])
            elif hasattr(module, n):
                delattr(module, n)
    return out


def games(module, spec, tables):
    """The student's own `play`, many times, with their own update and the
    course's six-sided dice (their dice module's, random seeded): how often
    player 0 wins."""
    play = getattr(module, "play", None)
    update = getattr(module, spec["update"], None) if spec["update"] else True
    dice = getattr(module, "six_sided", None)
    if not (callable(play) and (update is True or callable(update)) and callable(dice)):
        return None
    goal = tables["goal"]
    s0 = build({"table": spec["strategies"][0], "player": 0}, tables, None)
    s1 = build({"table": spec["strategies"][1], "player": 1}, tables, None)
    random.seed(spec["seed"])
    wins, played = 0, 0
    printed = io.StringIO()
    # How this semester's play is called: fa24's play(s0, s1, update, 0, 0,
    # dice, goal); Spring 2014's play(s0, s1, goal), and so on.
    given = {"s0": s0, "s1": s1, "update": update, "dice": dice, "goal": goal}
    args = [given[a] if isinstance(a, str) else a for a in spec["call"]]
    # CPU time, as hog counts it; the wall clock only for a play that
    # sleeps or waits.
    signal.signal(signal.SIGPROF, on_alarm)
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_PROF, spec["seconds"])
    signal.setitimer(signal.ITIMER_REAL, 10 * spec["seconds"])
    try:
        with contextlib.redirect_stdout(printed):
            for _ in range(spec["games"]):
                score0, score1 = play(*args)
                wins += score0 > score1
                played += 1
    except TooSlow:
        return {"played": played, "wins": wins, "slow": spec["seconds"]}
    except BadStrategyCall as e:
        return {"played": played, "wins": wins, "misuse": str(e)}
    except BaseException:
        return {"played": played, "wins": wins, "raised": last_line()}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
    return {"played": played, "wins": wins}


def shared_objects():
    """An object hook for json.load under which equal small objects (the
    dice `{"dice": [4, 2, 5, 1]}` of a few hundred thousand calls) are one
    object, not one each."""
    seen = {}

    def hook(obj):
        if len(obj) > 2:
            return obj
        try:
            key = tuple((k, tuple(v) if isinstance(v, list) and len(v) <= 32 else v)
                        for k, v in obj.items())
            return seen.setdefault(key, obj)
        except TypeError:
            # A value that is a list of lists, or an object: not shared.
            return obj

    return hook


def main():
    started = time.process_time()
    path, plan_path, result_path = sys.argv[1:4]
    # The whole run's seconds of CPU time (hog's own limit): the games stop
    # before it.
    budget = float(sys.argv[4]) if len(sys.argv) > 4 else None
    with open(plan_path) as f:
        plan = json.load(f, object_hook=shared_objects())
    result = {"imported": False}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            module = import_file(path)
    except BaseException:
        result["import_error"] = import_error(path)
        finish(result, result_path)
    result["imported"] = True
    for name in ("four_sided", "six_sided"):
        ORIGINAL_DICE[name] = getattr(module, name, None)
    tables = plan["tables"]
    result["checks"] = [check(module, item, tables, plan["seconds"]) for item in plan["checks"]]
    result["games"] = None
    if plan.get("games"):
        # The functions' answers first: should the games outlast hog's
        # limit, what was checked is kept.
        result["games"] = {"played": 0, "wins": 0, "unfinished": True}
        write_answer(result, result_path)
        spec = dict(plan["games"])
        if budget is not None:
            left = budget - (time.process_time() - started) - 1.0
            spec["seconds"] = max(0.001, min(spec["seconds"], left))
        result["games"] = games(module, spec, tables)
    finish(result, result_path)


main()
