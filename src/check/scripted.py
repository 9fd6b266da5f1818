
# Shared by hog check's drivers (after student_file.py): dice that show a
# script's faces in order, then again, as the course's make_test_dice does;
# the answer written as JSON any reader takes, and the process ended.
import json


def test_dice(faces):
    """Dice that show `faces` in order, then again (the course's make_test_dice)."""
    state = {"next": 0}

    def dice():
        face = faces[state["next"] % len(faces)]
        state["next"] += 1
        return face

    return dice


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
