"""A Solution under every rule set (issue 44): a column for every move the
rules have, -1 included and labelled; its goal; the states past a
player's goal masked, not shown as rolling 0 dice."""
import pickle

import numpy as np
import pytest

import hog_solver as hs

from conftest import hog_json


def small(name):
    """A rule set at a small goal where it allows one (fa21-contest's
    players play to 30 and 40: its board is at least 40)."""
    return hs.Rules(name, goal=40 if name == "fa21-contest" else 24)


def filled(array):
    """A masked array's unmasked values, 0 where masked (a plain array as it is)."""
    return np.ma.filled(array, 0)


# The engine's tie tolerance: among moves this close to the best, the
# optimum rolls the fewest dice (src/engine/policy.rs).
TIE_TOLERANCE = 1e-12


def plays_its_best_move(solved):
    """The column of the move played is the win probability, to the bit,
    and it is the best column, but for ties within the tolerance."""
    policy = filled(solved.policy).astype(np.int64)
    column = np.where(policy == -1, len(solved.moves) - 1, policy)
    values = filled(solved.choice_values)
    played = np.take_along_axis(values, column[:, :, None], axis=2)[:, :, 0]
    win = filled(solved.win_probability)
    assert np.array_equal(played, win)
    assert np.all(values.max(axis=2) - win <= TIE_TOLERANCE)
    assert np.abs(values.max(axis=2) - win).max() <= TIE_TOLERANCE


@pytest.mark.parametrize("name", hs.Rules.presets())
def test_the_best_move_is_the_best_column(name):
    rules = small(name)
    solved = hs.solve(rules)
    n = rules.goal
    assert solved.moves == rules.moves
    assert solved.choice_values.shape == (n, n, len(rules.moves))
    assert solved.goal == n
    plays_its_best_move(solved)


def test_the_minus_one_has_its_column_at_every_clock():
    rules = hs.Rules("fa15-contest", goal=40)
    solved = hs.solve(rules)
    assert solved.moves == [*range(11), -1]
    for clock in range(4):
        there = solved.at(clock=clock)
        values = there.choice_values
        assert values.shape == (40, 40, 12)
        plays_its_best_move(there)
        cli = hog_json("--rules", "fa15-contest", "--goal", 40, "explain", 12, 30, "--clock", clock)
        assert [c["dice"] for c in cli["choices"]] == there.moves
        assert list(values[12, 30]) == [c["win_probability"] for c in cli["choices"]]
    # The swap is the best move where the opponent cannot swap back.
    assert (solved.at(clock=2).policy == -1).sum() > 100
    assert not (solved.at(clock=3).policy == -1).any()
    frame = solved.at(clock=2).to_pandas()
    assert list(frame.columns) == ["dice", "win_probability", *[f"choice_{m}" for m in solved.moves]]
    assert frame.loc[(12, 30), "choice_-1"] == solved.at(clock=2).choice_values[12, 30, 11]
    assert frame["dice"].dtype == np.int8 and frame["dice"].min() == -1


def test_a_memory_other_than_the_rule_sets_own_shows_in_the_repr():
    plain = hs.Rules("fa19", memory="none")
    assert plain != hs.Rules("fa19") and plain.memory is None
    assert repr(plain) == "Rules('fa19', goal=100, memory='none')"
    assert eval(repr(plain), {"Rules": hs.Rules}) == plain
    points = hs.Rules("fa19", goal=40, memory="feral-hogs-points")
    assert repr(points) == "Rules('fa19', goal=40, memory='feral-hogs-points')"
    assert points.memory == "feral-hogs-points"
    # The rule set's own memory, asked for, is the same rules and prints so.
    own = hs.Rules("fa19", memory="feral-hogs")
    assert own == hs.Rules("fa19") and repr(own) == "Rules('fa19', goal=100)"
    assert repr(hs.Rules("sp20", memory="none")) == "Rules('sp20', goal=100, memory='none')"
    assert hs.Rules().memory is None and hs.Rules("fa15-contest").memory is None


def test_a_solution_says_its_goal():
    solved = hs.solve(hs.Rules(goal=20))
    assert solved.goal == 20 and "goal=20" in repr(solved)
    assert hs.best_response("always_roll(6)", hs.Rules("fa19", goal=30)).goal == 30


def test_states_past_a_players_goal_are_masked():
    rules = hs.Rules("fa21-contest")
    assert rules.goals == (30, 40) and rules.goal == 40
    solved = hs.solve(rules)
    # At clock 0 player 0 moves, playing to 30: its rows from 30 on are no
    # states of the game; at clock 1 player 1 moves against player 0's 30.
    for clock, past in [(0, np.s_[30:, :]), (1, np.s_[:, 30:])]:
        there = solved.at(clock=clock)
        mask = np.zeros((40, 40), dtype=bool)
        mask[past] = True
        for array in (there.policy, there.win_probability):
            assert isinstance(array, np.ma.MaskedArray)
            assert np.array_equal(np.ma.getmaskarray(array), mask)
        assert np.array_equal(np.ma.getmaskarray(there.choice_values), np.repeat(mask[:, :, None], 11, axis=2))
        assert there.policy[35 if clock == 0 else 20, 35] is np.ma.masked
        cli = hog_json("--rules", "fa21-contest", "explain", 20, 25, "--clock", clock)
        assert list(there.choice_values[20, 25]) == [c["win_probability"] for c in cli["choices"]]
        assert there.policy[20, 25] == cli["best"]
        # The frame has a row for each state of the game, no more.
        frame = there.to_pandas()
        assert len(frame) == 30 * 40 and (20, 25) in frame.index
        assert (35 if clock == 0 else 20, 35) not in frame.index
        # Read-only, masks too; a pickle keeps the mask.
        with pytest.raises(ValueError):
            there.policy[0, 0] = 3
        with pytest.raises(ValueError):
            there.policy[35 if clock == 0 else 0, 35] = 3
        loaded = pickle.loads(pickle.dumps(there))
        assert np.array_equal(np.ma.getmaskarray(loaded.win_probability), mask)
        assert np.array_equal(filled(loaded.choice_values), filled(there.choice_values))
    # Under rules with one goal, every state is in play: plain arrays.
    assert type(hs.solve(hs.Rules(goal=20)).policy) is np.ndarray
