"""Someone or some outfit named by what they do: "the dues lady", "the kiln place".

People speak of those they deal with by their trade and a word for a person or for an
outfit, when the name escapes them or never mattered: "the dues lady", "that lathe
guy", "the gutter people", "the trevail lot", "the kite shop". A page files such keys under
the words that say what it does: a person's summary ("Harbour dues collector ..."), an
outfit's title and summary ("Trevail Gutters", "Kite shop on the front"). The turn's
phrase, a determiner, a word or two and the generic noun, looks them up. Every key says
only "a person" or "an outfit", so a word two pages share names neither (the alias index
stays silent on a key that two pages file).
"""

from __future__ import annotations

import re
from typing import Final

from bb_brain._names import fold

#: The arm of a key built from what a page does ("dues person").
DESCRIBED_ARM: Final = "described"
#: Nouns for a person one knows by their trade: "the dues lady", "that lathe guy".
PERSON_WORDS: Final = frozenset("lady woman guy man bloke fella chap girl lad gal".split())
#: Nouns for an outfit one knows by its trade: "the gutter people", "the kiln place".
OUTFIT_WORDS: Final = frozenset(
    "people lot place shop firm company crowd folk guys lads outfit".split()
)
PERSON: Final = "person"
OUTFIT: Final = "outfit"
#: Determiners the description follows: "the", "that", "those", "their".
DETERMINERS: Final = frozenset("the that this those these their our".split())
#: Words that say nothing of what anyone does.
_EMPTY: Final = frozenset(
    "user users client clients customer customers friend friends family local new old main "
    "small big good usual regular sole full part time".split()
)
_WORDS: Final = re.compile(r"[^\W\d_]+")
#: Where what a page says it does ends: a stop, a semicolon, a dash, a bracket or a comma.
_FIRST_STATEMENT: Final = re.compile(r"^[^.;,()\u2013\u2014]*?(?=\s+-\s|[.;,()\u2013\u2014]|$)")
#: Where a person's role ends inside its statement: whom, where or what for ("Cleaner for
#: Ana Brisley", "Nurse at Treliske", "officer who does boardings").
_ROLE_ENDS: Final = re.compile(
    r"\s+(?:at|for|in|on|of|with|from|by|to|near|who|that|which|whose|and)\b.*$", re.IGNORECASE
)


def key(words: list[str], generic: str) -> str:
    """The key of "<words> <generic>" ("dues", "lady" -> "dues person")."""
    kind = PERSON if generic in PERSON_WORDS else OUTFIT
    return f"{' '.join(words)} {kind}"


def described_keys(
    title: str, summary: str | None, *, person: bool, outfit: bool, kind: str = ""
) -> list[str]:
    """The keys a page files what it does under (see module docs).

    A person's: their role, the words of the summary's first statement up to whom, where or
    what for ("Harbour dues collector" of "Harbour dues collector for the quay"). An
    outfit's: the whole first statement, and its title's words. A summary's capitalised
    words are left out (a name or a place is no trade). Each word alone, and each two side
    by side ("harbour dues", "gutter cleaning"); a plural also singular ("gutters":
    "gutter"). Only nouns and words no dictionary has: no adjective ("Best", "Whole") and no
    verb ("Makes"). Not the outfit's ``kind``, the noun it is known by alone ("the bakery"
    of Quenwick Bakery): "the bakery shop" is some other one.
    """
    if not (person or outfit):
        return []
    said = _FIRST_STATEMENT.match(summary or "")
    statement = said.group(0) if said else ""
    if person:
        statement = _ROLE_ENDS.sub("", statement)
    texts = [(statement, True)]  # a summary's capitalised words are names and places
    if outfit:
        texts.append((title, False))
    said_as = PERSON if person else OUTFIT
    keys: list[str] = []
    for text, summarised in texts:
        found = list(_WORDS.finditer(text))
        words = [fold(match.group(0)).casefold() for match in found]
        usable = [
            word != kind
            and _usable(word, titled=not summarised, head=index == len(words) - 1)
            and not (summarised and index and found[index].group(0)[:1].isupper())
            for index, word in enumerate(words)
        ]
        for index, word in enumerate(words):
            if not usable[index]:
                continue
            keys += [f"{form} {said_as}" for form in _forms(word)]
            if index + 1 < len(words) and usable[index + 1]:
                keys.append(f"{word} {words[index + 1]} {said_as}")
    return list(dict.fromkeys(keys))


def _usable(word: str, *, titled: bool = False, head: bool = False) -> bool:
    """A word that may say what someone does: a noun or a word no dictionary has.

    Not a verb's form ("makes", "runs", "checks": what they do there, not what they are),
    except a title's plural noun ("Trevail Gutters"), nor an adjective in common use ("best",
    "whole", "first") unless it heads its phrase ("Cleaner").
    """
    from bb_brain.reflex._ordinary import inflections, sense  # the reflex imports this module

    if len(word) < _MIN_CHARS or word in _EMPTY or word in PERSON_WORDS or word in OUTFIT_WORDS:
        return False  # "Kite shop": "the shop people" is any shop's
    meaning = sense(word)
    if meaning.function or meaning.calendar:
        return False
    if meaning.adjective and not head and meaning.zipf >= _DESCRIBING_ZIPF:
        return False  # "Best Western", "Green Cabs": a describing word in common use
    forms = inflections(word)
    if forms & _VERB_FORMS and not (titled and meaning.plural_noun):
        return False
    if "VBG" in forms and not meaning.noun:
        return False
    return meaning.noun or not meaning.lexical


#: An adjective this frequent describes anything ("best", "whole", "first", "green"); a
#: rarer one names a trade ("damp", "bridal", "marine").
_DESCRIBING_ZIPF: Final = 5.0
#: A verb's forms: what its page does, not what it is ("wedding" is a noun too).
_VERB_FORMS: Final = frozenset({"VBZ", "VBD"})


def _forms(word: str) -> list[str]:
    """The word, and its singular when it is a plural noun ("gutters", "gutter")."""
    from bb_brain.reflex._ordinary import sense

    meaning = sense(word)
    if not meaning.plural_noun:
        return [word]
    return [word, *sorted(lemma for lemma in meaning.noun_lemmas if lemma.isalpha())]


#: The fewest letters of a word that says what someone does ("vet", "gas").
_MIN_CHARS: Final = 3
