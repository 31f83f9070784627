"""Whether two given names may be one person's: "Liz" and "Elizabeth", "Ted" and "Edward".

A family name after a given name the page lacks names someone else ("tomas quellby" is no
Ines Quellby), unless the given name is the page's own in another form. Short forms are
many and unlike their names ("Peggy", "Dick", "Ted"), so the pairs come from the maintained
``nicknames`` package, a hand-curated table of English given names and their nicknames; a
name opening as the page's does ("Dave" of David, "Alex" of Alexandra) counts too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from nicknames import NickNamer

#: Letters two forms of one given name share at the start ("dav" of Dave and David; not
#: "da" of Daniel and David).
SHARED_OPENING: Final = 3


def one_persons_names(given: str, own: str) -> bool:
    """``given`` may be ``own`` as written, shortened or as a nickname (both lowercase)."""
    if given.startswith(own) or own.startswith(given):
        return True  # "jo" of Joanna
    if given[:SHARED_OPENING] == own[:SHARED_OPENING]:
        return True
    namer = _namer()
    # one the other's nickname ("liz" of Elizabeth), or both of one name ("beth" of Liz)
    return bool((namer.canonicals_of(given) | {given}) & (namer.canonicals_of(own) | {own}))


@lru_cache(maxsize=1)
def _namer() -> NickNamer:
    from nicknames import NickNamer

    return NickNamer()
