"""The package's build backend: maturin's, after one check.

Building hog_solver from source compiles Rust. Without a Rust toolchain,
maturin's own backend would download one (about 1 GB) without asking;
this backend stops at once instead, naming what is needed and the route
that needs no Rust (a wheel built elsewhere). Every hook is maturin's.
"""

import shutil

NO_RUST = (
    "hog-solver builds from source with Rust, and cargo is not on PATH. "
    "Install Rust (https://rustup.rs, then open a new shell) and run pip install . again, "
    "or install a wheel built on a machine with Rust: "
    "maturin build --release there, then pip install hog_solver-*.whl here."
)


class RustNotFound(RuntimeError):
    """No Rust toolchain to build the extension with."""


def _need_cargo() -> None:
    if shutil.which("cargo") is None:
        raise RustNotFound(NO_RUST)


def get_requires_for_build_wheel(config_settings=None):
    _need_cargo()
    import maturin

    return maturin.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(config_settings=None):
    _need_cargo()
    import maturin

    return maturin.get_requires_for_build_editable(config_settings)


def get_requires_for_build_sdist(config_settings=None):
    _need_cargo()
    import maturin

    return maturin.get_requires_for_build_sdist(config_settings)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _need_cargo()
    import maturin

    return maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _need_cargo()
    import maturin

    return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _need_cargo()
    import maturin

    return maturin.build_editable(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _need_cargo()
    import maturin

    return maturin.build_sdist(sdist_directory, config_settings)
