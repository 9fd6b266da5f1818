
# The check driver: `python3 -c DRIVER FILE PLAN RESULT`. Imports the
# student's FILE (in its folder, as `python3 hog.py` run there would), then
# for each function the PLAN (JSON) names, calls it on every input given
# and writes what came back to RESULT (JSON). hog compares; nothing here
# knows what the right answers are, but the tables hog hands over for the
# updates it passes to `play`.
import contextlib
import io
import json
import random
import signal


class TooSlow(Exception):
    pass


def on_alarm(signum, frame):
    raise TooSlow()


def test_dice(faces):
    """Dice that show `faces` in order, then again (the course's make_test_dice)."""
    state = {"next": 0}

    def dice():
        face = faces[state["next"] % len(faces)]
        state["next"] += 1
        return face

    return dice


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
            faces = [dice() for _ in range(num_rolls)]
            points = 1 if 1 in faces else sum(faces)
        raw = player_score + points
        return after[raw] if raw < len(after) else raw

    return update


def build(value, tables, log):
    """An argument of a call from its JSON form."""
    if isinstance(value, dict):
        if "dice" in value:
            return test_dice(value["dice"])
        if "table" in value:
            table, goal, player = tables["strategies"][value["table"]], tables["goal"], value.get("player")

            def strategy(score, opponent_score):
                if log is not None and player is not None:
                    log.append([player, score, opponent_score])
                return table[score * goal + opponent_score]

            return strategy
        if "constant" in value:
            n = value["constant"]
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
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if callable(value):
        return {"function": shown(value)}
    return {"type": type(value).__name__, "repr": shown(value)}


def check(module, item, tables, seconds):
    name = item["name"]
    function = getattr(module, name, None)
    out = {"name": name, "present": callable(function)}
    if not callable(function):
        return out
    results, printed, traces = [], io.StringIO(), []
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        for i, case in enumerate(item["cases"]):
            log = [] if item.get("trace") else None
            args = [build(a, tables, log) for a in case]
            if item.get("seed") is not None:
                random.seed(item["seed"])
            with contextlib.redirect_stdout(printed):
                value = function(*args)
            if item.get("apply") is not None:
                # A function that returns a function: call what it returned.
                with contextlib.redirect_stdout(printed):
                    value = [value(*a) for a in item["apply"]]
            results.append(plain(value))
            if log is not None:
                traces.append(log)
    except TooSlow:
        out["slow"] = {"at": len(results), "seconds": seconds}
    except BaseException:
        out["raised"] = {"at": len(results), "error": last_line()}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    out["results"] = results
    if traces:
        out["traces"] = traces
    text = printed.getvalue().strip()
    if text:
        out["printed"] = text.splitlines()[0][:80]
    return out


def games(module, spec, tables):
    """The student's own `play`, many times, with their own update and the
    course's six-sided dice (their dice module's, random seeded): how often
    player 0 wins."""
    play = getattr(module, "play", None)
    update = getattr(module, spec["update"], None)
    dice = getattr(module, "six_sided", None)
    if not (callable(play) and callable(update) and callable(dice)):
        return None
    goal = tables["goal"]
    s0 = build({"table": spec["strategies"][0]}, tables, None)
    s1 = build({"table": spec["strategies"][1]}, tables, None)
    random.seed(spec["seed"])
    wins, played = 0, 0
    printed = io.StringIO()
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, spec["seconds"])
    try:
        with contextlib.redirect_stdout(printed):
            for _ in range(spec["games"]):
                score0, score1 = play(s0, s1, update, 0, 0, dice, goal)
                wins += score0 > score1
                played += 1
    except TooSlow:
        return {"played": played, "wins": wins, "slow": spec["seconds"]}
    except BaseException:
        return {"played": played, "wins": wins, "raised": last_line()}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return {"played": played, "wins": wins}


def main():
    path, plan_path, result_path = sys.argv[1:4]
    with open(plan_path) as f:
        plan = json.load(f)
    result = {"imported": False}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            module = import_file(path)
    except BaseException:
        result["import_error"] = last_line()
        with open(result_path, "w") as f:
            json.dump(result, f)
        return
    result["imported"] = True
    tables = plan["tables"]
    result["checks"] = [check(module, item, tables, plan["seconds"]) for item in plan["checks"]]
    result["games"] = games(module, plan["games"], tables) if plan.get("games") else None
    with open(result_path + ".tmp", "w") as f:
        json.dump(result, f)
    os.replace(result_path + ".tmp", result_path)


main()
