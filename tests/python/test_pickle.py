"""Rules and Solution pickle and copy (issue 33, item 5): multiprocessing
and joblib send them between processes."""
import copy
import pickle
import shutil
from pathlib import Path

import hog_solver as hs
import numpy as np
import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"


def again(value):
    return pickle.loads(pickle.dumps(value))


@pytest.mark.parametrize(
    "rules",
    [
        lambda: hs.Rules(),
        lambda: hs.Rules("digit-swap", goal=50),
        lambda: hs.Rules("fa24", zero_dice="bacon-max", hog_wild=True, after_turn="none"),
        lambda: hs.Rules("fa19", memory="feral-hogs-points"),
        lambda: hs.Rules.from_file(EXAMPLES / "pork-chop.toml"),
        lambda: hs.Rules.from_file(str(EXAMPLES / "variant.py"), goal=60),
    ],
    ids=["default", "digit-swap", "components", "fa19", "toml", "python"],
)
def test_rules_pickle_to_the_same_rules(rules):
    made = rules()
    assert again(made) == made
    assert repr(again(made)) == repr(made)
    assert copy.deepcopy(made) == made and copy.copy(made) == made


def test_a_rules_file_changed_since_is_refused(tmp_path):
    path = tmp_path / "rules.toml"
    shutil.copy(EXAMPLES / "pork-chop.toml", path)
    pickled = pickle.dumps(hs.Rules.from_file(path))
    text = path.read_text()
    assert 'zero_dice = "bacon-max"' in text
    # A comment changes nothing: the rules are the same.
    path.write_text(text + "\n# a comment\n")
    assert pickle.loads(pickled) == hs.Rules.from_file(path)
    path.write_text(text.replace('zero_dice = "bacon-max"', 'zero_dice = "boar-brawl"'))
    with pytest.raises(hs.HogError, match="changed since"):
        pickle.loads(pickled)


@pytest.mark.parametrize("make", [lambda: hs.solve(), lambda: hs.best_response("boar_strategy"), lambda: hs.solve(hs.Rules("fa19"))])
def test_solutions_pickle_without_solving_again(make):
    solution = make()
    loaded = again(solution)
    assert repr(loaded) == repr(solution)
    assert loaded.rules == solution.rules and loaded.context == solution.context
    for name in ("policy", "win_probability", "choice_values"):
        a, b = getattr(solution, name), getattr(loaded, name)
        assert a.dtype == b.dtype and np.array_equal(a, b)
        assert not b.flags.writeable
    assert copy.deepcopy(solution) is solution


def test_a_pickled_best_response_is_still_rated_by_its_own_values():
    br = again(hs.best_response("boar_strategy"))
    assert hs.win_rate(br, vs="boar_strategy") == hs.win_rate("best_response(boar_strategy)", vs="boar_strategy")
