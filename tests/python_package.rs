//! The Python package, built and tested as a student installs it: a fresh
//! virtual environment, `pip install .` (maturin builds the bindings), then
//! pytest on `tests/python`, which compares every function with this
//! build's `hog --format json` (`cargo test --release --test python_package`).
//!
//! With `HOG_PYTHON_PACKAGE_PYTHON` set (CI, which installs the package
//! itself) pytest runs with that Python, and nothing is built here.
//!
//! Where python3 cannot make a virtual environment or pip cannot reach a
//! package index, the test says so and passes, unless
//! `HOG_REQUIRE_PYTHON_PACKAGE=1` (as in CI): then it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository.
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Run `command`; its success, with what it printed when it failed.
fn run(command: &mut Command) -> Result<(), String> {
    let out = command
        .output()
        .map_err(|e| format!("{command:?} could not start: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{command:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

/// A fresh virtual environment at `dir` with pip's current version.
fn make_venv(dir: &Path) -> Result<PathBuf, String> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    run(Command::new("python3").args(["-m", "venv"]).arg(dir))?;
    Ok(dir.join("bin").join("python"))
}

#[test]
fn pip_install_gives_the_package_and_every_function_matches_the_cli() {
    let require = std::env::var("HOG_REQUIRE_PYTHON_PACKAGE").is_ok_and(|v| v == "1");
    let skip = |why: String| {
        assert!(!require, "{why}, and HOG_REQUIRE_PYTHON_PACKAGE=1");
        eprintln!("python package test skipped: {why}");
    };
    // CI has built the package into a fresh environment already and ran
    // pytest there against the package's own `hog`: run it once more here
    // against this build's binary, without building the package twice.
    if let Some(python) = std::env::var_os("HOG_PYTHON_PACKAGE_PYTHON") {
        return pytest(Path::new(&python));
    }
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("python-package");
    let python = match make_venv(&scratch.join("venv")) {
        Ok(python) => python,
        Err(e) => return skip(format!("no virtual environment: {e}")),
    };
    // maturin builds in a target folder of its own: the one this test runs
    // from is locked by `cargo test` while it runs.
    let install = run(Command::new(&python)
        .args(["-m", "pip", "install", "--quiet", ".[test]"])
        .current_dir(repo())
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .env_remove("CARGO_BUILD_TARGET_DIR"));
    if let Err(e) = install {
        // Without an index pip cannot fetch maturin: that is the machine,
        // not the package.
        if e.contains("No matching distribution") || e.contains("Could not find a version") {
            return skip(format!("pip could not reach a package index: {e}"));
        }
        panic!("pip install . failed: {e}");
    }
    pytest(&python);
}

/// pytest on `tests/python` with `python`, comparing with this build's `hog`.
fn pytest(python: &Path) {
    let status = Command::new(python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/python",
        ])
        .current_dir(repo())
        .env("HOG_BIN", env!("CARGO_BIN_EXE_hog"))
        .env_remove("HOG_PYTHON")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .status()
        .expect("pytest starts");
    assert!(status.success(), "pytest failed: see its output above");
}
