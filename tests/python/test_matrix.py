"""One quantity, one set of bits: under every rule set (the presets, fa19
in both readings of Feral Hogs, every file in examples/rules/), the
package gives the command line's bits for an evaluation, the optimum's
first-player value, a best response's and an explanation (the server's
side is tests/cli/matrix.rs)."""
from pathlib import Path

import pytest

import hog_solver as hs

from conftest import hog_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"
GOAL = 40


def rule_sets():
    """(id, command-line arguments, the package's Rules) for each rule set."""
    sets = [(name, ["--rules", name], lambda name=name: hs.Rules(name, goal=GOAL))
            for name in ["fa24", "double-swap", "reverse-swap", "digit-swap", "fa19"]]
    sets.append(("fa19-points", ["--rules", "fa19", "--memory", "feral-hogs-points"],
                 lambda: hs.Rules("fa19", goal=GOAL, memory="feral-hogs-points")))
    for path in sorted(EXAMPLES.iterdir()):
        if path.suffix in (".toml", ".py"):
            sets.append((path.name, ["--rules", str(path)],
                         lambda path=path: hs.Rules.from_file(path, goal=GOAL)))
    return sets


@pytest.mark.parametrize("name,args,rules", rule_sets(), ids=[s[0] for s in rule_sets()])
def test_the_package_gives_the_command_lines_bits(name, args, rules, tmp_path):
    rules = rules()
    assert rules.goal == GOAL
    common = [*args, "--goal", str(GOAL)]
    cli = hog_json(*common, "eval", "always_roll(4)", "--vs", "always_roll(6)")
    mine = hs.win_rate("always_roll(4)", vs="always_roll(6)", rules=rules)
    for field in ("first", "second", "average"):
        assert getattr(mine, field) == cli[field], field
    optimum = hog_json(*common, "solve", "--quiet", "--out", tmp_path / "optimum")
    assert hs.solve(rules).first_player_win_probability == optimum["first_player_win_probability"]
    response = hog_json(*common, "solve", "--vs", "always_roll(6)", "--quiet", "--out", tmp_path / "br")
    assert (hs.best_response("always_roll(6)", rules=rules).first_player_win_probability
            == response["first_player_win_probability"])
    explained = hog_json(*common, "explain", "7", "9")
    mine = hs.explain(7, 9, rules=rules)
    assert [c.win_probability for c in mine.choices] == [
        c["win_probability"] for c in explained["choices"]]
    assert mine.best == explained["best"]
    # The optimum against itself is the optimum's own value.
    itself = hs.win_rate("optimal", vs="optimal", rules=rules)
    assert itself.first == optimum["first_player_win_probability"]


def test_rules_from_a_file_and_by_name(tmp_path):
    fa19 = hs.Rules("fa19")
    assert (fa19.name, fa19.preset, fa19.goal) == ("fa19", "fa19", 100)
    assert repr(fa19) == "Rules('fa19', goal=100)"
    assert hs.Rules("fa19") == fa19 and hash(hs.Rules("fa19")) == hash(fa19)
    assert hs.Rules("fa19", memory="feral-hogs-points") != fa19
    variant = hs.Rules.from_file(EXAMPLES / "variant.toml")
    assert variant.name == "variant.toml"
    assert hs.Rules.from_file(str(EXAMPLES / "variant.py"), goal=50).goal == 50
    (tmp_path / "rules").write_text("goal = 50\n")
    with pytest.raises(hs.HogError, match="ends in .toml"):
        hs.Rules.from_file(tmp_path / "rules")
    with pytest.raises(hs.HogError, match="fa24 is a preset, which remembers nothing"):
        hs.Rules("fa24", memory="feral-hogs")
    with pytest.raises(hs.HogError, match="is a rules file"):
        hs.Rules("fa19", zero_dice="boar-brawl")
    # Under memory the optimum is a table of the whole state: a solution
    # is rated as the command line rates optimal.
    rated = hs.win_rate(hs.solve(hs.Rules("fa19", goal=20)), rules=hs.Rules("fa19", goal=20))
    cli = hog_json("--rules", "fa19", "--goal", "20", "eval", "optimal")
    assert tuple(rated) == (cli["first"], cli["second"], cli["average"])


def test_explain_at_what_both_remember():
    rules = hs.Rules("fa19", goal=GOAL)
    cli = hog_json("--rules", "fa19", "--goal", str(GOAL), "explain", "17", "23", "--remembered", "4,6")
    mine = hs.explain(17, 23, rules=rules, remembered=(4, 6))
    assert [c.win_probability for c in mine.choices] == [
        c["win_probability"] for c in cli["choices"]]
    with pytest.raises(hs.HogError, match="out of range"):
        hs.explain(17, 23, rules=rules, remembered=(99, 0))
