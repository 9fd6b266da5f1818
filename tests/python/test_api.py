"""Every function against the command line's JSON for the same question,
bit for bit (floats compared with ==)."""
import csv

import numpy as np
import pytest

import hog_solver as hs
from conftest import PROJECT, hog_json, run_hog

RULES = [
    (hs.Rules(), []),
    (hs.Rules("digit-swap", 50), ["--rules", "digit-swap", "--goal", "50"]),
    (hs.Rules("double-swap", 40), ["--rules", "double-swap", "--goal", "40"]),
    (
        hs.Rules("fa24", 60, zero_dice="bacon-max", hog_wild=True, after_turn="none"),
        ["--goal", "60", "--zero-dice", "bacon-max", "--hog-wild", "--after-turn", "none"],
    ),
]
IDS = ["fa24", "digit-swap-50", "double-swap-40", "custom-60"]


def rates_of(report):
    return (report["first"], report["second"], report["average"])


@pytest.mark.parametrize("rules,flags", RULES, ids=IDS)
def test_win_rate_is_hog_eval(rules, flags):
    course = "boar_strategy" if rules.preset == "fa24" else "bacon_strategy"
    for strategy, vs in [(course, None), ("optimal", "always_roll(4)"), ("always_roll(3)", "optimal")]:
        cli = hog_json("eval", strategy, *(["--vs", vs] if vs else []), *flags)
        assert tuple(hs.win_rate(strategy, vs, rules=rules)) == rates_of(cli), (strategy, vs)


def test_a_students_function_is_its_builtin_twin(project):
    from hog import boar_strategy, final_strategy, sus_strategy

    assert hs.win_rate(final_strategy) == hs.win_rate("sus_strategy(9, 6)")
    assert tuple(hs.win_rate(final_strategy)) == rates_of(hog_json("eval", "sus_strategy(9, 6)"))
    assert tuple(hs.win_rate(boar_strategy)) == rates_of(hog_json("eval", "boar_strategy"))
    assert tuple(hs.win_rate(sus_strategy, vs="optimal")) == rates_of(hog_json("eval", "sus_strategy", "--vs", "optimal"))
    # The same file named as a spec runs in its own python, as the CLI does.
    spec = f"{PROJECT / 'hog.py'}:final_strategy"
    assert hs.win_rate(spec) == hs.win_rate(final_strategy)
    assert (hs.table(final_strategy) == hs.table("sus_strategy(9, 6)")).all()


