"""Contractions typed without their apostrophe: "im", "theyre", "wouldve", "isnt".

Chat drops the apostrophe. A word is such a contraction when putting it back makes one of
English's own: a pronoun or an auxiliary, then "m", "re", "ve", "ll", "d", "s" or "nt"
(:func:`with_apostrophe`). The pronouns' forms are kept once here, as regular expression
fragments the clause rules share, so "they're" and "theyre" read alike everywhere.
"""

from __future__ import annotations

import re
from typing import Final

#: What each ending is put back after: "i" + "m", "would" + "ve", "does" + "nt".
_BEFORE: Final = {
    "m": frozenset({"i"}),
    "re": frozenset({"you", "we", "they", "who"}),
    "ve": frozenset({"i", "you", "we", "they", "would", "should", "could", "might", "must", "who"}),
    "ll": frozenset({"you", "we", "they", "he", "she", "that", "there", "who"}),
    "d": frozenset({"you", "they", "he", "who"}),
    "s": frozenset({"he", "she", "that", "there", "what", "who", "where", "here"}),
    "nt": frozenset(
        "is was were are has had have do does did ca wo could would should must need might"
        " ai".split()
    ),
}
#: The user typed fast: "im", "ive" (not "ill" or "id", which are words as often).
I_AM: Final = r"i['’]?m"
I_HAVE: Final = r"i['’]?ve"
#: "they" and its contractions, apostrophe typed or not.
THEY: Final = r"they(?:['’]?(?:re|ve|ll|d))?"
#: "he" and "she" with their "'s", apostrophe typed or not.
HE_OR_SHE: Final = r"(?:he|she)(?:['’]?s)?"
#: The subject pronouns' contractions with no apostrophe at all: "im", "shes", "theyll".
TYPED_FAST: Final = r"(?:im|ive|hes|shes|theyre|theyve|theyll|theyd)"


def with_apostrophe(word: str) -> str | None:
    """The contraction ``word`` is with its apostrophe put back ("wouldve": "would've"), or None."""
    folded = word.casefold()
    for ending, before in _BEFORE.items():
        stem = folded.removesuffix(ending)
        if stem != folded and stem in before:
            return f"{stem}n't" if ending == "nt" else f"{stem}'{ending}"
    return None


#: An auxiliary's negation, its apostrophe typed or not: "doesn't", "doesnt", "wont".
NEGATED: Final = re.compile(rf"(?:{'|'.join(sorted(_BEFORE['nt']))})n['’]?t", re.IGNORECASE)
