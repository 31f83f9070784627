"""Letters of the Latin scripts, for regular expressions that read names.

``[A-Z]`` reads "Quach Van Loi" but not "Quách Văn Lợi", "Łukasz" or "Şükrü": a name's
capital or its lowercase letters may come from any Latin script (Latin-1 and Extended-A/B,
and the Extended Additional block Vietnamese writes in). The classes hold the ASCII ranges
and the upper-, title- and lowercase letters of those blocks; use them inside a character
class: ``[{UPPER}]``. They hold precomposed letters only: a letter typed as a base and a
combining mark ("S" and U+0327) is cut at the mark.
"""

from __future__ import annotations

from typing import Final

#: Latin-1 letters, Latin Extended-A and -B, and Latin Extended Additional.
_BLOCKS: Final = ((0xC0, 0x250), (0x1E00, 0x1F00))


def _cased(upper: bool) -> str:
    return "".join(
        char
        for start, end in _BLOCKS
        for char in map(chr, range(start, end))
        if (char.isupper() or char.istitle() if upper else char.islower())
    )


#: Capital letters, for a character class: ``[{UPPER}]``.
UPPER: Final = "A-Z" + _cased(upper=True)
#: Lowercase letters, for a character class: ``[{LOWER}]``.
LOWER: Final = "a-z" + _cased(upper=False)
#: Any letter of those scripts, either case.
LETTER: Final = UPPER + LOWER