def read_win_probabilities(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return rows


@pytest.mark.parametrize("rules,flags", RULES[:2], ids=IDS[:2])
def test_solve_is_hog_solve(tmp_path, rules, flags):
    sol = hs.solve(rules)
    out = tmp_path / "cli"
    report = hog_json("solve", "--out", out, *flags)
    assert sol.first_player_win_probability == report["first_player_win_probability"]
    mine = tmp_path / "final_strategy.csv"
    sol.to_csv(mine)
    assert mine.read_bytes() == (out / "final_strategy.csv").read_bytes()
    goal = rules.goal
    assert sol.policy.shape == (goal, goal) and sol.policy.dtype == np.uint8
    assert sol.win_probability.shape == (goal, goal) and sol.win_probability.dtype == np.float64
    assert sol.choice_values.shape == (goal, goal, 11)
    for row in read_win_probabilities(out / "win_probabilities.csv"):
        s, o = int(row["score"]), int(row["opponent_score"])
        assert sol.policy[s, o] == int(row["dice"])
        assert sol.win_probability[s, o] == float(row["win_probability"])
        assert list(sol.choice_values[s, o]) == [float(row[f"p{d}"]) for d in range(11)]
    assert sol.strategy == "optimal" and sol.rules == rules


def test_best_response_is_hog_solve_against(tmp_path):
    sol = hs.best_response("always_roll(6)")
    report = hog_json("solve", "--against", "always_roll(6)", "--out", tmp_path)
    assert sol.first_player_win_probability == report["first_player_win_probability"]
    assert sol.strategy == "best_response(always_roll(6))"
    assert (sol.policy == hs.table("best_response(always_roll(6))")).all()
    csv_files = list(tmp_path.rglob("final_strategy.csv"))
    assert len(csv_files) == 1
    mine = tmp_path / "mine.csv"
    sol.to_csv(mine)
    assert mine.read_bytes() == csv_files[0].read_bytes()
    # The solution is a strategy too: against what it answers, its rates
    # are its own values, the bits hog eval and hog solve give. An array
    # of its policy is a table like any other, played against the
    # opponent's: the same rates to within the summation's rounding.
    assert hs.win_rate(sol) == hs.win_rate("best_response(always_roll(6))")
    assert hs.win_rate(sol).first == report["first_player_win_probability"]
    as_table = hs.win_rate(np.array(sol.policy))
    assert as_table == hs.win_rate(sol.policy.tolist())
    for mine, theirs in zip(as_table, hs.win_rate(sol)):
        assert abs(mine - theirs) < 1e-15


@pytest.mark.parametrize("rules,flags", RULES[:2], ids=IDS[:2])
def test_rates_is_hog_rates(rules, flags):
    for vs in [None, "optimal"]:
        cli = hog_json("rates", *(["--vs", vs] if vs else []), *flags)
        mine = hs.rates(vs, rules=rules)
        assert mine.opponent == cli["opponent"]
        assert [tuple(r) for r in mine.rows] == [
            (r["strategy"], r["first"], r["second"], r["average"]) for r in cli["rows"]
        ]


def test_rates_against_a_function_names_its_best_response(project):
    from hog import final_strategy

    mine = hs.rates(final_strategy)
    assert mine.opponent == "final_strategy"
    assert mine.rows[0].strategy == "best_response(final_strategy)"
    cli = hog_json("rates", "--vs", "sus_strategy(9, 6)")
    assert [r[1:] for r in mine.rows] == [(r["first"], r["second"], r["average"]) for r in cli["rows"]]


def test_tournament_is_hog_tournament(tmp_path):
    specs = ["optimal", "boar_strategy", "sus_strategy", "always_roll(5)"]
    cli = hog_json("tournament", *specs)
    mine = hs.tournament(specs)
    assert mine.strategies == cli["strategies"]
    assert mine.matrix.tolist() == cli["matrix"]
    assert mine.wins == cli["wins"] and mine.mean == cli["mean"] and mine.ranking == cli["ranking"]


def test_sweep_is_hog_sweep():
    cli = hog_json("sweep", "boar_strategy(8..12, 4..6)", "--vs", "optimal")
    mine = hs.sweep("boar_strategy(8..12, 4..6)", vs="optimal")
    assert mine.strategy == cli["strategy"] and mine.opponent == cli["opponent"]
    assert mine.best == (cli["best"]["params"], cli["best"]["strategy"], *rates_of(cli["best"]))
    assert [tuple(r) for r in mine.rows] == [(r["params"], r["strategy"], *rates_of(r)) for r in cli["rows"]]


@pytest.mark.parametrize(
    "kwargs,flags",
    [
        ({}, []),
        ({"vs": "always_roll(6)"}, ["--vs", "always_roll(6)"]),
        ({"strategy": "boar_strategy"}, ["--strategy", "boar_strategy"]),
        ({"strategy": "boar_strategy", "vs": "always_roll(4)"}, ["--strategy", "boar_strategy", "--vs", "always_roll(4)"]),
    ],
)
def test_explain_is_hog_explain(kwargs, flags):
    for score, opponent in [(0, 0), (30, 50), (99, 98)]:
        cli = hog_json("explain", score, opponent, *flags)
        e = hs.explain(score, opponent, **kwargs)
        assert (e.score, e.opponent_score, e.sides, e.best, e.chosen, e.gives_away) == (
            cli["score"], cli["opponent_score"], cli["sides"], cli["best"], cli["chosen"], cli["gives_away"]
        )
        assert [
            (c.dice, c.win_probability, c.expected_points, c.one_point_probability, [list(o) for o in c.outcomes])
            for c in e.choices
        ] == [
            (c["dice"], c["win_probability"], c["expected_points"], c["one_point_probability"], c["outcomes"])
            for c in cli["choices"]
        ]


def test_choice_values_are_explains_numbers():
    sol = hs.solve()
    for s, o in [(0, 0), (42, 17), (90, 99)]:
        e = hs.explain(s, o)
        assert list(sol.choice_values[s, o]) == [c.win_probability for c in e.choices]
        assert sol.policy[s, o] == e.best


def test_simulate_is_hog_simulate():
    cli = hog_json("simulate", "boar_strategy", "--games", "20000", "--seed", "7")
    mine = hs.simulate("boar_strategy", games=20000, seed=7)
    assert (mine.games, mine.seed) == (20000, 7)
    for seat in ("first", "second", "average"):
        assert getattr(mine.sampled, seat) == cli["sampled"][seat]["rate"]
        assert list(mine.intervals[seat]) == cli["sampled"][seat]["interval"]
        assert getattr(mine.exact, seat) == cli["exact"][seat]
    assert mine.z == cli["z"]
    assert abs(mine.z) < 4.5


def test_tables_from_every_kind_of_strategy_agree(project):
    from hog import boar_strategy

    by_spec = hs.table("boar_strategy")
    assert by_spec.dtype == np.uint8 and by_spec.shape == (100, 100)
    assert (hs.table(boar_strategy) == by_spec).all()
    assert (hs.table(by_spec.astype(np.int64)) == by_spec).all()
    assert (hs.table(by_spec.astype(np.int8)) == by_spec).all()
    with pytest.raises(hs.HogError, match="not float64 values"):
        hs.table(by_spec.astype(np.float64))
    assert (hs.table(by_spec.tolist()) == by_spec).all()
    small = hs.Rules(goal=3)
    assert hs.table([[1, 2, 3], [4, 5, 6], [7, 8, 9]], rules=small).tolist() == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert hs.table(lambda s, o: (s + o) % 11, rules=small).tolist() == [[0, 1, 2], [1, 2, 3], [2, 3, 4]]


def test_hand_worked_goal_two():
    # Goal 2, fa24: rolling one die wins unless it shows 1 (31/36 over two
    # turns for the first player, as the Rust tests work out by hand).
    sol = hs.solve(hs.Rules(goal=2))
    assert abs(sol.first_player_win_probability - 31 / 36) < 1e-15


def test_the_command_installed_with_the_package_is_hog():
    done = run_hog("eval", "boar_strategy")
    assert "0.6763405478398623" in done.stdout
