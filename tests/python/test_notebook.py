"""The results in a notebook: one-line reprs, HTML tables with every name
escaped, and pandas frames labelled and typed as the results' own fields."""

import html
import os
import sys

import numpy as np
import pytest

import hog_solver as hs
from hog_solver import _display


@pytest.fixture(scope="module")
def pd():
    """pandas: the package's optional extra, in its test extra; missing, the
    frame tests skip, unless HOG_REQUIRE_PYTHON_PACKAGE=1 (as in CI)."""
    try:
        import pandas
    except ImportError:
        if os.environ.get("HOG_REQUIRE_PYTHON_PACKAGE") == "1":
            raise
        pytest.skip("pandas is not installed (pip install .[test])")
    return pandas


@pytest.fixture(scope="module")
def results():
    return {
        "rates": hs.rates(),
        "tournament": hs.tournament(["optimal", "boar_strategy", "always_roll(6)"]),
        "sweep": hs.sweep("boar_strategy(6..=10, 3..=6)"),
        "explanation": hs.explain(40, 50),
        "chosen": hs.explain(40, 50, "always_roll(6)"),
        "choice": hs.explain(40, 50).choices[4],
        "simulation": hs.simulate("boar_strategy", games=2000, seed=3),
    }


def test_reprs_are_one_short_line(results):
    expected = {
        "rates": "Rates(opponent='always_roll(6)', 15 rows, best='best_response(always_roll(6))', average=",
        "tournament": "Tournament(3 strategies, winner='optimal', wins=2, mean=",
        "sweep": "Sweep(strategy='boar_strategy', opponent='always_roll(6)', ",
        "explanation": "Explanation(score=40, opponent_score=50, best=0, chosen=None, 11 choices)",
        "chosen": "Explanation(score=40, opponent_score=50, best=0, chosen=6, gives_away=0.13635409691224532, 11 choices)",
        "choice": "Choice(dice=4, win_probability=0.38907778568618634, ",
        "simulation": "Simulation(strategy='boar_strategy', opponent='always_roll(6)', games=2000, seed=3, ",
    }
    for key, start in expected.items():
        text = repr(results[key])
        assert text.startswith(start), (key, text)
        assert len(text) < 200 and "\n" not in text, (key, text)
    sweep = results["sweep"]
    assert repr(sweep).endswith(f"{len(sweep.rows)} rows, best={sweep.best.params!r}, average={sweep.best.average!r})")
    assert repr(results["choice"]).endswith(f", {len(results['choice'].outcomes)} outcomes)")
    simulation = results["simulation"]
    assert repr(simulation).endswith(
        f"sampled.average={simulation.sampled.average!r}, exact.average={simulation.exact.average!r}, z={simulation.z!r})"
    )


def test_small_results_keep_their_namedtuple_reprs(results):
    rate = hs.win_rate("always_roll(4)")
    assert repr(rate) == f"WinRate(first={rate.first!r}, second={rate.second!r}, average={rate.average!r})"
    best = results["sweep"].best
    assert repr(best).startswith(f"SweepRow(params={best.params!r}, strategy={best.strategy!r}, first=")
    assert repr(results["rates"].rows[0]).startswith("RateRow(strategy='best_response(always_roll(6))', first=")
    # Still tuples: unpacking and equality as before.
    first, second, average = rate
    assert (first, second, average) == tuple(rate)
    opponent, rows = results["rates"]
    assert opponent == "always_roll(6)" and len(rows) == 15


def test_a_long_name_is_clipped_in_the_middle():
    long = "a/" * 60 + "final_strategy.csv"
    rates = hs.Rates(long, [hs.RateRow(long, 0.5, 0.5, 0.5)])
    text = repr(rates)
    assert len(text) < 200 and "..." in text and "final_strategy.csv'" in text


