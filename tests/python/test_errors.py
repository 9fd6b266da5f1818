"""Bad input: a HogError (a ValueError) with the command line's message, or
a TypeError where Python would raise one; never a crash."""
import itertools
from pathlib import Path

import numpy as np
import pytest

import hog_solver as hs
from conftest import hog_error

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"


def message(excinfo):
    return str(excinfo.value)


def test_hog_error_is_a_value_error():
    assert issubclass(hs.HogError, ValueError)


@pytest.mark.parametrize(
    "spec",
    ["nonsense(", "always_roll(11)", "boar_strategy(1, 2, 3)", "bacon_strategy", "best_response(", "always_roll(\u00a06)x"],
)
def test_bad_specs_say_what_the_cli_says(spec):
    with pytest.raises(hs.HogError) as e:
        hs.win_rate(spec)
    assert message(e) == hog_error("eval", spec)


def test_bad_rules_say_what_the_cli_says():
    with pytest.raises(hs.HogError) as e:
        hs.Rules("fa25")
    # The command line's list and hint, in the package's words.
    assert message(e) == hog_error("--rules", "fa25", "rules").replace("hog rules", "Rules.presets()").replace(
        "nor a rules file (FILE.toml", "nor a rules file (Rules.from_file loads FILE.toml").replace("--rules ", "")
    assert "(did you mean fa24?)" in message(e) and "--" not in message(e)
    with pytest.raises(hs.HogError, match=r"^bad rules: 'x\.toml' is the path of a rules file, not a rule set's name: Rules\.from_file loads it$"):
        hs.Rules("x.toml")
    with pytest.raises(hs.HogError) as e:
        hs.Rules(zero_dice="free-bacon")
    assert "unknown zero-dice rule 'free-bacon'" in message(e)
    with pytest.raises(hs.HogError) as e:
        hs.Rules(after_turn="swap")
    assert "unknown after-turn rule 'swap'" in message(e)
    with pytest.raises(hs.HogError) as e:
        hs.Rules(goal=0)
    assert message(e) == hog_error("eval", "optimal", "--goal", "0")
    with pytest.raises(hs.HogError) as e:
        hs.Rules(goal=-3)
    assert message(e) == "bad goal: goal=-3 is not a whole number from 1 to 1000000"
    with pytest.raises(hs.HogError) as e:
        hs.Rules(goal=2_000_000)
    assert "larger than the maximum 1000000" in message(e)
    with pytest.raises(TypeError):
        hs.Rules(goal="100")


def test_a_goal_too_large_for_memory_is_refused_before_allocating():
    with pytest.raises(hs.HogError) as e:
        hs.solve(hs.Rules(goal=1_000_000))
    assert "goal 1000000 needs about" in message(e) and "MiB" in message(e)


def test_arrays_of_the_wrong_shape_or_kind():
    with pytest.raises(hs.HogError, match=r"a table for goal 100 has shape \(100, 100\), not \(3, 4\)"):
        hs.win_rate(np.zeros((3, 4), dtype=int))
    with pytest.raises(hs.HogError, match=r"shape \(100, 100\), not \(100\)"):
        hs.win_rate([4] * 100)
    with pytest.raises(hs.HogError, match="not a rectangular array"):
        hs.win_rate([[1, 2], [3]])
    with pytest.raises(TypeError, match="dtype bool"):
        hs.win_rate(np.zeros((100, 100), dtype=bool))
    with pytest.raises(TypeError, match="dtype <U1"):
        hs.win_rate(np.full((100, 100), "x"))
    # One rule for a function's value and an array's: a dice count is an
    # integer; a float, even 6.0, is none.
    with pytest.raises(hs.HogError, match="not float64 values: a float, even 6.0, is no dice count"):
        hs.win_rate(np.full((100, 100), 6.0))
    with pytest.raises(hs.HogError, match=r"returned 6\.0, not an integer"):
        hs.win_rate(lambda s, o: 6.0)
    assert hs.win_rate(np.full((100, 100), 6.0).astype(int)) == hs.win_rate(lambda s, o: np.int64(6))
    t = np.full((100, 100), 4, dtype=np.int64)
    t[41, 1] = 11
    with pytest.raises(hs.HogError, match="score 41, opponent score 1: 11 dice is outside 0..=10"):
        hs.win_rate(t)
    t[41, 1] = -(2**40)
    with pytest.raises(hs.HogError, match="score 41, opponent score 1: -1099511627776 dice is outside"):
        hs.win_rate(t)


def test_values_that_are_no_strategy():
    for value in [5, 2.5, None, {"a": 1}, object()]:
        with pytest.raises(TypeError, match="a strategy is a spec string"):
            hs.win_rate(value)


