"""Types of the compiled module behind ``hog_solver`` (see its help)."""

from os import PathLike
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

# Typed with pandas-stubs; Any without them (pandas is an optional extra).
from pandas import DataFrame  # type: ignore[import-not-found, import-untyped, unused-ignore]

__version__: str

class HogError(ValueError):
    """A bad input to hog: the message is the command line's one-line error, in the call's terms."""

class Rules:
    """A rule set and a goal, named as on the command line."""

    def __init__(
        self,
        preset: str = "fa24",
        goal: Optional[int] = None,
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
        """The board's goal: no score goes on past it."""
    @property
    def goals(self) -> Tuple[int, int]:
        """The goal of the player who moves first and the other's."""
    @property
    def title(self) -> Optional[str]:
        """The semesters or contest, for a rule set hog knows by name."""
    @property
    def zero_dice(self) -> Optional[str]:
        """The zero-dice parts by name ('none' where none; None for a Python rules file)."""
    @property
    def dice(self) -> Optional[str]:
        """The dice part by name: six-sided, hog-wild, ..."""
    @property
    def hog_wild(self) -> Optional[bool]:
        """For a preset's components, whether Hog Wild's four-sided dice are on; None for a rules file."""
    @property
    def after_turn(self) -> Optional[str]:
        """The after-turn parts by name, joined by ' then ', or 'none'."""
    @property
    def extra_turn(self) -> Optional[str]:
        """The extra-turn parts by name, joined by ' or ', or 'none'."""
    @property
    def memory(self) -> Optional[str]:
        """What each player remembers, by name; None where they remember nothing."""
    @property
    def clock(self) -> Optional[str]:
        """The clock both players share, by name; None where there is none."""
    @property
    def moves(self) -> List[int]:
        """Every move a turn may choose: 0 to 10, then -1 where the rules have it."""
    @property
    def parts(self) -> List[Dict[str, Any]]:
        """The parts the rules are made of: key, name, params, definition, from."""
    @property
    def contexts(self) -> Optional[Dict[str, Any]]:
        """What a state holds beside the scores: words, memory, clock; None where nothing."""
    def description(self) -> Dict[str, Any]:
        """The rules' whole account of themselves, as hog rules NAME --format json prints it."""
    @property
    def name(self) -> str:
        """The name reports give the rule set."""
    @property
    def baseline(self) -> str:
        """The course baseline, always_roll(n)."""
    @classmethod
    def presets(cls) -> List[str]:
        """Every rule set hog knows by name: the presets, then every other semester and contest."""
    @classmethod
    def titles(cls) -> Dict[str, str]:
        """The same rule sets, each name with its title, in the same order."""
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
    """A solved game, its arrays indexed [score, opponent_score] and read-only.

    Masked arrays (numpy.ma.MaskedArray) under rules with a goal for each
    player, hiding the states past a player's goal."""

    @property
    def policy(self) -> npt.NDArray[np.integer[Any]]:
        """The dice count chosen at each state: uint8, or int8 with -1 under rules with the -1 move."""
    @property
    def win_probability(self) -> npt.NDArray[np.float64]:
        """The solver's chance to win when it is to move at each state."""
    @property
    def choice_values(self) -> npt.NDArray[np.float64]:
        """The chance to win of each move at each state: [score, opponent_score, move], a column for each of moves."""
    @property
    def moves(self) -> List[int]:
        """The move of each column of choice_values: 0 to 10, then -1 where the rules have it."""
    @property
    def goal(self) -> int:
        """The board's goal: the arrays are goal by goal."""
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
        """Write hog solve's final_strategy.csv, atomically (under rules with memory or a clock, its long table of the whole state)."""
    @property
    def context(self) -> Optional[Tuple[int, int, int]]:
        """(mine, theirs, clock) the arrays are at; None under rules that remember nothing."""
    def at(self, remembered: Optional[Tuple[int, int]] = None, clock: Optional[int] = None) -> "Solution":
        """The same solution with its arrays at another context (solves again)."""
    def to_pandas(self) -> DataFrame:
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

def solve(rules: Union[Rules, str, None] = None) -> Solution: ...
def best_response(strategy: Any, rules: Union[Rules, str, None] = None, *, name: Optional[str] = None) -> Solution: ...
def win_rate(
    strategy: Any, vs: Any = None, rules: Union[Rules, str, None] = None, *, name: Optional[str] = None
) -> Dict[str, Any]: ...
def table(
    strategy: Any, rules: Union[Rules, str, None] = None, *, name: Optional[str] = None
) -> npt.NDArray[np.integer[Any]]: ...
def rates(
    vs: Any = None, rules: Union[Rules, str, None] = None, include: Union[Sequence[Any], Mapping[str, Any], None] = None
) -> Dict[str, Any]: ...
def tournament(strategies: Union[Sequence[Any], Mapping[str, Any]], rules: Union[Rules, str, None] = None) -> Dict[str, Any]: ...
def sweep(grid: str, vs: Any = None, rules: Union[Rules, str, None] = None) -> Dict[str, Any]: ...
def explain(
    score: int,
    opponent_score: int,
    strategy: Any = None,
    vs: Any = None,
    rules: Union[Rules, str, None] = None,
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
    rules: Union[Rules, str, None] = None,
    *,
    name: Optional[str] = None,
) -> Dict[str, Any]: ...
