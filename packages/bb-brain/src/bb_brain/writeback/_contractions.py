"""Contractions typed without their apostrophe: "im", "theyre", "wouldve", "isnt".

Chat drops the apostrophe. A word is such a contraction when putting it back makes one of
English's own, a pronoun or an auxiliary then "m", "re", "ve", "ll", "d", "s" or "nt", and
the word is none of the dictionary's ("well", "were", "cant" are words as often). The table
below is the source of :func:`with_apostrophe` and of :data:`TYPED_FAST`, the subject
pronouns' forms the clause rules share with the fragments beside it ("they", "they're",
"theyre"), so the two spellings read alike.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

#: What each ending is put back after: "i" + "m", "would" + "ve", "does" + "nt".
_BEFORE: Final = {
    "m": frozenset({"i"}),
    "re": frozenset({"you", "we", "they", "who", "what"}),
    "ve": frozenset("i you we they would should could might must who what".split()),
    "ll": frozenset("i you we they he she it that there who what how".split()),
    "d": frozenset("i you we they he she it that who what how".split()),
    "s": frozenset("he she that there what who where here how".split()),
    "nt": frozenset(
        "is was were are has had have do does did ca wo sha could would should must need might"
        " dare ought ai".split()
    ),
}
#: Pronouns a clause opens with, whose contractions the clause rules read as the pronoun.
_SUBJECTS: Final = frozenset("i you we they he she".split())


@lru_cache(maxsize=4096)
def with_apostrophe(word: str) -> str | None:
    """The contraction ``word`` is with its apostrophe put back ("wouldve": "would've"), or None.

    None for a word of the dictionary ("well", "shell", "cant"): it is that word as often.
    """
    from bb_brain.reflex._ordinary import sense  # the reflex's lexicon, loaded on first use

    folded = word.casefold()
    if sense(folded).known_word:
        return None
    for ending, before in _BEFORE.items():
        stem = folded.removesuffix(ending)
        if stem != folded and stem in before:
            return f"{stem}n't" if ending == "nt" else f"{stem}'{ending}"
    return None


def _typed_fast(stems: frozenset[str]) -> str:
    """Every contraction of ``stems`` with no apostrophe that is no word: "im", "weve"."""
    endings = tuple(ending for ending in _BEFORE if ending != "nt")
    forms = sorted(form for stem in stems for form in typed_fast_forms(stem, endings))
    return "(?:" + "|".join(forms) + ")"


def typed_fast_forms(stem: str, endings: tuple[str, ...]) -> frozenset[str]:
    """``stem``'s contractions with ``endings`` typed with no apostrophe, words left out."""
    from bb_brain.reflex._ordinary import sense

    return frozenset(
        stem + ending
        for ending in endings
        if stem in _BEFORE[ending] and not sense(stem + ending).known_word
    )


#: The subject pronouns' contractions with no apostrophe at all: "im", "shes", "weve".
TYPED_FAST: Final = _typed_fast(_SUBJECTS)
#: The user typed fast: "im", "ive" (not "ill" or "id", which are words as often).
I_AM: Final = r"i['’]?m"
I_HAVE: Final = r"i['’]?ve"
#: "he's" and "she's", "they're", "they've", "they'll" and "they'd" typed with no apostrophe.
HE_OR_SHE_TYPED_FAST: Final = typed_fast_forms("he", ("s",)) | typed_fast_forms("she", ("s",))
THEY_TYPED_FAST: Final = typed_fast_forms("they", ("re", "ve", "ll", "d"))
#: "they" and its contractions, apostrophe typed or not.
THEY: Final = r"they(?:['’]?(?:re|ve|ll|d))?"
#: "he" and "she" with their "'s", apostrophe typed or not.
HE_OR_SHE: Final = r"(?:he|she)(?:['’]?s)?"