def test_functions_that_fail_name_the_call():
    def crashes(score, opponent_score):
        return 4 // (score - 7) + 4

    with pytest.raises(hs.HogError) as e:
        hs.win_rate(crashes)
    assert message(e) == "Python strategy crashes: crashes(7, 0) raised ZeroDivisionError: integer division or modulo by zero"
    assert isinstance(e.value.__cause__, ZeroDivisionError)

    def too_many(score, opponent_score):
        return 11 if (score, opponent_score) == (5, 6) else 4

    with pytest.raises(hs.HogError, match=r"too_many\(5, 6\) returned 11, outside 0..=10 dice"):
        hs.win_rate(too_many)

    def halves(score, opponent_score):
        return 2.5

    with pytest.raises(hs.HogError, match=r"halves\(0, 0\) returned 2.5, not an integer"):
        hs.win_rate(halves)

    def yes(score, opponent_score):
        return True

    with pytest.raises(hs.HogError, match=r"yes\(0, 0\) returned True, not an integer"):
        hs.win_rate(yes)

    def huge(score, opponent_score):
        return 10**30

    with pytest.raises(hs.HogError, match=r"huge\(0, 0\) returned 1000000000000000000000000000000, outside"):
        hs.win_rate(huge)

    # numpy integers are integers.
    assert hs.win_rate(lambda s, o: np.int64(4)) == hs.win_rate("always_roll(4)")


def test_functions_that_are_not_pure_are_refused():
    calls = itertools.count()

    def counting(score, opponent_score):
        return 4 if next(calls) < 10_000 else 5

    with pytest.raises(hs.HogError) as e:
        hs.win_rate(counting)
    assert message(e) == (
        "Python strategy counting: counting(99, 99) returned 4 and later 5: a strategy must be a "
        "deterministic function of the two scores (no randomness, no counting calls)"
    )


def test_functions_of_the_wrong_arity_are_type_errors():
    def one(score):
        return 4

    with pytest.raises(TypeError, match=r"one\(score\) cannot be called as one\(score, opponent_score\)"):
        hs.win_rate(one)
    with pytest.raises(TypeError):
        hs.win_rate(lambda a, b, c: 4)
    # Defaults and *args are fine: boar_strategy(score, opponent_score, threshold=11, num_rolls=6).
    assert hs.win_rate(lambda s, o, threshold=3: 4) == hs.win_rate("always_roll(4)")


def test_interrupts_are_not_swallowed():
    def interrupted(score, opponent_score):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        hs.win_rate(interrupted)


def test_bad_states_and_counts():
    with pytest.raises(hs.HogError, match="score=100 is not a score from 0 to 99"):
        hs.explain(100, 0)
    with pytest.raises(hs.HogError, match="opponent_score=-1"):
        hs.explain(0, -1)
    with pytest.raises(hs.HogError, match="games=0 is not a number of games"):
        hs.simulate("optimal", games=0)
    with pytest.raises(hs.HogError) as e:
        hs.sweep("no_such_strategy(1..3)")
    assert message(e) == hog_error("sweep", "no_such_strategy(1..3)")
    with pytest.raises(hs.HogError) as e:
        hs.tournament(["optimal"])
    # The command line adds where specs go on its command line.
    assert hog_error("tournament", "optimal").startswith(message(e))
    sol = hs.solve(hs.Rules(goal=10))
    with pytest.raises(hs.HogError, match="the solution is for goal 10, not 100"):
        hs.win_rate(sol, rules=hs.Rules())


def test_a_solution_keeps_its_rules():
    # Scored under the rules it was solved for, not fa24's (issue 33):
    # the command line's numbers for digit-swap.
    digit = hs.Rules("digit-swap")
    sol = hs.solve(digit)
    assert hs.win_rate(sol) == hs.win_rate("optimal", rules=digit)
    assert hs.win_rate(sol) == hs.win_rate("optimal", "always_roll(4)", rules=digit)
    assert hs.win_rate(sol) != hs.win_rate(hs.solve(), "always_roll(4)")
    assert hs.explain(10, 20, sol) == hs.explain(10, 20, "optimal", rules=digit)
    assert hs.best_response(sol).rules == digit
    assert (hs.table(sol) == hs.table("optimal", rules=digit)).all()
    for call in (
        lambda: hs.win_rate(sol, rules=hs.Rules()),
        lambda: hs.explain(10, 20, sol, rules=hs.Rules()),
        lambda: hs.best_response(sol, rules=hs.Rules()),
    ):
        with pytest.raises(hs.HogError, match="the solution is for digit-swap, not fa24"):
            call()


def test_solution_arrays_are_read_only():
    sol = hs.solve(hs.Rules(goal=10))
    with pytest.raises(ValueError):
        sol.policy[0, 0] = 3
    assert sol.policy is not None and sol.policy.flags.writeable is False


