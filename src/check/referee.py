
# The referee driver: `python3 -c DRIVER FILE REQUEST RESULT`. Imports the
# student's FILE and replays one game through their own `play`, as the
# course's hog_gui.py does: the moves chosen so far are fed to it by the
# strategies, the faces rolled so far by the dice, and every strategy call
# is written down (who was asked, at which scores, after how many dice).
# Then their update alone on each turn of the game. hog compares both with
# its own game loop; nothing here knows the rules.
import contextlib
import io
import json


class Stop(Exception):
    """The moves played so far are used up: the game stops here."""


class OutOfDice(Exception):
    """The student's code rolled more dice than the turns chose."""


def scripted(faces):
    """Dice that show `faces` in order, then again (make_test_dice)."""
    state = {"next": 0}

    def dice():
        face = faces[state["next"] % len(faces)]
        state["next"] += 1
        return face

    return dice


def replay(module, request):
    out = {}
    play = getattr(module, "play", None)
    update = getattr(module, request["update"], None)
    missing = [n for n, f in (("play", play), (request["update"], update)) if not callable(f)]
    if missing:
        out["missing"] = missing
        return out
    turns = request["turns"]
    moves = [t["dice"] for t in turns]
    faces = [face for t in turns for face in t["rolls"]]
    calls, used = [], {"n": 0}

    def dice():
        if used["n"] >= len(faces):
            raise OutOfDice()
        face = faces[used["n"]]
        used["n"] += 1
        return face

    def strategy(player):
        def choose(score, opponent_score):
            calls.append([player, score, opponent_score, used["n"]])
            if len(calls) > len(moves):
                raise Stop()
            return moves[len(calls) - 1]

        return choose

    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            returned = play(strategy(0), strategy(1), update, 0, 0, dice, request["goal"])
        out["returned"] = plain(returned)
    except Stop:
        pass
    except OutOfDice:
        out["out_of_dice"] = True
    except BaseException:
        out["raised"] = last_line()
    out["calls"] = calls
    out["dice_used"] = used["n"]
    updates = []
    for t in turns:
        score, opponent_score = t["before"]
        try:
            with contextlib.redirect_stdout(printed):
                updates.append(plain(update(t["dice"], score, opponent_score, scripted(t["rolls"] or [1]))))
        except BaseException:
            updates.append({"raised": last_line()})
    out["updates"] = updates
    text = printed.getvalue().strip()
    if text:
        out["printed"] = text.splitlines()[0][:80]
    return out


def plain(value):
    """A returned value as JSON: numbers, lists, or its type and repr."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return {"type": type(value).__name__, "repr": shown(value)}


def main():
    path, request_path, result_path = sys.argv[1:4]
    with open(request_path) as f:
        request = json.load(f)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            module = import_file(path)
        result = replay(module, request)
    except BaseException:
        result = {"import_error": last_line()}
    with open(result_path + ".tmp", "w") as f:
        json.dump(result, f)
    os.replace(result_path + ".tmp", result_path)


main()
