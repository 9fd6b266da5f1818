"""How pickles of Rules and Solution are made again (see their __reduce__)."""

from typing import Any, Optional, Sequence

from . import _native


def rules(kind: str, args: Sequence[Any], identity: Optional[str]) -> _native.Rules:
    """Rules from the arguments they were made from; refused when they are
    no longer the rules pickled (a rules file changed since)."""
    made = _native.Rules(*args) if kind == "args" else _native.Rules.from_file(*args)
    if identity is not None and made._identity != identity:
        raise _native.HogError(f"bad rules: {args[0]} has changed since these rules were pickled")
    return made


def solution(*state: Any) -> _native.Solution:
    """A Solution from its pickled arrays, without solving again."""
    return _native.Solution._restore(*state)