def test_a_bad_csv_path_is_an_error_and_writes_nothing(tmp_path):
    sol = hs.solve(hs.Rules(goal=10))
    # As open() does (issue 33): a missing folder is FileNotFoundError,
    # and nothing is made.
    target = tmp_path / "missing" / "deeper" / "final_strategy.csv"
    with pytest.raises(FileNotFoundError):
        sol.to_csv(target)
    assert not (tmp_path / "missing").exists()
    sol.to_csv(tmp_path / "final_strategy.csv")  # a pathlib.Path
    assert (tmp_path / "final_strategy.csv").read_text().startswith("score,")
    sol.to_csv(str(tmp_path / "again.csv"))  # or a str
    assert (tmp_path / "again.csv").read_text() == (tmp_path / "final_strategy.csv").read_text()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(NotADirectoryError):
        sol.to_csv(blocker / "final_strategy.csv")
    assert blocker.read_text() == "x"


def test_a_path_is_a_strategy_and_the_package_has_a_version(tmp_path):
    sol = hs.solve(hs.Rules(goal=10))
    sol.to_csv(tmp_path / "table.csv")
    rules = hs.Rules(goal=10)
    # A CSV table by pathlib.Path or str: the same table, the same rates.
    assert (hs.table(tmp_path / "table.csv", rules=rules) == sol.policy).all()
    assert hs.win_rate(tmp_path / "table.csv", rules=rules) == hs.win_rate(
        str(tmp_path / "table.csv"), rules=rules
    )
    assert hs.__version__ == "0.1.0"


def test_errors_say_the_argument_as_the_python_call_names_it():
    """Issue 44: the caller's terms, not the command line's (SCORE,
    --remembered, --python-timeout, hog rules)."""
    cases = [
        (lambda: hs.explain(100, 0), "bad argument: score=100 is not a score from 0 to 99"),
        (lambda: hs.explain(0, -1), "bad argument: opponent_score=-1 is not a score from 0 to 99"),
        (lambda: hs.explain(0, 30, rules=hs.Rules(goal=30)), "bad argument: opponent_score=30 is not a score from 0 to 29"),
        (lambda: hs.simulate("optimal", games=0), "bad argument: games=0 is not a number of games: play at least 1"),
        (lambda: hs.Rules.from_file("x.toml", timeout=-1), "bad argument: timeout=-1.0 is not a positive number of seconds"),
        (lambda: hs.explain(0, 0, remembered=(1, 1)),
         "bad argument: remembered=(1, 1): fa24 remembers nothing (remembered= is for rules with memory, such as fa19)"),
        (lambda: hs.explain(0, 0, clock=1),
         "bad argument: clock=1: fa24 has no clock (clock= is for rules with one, such as fa15-contest)"),
        (lambda: hs.solve(hs.Rules(goal=10)).at(clock=1),
         "bad argument: clock=1: fa24 has no clock (clock= is for rules with one, such as fa15-contest)"),
        (lambda: hs.explain(0, 0, rules=hs.Rules("fa19", goal=20), remembered=(99, 0)),
         "bad argument: remembered=(99, 0) is out of range: under fa19 each player remembers 0 to 10"),
        (lambda: hs.explain(0, 0, rules=hs.Rules("fa19", goal=20), clock=1),
         "bad argument: clock=1: fa19 has no clock (clock= is for rules with one, such as fa15-contest)"),
        # A clock is no memory: said as what it is.
        (lambda: hs.explain(0, 0, rules=hs.Rules("fa15-contest", goal=20), remembered=(1, 0)),
         "bad argument: remembered=(1, 0): fa15-contest remembers nothing; it has a clock (clock=)"),
        (lambda: hs.solve(hs.Rules("fa15-contest", goal=20)).at(clock=4),
         "bad argument: clock=4 is out of range: under fa15-contest the clock is 0 to 3"),
    ]
    for call, said in cases:
        with pytest.raises(hs.HogError) as e:
            call()
        assert message(e) == said
        assert "--" not in said and "SCORE" not in said and "OPPONENT" not in said


def test_a_table_of_the_whole_state_under_other_rules_names_the_python_call(tmp_path):
    hs.solve(hs.Rules("fa19", goal=20)).to_csv(tmp_path / "fa19.csv")
    with pytest.raises(hs.HogError) as e:
        hs.table(tmp_path / "fa19.csv", rules=hs.Rules(goal=20))
    assert "(columns memory, opponent_memory, as Solution.to_csv and hog solve write under rules" in message(e)


def test_a_rules_files_timeout_is_the_argument_not_the_flag(tmp_path):
    slow = tmp_path / "slow.py"
    slow.write_text("import time\ntime.sleep(30)\n" + (EXAMPLES / "variant.py").read_text())
    with pytest.raises(hs.HogError) as e:
        hs.Rules.from_file(slow, timeout=0.5)
    assert "timed out after 0.5 s" in message(e) and "(raise timeout=)" in message(e)
    assert "--python-timeout" not in message(e)
