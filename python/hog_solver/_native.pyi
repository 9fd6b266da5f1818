"""Types of the compiled module behind ``hog_solver`` (see its help)."""

from os import PathLike
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

class HogError(ValueError):
    """A bad input to hog: the message is the command line's one-line error."""

class Rules:
    """A rule set and a goal, named as on the command line."""

    def __init__(
        self,
        preset: str = "fa24",
        goal: int = 100,
        zero_dice: Optional[str] = None,
        hog_wild: Optional[bool] = None,
        after_turn: Optional[str] = None,
        memory: Optional[str] = None,
    ) -> None: ...
    @classmethod
    def from_file(
        cls, path: Union[str, "PathLike[str]"], goal: Optional[int] = None, timeout: float = 60.0
    ) -> "Rules":
        """A rules file: .toml (components) or .py (functions)."""
    @property
    def preset(self) -> str:
        """The preset the rules start from, or the rule set's name (fa19, a rules file)."""
    @property
    def goal(self) -> int:
        """The goal: the first score at or above it wins."""
    @property
    def zero_dice(self) -> str:
        """The zero-dice rule: boar-brawl, bacon-max or bacon-product."""
    @property
    def hog_wild(self) -> bool:
        """Whether Hog Wild's four-sided dice are in play."""
    @property
    def after_turn(self) -> str:
        """The after-turn rule: sus-fuss, a swap, or none."""
    @property
    def name(self) -> str:
        """The name reports give the rule set."""
    @property
    def baseline(self) -> str:
        """The course baseline, always_roll(n)."""
    @classmethod
    def presets(cls) -> List[str]:
        """The presets by name."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Any:
        """Rules pickle as the arguments they were made from."""
    def __copy__(self) -> "Rules": ...
    def __deepcopy__(self, memo: Any) -> "Rules": ...
    @property
    def _identity(self) -> Optional[str]:
        """The rules' content identity in hex, what a pickle checks."""

class Solution:
    """A solved game, its arrays indexed [score, opponent_score] and read-only."""

    @property
    def policy(self) -> npt.NDArray[np.integer[Any]]:
        """The dice count chosen at each state: uint8, or int8 with -1 under rules with the -1 move."""
    @property
    def win_probability(self) -> npt.NDArray[np.float64]:
        """The solver's chance to win when it is to move at each state."""
    @property
    def choice_values(self) -> npt.NDArray[np.float64]:
        """The chance to win of each dice count 0..10 at each state: [score, opponent_score, dice]."""
    @property
    def first_player_win_probability(self) -> float:
        """The solver's chance to win when it moves first."""
    @property
    def rules(self) -> Rules:
        """The rules solved."""
    @property
    def strategy(self) -> str:
        """What reports call it: optimal or best_response(SPEC)."""
    def to_csv(self, path: Union[str, PathLike[str]]) -> None:
        """Write the command line's final_strategy.csv, atomically."""
    @property
    def context(self) -> Optional[Tuple[int, int, int]]:
        """(mine, theirs, clock) the arrays are at; None under rules that remember nothing."""
    def at(self, remembered: Optional[Tuple[int, int]] = None, clock: Optional[int] = None) -> "Solution":
        """The same solution with its arrays at another context (solves again)."""
    def to_pandas(self) -> Any:
        """Every state as a pandas DataFrame (hog_solver._display.solution_frame)."""
    def _repr_html_(self) -> str:
        """A short HTML summary for notebooks (hog_solver._display.solution_html)."""
    def __reduce__(self) -> Any:
        """Solutions pickle (their arrays, not solved again)."""
    def __copy__(self) -> "Solution": ...
    def __deepcopy__(self, memo: Any) -> "Solution": ...
    @staticmethod
    def _restore(*state: Any) -> "Solution": ...

def cli(argv: List[str]) -> int:
    """Run the hog command line; its exit status."""

def solve(rules: Optional[Rules] = None) -> Solution: ...
def best_response(strategy: Any, rules: Optional[Rules] = None, *, name: Optional[str] = None) -> Solution: ...
def win_rate(
    strategy: Any, vs: Any = None, rules: Optional[Rules] = None, *, name: Optional[str] = None
) -> Dict[str, Any]: ...
def table(
    strategy: Any, rules: Optional[Rules] = None, *, name: Optional[str] = None
) -> npt.NDArray[np.integer[Any]]: ...
def rates(
    vs: Any = None, rules: Optional[Rules] = None, include: Union[Sequence[Any], Mapping[str, Any], None] = None
) -> Dict[str, Any]: ...
def tournament(strategies: Union[Sequence[Any], Mapping[str, Any]], rules: Optional[Rules] = None) -> Dict[str, Any]: ...
def sweep(grid: str, vs: Any = None, rules: Optional[Rules] = None) -> Dict[str, Any]: ...
def explain(
    score: int,
    opponent_score: int,
    strategy: Any = None,
    vs: Any = None,
    rules: Optional[Rules] = None,
    remembered: Optional[Tuple[int, int]] = None,
    clock: Optional[int] = None,
    *,
    name: Optional[str] = None,
) -> Dict[str, Any]: ...
def simulate(
    strategy: Any,
    vs: Any = None,
    games: int = 100000,
    seed: int = 0,
    rules: Optional[Rules] = None,
    *,
    name: Optional[str] = None,
) -> Dict[str, Any]: ...
