"""Exact strategy solver and analyzer for Hog, the dice game of CS 61A.

Every number is exact: it comes from the dice distributions, not from
sampling games. The engine is the ``hog`` command line's (Rust); this
package hands its answers over as Python values and numpy arrays::

    import hog_solver as hs
    from hog import final_strategy        # your own project file

    print(hs.win_rate(final_strategy))    # WinRate(first=..., second=..., average=...)
    sol = hs.solve()                      # fa24, goal 100
    sol.policy                            # uint8 array, [score, opponent_score]

Wherever a strategy is taken, it may be a spec string as on the command
line (``"boar_strategy(8, 4)"``, ``"optimal"``, ``"best_response(always_roll(6))"``,
``"hog.py:final_strategy"``, ``"final_strategy.csv"``), a function
``f(score, opponent_score)`` returning a dice count (called at every state,
twice, in this process), a ``(goal, goal)`` array or nested lists of dice
counts, or a :class:`Solution`. Every function takes ``rules=`` (a
:class:`Rules`; by default fa24 with goal 100). Bad input raises
:class:`HogError` (a ``ValueError``) with the command line's one-line
message, or ``TypeError`` where Python would raise one. Long computations
release the GIL.
"""

import os
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from ._native import HogError, Rules, Solution, __version__

__all__ = [
    "__version__",
    "Choice",
    "Explanation",
    "HogError",
    "RateRow",
    "Rates",
    "Rules",
    "Simulation",
    "Solution",
    "Strategy",
    "Sweep",
    "SweepRow",
    "Tournament",
    "WinRate",
    "best_response",
    "explain",
    "rates",
    "simulate",
    "solve",
    "sweep",
    "table",
    "tournament",
    "win_rate",
]

Strategy = Union[
    str, "os.PathLike[str]", Callable[[int, int], int], np.ndarray, Sequence[Sequence[int]], Solution
]
"""Anything a function here takes as a strategy (see the module's help)."""


class WinRate(NamedTuple):
    """Exact win rates of a strategy against an opponent."""

    first: float
    """The chance of winning when moving first."""
    second: float
    """The chance of winning when moving second."""
    average: float
    """The mean of the two: the win rate when each player starts half the games."""


class RateRow(NamedTuple):
    """One strategy's line of a rates table."""

    strategy: str
    first: float
    second: float
    average: float


class Rates(NamedTuple):
    """Every standard strategy against one opponent, best first."""

    opponent: str
    rows: List[RateRow]


class Tournament(NamedTuple):
    """A round robin: every strategy against every other."""

    strategies: List[str]
    """The strategies by name, in the order given."""
    matrix: np.ndarray
    """``matrix[i, j]``: the average win rate of ``i`` against ``j`` (0.5 on the diagonal)."""
    wins: List[int]
    """Per strategy, the number of others it beats by more than 1e-6."""
    mean: List[float]
    """Per strategy, its mean average win rate over the others."""
    ranking: List[int]
    """Indices by wins, then mean win rate, best first."""


class SweepRow(NamedTuple):
    """One combination of a parameter grid."""

    params: Dict[str, int]
    strategy: str
    first: float
    second: float
    average: float


class Sweep(NamedTuple):
    """A course strategy's parameter grid against one opponent."""

    strategy: str
    opponent: str
    best: SweepRow
    """The combination with the highest average win rate."""
    rows: List[SweepRow]
    """Every combination, in grid order."""


class Choice(NamedTuple):
    """One dice count at one state."""

    dice: int
    win_probability: float
    """The chance to win rolling this many, with the same play afterwards."""
    expected_points: float
    """The turn's mean points."""
    one_point_probability: float
    """The chance that a die shows 1 (the turn then scores 1)."""
    outcomes: List[Tuple[int, int, float]]
    """``(score, opponent_score, probability)`` after the turn, before the other moves."""


class Explanation(NamedTuple):
    """Why a table says what it says at one state."""

    score: int
    opponent_score: int
    sides: int
    """Sides of the dice at this state (4 under Hog Wild)."""
    best: int
    """The dice count with the highest chance to win."""
    chosen: Optional[int]
    """The count the explained strategy rolls (None for optimal play)."""
    gives_away: Optional[float]
    """How much chance to win the chosen count gives up against the best."""
    choices: List[Choice]


class Simulation(NamedTuple):
    """Sampled games beside the exact values: a cross-check."""

    strategy: str
    opponent: str
    games: int
    """Games played in each seat."""
    seed: int
    sampled: WinRate
    intervals: Dict[str, Tuple[float, float]]
    """95% intervals of the sampled rates, by seat (``first``, ``second``, ``average``)."""
    exact: WinRate
    z: Optional[float]
    """The sampled average's distance from the exact one, in standard errors."""


