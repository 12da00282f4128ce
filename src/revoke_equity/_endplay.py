"""endplay's DDS binding and types without its plotting.

``import endplay._dds`` (or any ``endplay.x``) first runs endplay's package ``__init__``, which
imports every subpackage, among them ``endplay.dealer``, whose HTML actions import
``matplotlib.pyplot``: about a second of a cold start, for nothing a ruling uses. :func:`load`
registers the ``endplay`` package without running that ``__init__``, so that the submodules the
project needs (``endplay._dds``, ``endplay.types``) load alone. The names the ``__init__`` would
have defined (``endplay.Deal``, ``endplay.generate_deal``...) still work: the first one asked for
runs the real ``__init__`` then (plots included), so code that wants the whole of endplay gets it.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

__all__ = ["load"]


def load() -> None:
    """Make ``import endplay.<submodule>`` load that submodule only (no-op once endplay is
    imported, in full or this way)."""
    if "endplay" in sys.modules:
        return
    spec = importlib.util.find_spec("endplay")
    if spec is None or spec.loader is None:  # not installed: let the import report it
        return
    package = importlib.util.module_from_spec(spec)

    def full(name: str) -> object:
        """A name of endplay's ``__init__``: run the real one now, once."""
        del package.__dict__["__getattr__"]
        assert spec.loader is not None
        spec.loader.exec_module(package)
        return _attribute(package, name)

    package.__dict__["__getattr__"] = full
    sys.modules["endplay"] = package


def _attribute(package: ModuleType, name: str) -> object:
    try:
        return package.__dict__[name]
    except KeyError:
        raise AttributeError(f"module 'endplay' has no attribute {name!r}") from None
