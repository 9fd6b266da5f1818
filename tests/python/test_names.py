"""Strategies keep the names they were given (issue 33, item 4): a
function's own name, a lambda's, a dict's key, name=; and a name is only
shown: a function named like a course strategy is still the student's."""
import hog_solver as hs
import pytest

from conftest import hog_json


def boar_strategy(score, opponent_score):
    """A student's own boar_strategy: not the course's."""
    return 0 if score < 50 else 6


def rates_of(report):
    return (report["first"], report["second"], report["average"])


def test_a_function_keeps_its_own_name_and_is_rated_by_its_table():
    mine = hs._native.win_rate(boar_strategy)
    assert mine["strategy"] == "boar_strategy"
    # Not the course's boar_strategy, whose name it shares.
    assert rates_of(mine) != rates_of(hog_json("eval", "boar_strategy"))
    assert rates_of(mine) == tuple(hs.win_rate(hs.table(boar_strategy)))


def test_lambdas_and_dicts_and_name():
    assert hs._native.win_rate(lambda s, o: 5)["strategy"] == "<lambda>"
    named = hs._native.win_rate({"fives": lambda s, o: 5}, {"fours": lambda s, o: 4})
    assert (named["strategy"], named["opponent"]) == ("fives", "fours")
    assert rates_of(named) == rates_of(hog_json("eval", "always_roll(5)", "--vs", "always_roll(4)"))
    assert hs._native.win_rate(boar_strategy, None, None, name="mine")["strategy"] == "mine"
    # A name given is checked: one printable line.
    with pytest.raises(hs.HogError, match="control characters"):
        hs._native.win_rate({"a\x1b[31m": boar_strategy})
    with pytest.raises(TypeError, match="names one strategy"):
        hs.win_rate({"a": boar_strategy, "b": boar_strategy})


def test_a_best_response_is_named_after_what_it_answers():
    br = hs.best_response(boar_strategy)
    assert br.strategy == "best_response(boar_strategy)"
    assert hs.best_response(lambda s, o: 4).strategy == "best_response(<lambda>)"
    # Rated against what it answers by its own values: the response's
    # chance when it moves first is its solved first-player probability.
    assert hs.win_rate(br, vs=boar_strategy).first == br.first_player_win_probability


def test_rates_name_the_opponent_and_take_more_strategies():
    report = hs._native.rates(boar_strategy, None, {"fives": lambda s, o: 5})
    assert report["opponent"] == "boar_strategy"
    names = [row["strategy"] for row in report["rows"]]
    assert "best_response(boar_strategy)" in names and "fives" in names
    fives = next(row for row in report["rows"] if row["strategy"] == "fives")
    assert rates_of(fives) == tuple(hs.win_rate("always_roll(5)", vs=boar_strategy))


def test_a_tournament_takes_a_dict_by_name():
    t = hs._native.tournament({"fives": lambda s, o: 5, "course": "boar_strategy", "mine": boar_strategy})
    assert t["strategies"] == ["fives", "course", "mine"]
    assert t["matrix"][0][1] == hs.win_rate("always_roll(5)", vs="boar_strategy").average
    assert t["matrix"][1][2] == hs.win_rate("boar_strategy", vs=boar_strategy).average


def test_a_tournament_takes_a_generator_and_reads_it_once():
    entries = (spec for spec in ["optimal", "always_roll(5)", "always_roll(6)"])
    t = hs.tournament(entries)
    assert t.strategies == ["optimal", "always_roll(5)", "always_roll(6)"]
    assert t.matrix.tolist() == hog_json("tournament", "optimal", "always_roll(5)", "always_roll(6)")["matrix"]
    # A solution first in a generator still gives its rules.
    solved = hs.solve(hs.Rules("digit-swap", goal=30))
    t = hs.tournament(s for s in [solved, "always_roll(5)"])
    assert t.matrix[0, 1] == hs.win_rate("optimal", "always_roll(5)", rules=hs.Rules("digit-swap", goal=30)).average


def test_names_given_twice_are_told_apart_with_a_warning():
    with pytest.warns(UserWarning) as caught:
        t = hs.tournament([lambda s, o: 4, lambda s, o: 5, "optimal", lambda s, o: 6, "optimal"])
    assert t.strategies == ["<lambda>", "<lambda> (2)", "optimal", "<lambda> (3)", "optimal (2)"]
    assert len(caught) == 1
    said = str(caught[0].message)
    assert "<lambda> (2)" in said and "<lambda> (3)" in said and "optimal (2)" in said
    # Said where the call is, not inside the package.
    assert caught[0].filename == __file__
    assert t.matrix[1, 0] == hs.win_rate("always_roll(5)", vs="always_roll(4)").average
    # A suffix taken already is skipped.
    with pytest.warns(UserWarning):
        t = hs.tournament(["always_roll(4)", {"always_roll(4) (2)": "always_roll(5)"}, "always_roll(4)"])
    assert t.strategies == ["always_roll(4)", "always_roll(4) (2)", "always_roll(4) (3)"]
    with pytest.warns(UserWarning, match=r"<lambda> \(2\)"):
        report = hs.rates(include=[lambda s, o: 4, lambda s, o: 5])
    assert {"<lambda>", "<lambda> (2)"} <= {row.strategy for row in report.rows}
    # Names that differ are left alone, without a word.
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert hs.tournament({"a": lambda s, o: 4, "b": lambda s, o: 4}).strategies == ["a", "b"]
