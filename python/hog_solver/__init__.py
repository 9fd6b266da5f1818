"""Exact strategy solver and analyzer for Hog, the dice game of CS 61A.

Every number is exact: it comes from the dice distributions, not from
sampling games. The engine is the ``hog`` command line's (Rust); this
package hands its answers over as Python values and numpy arrays, bit for
bit the numbers ``hog --format json`` prints.

Functions
---------
solve, best_response
    The optimal strategy, or the best response to one: a :class:`Solution`
    (``policy``, ``win_probability`` and ``choice_values`` as numpy arrays).
win_rate, table
    A strategy's exact win rates against an opponent; its dice counts.
rates, tournament, sweep
    Many strategies at once: the standard ones against an opponent, a
    round robin, a course strategy's parameter grid.
explain, simulate
    Every dice count's chance to win at one state; sampled games beside
    the exact values.

Strategies
----------
Wherever a strategy is taken (see :data:`Strategy`), it may be

- a spec string as on the command line: ``"boar_strategy(8, 4)"``,
  ``"optimal"``, ``"best_response(always_roll(6))"``,
  ``"hog.py:final_strategy"``, ``"final_strategy.csv"`` (or an
  ``os.PathLike`` naming a CSV table);
- a function ``f(score, opponent_score)`` returning a dice count, called
  at every state, twice, in this process. What it returns must be an
  integer (an ``int`` or a numpy integer) from 0 to 10, or -1 under rules
  with the -1 move (Pork Chop rules files); a float, even ``6.0``, is
  refused with :class:`HogError` ("returned 6.0, not an integer");
- a ``(goal, goal)`` numpy array or nested lists of dice counts, indexed
  ``[score, opponent_score]``, of an integer dtype; under rules with memory
  or a clock, also an array of the whole state as :func:`table` gives one,
  ``[score, opponent_score, memory, opponent_memory, clock]``. One rule holds for both:
  a dice count is an integer, as the course's ``roll_dice`` asserts, so a
  float array, even of ``6.0``, is refused too (``.astype(int)`` makes a
  table of it);
- a :class:`Solution`, which keeps its rules: with ``rules=`` left out a
  call runs under the rules it was solved for;
- a one-entry dict ``{"name": strategy}``, which names the strategy in
  reports; functions are otherwise named by their ``__name__`` (a lambda
  is ``<lambda>``), and the functions that take one strategy also take
  ``name=``. Where several strategies are given one name (two lambdas in
  a tournament), the later ones are told apart as ``<lambda> (2)``, ...,
  with a ``UserWarning`` naming them.

Every function takes ``rules=`` (a :class:`Rules`, or a rule set's name
such as ``"fa19"``, see :data:`RuleSet`; by default fa24 with goal 100).
Bad input raises :class:`HogError` (a ``ValueError``) with the command
line's one-line message in the call's own terms (``score=100 is not a
score from 0 to 99``, where the command line says ``SCORE 100``), or
``TypeError`` where Python would raise one. Long computations release the GIL. :class:`Rules` and
:class:`Solution` pickle and deep-copy.

In a notebook
-------------
The results have one-line reprs, show as HTML tables (``_repr_html_``),
and turn into labelled pandas DataFrames with ``to_pandas()`` when pandas
is installed (``pip install hog-solver[pandas]``); numpy arrays keep their
dtypes (``policy`` uint8, probabilities float64).

Examples
--------
In the folder of a hog project, whose ``hog.py`` has a ``final_strategy``:

>>> import hog_solver as hs
>>> from hog import final_strategy
>>> hs.win_rate(final_strategy)                 # against always_roll(6)
WinRate(first=0.6917783014165901, second=0.6117183631248089, average=0.6517483322706995)
>>> sol = hs.solve()                            # fa24, goal 100
>>> sol.policy.dtype, sol.policy.shape
(dtype('uint8'), (100, 100))
>>> hs.explain(40, 50)
Explanation(score=40, opponent_score=50, best=0, chosen=None, 11 choices)
"""

import os
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _display, _native
from ._native import HogError, Rules, Solution, __version__

if TYPE_CHECKING:
    # pandas is an optional extra: with pandas-stubs (the test extra) the
    # frames are typed; without them, or without pandas, DataFrame is Any.
    from pandas import DataFrame  # type: ignore[import-not-found, import-untyped, unused-ignore]

