"""Who a person is to the user: "my sister", "our accountant", "my line manager".

People refer to those close to them by relation more often than by name. A person's page
usually says the relation in its own words ("The user's younger sister", "Our accountant;
handles the returns", "the user's line manager"); this module reads it from the page's
summary and opening, and reads the same phrase from a turn ("my sister is visiting"), so both
meet on one key in the alias index (arm ``relation``): ``my sister``.

Only relations a person usually has one of count (a sister, a landlord, an accountant, a
manager); a friend, a colleague or a client is one of many, and "my friend" would point at
whichever friend happens to have a page. A word that changes who is meant stays in the key
("my former manager" is not "my manager"); other words before the noun do not ("my younger
sister", "my personal accountant" are "my sister", "my accountant"). Two pages with one
relation (two sisters) make the key ambiguous, and an ambiguous key stays silent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

#: The relation arm of the alias index.
RELATION_ARM: Final = "relation"

#: Nouns for someone a person usually has one of, and the key each is filed under.
_SYNONYMS: Final = {
    "mom": "mother",
    "mum": "mother",
    "mommy": "mother",
    "mummy": "mother",
    "mam": "mother",
    "dad": "father",
    "daddy": "father",
    "pa": "father",
    "grandma": "grandmother",
    "granny": "grandmother",
    "nan": "grandmother",
    "nana": "grandmother",
    "grandpa": "grandfather",
    "grandad": "grandfather",
    "granddad": "grandfather",
    "hubby": "husband",
    "fiancée": "fiance",
    "fiancee": "fiance",
    "landlady": "landlord",
    "boss": "manager",
    "gp": "doctor",
    "physio": "physiotherapist",
    "neighbor": "neighbour",
    "solicitor": "lawyer",
    "attorney": "lawyer",
    "co-founder": "cofounder",
    "flatmate": "roommate",
    "housemate": "roommate",
}
RELATION_NOUNS: Final = frozenset(
    {
        *_SYNONYMS,
        *_SYNONYMS.values(),
        *"""
        sister brother mother father wife husband spouse partner boyfriend girlfriend fiance
        son daughter stepmother stepfather stepson stepdaughter stepsister stepbrother
        grandmother grandfather aunt uncle niece nephew godmother godfather
        mother-in-law father-in-law sister-in-law brother-in-law
        landlord nanny babysitter childminder cleaner
        accountant lawyer doctor dentist therapist physiotherapist psychiatrist vet tutor
        mechanic trainer coach hairdresser barber optician
        manager supervisor mentor cofounder assistant
        """.split(),
    }
)
#: Relations that say whether the person is a "he" or a "she".
_PRONOUNS: Final = {
    **dict.fromkeys(
        "mother sister wife daughter aunt niece grandmother stepmother stepsister "
        "stepdaughter girlfriend godmother mother-in-law sister-in-law landlady".split(),
        "she",
    ),
    **dict.fromkeys(
        "father brother husband son uncle nephew grandfather stepfather stepbrother "
        "stepson boyfriend godfather father-in-law brother-in-law".split(),
        "he",
    ),
}
#: Family words used as a name, for the speaker's own ("mum rang", "dad's birthday").
KIN_NAMES: Final = frozenset(
    "mum mom mam mommy mummy dad daddy grandma granny nan nana grandpa grandad granddad".split()
)
#: Words before the noun that change who is meant: kept in the key.
_QUALIFIERS: Final = {
    "former": "former",
    "old": "former",
    "ex": "former",
    "previous": "former",
    "late": "late",
    "new": "new",
    "future": "future",
}
#: Words that may stand between the possessor and the noun ("my younger sister").
MAX_MODIFIERS: Final = 2

#: "the user's younger sister", "our accountant", "my line manager".
_POSSESSOR = re.compile(r"\b(?:the\s+user['’]s|user['’]s|our|my)\s+", re.IGNORECASE)
#: "sister of the user", "accountant to the user".
_OF_THE_USER = re.compile(r"\b([^\W\d_][\w-]*)\s+(?:of|to|for)\s+the\s+user\b", re.IGNORECASE)
_POSSESSIVE_END = re.compile(r"['’]s?$")
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
_PREPOSITIONS: Final = frozenset(
    "of to for with from at by about on in into under beside behind near like than".split()
)
#: Characters of a page read for its relation: the summary and the body's opening.
OPENING_CHARS: Final = 400


def relation_in(words: Sequence[str], *, possessive: bool = False) -> tuple[str, int] | None:
    """The key of the relation the words after "my" name, and how many words it took.

    The noun is one of the next ``MAX_MODIFIERS + 1`` words; a possessive before it means
    somebody else's relation ("my daughter's teacher" is nobody's "my teacher"). With
    ``possessive`` the noun itself may be one ("my sister's kids" names the sister).
    """
    for index, word in enumerate(words[: MAX_MODIFIERS + 1]):
        bare = _POSSESSIVE_END.sub("", word)
        if bare != word and not possessive:
            return None
        key = relation_key(words[:index], bare)
        if key is not None:
            return key, index + 1
        if bare != word:
            return None
    return None


def relation_key(modifiers: Sequence[str], noun: str) -> str | None:
    """The index key for ``my <modifiers> <noun>``, or None when ``noun`` is no relation."""
    noun = noun.casefold()
    if noun not in RELATION_NOUNS:
        return None
    canonical = _SYNONYMS.get(noun, noun)
    qualifiers = [
        _QUALIFIERS[word.casefold()] for word in modifiers if word.casefold() in _QUALIFIERS
    ]
    return " ".join(["my", *dict.fromkeys(qualifiers), canonical])


def _after_preposition(text: str, start: int) -> bool:
    """After a preposition ("teacher of the user's daughter") the relation is another's."""
    before = _WORDS.findall(text[max(start - 20, 0) : start])
    return bool(before) and before[-1].casefold() in _PREPOSITIONS


def _of_another(text: str, start: int, own: set[str]) -> bool:
    """The phrase stands in apposition to a name that is not the page's own."""
    before = text[max(start - 40, 0) : start].rstrip()
    if not before.endswith(","):
        return False
    name: list[str] = []
    for word in reversed(_WORDS.findall(before)):
        if not word[:1].isupper():
            break
        name.append(word.casefold())
    return bool(name) and not set(name) <= own


def page_relations(summary: str | None, body: str, title: str = "") -> list[str]:
    """The relation keys a person's page states ("The user's sister." -> ``my sister``).

    A relation in apposition to another name is that person's ("married to Ana Ruiz, the
    user's sister"); in apposition to the page's own name it is the page's.
    """
    own = {word.casefold() for word in _WORDS.findall(title)}
    keys: list[str] = []
    for text in (summary or "", body[:OPENING_CHARS]):
        for possessor in _POSSESSOR.finditer(text):
            start = possessor.start()
            if _after_preposition(text, start) or _of_another(text, start, own):
                continue
            hit = relation_in(_WORDS.findall(text[possessor.end() : possessor.end() + 80]))
            if hit is not None and hit[0] not in keys:
                keys.append(hit[0])
        for relation in _OF_THE_USER.finditer(text):
            key = relation_key([], relation.group(1))
            if key is not None and key not in keys:
                keys.append(key)
    return keys


def relation_pronoun(keys: Sequence[str]) -> str:
    """The pronoun a relation implies: "she" for a sister, "he" for a brother, else ""."""
    found = {_PRONOUNS.get(key.rsplit(" ", 1)[-1], "") for key in keys} - {""}
    return found.pop() if len(found) == 1 else ""
