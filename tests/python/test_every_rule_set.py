"""Every rule set hog knows by name, in the package as on the command line
(issue 44): each Rules says what `hog rules NAME --format json` says, an
explanation at a state (and a context, where the rules have one) is
`hog explain`'s, every choice with all its values, -1 included, and a solve
gives arrays with a column for every move. Small goals keep it quick
(fa21-contest's players play to 30 and 40: its board is 40)."""
import numpy as np
import pytest

import hog_solver as hs

from conftest import hog_json

NAMES = hs.Rules.presets()
LISTED = {row["preset"]: row for row in hog_json("rules")["presets"]}


def goal_of(name):
    return 40 if name == "fa21-contest" else 24


def named(described, key, joint):
    names = [p["name"] for p in described["parts"] if p["key"] == key]
    return joint.join(names) if names else "none"


@pytest.mark.parametrize("name", NAMES)
def test_rules_say_what_hog_rules_says(name):
    rules = hs.Rules(name)
    described = hog_json("rules", name)
    assert rules.description() == described
    assert rules.name == described["rules"] == name
    assert rules.title == described["title"] == hs.Rules.titles()[name]
    assert rules.goal == described["goal"]
    assert rules.goals == (described["goals"]["first"], described["goals"]["second"])
    assert rules.moves == [m["dice"] for m in described["moves"]]
    assert rules.parts == described["parts"]
    assert rules.contexts == described.get("contexts")
    contexts = described.get("contexts") or {}
    assert rules.memory == (contexts.get("memory") or {}).get("name")
    assert rules.clock == (contexts.get("clock") or {}).get("name")
    # The parts by kind, as `hog rules` lists the rule sets.
    row = LISTED[name]
    for key, joint in [("zero_dice", " then "), ("dice", " then "), ("after_turn", " then "), ("extra_turn", " or ")]:
        assert getattr(rules, key) == named(described, key, joint), key
        listed = row[key] if row[key] not in (None, "-") else "none"
        assert getattr(rules, key) == listed, key
    assert rules.hog_wild == ((rules.dice == "hog-wild") if name in NAMES[:4] else None)


def context_of(rules):
    """A context other than the start's where the rules have one: the
    `hog explain` flags and the package's arguments for it."""
    contexts = rules.contexts or {}
    flags, kwargs = [], {}
    if contexts.get("memory"):
        top = len(contexts["memory"]["values"]) - 1
        kwargs["remembered"] = (min(4, top), min(6, top))
        flags += ["--remembered", "%d,%d" % kwargs["remembered"]]
    if contexts.get("clock"):
        kwargs["clock"] = len(contexts["clock"]["values"]) - 1
        flags += ["--clock", str(kwargs["clock"])]
    return flags, kwargs


@pytest.mark.parametrize("name", NAMES)
def test_an_explanation_is_hog_explains(name):
    goal = goal_of(name)
    rules = hs.Rules(name, goal=goal)
    flags, kwargs = context_of(rules)
    cli = hog_json("--rules", name, "--goal", goal, "explain", 7, 9, *flags)
    mine = hs.explain(7, 9, rules=rules, **kwargs)
    assert (mine.score, mine.opponent_score, mine.sides, mine.best, mine.chosen, mine.gives_away) == (
        cli["score"], cli["opponent_score"], cli["sides"], cli["best"], cli["chosen"], cli["gives_away"])
    assert mine.remembered == (tuple(cli["remembered"]) if "remembered" in cli else None)
    assert mine.clock == cli.get("clock")
    assert [c.dice for c in mine.choices] == rules.moves == [c["dice"] for c in cli["choices"]]
    for choice, said in zip(mine.choices, cli["choices"]):
        assert choice._asdict() == {
            **said,
            "outcomes": [tuple(o) for o in said["outcomes"]],
            "bonus": said.get("bonus"),
        }, choice.dice


@pytest.mark.parametrize("name", NAMES)
def test_a_solve_has_a_column_for_every_move(name):
    goal = goal_of(name)
    rules = hs.Rules(name, goal=goal)
    solved = hs.solve(rules)
    assert solved.rules == rules and solved.moves == rules.moves
    assert solved.policy.shape == solved.win_probability.shape == (goal, goal)
    assert solved.choice_values.shape == (goal, goal, len(rules.moves))
    assert solved.policy.dtype == (np.int8 if -1 in rules.moves else np.uint8)
    cli = hog_json("--rules", name, "--goal", goal, "eval", "optimal", "--vs", "optimal")
    assert solved.first_player_win_probability == cli["first"]
    _, kwargs = context_of(rules)
    if kwargs:
        there = solved.at(**kwargs)
        assert there.choice_values.shape == (goal, goal, len(rules.moves))
        assert there.context == (*kwargs.get("remembered", (0, 0)), kwargs.get("clock", 0))


def test_an_explanation_under_memory_has_its_bonus_column():
    fa19 = hs.Rules("fa19", goal=24)
    e = hs.explain(7, 9, rules=fa19, remembered=(4, 6))
    frame = e.to_pandas()
    assert list(frame.columns)[-1] == "bonus" and frame["bonus"].dtype == np.int64
    assert list(frame["bonus"]) == [c.bonus for c in e.choices]
    assert e.choices[2].bonus == 3 and e.choices[5].bonus == 0  # 2 away from the 4 remembered
    contest = hs.explain(7, 9, rules=hs.Rules("fa15-contest", goal=24), clock=1)
    assert list(contest.to_pandas().index)[-1] == -1
    assert [c.bonus for c in contest.choices] == [0] * 12 and hs.explain(7, 9).choices[0].bonus is None
    assert contest.clock == {"chopped": 1, "opponent_chopped": 0}
