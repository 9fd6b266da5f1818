"""Rules describe the rules they are on (issue 44): every attribute is read
from the rule set's own description, the one `hog rules NAME --format json`
prints, never from Fall 2024's components."""
from pathlib import Path

import pytest

import hog_solver as hs

from conftest import hog_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"


def test_fall_2019_is_not_fall_2024():
    fa19 = hs.Rules("fa19")
    cli = hog_json("rules", "fa19")
    assert fa19.description() == cli
    assert (fa19.zero_dice, fa19.dice, fa19.after_turn, fa19.extra_turn) == (
        "bacon-ten-minus-min-digit", "six-sided", "swap-first-times-last", "none")
    assert (fa19.memory, fa19.clock) == ("feral-hogs", None)
    assert fa19.hog_wild is None, "Hog Wild is a preset's switch, not a rules file's"
    assert fa19.title == "Fall 2019"
    assert fa19.moves == list(range(11))
    assert fa19.goals == (100, 100)
    assert fa19.parts == cli["parts"] and fa19.parts[0]["key"] == "zero_dice"
    assert fa19.contexts == cli["contexts"]
    assert fa19.contexts["memory"]["values"][4] == "4 dice"


def test_a_contest_with_the_minus_one_and_two_after_turn_parts():
    contest = hs.Rules("fa15-contest")
    assert contest.description() == hog_json("rules", "fa15-contest")
    assert contest.moves == [*range(11), -1]
    # Two after-turn parts, in the order the rules apply them (as `hog
    # rules` lists the rule sets).
    assert contest.after_turn == "piggy-back then swap-reverse"
    assert (contest.zero_dice, contest.dice) == ("bacon-max", "hog-wild")
    assert (contest.memory, contest.clock) == (None, "pork-chop-swap")
    assert contest.contexts["clock"]["columns"] == ["chopped", "opponent_chopped"]


def test_extra_turns_and_a_goal_for_each_player():
    fa20 = hs.Rules("fa20")
    assert (fa20.after_turn, fa20.extra_turn) == ("none", "swine-align or pig-pass")
    contest = hs.Rules("fa21-contest")
    # The rule set's own board, as --rules fa21-contest plays it.
    assert contest.goal == 40 and contest.goals == (30, 40)
    assert contest.description() == hog_json("rules", "fa21-contest")
    assert hs.Rules("fa21-contest", goal=50).goals == (30, 40)


def test_presets_and_their_components():
    fa24 = hs.Rules()
    assert fa24.description() == hog_json("rules", "fa24")
    assert (fa24.zero_dice, fa24.dice, fa24.after_turn, fa24.hog_wild) == (
        "boar-brawl", "six-sided", "sus-fuss", False)
    assert fa24.title == "Fall 2023 to Spring 2026"
    assert (fa24.memory, fa24.clock, fa24.contexts) == (None, None, None)
    wild = hs.Rules("fa24", hog_wild=True, after_turn="none")
    assert (wild.dice, wild.hog_wild, wild.after_turn, wild.title) == ("hog-wild", True, "none", None)
    assert [p["name"] for p in wild.parts] == ["boar-brawl", "hog-wild"]


def test_rules_files():
    toml = hs.Rules.from_file(EXAMPLES / "variant.toml")
    assert toml.description() == hog_json("rules", EXAMPLES / "variant.toml")
    assert (toml.zero_dice, toml.after_turn, toml.title, toml.hog_wild) == (
        "bacon-tens", "swap-multiple", None, None)
    assert toml.parts[0]["params"] == [["plus", 1]]
    # A Python file's functions name no parts: no name to give.
    python = hs.Rules.from_file(EXAMPLES / "variant.py")
    assert python.description() == hog_json("rules", EXAMPLES / "variant.py")
    assert (python.zero_dice, python.dice, python.after_turn, python.extra_turn) == (None, None, None, None)


def served_rule_sets():
    """`/api/strategies`' rule sets, from the package's own `hog serve`."""
    import json
    import subprocess
    import urllib.request

    from conftest import hog_command

    server = subprocess.Popen(hog_command() + ["serve", "--port", "0", "--no-open"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        with urllib.request.urlopen(url.rstrip("/") + "/api/strategies", timeout=60) as answer:
            return json.load(answer)["rule_sets"]
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_one_list_of_rule_sets():
    names = hs.Rules.presets()
    listed = hog_json("rules")["presets"]
    assert names == [row["preset"] for row in listed]
    assert hs.Rules.titles() == {row["preset"]: row["title"] for row in listed}
    assert [{"name": n, "title": t} for n, t in hs.Rules.titles().items()] == served_rule_sets()
    assert names[:4] == ["fa24", "double-swap", "reverse-swap", "digit-swap"]
    assert {"fa19", "fa22", "sp21-contest", "fa21-contest"} <= set(names) and len(names) == 35
    for name in names:
        assert hs.Rules(name).name == name


def test_a_name_is_a_rule_set_wherever_rules_are_taken():
    fa22 = hs.Rules("fa22", goal=100)
    assert hs.Rules("fa22") == fa22
    given = hs.win_rate("always_roll(4)", rules="fa22")
    cli = hog_json("--rules", "fa22", "eval", "always_roll(4)")
    assert tuple(given) == (cli["first"], cli["second"], cli["average"])
    assert given == hs.win_rate("always_roll(4)", rules=fa22)
    solved = hs.solve("fa22")
    assert solved.rules == fa22
    assert solved.first_player_win_probability == hs.solve(fa22).first_player_win_probability
    assert hs.best_response("always_roll(6)", "fa22").rules == fa22
    assert (hs.table("optimal", "fa22") == hs.table("optimal", fa22)).all()
    assert hs.explain(10, 20, rules="fa22") == hs.explain(10, 20, rules=fa22)
    assert hs.rates(rules="fa22") == hs.rates(rules=fa22)
    assert hs.tournament(["optimal", "always_roll(5)"], "fa22").wins == [1, 0]
    assert hs.simulate("optimal", games=10, rules="fa22").exact == hs.simulate("optimal", games=10, rules=fa22).exact
    # The name's own goal: fa21-contest's board is 40, as on the command line.
    assert hs.solve("fa21-contest").rules.goal == 40
    with pytest.raises(TypeError, match="rules= is a Rules or a rule set's name"):
        hs.solve(5)
    with pytest.raises(hs.HogError, match=r"'fa25' is neither a rule set.*Rules.presets\(\) lists them"):
        hs.win_rate("optimal", rules="fa25")
