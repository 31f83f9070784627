"""Candidate entity mentions in a piece of conversation text (deterministic, no model).

Four channels produce candidates, each restricted to the alias arms its evidence supports:

* capitalised runs ("Alice Example", "Bank of America"): the whole run, and multi-word
  sub-spans of it, may match an alias, title or slug suffix; a standalone capitalised word may
  also match a surname. A single word inside a longer run never resolves alone ("Example" in
  "Acme Example" names Acme's page, not the Example family's). A sentence-initial common word
  is trimmed off the run ("Thanks Alice" -> "Alice"), but the untrimmed run still matches an
  exact multi-word title or alias ("Monday Review").
* @handles: alias, title or slug suffix, whatever the word.
* lowercase words: an exact alias match for a single uncommon word ("alice"), an exact alias
  or title match for a multi-word phrase with at least one uncommon word ("widget co").
  Lowercase evidence is weaker, so its confidence carries a small penalty, and a single
  lowercase word used the way an ordinary noun or verb is used is no mention at all: after a
  determiner with nothing name-like following ("the lantern in the lobby", "my compass on"),
  or after a modal, "to" or "let's" with a determiner following ("should pilot the form").
  Names take neither construction ("the alice in", "to alice the"), while a lowercase
  nickname used as a modifier ("the acme deal") keeps its reading.
* slug-like tokens ("widget-co", "people/alice-example"): the last segment with dashes as
  spaces, against the slug-suffix, title and alias arms.

Possessives are stripped ("Alice's" -> "Alice") and end a run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bb_brain.pages import normalise, slug_suffix_form
from bb_brain.reflex._lexicon import (
    CONNECTORS,
    DETERMINERS,
    NEVER_ALONE,
    VERB_MARKERS,
    is_common,
)

ALL_ARMS: Final = frozenset({"alias", "title", "slug-suffix", "surname"})
NAME_ARMS: Final = frozenset({"alias", "title", "slug-suffix"})
EXACT_ARMS: Final = frozenset({"alias", "title"})
ALIAS_ONLY: Final = frozenset({"alias"})
LOWERCASE_PENALTY: Final = 0.05
MAX_SPAN_TOKENS: Final = 6
MAX_LOWER_TOKENS: Final = 4
#: Distinct texts kept: a few sessions' worth of turns (each is window input of the next ones).
EXTRACT_CACHE_SIZE: Final = 4096
#: Longer texts (a pasted document) are extracted without being kept in the cache.
EXTRACT_CACHE_MAX_CHARS: Final = 4096

_TOKEN = re.compile(r"@?[^\W_](?:[\w'’&./-]*[^\W_])?")
_SENTENCE_BREAK = re.compile(r"[.!?:;\n\"“”(\[{•]|(?:^|\s)[-*>](?=\s)")
_POSSESSIVE = re.compile(r"['’]s$", re.I)


@dataclass(frozen=True)
class Candidate:
    """A possible mention: a normalised lookup key, where it is, and which arms may match it."""

    norm: str
    start: int
    end: int
    tokens: int
    arms: frozenset[str]
    penalty: float = 0.0
    text_index: int = 0


@dataclass(frozen=True)
class _Token:
    raw: str
    norm: str
    start: int
    end: int
    sentence_start: bool
    #: Only whitespace separates this token from the previous one (same chunk).
    glued: bool
    possessive: bool

    @property
    def handle(self) -> bool:
        return self.raw.startswith("@")

    @property
    def capitalised(self) -> bool:
        return not self.handle and self.raw[:1].isupper()

    @property
    def slug_like(self) -> bool:
        return any(mark in self.raw for mark in "-/_")


def extract(text: str, text_index: int = 0) -> list[Candidate]:
    """Every candidate mention in ``text``, in no particular order (resolution ranks them).

    Memoised for turn-sized texts: a turn is extracted again as window input of each of the
    next turns, and extraction is a pure function of the text (candidates are immutable).
    """
    if len(text) > EXTRACT_CACHE_MAX_CHARS:
        return _extract(text, text_index)
    found = _extract_cached(text)
    if text_index == 0:
        return list(found)
    # The index only labels the candidates (a window turn moves one place per turn), so the
    # text is extracted once and its candidates are relabelled.
    return [
        Candidate(c.norm, c.start, c.end, c.tokens, c.arms, c.penalty, text_index) for c in found
    ]


@lru_cache(maxsize=EXTRACT_CACHE_SIZE)
def _extract_cached(text: str) -> tuple[Candidate, ...]:
    return tuple(_extract(text, 0))


def _extract(text: str, text_index: int) -> list[Candidate]:
    found: list[Candidate] = []
    tokens = _tokens(text)
    ordinary = _ordinary_uses(tokens)
    for chunk in _chunks(tokens):
        found += _capitalised(chunk, text_index)
        found += _lowercase(chunk, text_index, ordinary)
        for tok in chunk:
            if tok.handle:
                found.append(_cand(tok.norm, [tok], NAME_ARMS, text_index))
            if tok.slug_like:
                found.append(
                    _cand(slug_suffix_form(tok.raw.lstrip("@")), [tok], NAME_ARMS, text_index)
                )
    return [cand for cand in found if cand.norm]


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    previous_end = 0
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        possessive = bool(_POSSESSIVE.search(raw)) and len(raw) > 2
        if possessive:
            raw = raw[:-2]
        gap = text[previous_end : match.start()]
        starts = not tokens or bool(_SENTENCE_BREAK.search(gap))
        glued = bool(tokens) and not gap.strip()
        start = match.start()
        norm = normalise(raw.lstrip("@"))
        tokens.append(_Token(raw, norm, start, start + len(raw), starts, glued, possessive))
        previous_end = match.end()
    return tokens


def _chunks(tokens: list[_Token]) -> list[list[_Token]]:
    """Split where anything but whitespace separates two tokens, and after a possessive."""
    chunks: list[list[_Token]] = []
    current: list[_Token] = []
    for tok in tokens:
        if current and (not tok.glued or current[-1].possessive):
            chunks.append(current)
            current = []
        current.append(tok)
    if current:
        chunks.append(current)
    return chunks


def _cand(
    norm: str, toks: list[_Token], arms: frozenset[str], index: int, penalty: float = 0.0
) -> Candidate:
    return Candidate(norm, toks[0].start, toks[-1].end, len(toks), arms, penalty, index)


def _capitalised(chunk: list[_Token], index: int) -> list[Candidate]:
    found: list[Candidate] = []
    for run in _runs(chunk):
        if len(run) >= 2:
            found.append(_cand(_join(run), run, NAME_ARMS, index))
        trimmed = run[1:] if run[0].sentence_start and is_common(run[0].norm) else run
        while trimmed and trimmed[-1].norm in CONNECTORS:
            trimmed = trimmed[:-1]
        if not trimmed:
            continue
        if len(trimmed) == 1:
            found += _standalone(trimmed[0], index)
            continue
        if trimmed is not run:
            found.append(_cand(_join(trimmed), trimmed, NAME_ARMS, index))
        for size in range(min(len(trimmed) - 1, MAX_SPAN_TOKENS), 1, -1):
            for offset in range(len(trimmed) - size + 1):
                span = trimmed[offset : offset + size]
                if span[0].norm in CONNECTORS or span[-1].norm in CONNECTORS:
                    continue
                found.append(_cand(_join(span), span, NAME_ARMS, index))
    return found


def _standalone(tok: _Token, index: int) -> list[Candidate]:
    """A capitalised word on its own: a name unless it is an ordinary word in disguise."""
    if tok.norm in NEVER_ALONE:
        return []
    if tok.sentence_start and is_common(tok.norm):
        return []
    return [_cand(tok.norm, [tok], ALL_ARMS, index)]


def _runs(chunk: list[_Token]) -> list[list[_Token]]:
    """Maximal capitalised runs, allowing lowercase connectors between capitalised words."""
    runs: list[list[_Token]] = []
    current: list[_Token] = []
    for tok in chunk:
        if tok.capitalised:
            current.append(tok)
        elif current and tok.norm in CONNECTORS:
            current.append(tok)
        else:
            if current:
                runs.append(current)
            current = []
    if current:
        runs.append(current)
    cleaned = []
    for run in runs:
        while run and run[-1].norm in CONNECTORS:
            run = run[:-1]
        if run:
            cleaned.append(run)
    return cleaned


def _word(tok: _Token) -> str:
    """The token as a context word: possessive ``'s`` restored ("let's")."""
    return tok.norm + "'s" if tok.possessive else tok.norm


