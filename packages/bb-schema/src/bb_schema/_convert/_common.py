"""What every converter shares: enum tables, validation and located error messages.

Decoding builds plain values and validates them through the pydantic model, so a wire
message is held to exactly the rules a JSON document is; any failure becomes a
:class:`ConversionError` naming the message path (``Fixture.turns[2].role``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from bb_schema._errors import ConversionError, SchemaRuntimeError

if TYPE_CHECKING:
    from google.protobuf.internal.enum_type_wrapper import _EnumTypeWrapper

M = TypeVar("M", bound=BaseModel)
V = TypeVar("V", bound=int)

_PEER = "the peer sent a message that breaks the brainbench.v1 contract"


def located(path: str, problem: str) -> ConversionError:
    """A conversion error at ``path`` saying what was wrong."""
    return ConversionError(f"{path}: {problem}; {_PEER}")


def missing(path: str, field: str) -> ConversionError:
    """The error for a required message field the peer left unset."""
    return located(f"{path}.{field}", "required field is not set")


def validated(model: type[M], data: Mapping[str, object], path: str) -> M:
    """Validate decoded values through ``model``; errors name the path of the first problem."""
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"]
        )
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        got = repr(first.get("input"))
        got = got if len(got) <= 80 else f"{got[:77]}..."
        raise located(f"{path}{where}", f"{first['msg']} (got {got}){more}") from exc


@contextmanager
def encoding(what: str) -> Iterator[None]:
    """Turn the protobuf runtime's assignment errors (e.g. int64 overflow) into ours."""
    try:
        yield
    except (ValueError, TypeError, OverflowError) as exc:
        raise ConversionError(
            f"cannot encode {what} as a brainbench.v1 message: {exc}; "
            "keep integers within 64 bits and text valid Unicode"
        ) from exc


class EnumMap(Generic[V]):
    """Maps a closed ``Literal`` vocabulary onto a proto enum, checked both ways at import.

    The proto name of ``"know-to-ask"`` under prefix ``SUITE_`` is ``SUITE_KNOW_TO_ASK``.
    With ``has_default`` the zero value (``*_UNSPECIFIED``) selects the model field's default;
    without, zero is a missing field.
    """

    def __init__(
        self,
        enum: _EnumTypeWrapper[V],
        prefix: str,
        literals: tuple[str, ...],
        *,
        has_default: bool = False,
    ) -> None:
        self._enum = enum
        self._name = enum.DESCRIPTOR.full_name
        self._to: dict[str, V] = {}
        self._from: dict[int, str] = {}
        for literal in literals:
            number = enum.Value(prefix + literal.upper().replace("-", "_"))
            self._to[literal] = number
            self._from[number] = literal
        wire = {number for number in enum.values() if number != 0}
        if wire != set(self._from):
            unmapped = sorted(enum.Name(number) for number in wire - set(self._from))
            raise SchemaRuntimeError(
                f"{self._name} values {unmapped!r} have no model spelling; "
                "add them to the Literal in bb_schema._names or bb_schema's models"
            )
        self._has_default = has_default

    def encode(self, literal: str) -> V:
        """The enum number of a model value (the model already validated it)."""
        return self._to[literal]

    def decode(self, number: int, path: str) -> str | None:
        """The model spelling of ``number``; None (zero, with a default) selects the default."""
        if number == 0 and self._has_default:
            return None
        if number in self._from:
            return self._from[number]
        choices = ", ".join(self._enum.Name(self._to[literal]) for literal in self._to)
        problem = "is unspecified" if number == 0 else f"value {number} is out of range"
        raise located(path, f"{self._name} {problem}; send one of {choices}")


def put_enum(
    data: dict[str, object], field: str, mapping: EnumMap[V], number: int, path: str
) -> None:
    """Store a decoded enum; the zero value leaves ``field`` out so the model default holds."""
    literal = mapping.decode(number, f"{path}.{field}")
    if literal is not None:
        data[field] = literal