def test_html_is_a_table_of_the_values(results):
    for key, result in results.items():
        page = result._repr_html_()
        assert page.startswith("<table>") and page.endswith("</table>"), key
        assert page.count("<table>") == page.count("</table>") == 1, key
    rates = results["rates"]
    page = rates._repr_html_()
    for row in rates.rows:
        assert f"<th>{html.escape(row.strategy)}</th><td>{row.first!r}</td>" in page
    tournament = results["tournament"]
    page = tournament._repr_html_()
    assert f"<td>{float(tournament.matrix[0, 1])!r}</td>" in page
    assert page.count("<tr>") == 1 + len(tournament.strategies)
    explanation = results["chosen"]._repr_html_()
    assert "<td>best</td>" in explanation and "<td>chosen</td>" in explanation


def test_a_long_table_shows_its_head_and_tail():
    rows = [hs.RateRow(f"always_roll({i})", 0.5, 0.5, 0.5) for i in range(100)]
    page = hs.Rates("optimal", rows)._repr_html_()
    assert "always_roll(9)<" in page and "always_roll(10)<" not in page and "always_roll(90)<" in page
    assert "<td>...</td>" in page and "100 rows" in page


def test_html_escapes_every_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # A table file named with markup (no "/" in a file's name): its name
    # is the strategy's.
    name = "<b>x&y<b>.csv"
    hs.solve().to_csv(name)
    tournament = hs.tournament([name, "always_roll(6)"])
    assert tournament.strategies[0] == name
    page = tournament._repr_html_()
    assert html.escape(name) in page and name not in page
    rates = hs.Rates("<i>them</i>", [hs.RateRow("<script>alert(1)</script>", 0.5, 0.25, 0.375)])
    page = rates._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;i&gt;them&lt;/i&gt;" in page
    solution = hs.best_response(name)
    page = _display.solution_html(solution)
    assert html.escape(solution.strategy) in page and "<b>" not in page
    sweep = hs.Sweep(
        "s<", "o&", hs.SweepRow({"p": 1}, "s<(1)", 0.5, 0.5, 0.5), [hs.SweepRow({"p": 1}, "s<(1)", 0.5, 0.5, 0.5)]
    )
    assert "s&lt;" in sweep._repr_html_() and "o&amp;" in sweep._repr_html_()


def test_rates_frame(results, pd):
    rates = results["rates"]
    frame = rates.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert frame.index.name == "strategy"
    assert list(frame.index) == [row.strategy for row in rates.rows]
    assert list(frame.columns) == ["first", "second", "average"]
    assert all(frame[c].dtype == np.float64 for c in frame.columns)
    for row in rates.rows:
        assert tuple(frame.loc[row.strategy]) == (row.first, row.second, row.average)


def test_tournament_frame(results, pd):
    tournament = results["tournament"]
    assert tournament.matrix.dtype == np.float64
    frame = tournament.to_pandas()
    assert frame.shape == (3, 3)
    assert list(frame.index) == list(frame.columns) == tournament.strategies
    assert (frame.index.name, frame.columns.name) == ("strategy", "opponent")
    assert (frame.dtypes == np.float64).all()
    assert (frame.to_numpy() == tournament.matrix).all()
    assert frame.loc["optimal", "always_roll(6)"] == tournament.matrix[0, 2]
    # A copy: the result stays as it was.
    frame.iloc[0, 0] = 0.0
    assert tournament.matrix[0, 0] == 0.5


def test_sweep_frame(results, pd):
    sweep = results["sweep"]
    frame = sweep.to_pandas()
    assert list(frame.columns) == ["threshold", "num_rolls", "strategy", "first", "second", "average"]
    assert len(frame) == len(sweep.rows)
    assert frame["threshold"].dtype == np.int64 and frame["num_rolls"].dtype == np.int64
    assert all(frame[c].dtype == np.float64 for c in ("first", "second", "average"))
    for i, row in enumerate(sweep.rows):
        assert dict(frame.loc[i, ["threshold", "num_rolls"]]) == row.params
        assert frame.loc[i, "strategy"] == row.strategy
        assert tuple(frame.loc[i, ["first", "second", "average"]]) == (row.first, row.second, row.average)
    assert frame.loc[frame["average"].idxmax(), "strategy"] == sweep.best.strategy


