"""The package as a package: its command, its typing files, threads."""
import subprocess
import sys
import threading
import time
from pathlib import Path

import hog_solver as hs


def test_the_hog_command_is_the_cli():
    done = subprocess.run([sys.executable, "-m", "hog_solver", "eval", "nonsense("], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == "error: bad strategy spec 'nonsense(': missing ')' after the arguments of nonsense"
    done = subprocess.run([sys.executable, "-m", "hog_solver", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "Usage: hog" in done.stdout
    scripts = Path(sys.executable).parent
    assert (scripts / "hog").exists(), "pip install puts a hog command beside python"


def test_typing_files_ship_with_the_package():
    folder = Path(hs.__file__).parent
    assert (folder / "py.typed").exists()
    assert (folder / "_native.pyi").exists()
    for name in hs.__all__:
        value = getattr(hs, name)
        if callable(value) and name not in ("Strategy", "RuleSet"):
            assert value.__doc__, name


def test_rules_are_values():
    assert hs.Rules() == hs.Rules("fa24", 100)
    assert hs.Rules("fa24", 100, after_turn="sus-fuss") == hs.Rules()
    assert hs.Rules(goal=50) != hs.Rules()
    assert len({hs.Rules(), hs.Rules("fa24", 100)}) == 1
    assert repr(hs.Rules()) == "Rules(preset='fa24', goal=100, zero_dice='boar-brawl', hog_wild=False, after_turn='sus-fuss')"
    r = hs.Rules("double-swap", 40, hog_wild=False)
    assert (r.preset, r.goal, r.zero_dice, r.hog_wild, r.after_turn, r.name) == (
        "double-swap", 40, "bacon-max", False, "swap-double", "bacon-max+six-sided+swap-double"
    )
    assert hs.Rules.presets()[:4] == ["fa24", "double-swap", "reverse-swap", "digit-swap"]
    assert hs.Rules().baseline == "always_roll(6)"


def test_long_computations_let_other_threads_run():
    ticks = 0
    done = threading.Event()

    def solve():
        hs.solve(hs.Rules(goal=400))
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # With the GIL held through the solve, this thread could not tick.
    assert ticks > 5


def test_threads_get_the_same_answers():
    results = [None] * 4

    def work(i):
        results[i] = hs.win_rate("optimal", "boar_strategy")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1


def load_build_backend():
    """packaging/hog_build.py, the package's build backend, as a module."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "packaging" / "hog_build.py"
    spec = importlib.util.spec_from_file_location("hog_build_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_building_without_rust_stops_at_once_and_names_the_wheel_route(tmp_path, monkeypatch):
    backend = load_build_backend()
    # A PATH with python and no cargo: every hook refuses before maturin
    # is imported (which would fetch a toolchain).
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setitem(sys.modules, "maturin", None)
    for hook, args in [
        ("get_requires_for_build_wheel", ()),
        ("get_requires_for_build_editable", ()),
        ("get_requires_for_build_sdist", ()),
        ("prepare_metadata_for_build_wheel", (str(tmp_path),)),
        ("build_wheel", (str(tmp_path),)),
        ("build_sdist", (str(tmp_path),)),
    ]:
        try:
            getattr(backend, hook)(*args)
        except backend.RustNotFound as e:
            message = str(e)
        else:
            raise AssertionError(f"{hook} went on without cargo")
        assert "cargo is not on PATH" in message and "https://rustup.rs" in message
        assert "maturin build --release" in message and "pip install hog_solver-" in message


def test_dir_lists_only_the_public_names():
    listed = dir(hs)
    assert sorted(listed) == sorted(hs.__all__)
    for private in ("Any", "Dict", "np", "os", "npt", "Optional"):
        assert private not in listed
    # They are still there for whoever reaches for them.
    assert hs.np is not None and callable(hs.solve)
