
# Shared by hog check's drivers (after student_file.py): dice that show a
# script's faces in order, then again, as the course's make_test_dice does;
# the answer written as JSON any reader takes, and the process ended.
import json


def test_dice(faces):
    """Dice that show `faces` in order, then again (the course's
    make_test_dice); `dice.rolled()` says how often they were called."""
    state = {"next": 0}

    def dice():
        face = faces[state["next"] % len(faces)]
        state["next"] += 1
        return face

    dice.rolled = lambda: state["next"]
    return dice




class BadStrategyCall(Exception):
    """The student's play called one of hog's strategies as no game can
    (after the game was over, with a score that is not a whole number);
    its text says what their play did, in words for them."""


def strategy_scores(player, score, opponent_score, goal):
    """The scores a strategy of hog's was called with, as whole numbers;
    BadStrategyCall when they are not scores of a game under way (`goal`
    None: any whole numbers)."""
    who = "a strategy" if player is None else "strategy%d" % player
    for value in (score, opponent_score):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            what = "not a number"
        elif isinstance(value, float) and not value.is_integer():
            what = "not a whole number"
        elif value < 0:
            what = "below 0"
        else:
            continue
        raise BadStrategyCall("your play called %s with %s and %s: a score that is %s"
                              % (who, shown(score), shown(opponent_score), what))
    score, opponent_score = int(score), int(opponent_score)
    if goal is not None and max(score, opponent_score) >= goal:
        seats = (opponent_score, score) if player == 1 else (score, opponent_score)
        raise BadStrategyCall("your play kept going after the game was over at %d-%d" % seats)
    return score, opponent_score


def json_safe(value):
    """`value` as JSON any reader takes: an int beyond 64 bits as
    {"int": its digits}, nan and the infinities as {"float": "nan"}, a lone
    surrogate in a string as its escape."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        if -(2 ** 63) <= value < 2 ** 64:
            return value
        try:
            return {"int": str(value)}
        except ValueError:
            # More digits than Python converts (sys.set_int_max_str_digits).
            return {"int": "an int of %d bits" % value.bit_length()}
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else {"float": repr(value)}
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    if isinstance(value, dict):
        return {json_safe(str(k)): json_safe(v) for k, v in value.items()}
    return json_safe(shown(value))


def write_answer(result, path):
    """The answer, whole, where hog reads it (written aside, then moved)."""
    with open(path + ".tmp", "w") as f:
        json.dump(json_safe(result), f, allow_nan=False)
    os.replace(path + ".tmp", path)


def finish(result, path):
    """Write the answer and end the process: a thread the student's file
    started (not a daemon) cannot keep it alive, nor an atexit hook run."""
    write_answer(result, path)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    os._exit(0)
