"""The typing files in step with the package: a notebook-style script
(typed_example.py) passes ``mypy --strict``, and the ``_native.pyi`` stub
names everything the compiled module has, with the same parameters."""

import ast
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import hog_solver as hs
from hog_solver import _native

EXAMPLE = Path(__file__).parent / "typed_example.py"
STUB = Path(_native.__file__).parent / "_native.pyi"

# In the stub ahead of the compiled module: the Rust side is adding them.
# A name here that the module has is fine; the list can shrink to nothing.
PENDING: set = set()


def test_the_typed_example_passes_mypy_strict(tmp_path):
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("HOG_REQUIRE_PYTHON_PACKAGE") == "1":
            raise
        pytest.skip("mypy is not installed (pip install .[test])")
    env = dict(os.environ)
    # An installed package is found beside mypy (py.typed); a source tree
    # (PYTHONPATH=python) through MYPYPATH, which then checks it strictly too.
    root = Path(hs.__file__).resolve().parents[1]
    if not {"site-packages", "dist-packages"} & set(root.parts):
        env["MYPYPATH"] = str(root)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def stub():
    """The stub's functions and classes: name -> parameter names, and
    class -> its members."""
    tree = ast.parse(STUB.read_text())
    functions, classes = {}, {}

    def params(node):
        a = node.args
        return [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs if p.arg not in ("self", "cls")]

    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = params(node)
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = {n.name: params(n) for n in node.body if isinstance(n, ast.FunctionDef)}
    return functions, classes


def test_the_stub_names_what_the_module_has():
    functions, classes = stub()
    public = {name for name in vars(_native) if not name.startswith("_")}
    assert public == set(functions) | set(classes), "the stub and _native name different things"
    for name in sorted(functions):
        runtime = [p for p in inspect.signature(getattr(_native, name)).parameters]
        for p in functions[name]:
            assert p in runtime or f"{name}({p})" in PENDING, f"the stub's {name} has {p}; _native's has not"
        assert all(p in functions[name] for p in runtime), f"{name}{runtime}: the stub says {functions[name]}"
    for cls, members in classes.items():
        if cls == "HogError":
            continue
        runtime = {m for m in vars(getattr(_native, cls)) if not m.startswith("__")}
        assert runtime <= set(members), f"{cls}: the stub lacks {runtime - set(members)}"
        for m in members:
            assert (
                hasattr(getattr(_native, cls), m) or f"{cls}.{m}" in PENDING
            ), f"the stub's {cls}.{m} is not in _native"


def test_to_pandas_is_typed_as_a_data_frame(tmp_path):
    """Every to_pandas() says it gives a pandas DataFrame: where
    pandas-stubs is installed (the test extra) mypy sees that type."""
    import importlib.metadata

    try:
        import mypy  # noqa: F401
        import pandas  # noqa: F401

        importlib.metadata.version("pandas-stubs")
    except (ImportError, importlib.metadata.PackageNotFoundError):
        if os.environ.get("HOG_REQUIRE_PYTHON_PACKAGE") == "1":
            raise
        pytest.skip("mypy, pandas or pandas-stubs is not installed (pip install .[test])")
    script = tmp_path / "frames.py"
    script.write_text(
        "import hog_solver as hs\n"
        "reveal_type(hs.rates().to_pandas())\n"
        "reveal_type(hs.tournament(['optimal', 'always_roll(6)']).to_pandas())\n"
        "reveal_type(hs.sweep('boar_strategy(7..=8, 4)').to_pandas())\n"
        "reveal_type(hs.explain(40, 50).to_pandas())\n"
        "reveal_type(hs.explain(40, 50).choices[0].to_pandas())\n"
        "reveal_type(hs.simulate('optimal', games=10).to_pandas())\n"
        "reveal_type(hs.solve(hs.Rules(goal=20)).to_pandas())\n"
    )
    env = dict(os.environ)
    root = Path(hs.__file__).resolve().parents[1]
    if not {"site-packages", "dist-packages"} & set(root.parts):
        env["MYPYPATH"] = str(root)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(script)],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600,
    )
    revealed = [line for line in done.stdout.splitlines() if "Revealed type" in line]
    assert len(revealed) == 7, done.stdout + done.stderr
    for line in revealed:
        assert 'Revealed type is "pandas.core.frame.DataFrame"' in line, line
