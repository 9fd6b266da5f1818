"""How results look in a notebook: short reprs, HTML tables, pandas frames.

Shared by the result types of ``hog_solver`` and by ``Solution`` (a
compiled class whose ``to_pandas`` and ``_repr_html_`` call
:func:`solution_frame` and :func:`solution_html`). pandas is optional:
it is imported when a frame is asked for, never before.
"""

import html
import importlib
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence

import numpy as np

if TYPE_CHECKING:
    # Typed with pandas-stubs; Any without them (pandas is optional).
    from pandas import DataFrame  # type: ignore[import-not-found, import-untyped, unused-ignore]

INSTALL_PANDAS = "pip install pandas (or pip install hog-solver[pandas])"

# A table longer than this shows its first and last HEAD rows only, as
# pandas does beyond its max_rows.
MAX_ROWS = 60
HEAD = 10

# A policy corner of this many scores a side in a Solution's summary.
CORNER = 10


def pandas() -> Any:
    """The pandas module, or an ImportError that says how to install it."""
    # Imported by name, when a frame is asked for: pandas is an optional extra.
    try:
        return importlib.import_module("pandas")
    except ImportError as missing:
        raise ImportError(f"to_pandas() needs pandas, which is not installed: {INSTALL_PANDAS}") from missing


def floats(items: Sequence[Any], fields: Sequence[str]) -> "dict[str, Any]":
    """Columns of a frame: each field of ``items`` as a float64 array."""
    return {field: np.array([getattr(item, field) for item in items], dtype=np.float64) for field in fields}


def clip(text: str, width: int = 40) -> str:
    """``text``, its middle cut to ``...`` when longer than ``width`` (a
    path's start and a spec's end both stay readable)."""
    if len(text) <= width:
        return text
    keep = width - 3
    return text[: keep // 2] + "..." + text[len(text) - (keep - keep // 2) :]


def cell(value: Any, header: bool = False) -> str:
    """One HTML cell: strings escaped, numbers as Python prints them."""
    tag = "th" if header else "td"
    if isinstance(value, (float, np.floating)):
        text = repr(float(value))
    elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        text = str(int(value))
    else:
        text = str(value)
    return f"<{tag}>{html.escape(text)}</{tag}>"


def table(
    columns: Optional[Sequence[str]],
    rows: Sequence[Sequence[Any]],
    caption: Optional[str] = None,
    row_headers: int = 0,
) -> str:
    """An HTML table: a header row of ``columns`` (if any), then ``rows`` (their
    first ``row_headers`` cells as ``<th>``), cut to its first and last
    rows beyond :data:`MAX_ROWS`, as pandas cuts a long frame."""
    shown: Iterable[Optional[Sequence[Any]]] = rows
    if len(rows) > MAX_ROWS:
        shown = list(rows[:HEAD]) + [None] + list(rows[-HEAD:])
    out = ["<table>"]
    if caption is not None:
        out.append(f"<caption>{html.escape(caption)}</caption>")
    if columns is not None:
        out.append("<thead><tr>" + "".join(cell(c, header=True) for c in columns) + "</tr></thead>")
    width = len(columns) if columns is not None else max((len(r) for r in rows), default=1)
    out.append("<tbody>")
    for row in shown:
        if row is None:
            out.append("<tr>" + "<td>...</td>" * width + "</tr>")
        else:
            out.append("<tr>" + "".join(cell(v, header=i < row_headers) for i, v in enumerate(row)) + "</tr>")
    out.append("</tbody>")
    if len(rows) > MAX_ROWS:
        out.append(f'<tfoot><tr><td colspan="{width}">{len(rows)} rows</td></tr></tfoot>')
    out.append("</table>")
    return "".join(out)


def solution_frame(solution: Any) -> "DataFrame":
    """Every state of a solution as a pandas DataFrame.

    Parameters
    ----------
    solution : Solution
        A solved game, from :func:`hog_solver.solve` or
        :func:`hog_solver.best_response`.

    Returns
    -------
    pandas.DataFrame
        One row per state of the game, indexed by a MultiIndex named
        ``score`` and ``opponent_score`` (score outermost, as ``policy`` is
        laid out; the states the arrays mask, past a player's goal, left
        out), with columns ``dice`` (``policy``: the count rolled; uint8, or
        int8 with -1 for the -1 move under rules that have it),
        ``win_probability`` (float64) and ``choice_M`` for each move ``M``
        of ``solution.moves`` in order, ``choice_0`` ... ``choice_10`` then
        ``choice_-1`` where the rules have that move (float64,
        ``choice_values[..., i]``: the chance to win making move ``M``).

    Raises
    ------
    ImportError
        Without pandas (``pip install pandas``).

    Examples
    --------
    >>> import hog_solver as hs
    >>> from hog_solver._display import solution_frame
    >>> frame = solution_frame(hs.solve(hs.Rules(goal=20)))
    >>> frame.shape
    (400, 13)
    >>> list(frame.index.names)
    ['score', 'opponent_score']
    >>> frame["dice"].dtype, int(frame.loc[(0, 0), "dice"])
    (dtype('uint8'), 6)
    """
    pd = pandas()
    policy = np.ma.getdata(solution.policy)
    values = np.ma.getdata(solution.win_probability)
    choices = np.ma.getdata(solution.choice_values)
    in_play = ~np.ma.getmaskarray(solution.win_probability).reshape(-1)
    rows, cols = policy.shape
    index = pd.MultiIndex.from_product([np.arange(rows), np.arange(cols)], names=["score", "opponent_score"])
    data = {"dice": policy.reshape(-1), "win_probability": values.reshape(-1).astype(np.float64, copy=False)}
    for k, move in enumerate(solution.moves):
        data[f"choice_{move}"] = choices[:, :, k].reshape(-1).astype(np.float64, copy=False)
    frame: "DataFrame" = pd.DataFrame(data, index=index)
    return frame if in_play.all() else frame[in_play]


def solution_html(solution: Any) -> str:
    """A short HTML summary of a solution, for notebooks.

    Parameters
    ----------
    solution : Solution
        A solved game.

    Returns
    -------
    str
        Two small tables: the strategy, the rules' name, the goal and the
        first player's chance to win; then the policy's corner (the first
        10 scores of each player: rows the mover's score, columns the
        opponent's).

    Examples
    --------
    >>> import hog_solver as hs
    >>> from hog_solver._display import solution_html
    >>> solution_html(hs.solve(hs.Rules(goal=20)))[:50]
    '<div><table><caption>Solution</caption><tbody><tr>'
    """
    rules = solution.rules
    summary = table(
        None,
        [
            ["strategy", solution.strategy],
            ["rules", rules.name],
            ["goal", rules.goal],
            ["first player wins", solution.first_player_win_probability],
        ],
        caption="Solution",
        row_headers=1,
    )
    policy = solution.policy
    n = min(CORNER, policy.shape[0])
    corner = table(
        ["score \\ opponent"] + [str(o) for o in range(n)],
        [[s] + ["" if d is np.ma.masked else int(d) for d in policy[s, :n]] for s in range(n)],
        caption=f"policy[:{n}, :{n}] (dice rolled)",
        row_headers=1,
    )
    return f"<div>{summary}{corner}</div>"
