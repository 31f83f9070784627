"""The cached lexicon answers exactly as lemminflect and wordfreq do, and survives a bad file."""

from __future__ import annotations

import marshal
from pathlib import Path
from zlib import crc32

import lemminflect
import pytest
from bb_brain import _lexdata
from wordfreq import get_frequency_dict


@pytest.fixture(scope="module")
def built() -> _lexdata.Lexicon:
    return _lexdata.build()


def _sample_words() -> list[str]:
    lemmatizer = lemminflect.Lemmatizer()
    known = sorted(set(lemmatizer._getLemmaDict()) | set(lemmatizer._getOverridesDict()))
    odd = ["", "zzxqv", "alice", "Grace", "NASA", "wROTE", "naïve", "straße", "o'clock", "Ⓐ"]
    return known[::7] + odd


def test_lemmas_are_lemminflect_s_own_answers(built: _lexdata.Lexicon) -> None:
    lemmatizer = lemminflect.Lemmatizer()
    for word in [*_sample_words(), "wrote", "pupils", "leaks", "were"]:
        assert built.getAllLemmas(word) == lemmatizer.getAllLemmas(word), word


def test_verb_forms_are_lemminflect_s_own_answers(built: _lexdata.Lexicon) -> None:
    inflections = lemminflect.Inflections()
    lemmas = sorted(set(inflections._getInflDict()))[::5] + ["write", "be", "zzxqv", "Write"]
    for lemma in lemmas:
        expected = inflections.getAllInflections(lemma, upos="VERB")
        assert built.getAllInflections(lemma, upos="VERB") == expected, lemma


def test_frequencies_are_wordfreq_s_small_list(built: _lexdata.Lexicon) -> None:
    expected = get_frequency_dict("en", wordlist="small")
    assert {word: built.frequencies.number(word) for word in built.frequencies} == expected


def test_the_file_is_written_once_read_after_and_rebuilt_when_bad(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, built: _lexdata.Lexicon
) -> None:
    monkeypatch.setenv("BRAINBENCH_CACHE_DIR", str(tmp_path))
    builds: list[int] = []

    def counting() -> _lexdata.Lexicon:
        builds.append(1)
        return built

    monkeypatch.setattr(_lexdata, "build", counting)
    first = _lexdata.load()
    path = _lexdata.cache_path()
    assert path is not None and path.parent == tmp_path and path.is_file()
    assert _lexdata.load() == first and len(builds) == 1  # the second came from the file
    path.write_bytes(b"not a marshal file")
    assert _lexdata.load() == first and len(builds) == 2
    stale = marshal.dumps({"format": _lexdata.FORMAT - 1})
    path.write_bytes(crc32(stale).to_bytes(4, "big") + stale)
    assert _lexdata.load() == first and len(builds) == 3
    content = path.read_bytes()
    assert marshal.loads(content[4:])["format"] == _lexdata.FORMAT
    damaged = bytearray(content)
    damaged[len(damaged) // 2] ^= 0xFF  # one byte of a table's buffers: still a marshal file
    path.write_bytes(bytes(damaged))
    assert _lexdata.load() == first and len(builds) == 4  # the checksum caught it


def test_count_nouns_are_the_dictionary_s_with_a_plural_in_use(built: _lexdata.Lexicon) -> None:
    assert {"spindle", "gable", "printer"} <= set(built.count_table)
    assert "faith" not in built.count_table  # "faith" is also its own plural: a mass use
    assert "ivy" not in built.count_table  # counted in the dictionary, "ivies" all but unused
    assert "kettles" not in built.count_table  # singulars only


def test_foreign_words_are_another_language_s_and_not_english_s(built: _lexdata.Lexicon) -> None:
    foreign, function = set(built.foreign_table), set(built.foreign_function_table)
    assert {"desde", "avec", "und", "la", "del"} <= foreign
    assert not {"piano", "chef", "the", "kettle", "grace", "dont", "per"} & foreign
    assert {"la", "und", "que"} <= function
    assert "calor" in foreign - function  # a noun, no function word


def test_place_names_are_the_folded_geonames_names(built: _lexdata.Lexicon) -> None:
    from bb_brain.reflex._ordinary import folded_places

    assert set(built.place_table) == folded_places()
    assert "adelaide" in built.place_table and "kettle" not in built.place_table
