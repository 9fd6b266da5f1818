"""A notebook's worth of hog_solver, as a student would type it.

test_types.py runs ``mypy --strict`` over this file (it is not run): the
package's annotations and its ``_native.pyi`` stubs must let ordinary,
fully annotated code through, with the numpy dtypes they promise.
"""

import copy
import pickle
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import hog_solver as hs


def final_strategy(score: int, opponent_score: int) -> int:
    """Four dice until 50, then six; zero when Boar Brawl gives a lot."""
    if opponent_score >= 10 * (score + 1):
        return 0
    return 4 if score < 50 else 6


def numpy_strategy(score: int, opponent_score: int) -> np.int64:
    """A numpy integer is a dice count too."""
    return np.int64(5)


# The optimum and its arrays, dtypes and all.
rules = hs.Rules("fa24", goal=100)
sol: hs.Solution = hs.solve(rules)
# uint8, or int8 under rules with the -1 move.
policy: npt.NDArray[np.integer[Any]] = sol.policy
values: npt.NDArray[np.float64] = sol.win_probability
choices: npt.NDArray[np.float64] = sol.choice_values
start: float = sol.first_player_win_probability
print(sol.strategy, sol.rules.name, sol.rules.goal, start, int(policy[0, 0]), float(values.mean()))
sol.to_csv(Path("final_strategy.csv"))

# A function, named, against the optimum; unpacked as a tuple.
rate: hs.WinRate = hs.win_rate(final_strategy, vs=sol, name="mine")
first, second, average = rate
print(f"{average:.4f}", round(hs.win_rate(numpy_strategy).first, 3), first > second)
response: hs.Solution = hs.best_response(final_strategy, name="mine")
dice: npt.NDArray[np.integer[Any]] = hs.table({"mine": final_strategy})

# A tournament of a dict: names are the keys.
entrants: Dict[str, hs.Strategy] = {
    "mine": final_strategy,
    "lambda": lambda score, opponent_score: 4,
    "optimal": sol,
    "best response": response,
    "baseline": "always_roll(6)",
    "table": np.full((100, 100), 6),
    "lists": [[4] * 100 for _ in range(100)],
}
t: hs.Tournament = hs.tournament(entrants, rules=rules)
matrix: npt.NDArray[np.float64] = t.matrix
ranking: List[str] = [t.strategies[i] for i in t.ranking]
print(ranking, t.wins, t.mean, matrix.shape)
also: hs.Tournament = hs.tournament(["optimal", {"course": "boar_strategy(8, 4)"}, final_strategy])

# Frames for pandas: DataFrames where pandas-stubs is installed (the test
# extra), Any without them.
frame = t.to_pandas()
print(frame.loc["mine", "optimal"], sol.to_pandas().shape, sol._repr_html_()[:6])
rates: hs.Rates = hs.rates(vs="optimal")
best_row: hs.RateRow = rates.rows[0]
print(best_row.strategy, rates.to_pandas().index.name, rates._repr_html_()[:7])
grid: hs.Sweep = hs.sweep("boar_strategy(threshold=6..=14, num_rolls=3..=8)")
params: Dict[str, int] = grid.best.params
print(params, grid.to_pandas().columns)

# One state, explained; a choice's outcomes.
why: hs.Explanation = hs.explain(40, 50, final_strategy, vs="optimal", name="mine")
gives_away = why.gives_away if why.gives_away is not None else 0.0
top: hs.Choice = max(why.choices, key=lambda c: c.win_probability)
outcome: Tuple[int, int, float] = top.outcomes[0]
print(why.best, why.chosen, round(gives_away, 4), top.dice, outcome, why.to_pandas().index.name)

# Sampled games beside the exact values.
sim: hs.Simulation = hs.simulate(final_strategy, games=10_000, seed=7, name="mine")
low, high = sim.intervals["average"]
z = sim.z if sim.z is not None else 0.0
print(sim.sampled.average, low, high, sim.exact.average, abs(z) < 3, sim.to_pandas().shape)

# Other rules: presets, a file, Fall 2019's memory; pickled and copied.
digits = hs.Rules("digit-swap", goal=50, zero_dice="bacon-max", hog_wild=True)
variant = hs.Rules.from_file(Path("examples/rules/variant.toml"), goal=80, timeout=10.0)
fa19 = hs.Rules("fa19", memory="feral-hogs-points")
names: List[str] = hs.Rules.presets()
print(digits.zero_dice, digits.hog_wild, digits.after_turn, variant.name, fa19.baseline, names)
print(hs.explain(17, 23, rules=fa19, remembered=(4, 6), clock=None).best)

# What a rule set says of itself, and a name wherever rules are taken.
title: Optional[str] = fa19.title
goals: Tuple[int, int] = fa19.goals
moves: List[int] = hs.Rules("fa15-contest").moves
zero: Optional[str] = fa19.zero_dice
wild: Optional[bool] = fa19.hog_wild
memory: Optional[str] = fa19.memory
described: Dict[str, Any] = fa19.description()
parts: List[Dict[str, Any]] = fa19.parts
titles: Dict[str, str] = hs.Rules.titles()
named: hs.RuleSet = "fa22"
contest: hs.Solution = hs.solve("fa15-contest")
print(title, goals, moves, zero, wild, memory, described["rules"], parts[0]["name"], len(titles))
print(contest.goal, contest.moves, hs.win_rate("always_roll(4)", rules=named).average)
whole: npt.NDArray[np.integer[Any]] = hs.table(hs.solve(hs.Rules("fa19", goal=20)))
print(whole.shape, why.remembered, why.clock, top.pig_out_probability, top.bonus)
again: hs.Rules = pickle.loads(pickle.dumps(digits))
same: hs.Solution = copy.deepcopy(sol)
print(again == digits, hash(again) == hash(digits), same.first_player_win_probability == start)

# Errors: HogError is a ValueError.
try:
    hs.win_rate("nonsense(")
except hs.HogError as error:
    message: str = str(error)
    print(isinstance(error, ValueError), message)
print(hs.__version__)
