
# The referee driver: `python3 -c DRIVER FILE REQUEST RESULT`. Imports the
# student's FILE and replays one game through their own `play`, as the
# course's hog_gui.py does: the moves chosen so far are fed to it by the
# strategies, the faces rolled so far by the dice, and every strategy call
# is written down (who was asked, at which scores, after how many dice).
# Then their function of one turn alone on each turn of the game. hog compares both with
# its own game loop; nothing here knows the rules.
import contextlib
import io
import json
import signal


class Stop(Exception):
    """The moves played so far are used up: the game stops here."""


class OutOfDice(Exception):
    """The student's code rolled more dice than the turns chose."""


def replay(module, request):
    out = {}
    play = getattr(module, "play", None)
    step = request["step"]
    per_turn = getattr(module, step["name"], None)
    missing = [n for n, f in (("play", play), (step["name"], per_turn)) if not callable(f)]
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
            strategy_scores(player, score, opponent_score, None)
            calls.append([player, score, opponent_score, used["n"]])
            if len(calls) > len(moves):
                raise Stop()
            return moves[len(calls) - 1]

        return choose

    # How this semester's play is called; an older play reads its dice from
    # the module's four_sided and six_sided (as the course's tests replaced
    # them): both roll the game's faces in order.
    # Fall 2024's play is given the update its turns are checked by.
    given = {"s0": strategy(0), "s1": strategy(1), "update": per_turn, "dice": dice,
             "goal": request["goal"]}
    args = [given[a] if isinstance(a, str) else a for a in request["call"]]
    saved = {name: getattr(module, name, None) for name in ("four_sided", "six_sided")}
    if request["patch_dice"]:
        module.four_sided = module.six_sided = dice
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            returned = play(*args)
        out["returned"] = plain(returned)
    except Stop:
        pass
    except OutOfDice:
        out["out_of_dice"] = True
    except BadStrategyCall as e:
        out["misuse"] = str(e)
    except BaseException:
        out["raised"] = last_line()
    finally:
        if request["patch_dice"]:
            module.four_sided, module.six_sided = saved["four_sided"], saved["six_sided"]
    out["calls"] = calls
    out["dice_used"] = used["n"]
    inner_slow = False
    # Their own function of one turn, alone on each turn of the game.
    steps, inner = [], []
    for t in turns:
        score, opponent_score = t["before"]
        known = {"dice": t["dice"], "score": score, "opponent": opponent_score,
                 "rolls": test_dice(t["rolls"] or [1])}
        try:
            with contextlib.redirect_stdout(printed):
                steps.append(plain(per_turn(*[known[a] for a in step["args"]])))
        except BaseException:
            steps.append({"raised": last_line()})
        # Where their function of one turn gives another answer than the
        # rules', the functions it calls, each alone on the turn's inputs.
        inner.append(None)
        if steps[-1] != t["expected"] and not inner_slow:
            known["raw"] = t["raw"]
            inner[-1] = {}
            for f in t["inner"]:
                function = getattr(module, f["name"], None)
                if not callable(function):
                    continue
                known["rolls"] = test_dice(t["rolls"] or [1])
                inner[-1][f["name"]] = value = alone(function, [known[a] for a in f["args"]],
                                                     printed)
                inner_slow = inner_slow or value == {"slow": True}
    out["steps"] = steps
    out["inner"] = inner
    text = printed.getvalue().strip()
    if text:
        out["printed"] = text.splitlines()[0][:80]
    return out


def alone(function, args, printed):
    """`function(*args)` as JSON, or what it raised, or that it had not
    returned after a second (a function their turn may never call)."""
    def on_alarm(signum, frame):
        raise InnerTooSlow()

    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        with contextlib.redirect_stdout(printed):
            return plain(function(*args))
    except InnerTooSlow:
        return {"slow": True}
    except BaseException:
        return {"raised": last_line()}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class InnerTooSlow(Exception):
    """An inner function had not returned after its second."""


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
        result = {"import_error": import_error(path)}
    finish(result, result_path)


main()