def solve(rules: Optional[Rules] = None) -> Solution:
    """The optimal strategy: both players maximize their own chance to win.

    Returns a :class:`Solution` with ``policy``, ``win_probability``,
    ``choice_values`` and ``first_player_win_probability``;
    ``to_csv(path)`` writes the command line's ``final_strategy.csv``.
    """
    return _native.solve(rules)


def best_response(strategy: Strategy, rules: Optional[Rules] = None) -> Solution:
    """The strategy that beats ``strategy`` most often, as a :class:`Solution`."""
    return _native.best_response(strategy, rules)


def win_rate(strategy: Strategy, vs: Optional[Strategy] = None, rules: Optional[Rules] = None) -> WinRate:
    """Exact win rates of ``strategy`` against ``vs`` (default: the rule
    set's course baseline, ``always_roll(6)`` for fa24); ``hog eval``."""
    report = _native.win_rate(strategy, vs, rules)
    return WinRate(report["first"], report["second"], report["average"])


def table(strategy: Strategy, rules: Optional[Rules] = None) -> np.ndarray:
    """The dice count of ``strategy`` at every state: a uint8 array indexed
    ``[score, opponent_score]``."""
    return _native.table(strategy, rules)


def rates(vs: Optional[Strategy] = None, rules: Optional[Rules] = None) -> Rates:
    """Every standard strategy (optimal, the best response, the course
    strategies, ``always_roll(0..10)``) against ``vs`` (default: the course
    baseline), best first; ``hog rates``."""
    report = _native.rates(vs, rules)
    rows = [RateRow(r["strategy"], r["first"], r["second"], r["average"]) for r in report["rows"]]
    return Rates(report["opponent"], rows)


def tournament(strategies: Sequence[Strategy], rules: Optional[Rules] = None) -> Tournament:
    """Every strategy against every other; ``hog tournament``."""
    report = _native.tournament(list(strategies), rules)
    return Tournament(
        report["strategies"],
        np.array(report["matrix"], dtype=np.float64),
        report["wins"],
        report["mean"],
        report["ranking"],
    )


def _sweep_row(row: dict) -> SweepRow:
    return SweepRow(dict(row["params"]), row["strategy"], row["first"], row["second"], row["average"])


def sweep(grid: str, vs: Optional[Strategy] = None, rules: Optional[Rules] = None) -> Sweep:
    """A course strategy over a grid of parameters, such as
    ``"boar_strategy(6..14, 3..8)"``, against ``vs``; ``hog sweep``."""
    report = _native.sweep(grid, vs, rules)
    return Sweep(report["strategy"], report["opponent"], _sweep_row(report["best"]), [_sweep_row(r) for r in report["rows"]])


def explain(
    score: int,
    opponent_score: int,
    strategy: Optional[Strategy] = None,
    vs: Optional[Strategy] = None,
    rules: Optional[Rules] = None,
    remembered: Optional[Tuple[int, int]] = None,
    clock: Optional[int] = None,
) -> Explanation:
    """The chance to win of every dice count at one state; ``hog explain``.

    With no ``strategy``: optimal play (or the best response to ``vs``).
    With a ``strategy``: that strategy's values against ``vs`` (default
    optimal), with what its own choice gives away. Under rules with memory
    or a clock (``Rules("fa19")``), ``remembered=(mine, theirs)`` and
    ``clock`` say what the state holds beside the scores (default: the
    start's).
    """
    report = _native.explain(score, opponent_score, strategy, vs, rules, remembered, clock)
    choices = [
        Choice(
            c["dice"],
            c["win_probability"],
            c["expected_points"],
            c["one_point_probability"],
            [tuple(o) for o in c["outcomes"]],
        )
        for c in report["choices"]
    ]
    return Explanation(
        report["score"],
        report["opponent_score"],
        report["sides"],
        report["best"],
        report["chosen"],
        report["gives_away"],
        choices,
    )


def simulate(
    strategy: Strategy,
    vs: Optional[Strategy] = None,
    games: int = 100_000,
    seed: int = 0,
    rules: Optional[Rules] = None,
) -> Simulation:
    """Sample ``games`` games in each seat with real random dice (seeded:
    the same seed gives the same counts), beside the exact values;
    ``hog simulate``."""
    report = _native.simulate(strategy, vs, games, seed, rules)
    sampled = report["sampled"]
    return Simulation(
        report["strategy"],
        report["opponent"],
        report["games"],
        report["seed"],
        WinRate(sampled["first"]["rate"], sampled["second"]["rate"], sampled["average"]["rate"]),
        {seat: tuple(sampled[seat]["interval"]) for seat in ("first", "second", "average")},
        WinRate(report["exact"]["first"], report["exact"]["second"], report["exact"]["average"]),
        report["z"],
    )
