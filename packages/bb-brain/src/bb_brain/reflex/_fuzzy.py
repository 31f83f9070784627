"""Bounded fuzzy matching of a misspelt name against the source's name forms.

A mention that found no exact hit may be a typo ("Okafro" for "Okafor"); a missing accent
needs no fuzziness at all, since both sides are folded (:func:`bb_brain._names.fold`). Fuzzy
matching fires only when everything below holds, so it cannot turn an ordinary word into a
name:

* the mention is capitalised, at least five characters long, and no English word at all
  (the extractor marks such candidates ``fuzzy``);
* the surface it is compared with has as many words, is not an ordinary word itself, and
  comes from an arm the mention's position allows;
* the two differ by exactly one edit (optimal string alignment distance, computed by
  ``rapidfuzz``), and that edit is one a typist makes (:func:`typo_kind`): two neighbouring
  letters swapped, a letter doubled or a double undone, a key next to the intended one (QWERTY)
  hit instead or as well, a letter left out of a word of six or more, a special Latin letter
  typed as its plain look-alike ("Sorensen" for "Sørensen"), one vowel written for another (the
  commonest spelling slip in a name heard rather than read: "Volkava", "Adeboyo"), a silent "e"
  added to a word's end ("Tallisbrooke"), or after the first letter a consonant for one that
  sounds the same ("Radec" for "Radek") or "ck" for its "k" ("Dravick" for "Dravik"), a
  vowel said between two consonants of a name of six letters or more ("Zbiginiew" for
  "Zbigniew"), or a final "-i" for "-y" or the reverse
  ("Cathi" for "Cathy"; inside a name the letter makes another one, "Silvia"). Any other
  edit makes another name ("Verankia" is not a typo of "Veranka"): a near miss stays silent;
* a name of :data:`TWO_SLIP_MIN_CHARS` letters or more may carry two such slips, one after the
  other ("Pzremyslw" for "Przemysław": two letters swapped and one left out, the "ł" typed
  plain), when no surface is one slip away and the typed name is not the surface's own
  beginning or end ("Weinberg" is a name of its own, not Weinberger cut short);
* a full name may have its given name as written and its family name as it sounds
  ("Ysolde Carradeen" of Ysolde Carradine), when no surface is a slip away: the family name
  keeps its first letter and its length within two, is one edit off (two in a name of
  :data:`TWO_SLIP_MIN_CHARS` letters or more) and is no word or name of its own;
* a one-word name may be spelt as it sounds ("Rashyda" of Rasheeda, "Marret" of Maaret), when
  no surface is a slip away: the spelling is no word, nor a given name many bear (the
  given-name table's: "Galen" is not Galina, nor "Mihran" Miron), in Latin letters, keeps
  the first letter, is at most two edits off and not the name cut short, and sounds the same
  by Metaphone or NYSIIS (``jellyfish``), the keys that hear "i" and "ee", or "aa" and "rr",
  alike;
* every surface within that distance belongs to one page.

Candidate surfaces come from the index by a blocking key (the first or last three
characters, see ``migrations/012_fuzzy.sql``), so the comparison is bounded by the rows
sharing a key, never by the size of the brain.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bb_brain._names import SPECIAL_FOR_PLAIN, keyboard_spelling
from bb_brain.pages import ARMS, NOT_FUZZY_ARMS
from bb_brain.reflex._ordinary import given_name_pronoun, is_ordinary, sense, zipf

#: Surfaces shorter than this get no blocking key (a typo in a short word is another word).
MIN_CHARS: Final = 5
#: A left-out letter is a typo only in a surface this long (shorter, it is another name).
OMISSION_MIN_CHARS: Final = 6
#: A name typed with two slips is still that name only when this long: in a shorter one two
#: edits leave too little of it ("Marta" is not "Martin"; "Pzremyslw" is Przemysław).
TWO_SLIP_MIN_CHARS: Final = 8
_QWERTY_ROWS: Final = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_VOWELS: Final = frozenset("aeiou")
#: Endings that inflect a word ("-s", "-d", "-r"): one letter added is a form of it.
_INFLECTIONS: Final = frozenset({"s", "d", "r"})
#: Arms in the order a fuzzy hit reports them (the strongest the page matched).
_ARM_ORDER: Final = tuple(arm for arm in ARMS if arm not in NOT_FUZZY_ARMS)


@dataclass(frozen=True)
class FuzzyRow:
    """An index row fetched by a blocking key."""

    alias_norm: str
    arm: str
    slug: str


@dataclass(frozen=True)
class FuzzyFound:
    """The pages within the edit budget of a mention, and the closest surface."""

    slugs: frozenset[str]
    arm: str
    surface: str
    #: The typing error that explains the difference (see :func:`typo_kind`).
    typo: str
    score: float


def fuzzy_keys(norms: Iterable[str]) -> tuple[list[str], list[str]]:
    """The blocking keys (heads, tails) of the mentions that may be misspelt."""
    heads: set[str] = set()
    tails: set[str] = set()
    for norm in norms:
        if len(norm) >= MIN_CHARS:
            # Two swapped letters inside a key move it ("tvaik" for "tavik" shares neither
            # "tav" nor "vik"), so the keys of the three swaps that touch each end are
            # fetched too: a bounded handful of rows more, never a scan.
            for form in (norm, *(_swap(norm, i) for i in (0, 1, 2))):
                heads.update(_with_special_letters(form[:3]))
            for form in (norm, *(_swap(norm, len(norm) - i) for i in (2, 3, 4))):
                tails.update(_with_special_letters(form[-3:]))
    return sorted(heads), sorted(tails)


def _with_special_letters(key: str) -> set[str]:
    """A key and its forms with a plain letter as the special one it may stand for.

    "gjorn" is typed for "gjørn": its keys "gjo" and "orn" share nothing with "gjø" and
    "ørn", so the page's row would never be fetched. One letter at a time (a name has one
    such letter, seldom two): a handful of keys more.
    """
    keys = {key}
    for at, letter in enumerate(key):
        for special in SPECIAL_FOR_PLAIN.get(letter, ""):
            keys.add(key[:at] + special + key[at + 1 :])
    return keys


def _swap(word: str, i: int) -> str:
    """``word`` with its letters ``i`` and ``i + 1`` swapped."""
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def _keyboard() -> dict[str, frozenset[str]]:
    """QWERTY neighbours: left and right on the row, and the touching keys above and below."""
    near: dict[str, set[str]] = {}
    for row, keys in enumerate(_QWERTY_ROWS):
        for col, key in enumerate(keys):
            found = near.setdefault(key, set())
            found.update(keys[max(col - 1, 0) : col + 2])
            for other, offsets in ((row - 1, (0, 1)), (row + 1, (-1, 0))):
                if 0 <= other < len(_QWERTY_ROWS):
                    line = _QWERTY_ROWS[other]
                    found.update(line[c] for c in (col + d for d in offsets) if 0 <= c < len(line))
            found.discard(key)
    return {key: frozenset(keys) for key, keys in near.items()}


_NEAR: Final = _keyboard()


def _adjacent(left: str, right: str) -> bool:
    return right in _NEAR.get(left, frozenset())


def _look_alike(typed: str, meant: str) -> bool:
    """A special Latin letter typed as a plain one (o for ø, l for ł, d for đ)."""
    return typed.isascii() and typed.isalpha() and not meant.isascii() and meant.isalpha()


def typo_kind(typed: str, meant: str) -> str | None:
    """The typing error that turns ``meant`` into ``typed`` (one edit), or None.

    An ending English inflects a word with is no slip: "blindsided" is the verb of
    "Blindside", "skates" of "Skate".
    """
    if typed.startswith(meant) and typed[len(meant) :] in _INFLECTIONS:
        return None
    plain = typed != meant and typed == keyboard_spelling(meant)
    if len(typed) != len(meant) and plain:
        return "plain letters for a special one"  # "kjaersti" for "kjærsti": æ typed "ae"
    if len(typed) == len(meant):
        # "kirimli" for "yıldırım": each special letter typed plain, however many
        return _replaced(typed, meant) or ("plain letters for special ones" if plain else None)
    if len(typed) == len(meant) + 1:
        return _added(typed, meant)
    if len(typed) + 1 == len(meant):
        return _dropped(typed, meant)
    return None


def _replaced(typed: str, meant: str) -> str | None:
    """Same length: two neighbours swapped, or one letter replaced by a plausible slip."""
    diff = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
    if len(diff) == 2 and diff[1] == diff[0] + 1:
        i = diff[0]
        if typed[i] == meant[i + 1] and typed[i + 1] == meant[i]:
            return "swapped letters"
    if len(diff) != 1:
        return None
    i = diff[0]
    if _adjacent(meant[i], typed[i]):
        return "neighbouring key"
    if _look_alike(typed[i], meant[i]):
        return "plain letter for a special one"
    if typed[i] in _VOWELS and meant[i] in _VOWELS:
        return "vowel for vowel"
    if i > 0 and frozenset((typed[i], meant[i])) in _SOUND_ALIKE:
        return "letter that sounds the same"  # not the first: "Cristen" is another name
    if i > 0 and {typed[i], meant[i]} == {"i", "y"} and typed[i + 1 : i + 2] in ("", " "):
        return "-i for a final -y"  # "Cathi" for Cathy (or "-y" for "-i"), as "-ie" for "-i"
    return None


#: Consonants a name heard rather than read is spelt with, one for the other ("Radec").
_SOUND_ALIKE: Final = frozenset({frozenset("ck"), frozenset("sz")})


def _first_difference(longer: str, shorter: str) -> int:
    index = next((k for k, (a, b) in enumerate(zip(longer, shorter, strict=False)) if a != b), -1)
    return len(shorter) if index < 0 else index


def _added(typed: str, meant: str) -> str | None:
    """One letter more: a doubled letter, or a key next to a neighbouring letter."""
    i = _first_difference(typed, meant)
    if typed[:i] + typed[i + 1 :] != meant:
        return None
    neighbours = [c for c in (typed[i - 1] if i else "", typed[i + 1 : i + 2]) if c]
    if typed[i] in neighbours:
        return "doubled letter"
    if any(_adjacent(c, typed[i]) for c in neighbours):
        return "extra neighbouring key"
    if i and typed[i : i + 2] == "ck":
        return "ck for k"  # "Dravick" for Dravik, a name heard rather than read
    if _between_consonants(typed, i) and len(meant) >= OMISSION_MIN_CHARS:
        return "vowel between consonants"  # "Zbiginiew" for Zbigniew, as it is said
    if typed[i] == "e" and typed[i + 1 : i + 2] in ("", " ") and i and typed[i - 1] not in _VOWELS:
        return "silent final e"  # "Tallisbrooke" for Tallisbrook, as "Brooke" for "Brook"
    if typed[i] == "e" and typed[i + 1 : i + 2] in ("", " ") and i and typed[i - 1] == "i":
        return "-ie for a final -i"  # "Temitopie" for Temitopi, as "Jennie" for "Jenni"
    return None


def _between_consonants(typed: str, i: int) -> bool:
    """A vowel typed between two consonants inside the word ("shim" of "shm")."""
    before, after = typed[i - 1 : i] if i else "", typed[i + 1 : i + 2]
    return (
        typed[i] in _VOWELS
        and before.isalpha()
        and after.isalpha()
        and before not in _VOWELS
        and after not in _VOWELS
    )


def _dropped(typed: str, meant: str) -> str | None:
    """One letter fewer: a double undone, or a letter left out of a long enough name."""
    i = _first_difference(meant, typed)
    if meant[:i] + meant[i + 1 :] != typed:
        return None
    neighbours = [c for c in (meant[i - 1] if i else "", meant[i + 1 : i + 2]) if c]
    if meant[i] in neighbours:
        return "undoubled letter"
    return "left-out letter" if len(meant) >= OMISSION_MIN_CHARS else None


def fuzzy_match(norm: str, arms: frozenset[str], rows: Sequence[FuzzyRow]) -> FuzzyFound | None:
    """The pages ``norm`` is a typo of, or None when no surface is close enough.

    One slip first; two only for a long name, and only when no surface is one slip away;
    then a full name with its family name as heard, or a one-word name spelt as it sounds.
    """
    from rapidfuzz.distance import OSA  # loaded by the first fuzzy match tried, not at start

    words = norm.count(" ")
    fit = [
        row
        for row in rows
        if row.arm in arms
        and row.alias_norm != norm
        and row.alias_norm.count(" ") == words
        and not is_ordinary(row.alias_norm)
    ]
    close: list[tuple[int, FuzzyRow, str]] = []
    for row in fit:
        surface = row.alias_norm
        plain = norm == keyboard_spelling(surface)  # "kjaersti": two keys for the æ
        if not plain and abs(len(surface) - len(norm)) > 1:
            continue
        if not plain and OSA.distance(norm, surface, score_cutoff=1) > 1:
            continue
        kind = typo_kind(norm, surface)
        if kind is not None:
            close.append((_ARM_ORDER.index(row.arm), row, kind))
    if not close and len(norm) >= TWO_SLIP_MIN_CHARS and _letters_only(norm):
        for row in fit:
            kind = _two_slips_from(norm, row.alias_norm)
            if kind is not None:
                close.append((_ARM_ORDER.index(row.arm), row, kind))
    if not close and words:
        for row in fit:
            kind = _one_name_as_written(norm, row.alias_norm)
            if kind is not None:
                close.append((_ARM_ORDER.index(row.arm), row, kind))
    if not close and not words:
        for row in fit:
            kind = _as_it_sounds(norm, row.alias_norm)
            if kind is not None:
                close.append((_ARM_ORDER.index(row.arm), row, kind))
    if not close:
        return None
    _, best, kind = min(close, key=lambda item: (item[0], item[1].slug))
    return FuzzyFound(
        slugs=frozenset(row.slug for _, row, _ in close),
        arm=best.arm,
        surface=best.alias_norm,
        typo=kind,
        score=round(OSA.normalized_similarity(norm, best.alias_norm), 4),
    )


def _two_slips_from(norm: str, surface: str) -> str | None:
    """The two slips that make ``norm`` of a long surface, or of its plain-letter spelling.

    "Pzremyslwa" is two swaps from "przemyslaw", the keyboard's "przemysław". A name the
    surface begins or ends with is a name of its own ("Weinberg" of Weinberger, "Christoph"
    of Christopher), not the longer one cut short.
    """
    from rapidfuzz.distance import OSA

    if len(surface) < TWO_SLIP_MIN_CHARS or not _letters_only(surface):
        return None  # "st wenna" is no typo of "st wenna's": its possessive left off
    for form in dict.fromkeys((surface, keyboard_spelling(surface))):
        if abs(len(form) - len(norm)) > 2 or _cut_short(norm, form):
            continue
        if OSA.distance(norm, form, score_cutoff=2) != 2:
            continue
        kind = two_slips(norm, form)
        if kind is not None:
            return kind
    return None


def _one_name_as_written(typed: str, meant: str) -> str | None:
    """A full name with its given names as written and its family name as heard, else None.

    "Ysolde Carradeen" of Ysolde Carradine: a given name written right beside a family name
    spelt as it sounds is that person, when the spelling is no word or name of its own
    ("Maria Garza", "Priya Sharpe" are other families'). The family name keeps its first
    letter and its length within two, and is one edit away, or two in a name of
    :data:`TWO_SLIP_MIN_CHARS` letters or more ("Ysolde Richards" is someone else); a given name off
    by anything is another person's ("Isoldea Marchetti", a sister's, "Daniela Rossi").
    """
    from rapidfuzz.distance import OSA

    typed_words, meant_words = typed.split(), meant.split()
    if len(typed_words) != len(meant_words) or typed_words[:-1] != meant_words[:-1]:
        return None  # "Isoldea Marchetti" is another given name: someone else of the family
    one, other = typed_words[-1], meant_words[-1]
    if one == other or len(other) < MIN_CHARS or one[:1] != other[:1]:
        return None
    if abs(len(one) - len(other)) > 2 or sense(one).known_word or zipf(one) > 0:
        return None  # "Priya Sharpe": a family name of its own
    edits = 2 if len(other) >= TWO_SLIP_MIN_CHARS else 1  # "Maria Garza" is no Garcia
    if OSA.distance(one, other, score_cutoff=edits) > edits or _cut_short(one, other):
        return None  # "Weinberg" is not Weinberger cut short
    return "one name as written, another as it sounds"


def _as_it_sounds(typed: str, meant: str) -> str | None:
    """A name written as it is heard ("rashyda" of Rasheeda), else None.

    Heard names keep their first letter and their sound, and stay within two edits (a swap
    counts two: swapping letters is a typist's slip, not a sound); the spelling must be no
    word or name of its own ("Sarah" is someone, not Sara misheard) and not the name cut
    short ("Daniela" is not Daniel).
    """
    import jellyfish  # loaded by the first heard name tried, not at start
    from rapidfuzz.distance import Levenshtein

    if len(meant) < MIN_CHARS or typed[:1] != meant[:1]:
        return None
    if not ((typed + meant).isalpha() and (typed + meant).isascii()):
        return None  # the keys hear Latin letters only: "Марина" and "Мария" both key empty
    if abs(len(typed) - len(meant)) > 2 or sense(typed).known_word or zipf(typed) > 0:
        return None
    if given_name_pronoun(typed):
        return None  # a name many bear is someone's own: "Galen" is not Galina, "Mihran" Miron
    if Levenshtein.distance(typed, meant, score_cutoff=2) > 2 or _cut_short(typed, meant):
        return None  # letters swapped are a typist's slip, not a sound: "qiuntna"
    for key in (jellyfish.metaphone, jellyfish.nysiis):
        if key(typed) == key(meant):
            return "spelt as it sounds"
    return None


def _cut_short(typed: str, meant: str) -> bool:
    """One is the other with its first or last letters gone: two names, not a slip."""
    shorter, longer = sorted((typed, meant), key=len)
    return longer.startswith(shorter) or longer.endswith(shorter)


def _letters_only(norm: str) -> bool:
    return norm.replace(" ", "").isalpha()


def two_slips(typed: str, meant: str) -> str | None:
    """The two typing errors that, one after the other, turn ``meant`` into ``typed``.

    Tried through every spelling one edit from ``meant`` that is itself one slip from it
    and one from ``typed``: a bounded handful (a few hundred for a ten-letter name).
    """
    for between in _one_edit_from(meant):
        first = typo_kind(between, meant)
        if first is None:
            continue
        second = typo_kind(typed, between)
        if second is not None:
            return first if first == second else f"{first} and {second}"
    return None


def _one_edit_from(word: str) -> Iterable[str]:
    """Every spelling one deletion, swap, replacement or insertion away from ``word``."""
    letters = sorted(set(word.replace(" ", "")) | set("abcdefghijklmnopqrstuvwxyz"))
    for at in range(len(word)):
        yield word[:at] + word[at + 1 :]
        if at + 1 < len(word):
            yield _swap(word, at)
        for letter in letters:
            yield word[:at] + letter + word[at + 1 :]
    for at in range(len(word) + 1):
        for letter in letters:
            yield word[:at] + letter + word[at:]


#: A word typed with one slip is read as the word it was meant to be only when that word is
#: this frequent ("alraedy", "beleive", "tomorow"): a rarer word is as likely a name.
SLIPPED_WORD_MIN_ZIPF: Final = 4.0
#: A slip in a shorter word leaves too little of it to say which word was meant; two
#: letters swapped in a word one shorter still leave all of its letters ("siad", "thier").
SLIPPED_WORD_MIN_CHARS: Final = 5
SWAPPED_WORD_MIN_CHARS: Final = 4
#: The slips that make a frequent word no word at all, where a name is seldom one slip from
#: it: a wrong key or vowel turns as many names into words ("molly", "bevan").
WORD_SLIPS: Final = frozenset(
    {"swapped letters", "left-out letter", "doubled letter", "undoubled letter"}
)


_SWAPPED: Final = frozenset({"swapped letters"})


@lru_cache(maxsize=4096)
def slip_of_a_word(typed: str) -> str | None:
    """The one frequent English word that ``typed`` is a typist's slip of, if there is one.

    A word no lexicon knows beside a name may be more of the name ("tamsin okoro") or a
    common word typed fast ("is dr okafor in alraedy?"). One slip (:func:`typo_kind`) from
    exactly one dictionary word at least :data:`SLIPPED_WORD_MIN_ZIPF` frequent says it
    is the word (the slips of :data:`WORD_SLIPS` only); two such words, or none, leave it
    as it was.
    """
    if len(typed) < SWAPPED_WORD_MIN_CHARS or not typed.isalpha():
        return None
    slips = WORD_SLIPS if len(typed) >= SLIPPED_WORD_MIN_CHARS else _SWAPPED
    meant = {
        word
        for word in _words_a_slip_undoes(typed, swaps_only=slips is _SWAPPED)
        if word != typed
        and zipf(word) >= SLIPPED_WORD_MIN_ZIPF  # the frequency table first: a lookup
        and (sense(word).lexical or sense(word).function)
        and typo_kind(typed, word) in slips
    }
    return next(iter(meant)) if len(meant) == 1 else None


def _words_a_slip_undoes(typed: str, *, swaps_only: bool) -> Iterable[str]:
    """Every spelling that one of :data:`WORD_SLIPS` would have turned into ``typed``.

    Two neighbours swapped back, a letter dropped (one typed twice) or one put back (one
    left out or undoubled); no letter is replaced, which no such slip does.
    """
    for at in range(len(typed) - 1):
        yield _swap(typed, at)
    if swaps_only:
        return
    for at in range(len(typed)):
        yield typed[:at] + typed[at + 1 :]
    for at in range(len(typed) + 1):
        for letter in _LETTERS:
            yield typed[:at] + letter + typed[at:]


_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
