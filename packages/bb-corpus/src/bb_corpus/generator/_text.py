"""Turn text built from templates whose every name-like word carries its intent.

A template (``"What did {e} say about {topic}?"``) is filled with pieces: plain text, or a
:class:`Name` that says what the word is there for (a mention of a page, a pronoun for one, a
name two pages share, an ordinary word that is also a name, somebody the brain does not know).
Styles (lowercase typing, typos, wrappers) rewrite the pieces, never their roles, and
:func:`line` turns the result into a :class:`~bb_corpus.generator._model.Line` whose gold
follows from the roles alone: the same draw writes the text and decides what it means.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from bb_corpus.generator._cast import norm, words
from bb_corpus.generator._model import FactSpec, Line, Span
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity

Role = Literal["mention", "secondary", "pronoun", "ambiguous", "use", "stranger"]
_FORMATTER: Final = string.Formatter()


@dataclass(frozen=True)
class Name:
    """A name-like word or phrase in a turn and why it is there."""

    text: str
    role: Role
    entities: tuple[Entity, ...] = ()
    form: str = ""


Piece = str | Name


@dataclass(frozen=True)
class Utterance:
    """Pieces of a turn plus the templates they came from (outermost first)."""

    pieces: tuple[Piece, ...]
    templates: tuple[str, ...] = ()


Slot = str | Name | Utterance


def _lower_first(pieces: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """Lowercase the first letter when the utterance continues a sentence (``{core_lc}``)."""
    if not pieces:
        return pieces
    first = pieces[0]
    if isinstance(first, str):
        return (first[:1].lower() + first[1:], *pieces[1:])
    if first.role == "pronoun":
        return (replace(first, text=first.text[:1].lower() + first.text[1:]), *pieces[1:])
    return pieces


def fill(template: str, slots: Mapping[str, Slot]) -> Utterance:
    """Fill ``template``'s ``{fields}`` from ``slots``; ``{x_lc}`` lowercases a nested start.

    Raises:
        KeyError: A field has no slot (a bug in the calling builder).
    """
    pieces: list[Piece] = []
    templates = [template]
    for literal, field_name, _, _ in _FORMATTER.parse(template):
        if literal:
            pieces.append(literal)
        if field_name is None:
            continue
        key = field_name[:-3] if field_name.endswith("_lc") else field_name
        value = slots[key]
        if isinstance(value, Utterance):
            nested = value.pieces
            pieces.extend(_lower_first(nested) if key != field_name else nested)
            templates.extend(value.templates)
        else:
            pieces.append(value)
    return Utterance(tuple(pieces), tuple(templates))


def literal_words(template: str) -> list[str]:
    """The words a template writes itself (outside its fields), in comparison form."""
    return [w for literal, _, _, _ in _FORMATTER.parse(template) for w in words(literal)]


def join(items: Sequence[Name], *, style: str = "and") -> Utterance:
    """Names as a list.

    ``a, b and c`` (``and``), ``a, b, c`` (``comma``), ``a / b / c`` (``slash``) or a
    bulleted block (``bullets``).
    """
    pieces: list[Piece] = []
    for index, item in enumerate(items):
        if style == "bullets":
            pieces.append("- " if index == 0 else "\n- ")
        elif index and style == "slash":
            pieces.append(" / ")
        elif index and (style == "comma" or index < len(items) - 1):
            pieces.append(", ")
        elif index:
            pieces.append(" and ")
        pieces.append(item)
    return Utterance(tuple(pieces))


def lowercase(utterance: Utterance) -> Utterance:
    """Everything typed in lowercase, names included, and no final full stop."""
    pieces: list[Piece] = []
    for piece in utterance.pieces:
        if isinstance(piece, str):
            pieces.append(piece.lower())
        else:
            pieces.append(replace(piece, text=piece.text.lower()))
    if pieces and isinstance(pieces[-1], str) and pieces[-1].endswith("."):
        pieces[-1] = pieces[-1][:-1]
    return replace(utterance, pieces=tuple(pieces))


#: Misspellings people actually type, tried before a random slip.
_COMMON_SLIPS: Final[dict[str, str]] = {
    "tomorrow": "tommorow", "definitely": "definately", "receive": "recieve",
    "separate": "seperate", "schedule": "shedule", "meeting": "meetign", "about": "abotu",
    "the": "teh", "with": "wiht", "because": "becuase", "calendar": "calender",
    "which": "wich", "really": "realy", "until": "untill", "remember": "remeber",
    "again": "agian", "probably": "probly", "thanks": "thx", "please": "pls",
    "should": "shoudl", "know": "konw", "anything": "anythign", "before": "befroe",
}  # fmt: skip


def _slip(rng: Prng, word: str) -> str:
    lowered = word.lower()
    if lowered in _COMMON_SLIPS:
        slip = _COMMON_SLIPS[lowered]
        return slip.capitalize() if word[:1].isupper() else slip
    i = rng.between(1, len(word) - 2)
    if rng.chance(1, 2):
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return word[:i] + word[i + 1 :]


def typos(rng: Prng, utterance: Utterance, forbidden: frozenset[str], count: int) -> Utterance:
    """Up to ``count`` slips in the template's own words.

    Never in a name, and never a slip that turns into a name of the fixture.
    """
    pieces = list(utterance.pieces)
    spots = [
        (index, start)
        for index, piece in enumerate(pieces)
        if isinstance(piece, str)
        for start in _word_starts(piece)
    ]
    # Right to left, so a slip never shifts a spot still to come.
    for index, start in sorted(rng.sample(spots, min(count, len(spots))), reverse=True):
        text = pieces[index]
        if not isinstance(text, str):  # pragma: no cover - spots only index text pieces
            continue
        end = start
        while end < len(text) and text[end].isalpha():
            end += 1
        word = text[start:end]
        slipped = _slip(rng, word)
        if norm(slipped) in forbidden:
            continue
        pieces[index] = text[:start] + slipped + text[end:]
    return replace(utterance, pieces=tuple(pieces))


def _word_starts(text: str) -> list[int]:
    """Starts of plain ASCII words of four letters or more (the ones worth a slip)."""
    out = []
    index = 0
    while index < len(text):
        if text[index].isalpha() and (index == 0 or not text[index - 1].isalnum()):
            end = index
            while end < len(text) and text[end].isalpha():
                end += 1
            word = text[index:end]
            after = text[end : end + 1]
            if len(word) >= 4 and word.isascii() and after not in ("'", "-"):
                out.append(index)
            index = end
        else:
            index += 1
    return out


def render(utterance: Utterance) -> tuple[str, tuple[Span, ...]]:
    """The turn text and the span of every :class:`Name` in it."""
    text = ""
    spans: list[Span] = []
    for piece in utterance.pieces:
        if isinstance(piece, str):
            text += piece
            continue
        slugs = tuple(e.slug for e in piece.entities)
        spans.append(Span(len(text), len(text) + len(piece.text), piece.role, slugs, piece.form))
        text += piece.text
    return text, tuple(spans)


def _entities(utterance: Utterance, *roles: Role) -> tuple[Entity, ...]:
    out: list[Entity] = []
    for piece in utterance.pieces:
        if isinstance(piece, Name) and piece.role in roles:
            out.extend(e for e in piece.entities if e not in out)
    return tuple(out)


def line(
    utterance: Utterance, facts: tuple[FactSpec, ...] = (), retracted: tuple[str, ...] = ()
) -> Line:
    """The :class:`Line` of an utterance: what it names, refers to and where, from roles."""
    text, spans = render(utterance)
    return Line(
        text,
        named=_entities(utterance, "mention"),
        secondary=_entities(utterance, "secondary"),
        facts=facts,
        referred=_entities(utterance, "pronoun", "ambiguous"),
        templates=utterance.templates,
        spans=spans,
        retracted=retracted,
    )


def then(first: Utterance, second: Utterance) -> Utterance:
    """Two utterances one after the other, as one turn."""
    return Utterance(first.pieces + second.pieces, first.templates + second.templates)


def plain(template: str) -> Utterance:
    """A template without fields, as an utterance."""
    return Utterance((template,), (template,))
