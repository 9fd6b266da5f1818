"""Under rules with memory or a clock the optimum is a table of the whole
state (issue 44): a Solution is a strategy there too, hs.table gives the
whole state as an array and takes one back, to_csv writes the command
line's long CSV, and a pickle keeps it all."""
import pickle

import numpy as np
import pytest

import hog_solver as hs

from conftest import hog_json, run_hog


def rates_of(report):
    return (report["first"], report["second"], report["average"])


FA19 = ["--rules", "fa19", "--goal", "20"]


def test_a_solution_under_memory_is_rated_as_the_command_line_rates_optimal():
    rules = hs.Rules("fa19", goal=20)
    solved = hs.solve(rules)
    assert tuple(hs.win_rate(solved, rules=rules)) == rates_of(hog_json(*FA19, "eval", "optimal"))
    assert tuple(hs.win_rate(solved)) == rates_of(hog_json(*FA19, "eval", "optimal"))
    itself = hs.win_rate(solved, vs=solved)
    assert itself.first == solved.first_player_win_probability
    assert tuple(itself) == rates_of(hog_json(*FA19, "eval", "optimal", "--vs", "optimal"))
    response = hs.best_response("always_roll(5)", rules)
    assert tuple(hs.win_rate(response, vs="always_roll(5)")) == rates_of(
        hog_json(*FA19, "eval", "best_response(always_roll(5))", "--vs", "always_roll(5)"))
    t = hs.tournament({"optimal": solved, "response": response, "fives": "always_roll(5)"})
    assert t.matrix[0, 2] == hs.win_rate("optimal", vs="always_roll(5)", rules=rules).average


def test_a_table_of_the_whole_state_under_memory(tmp_path):
    rules = hs.Rules("fa19", goal=20)
    solved = hs.solve(rules)
    whole = hs.table(solved)
    # [score, opponent_score, memory, opponent_memory, clock]
    assert whole.shape == (20, 20, 11, 11, 1) and whole.dtype == np.uint8
    assert np.array_equal(whole, hs.table("optimal", rules))
    assert np.array_equal(whole[:, :, 0, 0, 0], solved.policy)
    assert np.array_equal(whole[:, :, 3, 4, 0], solved.at(remembered=(3, 4)).policy)
    # The command line's table of the same strategy, read back.
    run_hog(*FA19, "export", "optimal", "--out", tmp_path / "optimal.csv")
    assert np.array_equal(hs.table(tmp_path / "optimal.csv", rules), whole)
    # An array of the whole state is a strategy.
    assert hs.win_rate(whole, rules=rules) == hs.win_rate("optimal", rules=rules)
    assert np.array_equal(hs.table(whole, rules), whole)
    # Its memory axes are read: rolling 10 wherever the mover remembers 6
    # is another strategy, whose first move is the same.
    changed = whole.copy()
    changed[:, :, 6, :, 0] = 10
    assert changed[0, 0, 0, 0, 0] == whole[0, 0, 0, 0, 0]
    assert hs.win_rate(changed, rules=rules).first < hs.win_rate(whole, rules=rules).first
    # A table of the scores alone stays (goal, goal): it plays alike in every context.
    assert hs.table("always_roll(4)", rules).shape == (20, 20)
    with pytest.raises(hs.HogError) as e:
        hs.win_rate(np.zeros((20, 20, 11, 11, 2), dtype=np.uint8), rules=rules)
    assert str(e.value) == (
        "a table for goal 20 under fa19 has shape (20, 20), or (20, 20, 11, 11, 1) for the whole state "
        "[score, opponent_score, memory, opponent_memory, clock], not (20, 20, 11, 11, 2)")
    with pytest.raises(hs.HogError, match=r"score 1, opponent score 2, memory 3, opponent_memory 4, clock 0: 12 dice"):
        bad = whole.copy()
        bad[1, 2, 3, 4, 0] = 12
        hs.win_rate(bad, rules=rules)


def test_a_table_of_the_whole_state_under_a_clock():
    rules = hs.Rules("fa15-contest", goal=30)
    solved = hs.solve(rules)
    whole = hs.table(solved)
    assert whole.shape == (30, 30, 1, 1, 4) and whole.dtype == np.int8
    for clock in range(4):
        assert np.array_equal(whole[:, :, 0, 0, clock], solved.at(clock=clock).policy)
    assert hs.win_rate(whole, rules=rules) == hs.win_rate("optimal", rules=rules)


@pytest.mark.parametrize("against", [None, "always_roll(5)"])
def test_to_csv_under_memory_writes_the_command_lines_long_csv(tmp_path, against):
    rules = hs.Rules("fa19", goal=20)
    solved = hs.solve(rules) if against is None else hs.best_response(against, rules)
    solved.to_csv(tmp_path / "mine.csv")
    vs = [] if against is None else ["--vs", against]
    run_hog(*FA19, "solve", *vs, "--quiet", "--out", tmp_path / "cli")
    assert (tmp_path / "mine.csv").read_bytes() == (tmp_path / "cli" / "final_strategy.csv").read_bytes()
    assert (tmp_path / "mine.csv").read_text().startswith(
        "score,opponent_score,memory,opponent_memory,dice,win_probability\n")
    # It reads back as the same strategy.
    assert np.array_equal(hs.table(tmp_path / "mine.csv", rules), hs.table(solved))
    assert hs.win_rate(tmp_path / "mine.csv", rules=rules) == hs.win_rate(solved, vs="always_roll(6)")


@pytest.mark.parametrize("make", [
    lambda: hs.solve(hs.Rules("fa19", goal=20)),
    lambda: hs.best_response(hs.solve(hs.Rules("fa19", goal=20))),
    lambda: hs.solve(hs.Rules("fa15-contest", goal=30)).at(clock=2),
])
def test_a_pickle_keeps_the_whole_state(make):
    solution = make()
    loaded = pickle.loads(pickle.dumps(solution))
    assert repr(loaded) == repr(solution) and loaded.context == solution.context
    assert np.array_equal(hs.table(loaded), hs.table(solution))
    assert hs.win_rate(loaded, vs="always_roll(4)") == hs.win_rate(solution, vs="always_roll(4)")
    assert loaded.at(clock=0).first_player_win_probability == solution.first_player_win_probability