__all__ = [
    "__version__",
    "Choice",
    "Explanation",
    "HogError",
    "RateRow",
    "Rates",
    "RuleSet",
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

_Plain = Union[
    str,
    "os.PathLike[str]",
    Callable[[int, int], Union[int, "np.integer[Any]"]],
    np.ndarray,
    Sequence[Sequence[float]],
    Solution,
]

Strategy = Union[_Plain, Mapping[str, _Plain]]
Strategy.__doc__ = """Anything a function here takes as a strategy.

A spec string as on the command line (``"boar_strategy(8, 4)"``,
``"optimal"``, ``"hog.py:final_strategy"``, a CSV path, also as an
``os.PathLike``); a function ``f(score, opponent_score)`` returning an
integer dice count (an ``int`` or a numpy integer, -1 too under rules with
the -1 move; a float such as ``6.0`` is refused with :class:`HogError`); a
``(goal, goal)`` array or nested lists of integer dice counts (a float
array is refused as a float is), or under rules with memory or a clock an
array of the whole state (see :func:`table`); a :class:`Solution` (under
rules with memory or a clock, its strategy over the whole state); or any of these in a
one-entry dict ``{"name": strategy}``, which names it in reports.

Examples
--------
>>> import numpy as np
>>> import hog_solver as hs
>>> def plain(score: int, opponent_score: int) -> int:
...     return 4 if score < 50 else 6
>>> strategies: list[hs.Strategy] = ["boar_strategy(8, 4)", plain, np.full((100, 100), 6)]
>>> [round(hs.win_rate(s).average, 4) for s in strategies]
[0.6857, 0.4657, 0.5]
"""

_Strategies = Union[Sequence[Strategy], Mapping[str, Strategy]]

RuleSet = Union[Rules, str]
RuleSet.__doc__ = """Anything a function here takes as ``rules=``: a :class:`Rules`, or a
rule set's name (``"fa19"``), which is ``Rules(name)``: the rule set at its
own goal (:meth:`Rules.presets` lists the names).

Examples
--------
>>> import hog_solver as hs
>>> hs.win_rate("always_roll(4)", rules="fa22") == hs.win_rate("always_roll(4)", rules=hs.Rules("fa22"))
True
"""


class WinRate(NamedTuple):
    """Exact win rates of a strategy against an opponent.

    Attributes
    ----------
    first : float
        The chance of winning when moving first.
    second : float
        The chance of winning when moving second.
    average : float
        The mean of the two: the win rate when each player starts half the
        games.

    Examples
    --------
    >>> import hog_solver as hs
    >>> first, second, average = hs.win_rate("always_roll(4)", vs="always_roll(6)")
    >>> round(average, 6)
    0.454678
    """

    first: float
    second: float
    average: float


class RateRow(NamedTuple):
    """One strategy's line of a :class:`Rates` table.

    Attributes
    ----------
    strategy : str
        The strategy's spec.
    first, second, average : float
        Its win rates moving first, second, and their mean.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.rates().rows[0]
    RateRow(strategy='best_response(always_roll(6))', first=0.804426434782951, second=0.7262436845030772, average=0.7653350596430141)
    """

    strategy: str
    first: float
    second: float
    average: float


class Rates(NamedTuple):
    """Every standard strategy against one opponent, best first.

    Attributes
    ----------
    opponent : str
        The opponent's spec.
    rows : list of RateRow
        One row per strategy, by average win rate, best first.

    Examples
    --------
    >>> import hog_solver as hs
    >>> r = hs.rates()
    >>> r
    Rates(opponent='always_roll(6)', 15 rows, best='best_response(always_roll(6))', average=0.7653350596430141)
    >>> round(float(r.to_pandas().loc["optimal", "average"]), 4)
    0.7217
    """

    opponent: str
    rows: List[RateRow]

    def __repr__(self) -> str:
        if not self.rows:
            return f"Rates(opponent={_display.clip(self.opponent)!r}, 0 rows)"
        best = self.rows[0]
        return (
            f"Rates(opponent={_display.clip(self.opponent)!r}, {len(self.rows)} rows, "
            f"best={_display.clip(best.strategy)!r}, average={best.average!r})"
        )

    def _repr_html_(self) -> str:
        return _display.table(
            ["strategy", "first", "second", "average"],
            [list(row) for row in self.rows],
            caption=f"against {self.opponent}",
            row_headers=1,
        )

    def to_pandas(self) -> "DataFrame":
        """The table as a pandas DataFrame.

        Returns
        -------
        pandas.DataFrame
            Indexed by ``strategy``, best first, with float64 columns
            ``first``, ``second`` and ``average``.

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).

        Examples
        --------
        >>> import hog_solver as hs
        >>> frame = hs.rates("optimal").to_pandas()
        >>> list(frame.columns), frame.index.name
        (['first', 'second', 'average'], 'strategy')
        >>> frame.index[0]
        'optimal'
        """
        pd = _display.pandas()
        frame: "DataFrame" = pd.DataFrame(
            _display.floats(self.rows, ("first", "second", "average")),
            index=pd.Index([row.strategy for row in self.rows], name="strategy"),
        )
        return frame


class Tournament(NamedTuple):
    """A round robin: every strategy against every other.

    Attributes
    ----------
    strategies : list of str
        The strategies by name, in the order given.
    matrix : numpy.ndarray
        float64, ``matrix[i, j]``: the average win rate of ``i`` against
        ``j`` (0.5 on the diagonal).
    wins : list of int
        Per strategy, the number of others it beats by more than 1e-6.
    mean : list of float
        Per strategy, its mean average win rate over the others.
    ranking : list of int
        Indices by wins, then mean win rate, best first.

    Examples
    --------
    >>> import hog_solver as hs
    >>> t = hs.tournament(["optimal", "boar_strategy", "always_roll(6)"])
    >>> t
    Tournament(3 strategies, winner='optimal', wins=2, mean=0.6812467043062808)
    >>> t.matrix.round(4)
    array([[0.5   , 0.6408, 0.7217],
           [0.3592, 0.5   , 0.6763],
           [0.2783, 0.3237, 0.5   ]])
    """

    strategies: List[str]
    matrix: "npt.NDArray[np.float64]"
    wins: List[int]
    mean: List[float]
    ranking: List[int]

    def __repr__(self) -> str:
        if not self.ranking:
            return f"Tournament({len(self.strategies)} strategies)"
        top = self.ranking[0]
        return (
            f"Tournament({len(self.strategies)} strategies, winner={_display.clip(self.strategies[top])!r}, "
            f"wins={self.wins[top]!r}, mean={self.mean[top]!r})"
        )

    def _repr_html_(self) -> str:
        return _display.table(
            ["strategy \\ opponent"] + list(self.strategies) + ["wins", "mean"],
            [
                [name] + [float(x) for x in self.matrix[i]] + [self.wins[i], self.mean[i]]
                for i, name in enumerate(self.strategies)
            ],
            caption="average win rate of each row's strategy against each column's",
            row_headers=1,
        )

    def to_pandas(self) -> "DataFrame":
        """The matrix as a square pandas DataFrame.

        Returns
        -------
        pandas.DataFrame
            ``matrix`` (float64, a copy), its index named ``strategy`` and
            its columns named ``opponent``, both the strategy names in the
            order given: ``frame.loc[a, b]`` is ``a``'s average win rate
            against ``b``.

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).

        Examples
        --------
        >>> import hog_solver as hs
        >>> frame = hs.tournament(["optimal", "always_roll(6)"]).to_pandas()
        >>> round(float(frame.loc["optimal", "always_roll(6)"]), 4)
        0.7217
        >>> frame.index.name, frame.columns.name
        ('strategy', 'opponent')
        """
        pd = _display.pandas()
        frame: "DataFrame" = pd.DataFrame(
            np.array(self.matrix, dtype=np.float64),
            index=pd.Index(list(self.strategies), name="strategy"),
            columns=pd.Index(list(self.strategies), name="opponent"),
        )
        return frame


class SweepRow(NamedTuple):
    """One combination of a parameter grid.

    Attributes
    ----------
    params : dict of str to int
        The parameters by name.
    strategy : str
        The strategy's spec with these parameters.
    first, second, average : float
        Its win rates moving first, second, and their mean.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.sweep("boar_strategy(6..=8, 3..=4)").best
    SweepRow(params={'threshold': 7, 'num_rolls': 4}, strategy='boar_strategy(threshold=7, num_rolls=4)', first=0.7295769200198927, second=0.641876784465463, average=0.6857268522426778)
    """

    params: Dict[str, int]
    strategy: str
    first: float
    second: float
    average: float


class Sweep(NamedTuple):
    """A course strategy's parameter grid against one opponent.

    Attributes
    ----------
    strategy : str
        The course strategy swept.
    opponent : str
        The opponent's spec.
    best : SweepRow
        The combination with the highest average win rate.
    rows : list of SweepRow
        Every combination, in grid order.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.sweep("boar_strategy(6..=8, 3..=4)")
    Sweep(strategy='boar_strategy', opponent='always_roll(6)', 6 rows, best={'threshold': 7, 'num_rolls': 4}, average=0.6857268522426778)
    """

    strategy: str
    opponent: str
    best: SweepRow
    rows: List[SweepRow]

    def __repr__(self) -> str:
        return (
            f"Sweep(strategy={_display.clip(self.strategy)!r}, opponent={_display.clip(self.opponent)!r}, "
            f"{len(self.rows)} rows, best={self.best.params!r}, average={self.best.average!r})"
        )

    def _params(self) -> List[str]:
        return list(self.rows[0].params) if self.rows else list(self.best.params)

    def _repr_html_(self) -> str:
        params = self._params()
        return _display.table(
            params + ["first", "second", "average"],
            [[row.params.get(p) for p in params] + [row.first, row.second, row.average] for row in self.rows],
            caption=f"{self.strategy} against {self.opponent}; best: {self.best.strategy}",
        )

    def to_pandas(self) -> "DataFrame":
        """The grid as a pandas DataFrame, one row per combination.

        Returns
        -------
        pandas.DataFrame
            In grid order, with one int64 column per parameter (by its
            name), then ``strategy`` and the float64 columns ``first``,
            ``second`` and ``average``.

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).

        Examples
        --------
        >>> import hog_solver as hs
        >>> frame = hs.sweep("boar_strategy(6..=8, 3..=4)").to_pandas()
        >>> list(frame.columns)
        ['threshold', 'num_rolls', 'strategy', 'first', 'second', 'average']
        >>> int(frame.loc[frame["average"].idxmax(), "threshold"])
        7
        """
        pd = _display.pandas()
        data: Dict[str, Any] = {
            p: np.array([row.params[p] for row in self.rows], dtype=np.int64) for p in self._params()
        }
        data["strategy"] = [row.strategy for row in self.rows]
        data.update(_display.floats(self.rows, ("first", "second", "average")))
        frame: "DataFrame" = pd.DataFrame(data)
        return frame


class Choice(NamedTuple):
    """One move at one state of an :class:`Explanation`.

    Attributes
    ----------
    dice : int
        The dice count (-1 for the -1 move under rules that have it).
    win_probability : float
        The chance to win rolling this many, with the same play afterwards.
    expected_points : float
        The turn's mean points, before the after-turn rules (with what the
        rules' memory adds, if any).
    one_point_probability : float
        The chance that the turn scores exactly 1 point, before the
        after-turn rules.
    outcomes : list of (int, int, float)
        ``(score, opponent_score, probability)`` after the turn, before the
        other moves.
    pig_out_probability : float
        The chance that some die shows 1, so that the rules' Pig Out (Sow
        Sad under fa24) decides what the roll scores (0 for no dice;
        ``rules.description()["pig_out"]`` says what it scores).
    bonus : int or None
        Under rules with memory or a clock, the points the memory adds to
        this move's turn (Feral Hogs; 0 where players remember nothing),
        counted in ``expected_points`` and ``outcomes``, as ``hog explain``
        says it; None under rules that track only the scores.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.explain(40, 50).choices[4]
    Choice(dice=4, win_probability=0.38907778568618634, expected_points=8.233796296296296, one_point_probability=0.5177469135802469, pig_out_probability=0.5177469135802469, 13 outcomes)
    """

    dice: int
    win_probability: float
    expected_points: float
    one_point_probability: float
    outcomes: List[Tuple[int, int, float]]
    pig_out_probability: float
    bonus: Optional[int]

    def __repr__(self) -> str:
        bonus = "" if self.bonus is None else f", bonus={self.bonus!r}"
        return (
            f"Choice(dice={self.dice!r}, win_probability={self.win_probability!r}, "
            f"expected_points={self.expected_points!r}, one_point_probability={self.one_point_probability!r}, "
            f"pig_out_probability={self.pig_out_probability!r}{bonus}, {len(self.outcomes)} outcomes)"
        )

    def _repr_html_(self) -> str:
        return _display.table(
            ["score", "opponent_score", "probability"],
            [list(o) for o in self.outcomes],
            caption=(
                f"{self.dice} dice: win probability {self.win_probability!r}, expected points "
                f"{self.expected_points!r}, one-point probability {self.one_point_probability!r}"
            ),
        )

    def to_pandas(self) -> "DataFrame":
        """The outcomes as a pandas DataFrame.

        Returns
        -------
        pandas.DataFrame
            Indexed by ``score`` and ``opponent_score`` after the turn (a
            MultiIndex, int64), with the float64 column ``probability``.

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).

        Examples
        --------
        >>> import hog_solver as hs
        >>> frame = hs.explain(40, 50).choices[4].to_pandas()
        >>> list(frame.index.names), list(frame.columns)
        (['score', 'opponent_score'], ['probability'])
        >>> round(float(frame["probability"].sum()), 12)
        1.0
        """
        pd = _display.pandas()
        index = pd.MultiIndex.from_arrays(
            [
                np.array([o[0] for o in self.outcomes], dtype=np.int64),
                np.array([o[1] for o in self.outcomes], dtype=np.int64),
            ],
            names=["score", "opponent_score"],
        )
        probability = np.array([o[2] for o in self.outcomes], dtype=np.float64)
        frame: "DataFrame" = pd.DataFrame({"probability": probability}, index=index)
        return frame


class Explanation(NamedTuple):
    """Why a table says what it says at one state.

    Attributes
    ----------
    score, opponent_score : int
        The state: the mover's score and the opponent's.
    sides : int
        Sides of the dice at this state (4 under Hog Wild).
    best : int
        The dice count with the highest chance to win.
    chosen : int or None
        The count the explained strategy rolls (None for optimal play).
    gives_away : float or None
        How much chance to win the chosen count gives up against the best.
    choices : list of Choice
        Every move, in the order of ``rules.moves``: 0 to 10 dice, then -1
        under rules with that move (so ``choices[d]`` is ``d`` dice, and
        ``choices[-1]`` the -1 where there is one).
    remembered : (int, int) or None
        Under rules with memory or a clock, what the mover and the other
        remember at the state explained; None under rules without.
    clock : dict of str to int, or None
        Under rules with a clock, what its columns read at the state
        explained (``{"chopped": 0, "opponent_chopped": 1}``); None
        without one.

    Examples
    --------
    >>> import hog_solver as hs
    >>> e = hs.explain(40, 50, "always_roll(6)")
    >>> e
    Explanation(score=40, opponent_score=50, best=0, chosen=6, gives_away=0.13635409691224532, 11 choices)
    >>> round(e.choices[e.best].win_probability - e.choices[e.chosen].win_probability, 4)
    0.1364
    """

    score: int
    opponent_score: int
    sides: int
    best: int
    chosen: Optional[int]
    gives_away: Optional[float]
    choices: List[Choice]
    remembered: Optional[Tuple[int, int]]
    clock: Optional[Dict[str, int]]

    def __repr__(self) -> str:
        chosen = f"chosen={self.chosen!r}"
        if self.gives_away is not None:
            chosen += f", gives_away={self.gives_away!r}"
        return (
            f"Explanation(score={self.score!r}, opponent_score={self.opponent_score!r}, best={self.best!r}, "
            f"{chosen}, {len(self.choices)} choices)"
        )

    def _repr_html_(self) -> str:
        def mark(dice: int) -> str:
            return ", ".join(m for m, d in (("best", self.best), ("chosen", self.chosen)) if d == dice)

        caption = f"score {self.score}, opponent score {self.opponent_score}, {self.sides}-sided dice: best {self.best}"
        if self.chosen is not None:
            caption += f"; chosen {self.chosen} gives away {self.gives_away!r}"
        return _display.table(
            ["dice", "win_probability", "expected_points", "one_point_probability", "pig_out_probability", ""],
            [
                [c.dice, c.win_probability, c.expected_points, c.one_point_probability, c.pig_out_probability, mark(c.dice)]
                for c in self.choices
            ],
            caption=caption,
            row_headers=1,
        )

    def to_pandas(self) -> "DataFrame":
        """The choices as a pandas DataFrame, one row per dice count.

        Returns
        -------
        pandas.DataFrame
            Indexed by ``dice`` (int64; -1 last under rules with that
            move), with the float64 columns ``win_probability``,
            ``expected_points``, ``one_point_probability`` and
            ``pig_out_probability``, and under rules with memory or a clock
            the int64 column ``bonus`` (:meth:`Choice.to_pandas` gives a
            choice's outcomes).

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).

        Examples
        --------
        >>> import hog_solver as hs
        >>> frame = hs.explain(40, 50).to_pandas()
        >>> list(frame.columns)
        ['win_probability', 'expected_points', 'one_point_probability', 'pig_out_probability']
        >>> int(frame["win_probability"].idxmax())
        0
        """
        pd = _display.pandas()
        data: Dict[str, Any] = _display.floats(
            self.choices, ("win_probability", "expected_points", "one_point_probability", "pig_out_probability")
        )
        if self.choices and all(c.bonus is not None for c in self.choices):
            data["bonus"] = np.array([c.bonus for c in self.choices], dtype=np.int64)
        frame: "DataFrame" = pd.DataFrame(
            data, index=pd.Index(np.array([c.dice for c in self.choices], dtype=np.int64), name="dice")
        )
        return frame


class Simulation(NamedTuple):
    """Sampled games beside the exact values: a cross-check.

    Attributes
    ----------
    strategy, opponent : str
        The two strategies' names.
    games : int
        Games played in each seat.
    seed : int
        The random seed: the same seed gives the same counts.
    sampled : WinRate
        The sampled win rates.
    intervals : dict of str to (float, float)
        95% intervals of the sampled rates, by seat (``first``, ``second``,
        ``average``).
    exact : WinRate
        The exact win rates.
    z : float or None
        The sampled average's distance from the exact one, in standard
        errors.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.simulate("boar_strategy", games=1000)
    Simulation(strategy='boar_strategy', opponent='always_roll(6)', games=1000, seed=0, sampled.average=0.683, exact.average=0.6763405478398623, z=0.6434823982944605)
    """

    strategy: str
    opponent: str
    games: int
    seed: int
    sampled: WinRate
    intervals: Dict[str, Tuple[float, float]]
    exact: WinRate
    z: Optional[float]

    def __repr__(self) -> str:
        return (
            f"Simulation(strategy={_display.clip(self.strategy)!r}, opponent={_display.clip(self.opponent)!r}, "
            f"games={self.games!r}, seed={self.seed!r}, sampled.average={self.sampled.average!r}, "
            f"exact.average={self.exact.average!r}, z={self.z!r})"
        )

    def _repr_html_(self) -> str:
        seats = ("first", "second", "average")
        return _display.table(
            ["", *seats],
            [
                ["sampled", *self.sampled],
                ["95% interval", *(self.intervals.get(seat, "") for seat in seats)],
                ["exact", *self.exact],
            ],
            caption=(
                f"{self.strategy} against {self.opponent}: {self.games} games a seat, seed {self.seed}, "
                f"z = {self.z!r}"
            ),
            row_headers=1,
        )

    def to_pandas(self) -> "DataFrame":
        """The sampled and the exact win rates as a pandas DataFrame.

        Returns
        -------
        pandas.DataFrame
            Two rows, ``sampled`` and ``exact``, and the float64 columns
            ``first``, ``second`` and ``average``.

        Raises
        ------
        ImportError
            Without pandas (``pip install pandas``).

        Examples
        --------
        >>> import hog_solver as hs
        >>> hs.simulate("boar_strategy", games=1000).to_pandas().round(4)
                  first  second  average
        sampled  0.7310  0.6350   0.6830
        exact    0.7189  0.6338   0.6763
        """
        pd = _display.pandas()
        frame: "DataFrame" = pd.DataFrame(
            np.array([list(self.sampled), list(self.exact)], dtype=np.float64),
            index=pd.Index(["sampled", "exact"]),
            columns=pd.Index(["first", "second", "average"]),
        )
        return frame


def solve(rules: Optional[RuleSet] = None) -> Solution:
    """The optimal strategy: both players maximize their own chance to win.

    Parameters
    ----------
    rules : Rules or str, optional
        The rules to solve (default fa24, goal 100).

    Returns
    -------
    Solution
        ``policy`` (uint8), ``win_probability`` (float64) and
        ``choice_values`` (float64, ``[score, opponent_score, dice]``),
        read-only arrays indexed ``[score, opponent_score]``;
        ``first_player_win_probability``; ``to_csv(path)`` writes the
        command line's ``final_strategy.csv``. As ``hog solve``.

    Raises
    ------
    HogError
        If the goal's arrays would not fit in memory.

    See Also
    --------
    best_response : The strategy that beats a given one most often.

    Examples
    --------
    >>> import hog_solver as hs
    >>> sol = hs.solve()
    >>> sol
    Solution(strategy='optimal', goal=100, first_player_win_probability=0.5692403452159005)
    >>> sol.policy[0, :8]
    array([4, 4, 4, 4, 4, 5, 6, 6], dtype=uint8)
    >>> hs.solve(hs.Rules("digit-swap", goal=50)).first_player_win_probability  # doctest: +ELLIPSIS
    0.5...
    """
    return _native.solve(rules)


def best_response(strategy: Strategy, rules: Optional[RuleSet] = None, *, name: Optional[str] = None) -> Solution:
    """The strategy that beats ``strategy`` most often.

    Parameters
    ----------
    strategy : Strategy
        The opponent to answer (see :data:`Strategy`).
    rules : Rules or str, optional
        The rules (default: those of a :class:`Solution` given, else fa24,
        goal 100).
    name : str, optional
        What reports call ``strategy`` (the solution is then
        ``best_response(NAME)``).

    Returns
    -------
    Solution
        The best response, as :func:`solve` gives the optimum; as
        ``hog solve --against``.

    Raises
    ------
    HogError
        If ``strategy`` is no strategy under ``rules`` (a bad spec, a
        function that fails or returns no dice count).
    TypeError
        If ``strategy`` is no kind of strategy at all.

    Examples
    --------
    >>> import hog_solver as hs
    >>> br = hs.best_response("always_roll(6)")
    >>> br.strategy
    'best_response(always_roll(6))'
    >>> hs.win_rate(br, vs="always_roll(6)")
    WinRate(first=0.804426434782951, second=0.7262436845030772, average=0.7653350596430141)
    """
    return _native.best_response(strategy, rules, name=name)


def win_rate(
    strategy: Strategy,
    vs: Optional[Strategy] = None,
    rules: Optional[RuleSet] = None,
    *,
    name: Optional[str] = None,
) -> WinRate:
    """Exact win rates of ``strategy`` against ``vs``; ``hog eval``.

    Parameters
    ----------
    strategy : Strategy
        The strategy rated (see :data:`Strategy`).
    vs : Strategy, optional
        Its opponent (default: the rule set's course baseline,
        ``always_roll(6)`` for fa24).
    rules : Rules or str, optional
        The rules (default: those of a :class:`Solution` given, else fa24,
        goal 100).
    name : str, optional
        What reports call ``strategy``.

    Returns
    -------
    WinRate
        ``(first, second, average)``: the chance to win moving first,
        moving second, and their mean.

    Raises
    ------
    HogError
        If a strategy is bad under ``rules`` (a bad spec; a function that
        raises, or returns a float or a count out of range).
    TypeError
        If a strategy is no kind of strategy at all.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.win_rate("boar_strategy(8, 4)")
    WinRate(first=0.7295769200198927, second=0.641876784465463, average=0.6857268522426778)
    >>> def plain(score, opponent_score):
    ...     return 4 if score < 50 else 6
    >>> round(hs.win_rate(plain, vs="optimal").average, 4)
    0.227
    >>> hs.win_rate(lambda score, opponent_score: 6.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hog_solver.HogError: ... returned 6.0, not an integer
    """
    report = _native.win_rate(strategy, vs, rules, name=name)
    return WinRate(report["first"], report["second"], report["average"])


def table(strategy: Strategy, rules: Optional[RuleSet] = None, *, name: Optional[str] = None) -> "npt.NDArray[np.integer[Any]]":
    """The dice count of ``strategy`` at every state; ``hog export``.

    Parameters
    ----------
    strategy : Strategy
        The strategy (see :data:`Strategy`).
    rules : Rules or str, optional
        The rules (default: those of a :class:`Solution` given, else fa24,
        goal 100).
    name : str, optional
        What error messages call ``strategy``.

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(goal, goal)``, indexed ``[score, opponent_score]``;
        int8 under rules with the -1 move, where -1 is that move. For a
        strategy that reads the whole state under rules with memory or a
        clock (the optimum, a best response, a table of ``hog solve``), shape
        ``(goal, goal, memory_size, memory_size, clocks)`` indexed ``[score,
        opponent_score, memory, opponent_memory, clock]``: what the mover
        remembers, what the other remembers (each 0 to ``memory_size - 1``,
        the values of ``rules.contexts["memory"]``; 1 value where players
        remember nothing) and the clock (``rules.contexts["clock"]``'s
        values; 1 where there is none). Either array is a strategy again.

    Raises
    ------
    HogError
        If ``strategy`` is bad under ``rules``.
    TypeError
        If ``strategy`` is no kind of strategy at all.

    Examples
    --------
    >>> import hog_solver as hs
    >>> t = hs.table("boar_strategy(8, 4)")
    >>> t.dtype, t.shape
    (dtype('uint8'), (100, 100))
    >>> t[0, :6]
    array([4, 4, 4, 4, 4, 4], dtype=uint8)
    >>> fa19 = hs.Rules("fa19", goal=40)
    >>> whole = hs.table("optimal", fa19)
    >>> whole.shape
    (40, 40, 11, 11, 1)
    >>> int(whole[17, 23, 4, 6, 0]) == hs.explain(17, 23, rules=fa19, remembered=(4, 6)).best
    True
    >>> hs.win_rate(whole, rules=fa19) == hs.win_rate("optimal", rules=fa19)
    True
    """
    return _native.table(strategy, rules, name=name)


def rates(
    vs: Optional[Strategy] = None, rules: Optional[RuleSet] = None, include: Optional[_Strategies] = None
) -> Rates:
    """Every standard strategy against ``vs``, best first; ``hog rates``.

    The standard strategies are the optimum, the best response to ``vs``,
    the course strategies and ``always_roll(0..10)``; ``include`` adds
    strategies of your own.

    Parameters
    ----------
    vs : Strategy, optional
        The opponent (default: the rule set's course baseline).
    rules : Rules or str, optional
        The rules (default: those of a :class:`Solution` given, else fa24,
        goal 100).
    include : list of Strategy, or dict of str to Strategy, optional
        More strategies to rate against ``vs``; a dict names each by its
        key (of one name, told apart as for :func:`tournament`).

    Returns
    -------
    Rates
        ``(opponent, rows)``; ``to_pandas()`` gives a frame indexed by
        strategy.

    Raises
    ------
    HogError
        If ``vs`` is bad under ``rules``.

    Examples
    --------
    >>> import hog_solver as hs
    >>> r = hs.rates()
    >>> [row.strategy for row in r.rows[:3]]
    ['best_response(always_roll(6))', 'optimal', 'sus_strategy']
    """
    report = _native.rates(vs, rules, include)
    rows = [RateRow(r["strategy"], r["first"], r["second"], r["average"]) for r in report["rows"]]
    return Rates(report["opponent"], rows)


def tournament(strategies: _Strategies, rules: Optional[RuleSet] = None) -> Tournament:
    """Every strategy against every other; ``hog tournament``.

    Parameters
    ----------
    strategies : list (or any iterable, read once) of Strategy, or dict of str to Strategy
        The entrants; a dict names each by its key. Entrants of one name
        are told apart, ``NAME (2)``, ``NAME (3)``, ..., with a
        ``UserWarning``.
    rules : Rules or str, optional
        The rules (default: those of the first :class:`Solution` given,
        else fa24, goal 100).

    Returns
    -------
    Tournament
        The names, the matrix of average win rates (float64), wins, mean
        win rates and the ranking; ``to_pandas()`` gives the matrix
        labelled.

    Raises
    ------
    HogError
        If a strategy is bad under ``rules``.

    Examples
    --------
    >>> import hog_solver as hs
    >>> t = hs.tournament(["optimal", "boar_strategy", "always_roll(6)"])
    >>> [t.strategies[i] for i in t.ranking]
    ['optimal', 'boar_strategy', 'always_roll(6)']
    >>> t.wins
    [2, 1, 0]
    """
    report = _native.tournament(strategies, rules)
    return Tournament(
        report["strategies"],
        np.array(report["matrix"], dtype=np.float64),
        report["wins"],
        report["mean"],
        report["ranking"],
    )


def _sweep_row(row: Dict[str, Any]) -> SweepRow:
    return SweepRow(dict(row["params"]), row["strategy"], row["first"], row["second"], row["average"])


def sweep(grid: str, vs: Optional[Strategy] = None, rules: Optional[RuleSet] = None) -> Sweep:
    """A course strategy over a grid of parameters against ``vs``; ``hog sweep``.

    Parameters
    ----------
    grid : str
        A course strategy with ranges for arguments, as on the command
        line: ``"boar_strategy(threshold=6..=14, num_rolls=3..=8)"``
        (``a..=b`` includes ``b``, ``a..b`` stops before it; a parameter
        left out keeps the course's default).
    vs : Strategy, optional
        The opponent (default: the rule set's course baseline).
    rules : Rules or str, optional
        The rules (default: those of a :class:`Solution` given, else fa24,
        goal 100).

    Returns
    -------
    Sweep
        Every combination's win rates and the best; ``to_pandas()`` gives
        one row per combination.

    Raises
    ------
    HogError
        If ``grid`` is no course strategy's grid, or ``vs`` is bad.

    Examples
    --------
    >>> import hog_solver as hs
    >>> hs.sweep("sus_strategy(threshold=6..=12, num_rolls=4..=6)").best.params
    {'threshold': 11, 'num_rolls': 4}
    """
    report = _native.sweep(grid, vs, rules)
    return Sweep(
        report["strategy"], report["opponent"], _sweep_row(report["best"]), [_sweep_row(r) for r in report["rows"]]
    )


def explain(
    score: int,
    opponent_score: int,
    strategy: Optional[Strategy] = None,
    vs: Optional[Strategy] = None,
    rules: Optional[RuleSet] = None,
    remembered: Optional[Tuple[int, int]] = None,
    clock: Optional[int] = None,
    *,
    name: Optional[str] = None,
) -> Explanation:
    """The chance to win of every dice count at one state; ``hog explain``.

    Parameters
    ----------
    score, opponent_score : int
        The state: the mover's score and the opponent's.
    strategy : Strategy, optional
        The strategy explained: its values against ``vs`` (default
        optimal), with what its own choice gives away. Without one:
        optimal play (or the best response to ``vs``).
    vs : Strategy, optional
        The opponent.
    rules : Rules or str, optional
        The rules (default fa24, goal 100).
    remembered : (int, int), optional
        Under rules with memory (``Rules("fa19")``): what the mover and the
        opponent remember (default: the start's).
    clock : int, optional
        Under rules with a clock: its value (default: the start's).
    name : str, optional
        What reports call ``strategy``.

    Returns
    -------
    Explanation
        The best count, the chosen one, what it gives away, and one
        :class:`Choice` per dice count; ``to_pandas()`` gives one row per
        count.

    Raises
    ------
    HogError
        If the state is not below the goal, or a strategy is bad.

    Examples
    --------
    >>> import hog_solver as hs
    >>> e = hs.explain(40, 50)
    >>> e
    Explanation(score=40, opponent_score=50, best=0, chosen=None, 11 choices)
    >>> [round(c.win_probability, 3) for c in e.choices[:4]]
    [0.538, 0.283, 0.338, 0.372]
    >>> fa19 = hs.Rules("fa19")
    >>> hs.explain(17, 23, rules=fa19, remembered=(4, 6)).best
    6
    """
    report = _native.explain(score, opponent_score, strategy, vs, rules, remembered, clock, name=name)
    choices = [
        Choice(
            c["dice"],
            c["win_probability"],
            c["expected_points"],
            c["one_point_probability"],
            [tuple(o) for o in c["outcomes"]],
            c["pig_out_probability"],
            c.get("bonus"),
        )
        for c in report["choices"]
    ]
    remembered = report.get("remembered")
    return Explanation(
        report["score"],
        report["opponent_score"],
        report["sides"],
        report["best"],
        report["chosen"],
        report["gives_away"],
        choices,
        None if remembered is None else (remembered[0], remembered[1]),
        report.get("clock"),
    )


def simulate(
    strategy: Strategy,
    vs: Optional[Strategy] = None,
    games: int = 100_000,
    seed: int = 0,
    rules: Optional[RuleSet] = None,
    *,
    name: Optional[str] = None,
) -> Simulation:
    """Sampled games beside the exact values; ``hog simulate``.

    Plays ``games`` games in each seat with real random dice, seeded: the
    same seed gives the same counts.

    Parameters
    ----------
    strategy : Strategy
        The strategy played.
    vs : Strategy, optional
        Its opponent (default: the rule set's course baseline).
    games : int, default 100000
        Games in each seat.
    seed : int, default 0
        The random seed.
    rules : Rules or str, optional
        The rules (default: those of a :class:`Solution` given, else fa24,
        goal 100).
    name : str, optional
        What reports call ``strategy``.

    Returns
    -------
    Simulation
        The sampled rates, their 95% intervals, the exact rates and the
        z-score of the sampled average.

    Raises
    ------
    HogError
        If a strategy is bad under ``rules``, or ``games`` is not positive.

    Examples
    --------
    >>> import hog_solver as hs
    >>> s = hs.simulate("boar_strategy", games=1000, seed=1)
    >>> s.sampled.average, round(s.exact.average, 4)  # doctest: +ELLIPSIS
    (0.6..., 0.6763)
    >>> abs(s.z) < 3
    True
    """
    report = _native.simulate(strategy, vs, games, seed, rules, name=name)
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


def __dir__() -> List[str]:
    """The public names only: the typing helpers and modules the package
    imports for its own use are no part of it."""
    return sorted(__all__)
