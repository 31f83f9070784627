"""Re-exports that load on first use (PEP 562), one implementation for every package.

A package's ``__init__`` names what it exports and where each name lives; importing the
package then costs nothing until a name is used, so a command's ``--help`` or a light
import path does not pull in the whole stack.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any


def lazy_exports(
    package: str,
    where: Mapping[str, str],
    namespace: MutableMapping[str, Any],
    exported: Sequence[str],
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name imported once, then cached.

    ``where`` maps an exported name to the module that defines it; ``namespace`` is the
    package's ``globals()``, where a loaded name is kept so later lookups skip the hook.
    """

    def load(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def names() -> list[str]:
        return sorted(set(namespace) | set(exported))

    return load, names
