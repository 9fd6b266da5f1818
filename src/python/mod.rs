//! The Python package `hog_solver` (feature `python`): the engine for
//! students who live in Python. `python/hog_solver/__init__.py` is the
//! public face; this module, imported as `hog_solver._native`, does the
//! work: rules, strategies from any Python value, solves, and the same
//! reports the command line prints as JSON, handed over as dicts.

mod analysis;
mod convert;
mod interrupt;
mod rules;
mod solution;
mod strategy;

use pyo3::prelude::*;

pyo3::create_exception!(
    hog_solver,
    HogError,
    pyo3::exceptions::PyValueError,
    "A bad input to hog: the message is the command line's one-line error, in the call's terms."
);

#[cfg(feature = "cli")]
/// Run the `hog` command line with `argv` (the program name first); its
/// exit status. The package's `hog` command is this, so it is the same
/// program as the binary.
#[pyfunction]
fn cli(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| crate::cli::main(argv))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // numpy's C API, loaded now: loaded at a call's first array instead, a
    // KeyboardInterrupt arriving during the import made it a Rust panic.
    numpy::PyArray1::<u8>::zeros(m.py(), 0, false);
    m.add("HogError", m.py().get_type::<HogError>())?;
    // The crate's version is the package's (pyproject.toml says the same).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<solution::PySolution>()?;
    #[cfg(feature = "cli")]
    m.add_function(wrap_pyfunction!(cli, m)?)?;
    analysis::register(m)?;
    Ok(())
}