def _ordinary_uses(tokens: list[_Token]) -> frozenset[int]:
    """Start offsets of lowercase words standing in an ordinary noun or verb construction."""
    starts: set[int] = set()
    for i, tok in enumerate(tokens):
        if tok.capitalised or tok.handle or i == 0:
            continue
        before = _word(tokens[i - 1])
        after = _word(tokens[i + 1]) if i + 1 < len(tokens) else ""
        ends_phrase = not after or is_common(after)
        if before in DETERMINERS and ends_phrase and not tok.possessive:
            starts.add(tok.start)
        elif before in VERB_MARKERS and after in DETERMINERS:
            starts.add(tok.start)
    return frozenset(starts)


def _lowercase(chunk: list[_Token], index: int, ordinary: frozenset[int]) -> list[Candidate]:
    found: list[Candidate] = []
    stretch: list[_Token] = []
    for tok in [*chunk, None]:
        if tok is not None and not tok.capitalised and not tok.handle:
            stretch.append(tok)
            continue
        for size in range(1, min(len(stretch), MAX_LOWER_TOKENS) + 1):
            for offset in range(len(stretch) - size + 1):
                span = stretch[offset : offset + size]
                # An ordinary word at either end adds nothing a shorter span lacks.
                if not (_uncommon(span[0]) and _uncommon(span[-1])):
                    continue
                if size == 1 and span[0].start in ordinary:
                    continue
                arms = ALIAS_ONLY if size == 1 else EXACT_ARMS
                found.append(_cand(_join(span), span, arms, index, LOWERCASE_PENALTY))
        stretch = []
    return found


def _uncommon(tok: _Token) -> bool:
    return not is_common(tok.norm) and not tok.norm.isdigit()


def _join(tokens: list[_Token]) -> str:
    return normalise(" ".join(tok.raw for tok in tokens))
