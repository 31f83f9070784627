"""The pronoun a given name most often goes with, when nothing else says.

A "she" after "we've a locum, Margaret Quellby, covering Peter Tarrowby's leave" is
Margaret: a reader knows which of the two names is usually a woman's. The table is the
name data of the maintained ``nomquamgender`` package (given names with the share of their
bearers who are women, gathered from many sources); a name counts only when at least
:data:`MIN_SOURCES` sources list it, they count :data:`MIN_BEARERS` bearers ("Thames" has
seven), and at least :data:`CONFIDENT` of its bearers go by one pronoun ("Jordan" and
"Robin" go by none). It is the weakest evidence there is: a title ("Mrs"), what a page
says of the person and what the conversation has recorded of them come first
(:class:`bb_brain.writeback._attribute.Salience`), and a clause that names a person and a
"he" or "she" binds the two whatever the name says. Such a name before a name-like word
also says a new person is meant ("Folasade Quarrow has lent us ...",
:func:`bb_brain.writeback._people.new_people`).

Only the package's data file is read, found without importing the package (whose import
loads a dataframe library and its own model), and only the names many bear are kept, each
with its pronoun or with neither, in the lexicon's cache file with the other word tables
(:mod:`bb_brain._lexdata`).
"""

from __future__ import annotations

import re
from typing import Final

from bb_brain._installed import package_dir
from bb_brain._names import fold, strip_titles

#: The package whose data the table is derived from.
PACKAGE: Final = "nomquamgender"
#: Sources that must list a name before its pronoun is trusted.
MIN_SOURCES: Final = 10
#: The share of its bearers one pronoun must reach for a name to go with it.
CONFIDENT: Final = 0.9
_DATA: Final = "name_data.json"
#: Bearers the sources must count between them: "thames" (seven) is no given name.
MIN_BEARERS: Final = 100
#: One entry of the data: "name": [sources, bearers, share of women, ...].
_ENTRY: Final = re.compile(r'"([^"\\]+)": \[(\d+), (\d+), ([\d.e-]+)')
#: What the table holds for a name borne by both sexes.
_EITHER: Final = "?"
#: Titles that say the pronoun themselves.
TITLE_PRONOUNS: Final = {"mr": "he", "sir": "he", "mrs": "she", "ms": "she", "miss": "she"}
#: A given name is told only beside a family name.
_GIVEN_AND_FAMILY: Final = 2


def name_pronoun(title: str) -> str:
    """The pronoun ("he", "she") a person's title goes with by its given name, else ""."""
    from bb_brain.reflex._ordinary import given_name_pronoun

    written = title.casefold().split()
    if written and written[0].rstrip(".") in TITLE_PRONOUNS:
        return TITLE_PRONOUNS[written[0].rstrip(".")]  # "Mrs Alex Tarrow": the title says
    words = strip_titles(written)
    if len(words) < _GIVEN_AND_FAMILY:
        return ""  # one word may be a family name alone ("Quellby") or a nickname
    said = given_name_pronoun(words[0]) or given_name_pronoun(fold(words[0]))
    return "" if said == _EITHER else said


def a_given_name(word: str) -> bool:
    """Many people bear the word as their given name ("Tom", "Rory", "Nkechi"; not "Thames")."""
    from bb_brain.reflex._ordinary import given_name_pronoun

    return bool(given_name_pronoun(word.casefold()) or given_name_pronoun(fold(word)))


def derive() -> dict[str, str]:
    """The names many bear in the package's data, lowercase: "he", "she" or "?" for either.

    Raises:
        RuntimeError: The package is not installed.
    """
    where = package_dir(PACKAGE)
    if where is None:
        msg = f"the {PACKAGE} package is not installed: reinstall bb-brain's dependencies"
        raise RuntimeError(msg)
    table: dict[str, str] = {}
    for entry in _ENTRY.finditer((where / _DATA).read_text(encoding="utf-8")):
        if int(entry.group(2)) < MIN_SOURCES or int(entry.group(3)) < MIN_BEARERS:
            continue
        share = float(entry.group(4))
        if share >= CONFIDENT:
            table[entry.group(1)] = "she"
        elif share <= 1 - CONFIDENT:
            table[entry.group(1)] = "he"
        else:
            table[entry.group(1)] = _EITHER  # "Rory", "Jordan": a given name, of either
    return table
