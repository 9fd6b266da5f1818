"""Rules of every kind (issue 33, item 1): fa19, rules files in TOML and
Python, memory and clock rules, the -1 move; a solution under memory rules
answers at any context."""
from pathlib import Path

import hog_solver as hs
import numpy as np
import pytest

from conftest import hog_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"


def rates_of(report):
    return (report["first"], report["second"], report["average"])


@pytest.mark.parametrize(
    "rules,flags",
    [
        (lambda: hs.Rules("fa19"), ["--rules", "fa19"]),
        (lambda: hs.Rules.from_file(EXAMPLES / "time-trot.toml"), ["--rules", str(EXAMPLES / "time-trot.toml")]),
        (lambda: hs.Rules.from_file(EXAMPLES / "pork-chop.toml"), ["--rules", str(EXAMPLES / "pork-chop.toml")]),
        (lambda: hs.Rules.from_file(EXAMPLES / "variant.py"), ["--rules", str(EXAMPLES / "variant.py")]),
    ],
    ids=["fa19", "time-trot", "pork-chop", "python"],
)
def test_every_kind_solves_and_rates_as_the_cli(rules, flags):
    made = rules()
    solved = hs.solve(made)
    cli = hog_json("eval", "optimal", "--vs", "optimal", *flags)
    assert solved.first_player_win_probability == cli["first"]
    assert tuple(hs.win_rate("always_roll(4)", vs="always_roll(5)", rules=made)) == rates_of(
        hog_json("eval", "always_roll(4)", "--vs", "always_roll(5)", *flags)
    )
    # A function, a Solution and a pickle of either are the same strategies.
    assert hs.win_rate(lambda s, o: 4, vs=lambda s, o: 5, rules=made) == hs.win_rate(
        "always_roll(4)", vs="always_roll(5)", rules=made
    )


def test_a_function_may_roll_minus_one_where_the_rules_have_it():
    pork = hs.Rules.from_file(EXAMPLES / "pork-chop.toml")
    mine = hs.win_rate(lambda s, o: -1 if s < 10 else 5, rules=pork)
    table = np.full((100, 100), 5, dtype=np.int8)
    table[:10, :] = -1
    assert mine == hs.win_rate(table, rules=pork)
    assert hs.table(lambda s, o: -1 if s < 10 else 5, rules=pork).dtype == np.int8
    assert (hs.table(table, rules=pork) == table).all()
    policy = hs.solve(pork).policy
    assert policy.dtype == np.int8 and policy.min() == -1
    # Not under rules without the move.
    with pytest.raises(hs.HogError, match=r"returned -1, outside 0\.\.=10 dice"):
        hs.win_rate(lambda s, o: -1)
    with pytest.raises(hs.HogError, match=r"-1 dice is outside 0\.\.=10"):
        hs.win_rate(table)


def test_a_memory_solution_answers_at_any_context():
    fa19 = hs.Rules("fa19")
    solved = hs.solve(fa19)
    assert solved.context == (0, 0, 0)
    there = solved.at(remembered=(3, 4))
    assert there.context == (3, 4, 0)
    assert there.first_player_win_probability == solved.first_player_win_probability
    for score, opponent in [(10, 20), (55, 60), (90, 3)]:
        explained = hs.explain(score, opponent, rules=fa19, remembered=(3, 4))
        assert there.policy[score, opponent] == explained.best
        assert there.win_probability[score, opponent] == max(c.win_probability for c in explained.choices)
        cli = hog_json("explain", score, opponent, "--rules", "fa19", "--remembered", "3,4")
        assert there.policy[score, opponent] == cli["best"]
    assert not np.array_equal(there.policy, solved.policy)
    # A context the rules do not have, and rules that remember nothing.
    with pytest.raises(hs.HogError):
        solved.at(remembered=(99, 0))
    with pytest.raises(hs.HogError, match="remembers nothing"):
        hs.solve().at(remembered=(1, 1))