def test_explanation_and_choice_frames(results, pd):
    explanation = results["explanation"]
    frame = explanation.to_pandas()
    assert frame.index.name == "dice" and frame.index.dtype == np.int64
    assert list(frame.index) == [c.dice for c in explanation.choices]
    assert list(frame.columns) == ["win_probability", "expected_points", "one_point_probability", "pig_out_probability"]
    assert (frame.dtypes == np.float64).all()
    for c in explanation.choices:
        assert tuple(frame.loc[c.dice]) == (
            c.win_probability, c.expected_points, c.one_point_probability, c.pig_out_probability)
    assert frame["win_probability"].idxmax() == explanation.best
    choice = results["choice"]
    outcomes = choice.to_pandas()
    assert list(outcomes.index.names) == ["score", "opponent_score"]
    assert list(outcomes.columns) == ["probability"] and outcomes["probability"].dtype == np.float64
    assert [(s, o, p) for (s, o), p in outcomes["probability"].items()] == choice.outcomes


def test_simulation_frame(results, pd):
    simulation = results["simulation"]
    frame = simulation.to_pandas()
    assert list(frame.index) == ["sampled", "exact"]
    assert list(frame.columns) == ["first", "second", "average"]
    assert (frame.dtypes == np.float64).all()
    assert tuple(frame.loc["sampled"]) == tuple(simulation.sampled)
    assert tuple(frame.loc["exact"]) == tuple(simulation.exact)


def test_solution_frame(pd):
    solution = hs.solve(hs.Rules(goal=30))
    frame = _display.solution_frame(solution)
    assert list(frame.index.names) == ["score", "opponent_score"]
    assert len(frame) == 30 * 30
    assert list(frame.columns) == ["dice", "win_probability"] + [f"choice_{k}" for k in range(11)]
    assert frame["dice"].dtype == np.uint8
    assert all(frame[c].dtype == np.float64 for c in frame.columns[1:])
    assert (frame["dice"].to_numpy().reshape(30, 30) == solution.policy).all()
    assert (frame["win_probability"].to_numpy().reshape(30, 30) == solution.win_probability).all()
    for k in range(11):
        assert (frame[f"choice_{k}"].to_numpy().reshape(30, 30) == solution.choice_values[..., k]).all()
    assert frame.loc[(7, 12), "dice"] == solution.policy[7, 12]
    assert frame.loc[(7, 12), "choice_3"] == solution.choice_values[7, 12, 3]
    # The frame is the caller's: writing to it leaves the solution alone.
    frame.loc[(0, 0), "win_probability"] = 2.0
    assert solution.win_probability[0, 0] < 1


def test_solution_html():
    solution = hs.solve(hs.Rules("digit-swap", goal=50))
    page = _display.solution_html(solution)
    assert page.startswith("<div><table>") and page.endswith("</table></div>")
    for text in ("optimal", "digit-swap", "<td>50</td>", repr(solution.first_player_win_probability)):
        assert text in page, text
    # The policy's 10 x 10 corner, with a header row.
    corner = page[page.index("policy[") :]
    assert corner.count("<tr>") == 11
    assert "".join(f"<td>{d}</td>" for d in solution.policy[3, :10]) in corner


def test_without_pandas_to_pandas_says_how_to_install_it(results, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    for key, result in results.items():
        with pytest.raises(ImportError, match=r"pip install pandas"):
            result.to_pandas()
    with pytest.raises(ImportError, match=r"hog-solver\[pandas\]"):
        _display.solution_frame(hs.solve(hs.Rules(goal=20)))
    # The HTML needs no pandas.
    assert results["rates"]._repr_html_().startswith("<table>")
