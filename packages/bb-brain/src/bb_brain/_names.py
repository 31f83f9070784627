"""Personal names: how a person's page title is written, and the other forms people use.

A title like "Dr. Amara Okafor" or "Martin King Jr." carries an honorific or a suffix that is
not part of the name; conversation uses the name in several forms: the family name alone
("Okafor", "Ms Okafor", "Okafor-san"), family name first ("Okafor Amara", the usual order in
Japanese, Chinese, Korean or Hungarian), a nickname with the family name ("Bob Smith" for
Robert Smith, when "Bob" is an alias), or the given name alone. This module derives those
forms from a title and aliases; the index stores them and the reflex looks them up.

Both sides see names through :func:`fold`: case-folded, compatibility-normalised, and with
the diacritics of Latin letters removed ("José Núñez" and "Jose Nunez" are one name), since a
keyboard without the accents is the commonest way a name loses them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Final

#: An elder's or a senior's title of respect, said before the given name by family and
#: colleagues alike ("kuya Boyet", "mzee Ngatia"); some are given names too ("Haji").
ELDER_TITLES: Final = frozenset("kuya manong manang mzee bwana hajji haji".split())
#: Titles written before a name ("Dr. Okafor", "Ms Park"), folded, without the period.
HONORIFICS: Final = frozenset(
    "mr mrs ms miss mx dr dra prof professor sir dame lady rev reverend fr mme mlle madame "
    "monsieur herr frau sr sra srta senor senora capt lt sgt cllr br sis imam ustadh "
    "ustadha ustaz ustazah sheikh shaykh rabbi pastor atty engr insp supt msgr cmdr cpl".split()
) | frozenset(ELDER_TITLES)
#: Honorifics written shortened, whose period abbreviates the title rather than ending a
#: sentence ("Dr. Okafor", "Br. Yunus"; "thanks sis. Will call later" ends one).
ABBREVIATED_HONORIFICS: Final = frozenset(
    "mr mrs ms mx dr dra prof rev fr mme mlle sr sra srta capt lt sgt cllr br atty engr insp supt"
    " msgr cmdr cpl".split()
)
#: Titles written shortened before a name that are also words or other abbreviations ("Hon.
#: Mbeki", "Gen. Osei", "Eng. Ruiz"; "gen.", "rep.", "arch."): only a capitalised one before
#: a full name is read as a title there, and only for where a sentence ends.
SHORTENED_TITLES: Final = frozenset(
    "eng arch hon gen col maj pte pvt sen rep gov det adm cdr ing lic arq".split()
)
#: A role's initials, written in capitals before the name of whoever holds it ("our PA
#: Orlagh Penwarden", "PC Tobias Quarrell", "the TA Sarah Quorn"): police ranks, school,
#: office and health roles, an MP; none of the initials often borne as a given name ("JP",
#: "AJ"), though a few may be a given name's too (a known limit). A postscript's "PS" and a
#: hat tip's "HT" are no part of a full name after them either.
ROLE_INITIALS: Final = frozenset(
    "pc wpc ps dc ds di dci dsi dcs pcso pa ta lsa hlta senco sendco dsl ht dht gp ceo cfo coo"
    " cto cmo cio vp gm fd ned hr qs hca rn ot mp".split()
)
#: Initials that are a role only right after a determiner or a possessive ("our MD Tamsin
#: Quorn"): opening a name, "MD" is as often Muhammad's ("MD Abdul Karim").
ROLE_INITIALS_DETERMINED: Final = frozenset({"md"})
#: Words of address that open a page's title before the name itself ("Sister Perpetua
#: Ouko", "Auntie Oyinda Rao"), and are cut off only when a full name stays: in a turn they
#: are as often kin ("my sister Ana"), and "Auntie Oyinda" is all a family calls her.
TITLE_ADDRESSES: Final = frozenset("sister brother father mother auntie aunty uncle".split())
#: Honorific suffixes attached with a hyphen ("Tanaka-san", "Gupta-ji", "Kim-nim").
HONORIFIC_SUFFIXES: Final = frozenset(
    "san sama kun chan sensei senpai sempai dono ji jee nim ssi dai didi bhai bhaiya behen akka"
    " sahib saab hyung oppa unnie noona".split()
)
#: Generational and degree suffixes written after a name ("King Jr.", "Lee PhD").
NAME_SUFFIXES: Final = frozenset("jr sr ii iii iv phd md esq".split())
#: Suffixes that tell generations apart: "Jr." and "Sr." (or "III") are two people.
GENERATIONS: Final = {
    "jr": "jr",
    "junior": "jr",
    "sr": "sr",
    "senior": "sr",
    "ii": "ii",
    "iii": "iii",
    "iv": "iv",
}
#: Family-name particles that belong to the family name ("de la Cruz", "van der Berg").
PARTICLES: Final = frozenset("de del della der den van von da di du la le dos das bin ibn".split())

_LATIN_MAX: Final = 0x024F
_LATIN_EXTENDED: Final = range(0x1E00, 0x1F00)
_SPACES = re.compile(r"\s+")


def _latin(char: str) -> bool:
    code = ord(char)
    return code <= _LATIN_MAX or code in _LATIN_EXTENDED


#: German umlauts as written without them ("Müller" is also typed "Mueller").
_UMLAUTS: Final = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
#: Latin letters whose mark is part of the letter, so no decomposition drops it, as a
#: keyboard without them types them ("Gjørn" is typed "Gjorn", "Łukasz" "Lukasz"); folded
#: text, so lowercase only. Not part of :func:`fold`: written with its letter, "Løve" is no
#: "love" and "Michał" no Michal of another page. The page index holds a name's keyboard
#: spelling as one of its forms when that is no word (``bb_brain.pages``).
_STROKED: Final = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ŧ": "t", "ƀ": "b", "ı": "i"}
_UNMARKED: Final = str.maketrans(_STROKED | {"þ": "th", "æ": "ae", "œ": "oe"})
#: The special letters a plain one stands for when typed in their place (one letter for
#: one): what a misspelt key may hold where the page has the special one.
SPECIAL_FOR_PLAIN: Final[dict[str, str]] = {
    plain: "".join(special for special, typed in _STROKED.items() if typed == plain)
    for plain in sorted(set(_STROKED.values()))
}


def keyboard_spelling(folded: str) -> str:
    """Folded text as a keyboard without its special letters types it ("gjørn" -> "gjorn")."""
    return folded.translate(_UNMARKED)


def umlauts_spelt_out(text: str) -> str | None:
    """The text with its umlauts written as two letters ("Jürgen Müller" -> "Juergen Mueller").

    None when the text has none: the plain fold already covers the other spelling.
    """
    spelt = text.translate(_UMLAUTS)
    return spelt if spelt != text else None


#: Slavic letters as English writes them by their sound ("Babić" is also "Babich").
_SOUNDED: Final = str.maketrans(
    {
        **{"č": "ch", "ć": "ch", "š": "sh", "ž": "zh", "đ": "dj"},
        **{"Č": "Ch", "Ć": "Ch", "Š": "Sh", "Ž": "Zh", "Đ": "Dj"},
    }
)


def sounded_out(text: str) -> list[str]:
    """The name with its Slavic letters spelt by their sound, as English writes them.

    Every such letter spelt out, and the last word's only ("Krešimir Zelić": "Kreshimir
    Zelich" and "Krešimir Zelich"; a family name is the word most often written so, the
    given name typed plain; "Đ" as "Dj"). Empty when the text has none: the fold covers
    plain letters.
    """
    text = text.strip()
    spelt = text.translate(_SOUNDED)
    if spelt == text:
        return []
    head, _, last = text.rpartition(" ")
    family = f"{head} {last.translate(_SOUNDED)}" if head else spelt
    return sorted({spelt, family} - {text})


def fold(text: str) -> str:
    """NFKD, drop the combining marks of Latin letters, casefold, recompose (NFC).

    Marks on other scripts are kept: a Japanese dakuten or a Devanagari vowel sign changes the
    letter, it is not an accent a keyboard drops.
    """
    if text.isascii():  # nothing to decompose: most conversation text
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    kept: list[str] = []
    base = ""
    for char in decomposed:
        if unicodedata.combining(char):
            if base and _latin(base):
                continue
        else:
            base = char
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept).casefold())


def generation(name_folded: str) -> str:
    """The generational suffix that ends a folded name ("jr" for "osric vane jr."), or ""."""
    words = [word.strip(".,") for word in _SPACES.split(name_folded.strip())]
    return GENERATIONS.get(words[-1], "") if len(words) > 1 else ""


def strip_titles(tokens: list[str]) -> list[str]:
    """Folded name tokens without punctuation, leading honorifics and trailing suffixes."""
    words = [token.strip(".,") for token in tokens]
    words = [word for word in words if word]
    start, end = 0, len(words)
    start = leading_titles(words[start:end])
    while end > start + 1 and words[end - 1] in NAME_SUFFIXES:
        end -= 1
    return words[start:end]


def leading_titles(words: list[str]) -> int:
    """How many folded words open a name as its title: honorifics, then words of address.

    An honorific goes while a word stays ("Dr Okafor" is Okafor); a word of address or an
    elder's title only while two stay ("Sister Perpetua Ouko" is Perpetua Ouko, "Auntie
    Oyinda" and "Haji Abdullah" stay whole).
    """
    start = 0
    while start < len(words) - 1:
        word = words[start].rstrip(".")
        addressed = word in TITLE_ADDRESSES or word in ELDER_TITLES
        if (word in HONORIFICS and not addressed) or (addressed and start < len(words) - 2):
            start += 1
        else:
            break
    return start


@dataclass(frozen=True)
class NameForms:
    """The forms of one person's name, folded (empty strings when a form does not apply)."""

    full: str
    given: str
    family: str
    #: The family name with its particles ("de la cruz"), when it has any.
    family_with_particles: str
    #: Family name first ("okafor amara").
    reversed: str
    #: The first given name and the family name, middle names left out ("jaspal rai" of
    #: Jaspal Singh Rai), when there are middle names.
    without_middle: str = ""


def name_forms(title_folded: str) -> NameForms | None:
    """The forms of a person's name from a folded title; None for a one-word title."""
    tokens = strip_titles(_SPACES.split(title_folded.strip()))
    if len(tokens) < 2:
        return None
    first_family = len(tokens) - 1
    while first_family > 1 and tokens[first_family - 1] in PARTICLES:
        first_family -= 1
    given = " ".join(tokens[:first_family])
    family_with = " ".join(tokens[first_family:]) if first_family < len(tokens) - 1 else ""
    return NameForms(
        full=" ".join(tokens),
        given=tokens[0],
        family=tokens[-1],
        family_with_particles=family_with,
        reversed=" ".join([*tokens[first_family:], given]),
        without_middle=" ".join([tokens[0], *tokens[first_family:]]) if first_family > 1 else "",
    )
