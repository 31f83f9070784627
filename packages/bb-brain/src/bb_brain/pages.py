"""Markdown pages with YAML frontmatter, and the alias index rows they produce.

A page is mentioned in conversation by its explicit aliases, its title and its slug's last
segment ("widget-co" -> "widget co"); a person also by the other forms of the name
(:mod:`bb_brain._names`): family name first or with a nickname (arm ``name-form``), the family
name alone (``surname``) and the given name alone (``given-name``), and the relation to the
user its page states ("my sister", ``relation``, :mod:`bb_brain._relations`); an organisation
also by its title without its business ending ("shale" for Shale Fund, ``short-name``,
:mod:`bb_brain._orgnames`). Each surface form is
normalised once here (:func:`normalise`, diacritics of Latin letters folded) and the reflex
normalises candidate mentions with the same function, so resolution is a plain equality
lookup on an index.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bb_schema.frontmatter import FrontmatterError, page_fields, parse_frontmatter
from bb_schema.text import SLUG_GRAMMAR, slug_problem
from bb_schema.turn_context import CONVERSATION_SLUG_PREFIX

from bb_brain._described import DESCRIBED_ARM, described_keys
from bb_brain._errors import BrainUserError
from bb_brain._names import fold, keyboard_spelling, name_forms, sounded_out, umlauts_spelt_out
from bb_brain._orgnames import (
    closing_acronym,
    coined_short_name,
    is_organisation,
    kind_head,
    kind_short_name,
    opening_acronym,
    short_name,
    summary_kind,
    title_nouns,
    title_parts,
    work_keys,
)
from bb_brain._pg import Connection
from bb_brain._read_form import read_form
from bb_brain._relations import (
    RELATION_ARM,
    client_keys,
    described_roles,
    page_relations,
    page_roles,
    pet_keys,
    pet_kind_keys,
    relative_keys,
    role_keys,
)

#: The arm of an organisation's title without its business ending (:mod:`bb_brain._orgnames`).
SHORT_NAME_ARM: Final = "short-name"
#: A place's or a plan's coined title words alone ("skelbrant" for Skelbrant Pike): a short
#: name trusted after the other kinds, so a name a hall and a relay share stays the hall's.
COINED_NAME_ARM: Final = "coined-name"
#: A name a page's alias gives in the possessive, without its "'s" ("barrow" of "Barrow's"):
#: a short name that counts only written so, or as a firm is spoken of ("barrow are ...").
POSSESSIVE_NAME_ARM: Final = "possessive-name"
#: Every kind of short name: what the evidence of a short name applies to.
SHORT_NAME_ARMS: Final = frozenset({SHORT_NAME_ARM, COINED_NAME_ARM, POSSESSIVE_NAME_ARM})
#: The arm of a run of words of a title that is no person's ("the sea wall").
TITLE_PART_ARM: Final = "title-part"
#: The arm of what a title that is no person's says its page is ("the bakery").
KIND_ARM: Final = "kind"
#: The arm of what a summary opens by saying its page is ("the venue"): weaker than a
#: title's, so the reflex reads it in fewer places (:func:`bb_brain._orgnames.summary_kind`).
SUMMARY_KIND_ARM: Final = "summary-kind"
#: A person's family name by its initial, after a title of address ("Mrs P", "dr p").
FAMILY_INITIAL_ARM: Final = "family-initial"
#: Alias arms in the order resolution trusts them.
ARMS: Final = (
    "alias",
    "title",
    "name-form",
    "slug-suffix",
    "surname",
    "given-name",
    SHORT_NAME_ARM,
    POSSESSIVE_NAME_ARM,
    COINED_NAME_ARM,
    TITLE_PART_ARM,
    RELATION_ARM,
    KIND_ARM,
    SUMMARY_KIND_ARM,
    FAMILY_INITIAL_ARM,
    DESCRIBED_ARM,
)
#: Arms fuzzy matching never tries: what they file is no spelling of a name.
NOT_FUZZY_ARMS: Final = frozenset(
    {RELATION_ARM, KIND_ARM, SUMMARY_KIND_ARM, FAMILY_INITIAL_ARM, DESCRIBED_ARM}
)
CONVERSATION_TYPE: Final = "conversation"

_SPACES = re.compile(r"\s+")


#: Page types and slug directories of places.
_PLACES: Final = frozenset({"place", "venue"})
_PLACE_DIRS: Final = frozenset({"places", "venues"})
#: Page types and slug directories of places, projects and events.
_PLACES_AND_EVENTS: Final = _PLACES | {"project", "event"}
_PET_TYPES: Final = frozenset({"pet", "animal"})
_PET_DIRS: Final = frozenset({"pets", "animals"})
_PLACE_AND_EVENT_DIRS: Final = _PLACE_DIRS | {"projects", "events"}


def is_place(page_type: str | None, slug: str) -> bool:
    """A place or a venue, by its page type or its slug's directory."""
    return (page_type or "").casefold() in _PLACES or slug.split("/", 1)[0] in _PLACE_DIRS


#: A title with what kind of thing it is in parentheses after it: "Pickle (dog)".
_QUALIFIED = re.compile(r"(?P<name>.*?\S)\s*\((?P<qualifier>[^()]*)\)\s*")
#: Words that open another name in a qualifier: "Liz Tarn (née Gould)".
_ANOTHER_NAME = re.compile(r"^(?:n[ée]e|born|aka|a\.k\.a\.|formerly)\s+", re.IGNORECASE)


def unqualified(title: str) -> str:
    """The name in a title that says in parentheses what it names ("Pickle (dog)" -> "Pickle").

    The qualifier tells pages of one name apart; nobody types it ("pickle's been sick").
    """
    found = _QUALIFIED.fullmatch(title)
    return found["name"] if found else title


def qualifier_name(title: str) -> str | None:
    """A name a title's qualifier gives ("Liz Tarn (née Gould)": "Gould").

    "Mum (Jean Ross)" gives "Jean Ross". A kind of thing gives none ("Pickle (dog)",
    "Brisvane (Band)"): the words must be capitalised, and one of them no dictionary word.
    """
    found = _QUALIFIED.fullmatch(title)
    if found is None:
        return None
    name = _ANOTHER_NAME.sub("", found["qualifier"].strip())
    words = name.split()
    if not words or not all(word[:1].isupper() and not word.isupper() for word in words):
        return None  # "(dog)", "(EP)", "(2027 tour)": what it is, not who
    from bb_brain.reflex._ordinary import sense  # the lexicon: only when an index is built

    return name if any(not sense(fold(word)).lexical for word in words) else None


def normalise(text: str) -> str:
    """Fold (case, compatibility forms, Latin diacritics), collapse whitespace, trim symbols.

    Punctuation and symbols are stripped at both ends only; a typographic apostrophe is the
    straight one ("Wrenna’s" is "wrenna's", as a phone keyboard types it), and a plural's
    possessive one goes, as a word of text loses it ("the Weavers' Hall": "the weavers hall").
    """
    folded = _SPACES.sub(" ", fold(text).replace("’", "'")).strip()
    folded = _PLURAL_POSSESSIVE.sub("", folded)
    start, end = 0, len(folded)
    while start < end and not _is_word_char(folded[start]):
        start += 1
    while end > start and not _is_word_char(folded[end - 1]):
        end -= 1
    return folded[start:end]


def _possessive_stem(alias: str) -> str | None:
    """A name a firm or a church goes by in the possessive, as the text's words have it.

    A word of text loses its "'s" ("Barrow's quote": "barrow"), so an alias "Barrow's" or
    "St Olave's" is also looked up without it, as a short name (a person called so comes
    first) that counts only written in the possessive or spoken of as a firm is
    (:func:`bb_brain.reflex._evidence.veto`). A lowercase alias keeps it: "women's" is no
    "women".
    """
    folded = normalise(alias)
    if not folded.endswith("'s") or not alias.strip()[:1].isupper():
        return None
    return folded[:-2] or None


#: A hyphen between two letters ("pop-up"), which a phone's typist leaves out.
_HYPHEN: Final = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
#: The apostrophe of a plural's possessive, ending its word.
_PLURAL_POSSESSIVE: Final = re.compile(r"(?<=s)'(?=\s)")


def _is_word_char(char: str) -> bool:
    return char.isalnum()


def _street_abbreviated(key: str) -> str | None:
    """A key with its street word written short ("quiller st"), or None when it has none.

    Only after a word: "St" before one is a saint ("st anselm's").
    """
    first, *rest = key.split() or [""]
    if not any(word in _STREET_SHORT for word in rest):
        return None
    return " ".join([first, *(_STREET_SHORT.get(word, word) for word in rest)])


def _clipped(key: str) -> str | None:
    """A key with its long words clipped as English speech clips them, or None when none is."""
    words = key.split()
    clipped = [CLIPPINGS.get(word, word) for word in words]
    return " ".join(clipped) if clipped != words else None


#: Words English clips in speech, and their clipped forms (a closed list: the clipping must
#: be what everyone says, "the deli", "the refurb", never one a writer coins).
CLIPPINGS: Final = {
    "delicatessen": "deli",
    "laboratory": "lab",
    "veterinary": "vet",
    "veterinarian": "vet",
    "veterinarians": "vets",
    "gymnasium": "gym",
    "university": "uni",
    "refurbishment": "refurb",
    "regeneration": "regen",
    "rehabilitation": "rehab",
    "physiotherapy": "physio",
    "physiotherapist": "physio",
    "professor": "prof",
    "mathematics": "maths",
    "examination": "exam",
    "examinations": "exams",
    "renovation": "reno",
    "photography": "photo",
    "administration": "admin",
    "information": "info",
    "introduction": "intro",
    "demonstration": "demo",
    "promotion": "promo",
    "comprehensive": "comp",
    "refrigerator": "fridge",
    "vegetable": "veg",
    "vegetables": "veg",
    "pharmaceutical": "pharma",
}
#: A street's word and how it is written short.
_STREET_SHORT: Final = {"street": "st", "road": "rd", "avenue": "ave"}


def slug_suffix_form(slug: str) -> str:
    """The slug's last path segment, dashes as spaces: ``widget-co`` -> ``widget co``."""
    last = slug.rstrip("/").rsplit("/", 1)[-1]
    return normalise(last.replace("-", " ").replace("_", " "))


def title_from_slug(slug: str) -> str:
    """A readable title for a page without one: ``people/alice-example`` -> ``Alice Example``."""
    last = slug.rstrip("/").rsplit("/", 1)[-1].replace("-", " ").replace("_", " ")
    return " ".join(word[:1].upper() + word[1:] for word in last.split()) or slug


@dataclass(frozen=True)
class PageRecord:
    """One parsed page, ready to store; ``frontmatter`` holds only the keys we do not model."""

    source: str
    slug: str
    title: str
    page_type: str | None
    summary: str | None
    body: str
    aliases: tuple[str, ...] = ()
    frontmatter: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_conversation(self) -> bool:
        """Conversation pages are stored but never alias-indexed (they are not entities)."""
        return self.slug.startswith(CONVERSATION_SLUG_PREFIX) or self.page_type == CONVERSATION_TYPE

    @property
    def is_place_or_event(self) -> bool:
        """Places, projects and events: named for their kind ("Wendlecombe Hall")."""
        kind = (self.page_type or "").casefold()
        return kind in _PLACES_AND_EVENTS or self.slug.split("/", 1)[0] in _PLACE_AND_EVENT_DIRS

    @property
    def is_work(self) -> bool:
        """A project: a piece of work people name by what it works on (an event is no job)."""
        return (self.page_type or "").casefold() == "project" or self.slug.startswith("projects/")

    @property
    def is_person(self) -> bool:
        """People get a surname arm."""
        return self.page_type == "person" or self.slug.startswith("people/")

    @property
    def is_event(self) -> bool:
        """An occasion: a wedding, a fair, a match."""
        return (self.page_type or "").casefold() == "event" or self.slug.startswith("events/")

    @property
    def is_pet(self) -> bool:
        """Pets are spoken of by their keepers' names and their kind ("odile's whippet")."""
        kind = (self.page_type or "").casefold()
        return kind in _PET_TYPES or self.slug.split("/", 1)[0] in _PET_DIRS

    def alias_rows(self) -> list[tuple[str, str]]:
        """The (alias_norm, arm) pairs this page contributes to the index, deduplicated."""
        if self.is_conversation:
            return []
        name = unqualified(self.title)  # "Dana Vrell (accountant)" is Dana Vrell
        rows: list[tuple[str, str]] = []
        rows += [(normalise(alias), "alias") for alias in self.aliases]
        # a short name, as "Patel" is Amit Patel's before Patel Dental's: "Ottilie's" bistro
        stems = [stem for stem in map(_possessive_stem, self.aliases) if stem]
        rows += [(stem, POSSESSIVE_NAME_ARM) for stem in stems]
        rows.append((normalise(name), "title"))
        also = qualifier_name(self.title)  # "Liz Tarn (née Gould)" is Gould too
        if also is not None:
            rows.append((normalise(also), "alias"))
        rows.append((slug_suffix_form(self.slug), "slug-suffix"))
        if self.is_person:
            rows += self._name_rows(name)
            rows += [
                (key, RELATION_ARM) for key in page_relations(self.summary, self.body, self.title)
            ]
            rows += [(key, RELATION_ARM) for key in page_roles(self.summary)]  # "the steward"
            rows += [
                (normalise(key), SUMMARY_KIND_ARM) for key in role_keys(self.summary)
            ]  # "the plumber"
            rows += [(key, RELATION_ARM) for key in described_roles(self.summary)]  # "dog warden"
            rows += [
                (key, RELATION_ARM) for key in relative_keys(self.summary)
            ]  # "tobiah's mother"
        elif " " in slug_suffix_form(self.slug):
            # written as one word in an address: "thistletalent.co" for Thistle Talent
            rows.append((slug_suffix_form(self.slug).replace(" ", ""), "slug-suffix"))
        if self.is_pet:
            rows += [(normalise(key), RELATION_ARM) for key in pet_keys(self.summary)]
            # "the retriever": what it is, as a summary's kind is read
            rows += [(normalise(key), SUMMARY_KIND_ARM) for key in pet_kind_keys(self.summary)]
        if self.is_work or self.is_event:  # "the quenby wedding", "elinor's wedding"
            rows += [(normalise(key), RELATION_ARM) for key in client_keys(name)]
        outfit = is_organisation(self.page_type, self.slug)
        kind = (kind_head(name, self.summary or "") or "").removeprefix("the ")
        described = described_keys(
            name, self.summary, person=self.is_person, outfit=outfit, kind=kind
        )
        rows += [(key, DESCRIBED_ARM) for key in described]  # "the dues lady"
        if not self.is_person:
            rows += self._thing_rows(name)
            # "Vintage Pop-Up" is typed "vintage pop up" as often (a person's are in _name_rows)
            rows += [(_HYPHEN.sub(" ", key), arm) for key, arm in rows if _HYPHEN.search(key)]
            # "Quiller Street Repointing" is "quiller st" in a hurry
            rows += [(short, arm) for key, arm in rows if (short := _street_abbreviated(key))]
            # "Eastbury Regeneration" is "eastbury regen", "the delicatessen" "the deli"
            rows += [(short, arm) for key, arm in rows if (short := _clipped(key))]
        # "Lưu Đức" is typed "luu duc", "Sølvi" "solvi": a keyboard without the letters
        rows += [(typed, arm) for key, arm in rows if (typed := _keyboard_form(key)) is not None]
        seen: set[tuple[str, str]] = set()
        unique: list[tuple[str, str]] = []
        for row in rows:
            if row[0] and row not in seen:
                seen.add(row)
                unique.append(row)
        return unique

    def _thing_rows(self, name: str) -> list[tuple[str, str]]:
        """A page that is no person's: its short names, title parts, kind and work."""
        rows: list[tuple[str, str]] = []
        organisation = is_organisation(self.page_type, self.slug)
        short = short_name(name) if organisation else None
        if short is None and self.is_place_or_event:
            short = kind_short_name(name)  # a hotel filed as a venue keeps its firm's
        if short is None and organisation:
            short = closing_acronym(name)  # "PTA" for Marsh End PTA
        elif short is None:
            short = opening_acronym(name)  # "TPN" for TPN protocol
        if short is not None:
            rows.append((normalise(short), SHORT_NAME_ARM))  # "shale" for Shale Fund
        elif organisation or self.is_place_or_event:
            coined = coined_short_name(name)  # "corvenna" for Corvenna Analytics
            # a firm goes by its coined name as by any short name; a place or a plan
            # named after one yields it ("Ardwyn Relay" to Ardwyn Hall)
            arm = SHORT_NAME_ARM if organisation else COINED_NAME_ARM
            if coined is not None:
                rows.append((normalise(coined), arm))
        if organisation:  # an alias "Quell Print" of Quell Print & Sign: "quell" too
            rows += [
                (normalise(alias_short), SHORT_NAME_ARM)
                for alias in self.aliases
                if (alias_short := short_name(alias)) is not None and alias_short != short
            ]
        # "the sea wall" for Grisedale Sea Wall Repair
        rows += [(normalise(part), TITLE_PART_ARM) for part in title_parts(name)]
        kind = kind_head(name, self.summary or "")  # "the bakery"
        if kind is not None:
            rows.append((kind, KIND_ARM))
        elif (said := summary_kind(name, self.summary or "")) is not None:
            rows.append((said, SUMMARY_KIND_ARM))  # "the venue"
        if self.is_place_or_event and not is_place(self.page_type, self.slug):
            rows += [
                (key, KIND_ARM) for key in title_nouns(name, self.summary or "")
            ]  # "the footbridge"
        if self.is_work:  # "the roof job"
            rows += [(key, KIND_ARM) for key in work_keys(name)]
        return rows

    def _name_rows(self, name: str) -> list[tuple[str, str]]:
        """A person's other name forms (see :mod:`bb_brain._names`).

        Besides the title's forms: the title with its umlauts spelt out ("Mueller") or its
        Slavic letters written by their sound ("Zelich" of Zelić), a
        hyphenated family name written with a space ("Al Sayed") and a hyphenated given name
        written as one word ("Hyerin"), and the given and family
        names of a full-name alias ("Duc Nguyen" for a page titled "Nguyễn Minh Đức").
        """
        rows = self._forms_rows(name)
        spelt = umlauts_spelt_out(name)
        for written in ([spelt] if spelt is not None else []) + sounded_out(name):
            rows += [(normalise(written), "name-form"), *self._forms_rows(written)]
        for alias in self.aliases:
            if len(normalise(alias).split()) > 1:
                rows += self._forms_rows(alias)
        return rows

    def _forms_rows(self, name: str) -> list[tuple[str, str]]:
        forms = name_forms(normalise(name))
        if forms is None:
            return []
        rows = [(forms.reversed, "name-form")]
        if forms.full != normalise(name):  # the name without its honorific or suffix
            rows.insert(0, (forms.full, "name-form"))
        if forms.without_middle:
            rows.append((forms.without_middle, "name-form"))  # "Jaspal Rai", middle name left out
        if "-" in forms.family:
            rows.append((forms.family.replace("-", " "), "name-form"))
        if "-" in forms.given:  # "Hye-rin" is also typed "Hyerin"
            rows.append((forms.given.replace("-", ""), "given-name"))
        for typed in _apostrophe_left_out(forms.family):  # "O'Rourke": "o rourke", "orourke"
            rows += [(f"{forms.given} {typed}", "name-form"), (typed, "surname")]
        for alias in self.aliases:
            nickname = normalise(alias)
            # a nickname: no alias that is the given or the family name ("Khai" of Lo
            # Van Khai, called by the name written last, makes no "khai khai")
            if nickname and " " not in nickname and nickname not in (forms.given, forms.family):
                rows += [(f"{nickname} {forms.family}", "name-form")]
                rows += [(f"{forms.family} {nickname}", "name-form")]
        if forms.family_with_particles:
            rows.append((forms.family_with_particles, "name-form"))
        rows += [(forms.family, "surname"), (forms.given, "given-name")]
        if forms.family[:1].isalpha():
            rows.append((forms.family[:1], FAMILY_INITIAL_ARM))  # "Mrs P" of Elspeth Pardoe
        return rows


def _keyboard_form(key: str) -> str | None:
    """The key as a keyboard without its special letters types it, when that is no word.

    Several words are a name however they are typed ("trinh duc"); one word typed plain may be
    a word of chat ("dang" of Đặng, "dong" of Đông, "dat" of Đạt), which is not indexed: fuzzy
    matching reaches only words of five letters or more, so "Dat can take it" is missed (a
    known limit, where "dang it" would otherwise name Đặng).
    """
    from bb_brain.reflex._ordinary import LOWERCASE_ORDINARY_ZIPF, sense  # a lexicon's reading

    typed = keyboard_spelling(key)
    if typed == key:
        return None
    if " " in typed:
        return typed
    word = sense(typed)
    return None if word.known_word or word.zipf >= LOWERCASE_ORDINARY_ZIPF else typed


def parse_page(slug: str, content: str, source: str) -> PageRecord:
    """Parse markdown with optional frontmatter (:mod:`bb_schema.frontmatter`).

    Raises:
        BrainUserError: The slug breaks the slug grammar (:mod:`bb_schema.text`), the
            frontmatter is unreadable (neither YAML nor ``key: value`` lines) or not a
            mapping, or a known key has the wrong type; the message names the slug.
    """
    problem = slug_problem(slug)
    if problem is not None:
        shown = slug if len(slug) <= 80 else slug[:77] + "..."
        raise BrainUserError(
            f"page slug {shown!r} is not valid: {problem}; slugs are {SLUG_GRAMMAR}"
        )
    try:
        parsed = parse_frontmatter(read_form(content))
        fields = page_fields(parsed.meta)
    except FrontmatterError as exc:
        raise BrainUserError(f"page {slug!r}: {exc.message}") from exc
    return PageRecord(
        source=source,
        slug=slug,
        title=fields.title or title_from_slug(slug),
        page_type=fields.page_type,
        summary=fields.summary,
        body=parsed.body,
        aliases=fields.aliases,
        frontmatter=fields.extra,
    )


def store_pages(conn: Connection, brain_id: str, records: Sequence[PageRecord]) -> int:
    """Insert or replace pages and their alias rows in one batched round of statements.

    A page stored again (same brain, source, slug) replaces the old copy and its aliases.
    Runs inside the caller's transaction.
    """
    if not records:
        return 0
    records = _distinct(records)
    keys = [(brain_id, rec.source, rec.slug) for rec in records]
    with conn.cursor() as cur:
        cur.executemany(
            "DELETE FROM aliases WHERE brain_id = %s AND source = %s AND slug = %s", keys
        )
        cur.executemany(
            "INSERT INTO pages (brain_id, source, slug, title, page_type, summary, body,"
            " frontmatter) VALUES (%s, %s, %s, %s, %s, %s, %s, %s::jsonb)"
            " ON CONFLICT (brain_id, source, slug) DO UPDATE SET title = EXCLUDED.title,"
            " page_type = EXCLUDED.page_type, summary = EXCLUDED.summary,"
            " body = EXCLUDED.body, frontmatter = EXCLUDED.frontmatter",
            [
                (
                    brain_id,
                    rec.source,
                    rec.slug,
                    rec.title,
                    rec.page_type,
                    rec.summary,
                    rec.body,
                    json.dumps(dict(rec.frontmatter), sort_keys=True),
                )
                for rec in records
            ],
        )
        with cur.copy("COPY aliases (brain_id, source, alias_norm, slug, arm) FROM STDIN") as copy:
            for row in _alias_index_rows(brain_id, records):
                copy.write_row(row)
    return len(records)


def _alias_index_rows(brain_id: str, records: Iterable[PageRecord]) -> Iterable[tuple[str, ...]]:
    for rec in records:
        for alias_norm, arm in rec.alias_rows():
            yield (brain_id, rec.source, alias_norm, rec.slug, arm)


def _distinct(records: Sequence[PageRecord]) -> list[PageRecord]:
    """One record per (source, slug): identical copies collapse, differing copies are refused.

    A continuity pair seeds its writer's and reader's pages together, and a reader that
    repeats the writer's pages byte for byte says nothing contradictory.
    """
    seen: dict[tuple[str, str], PageRecord] = {}
    for rec in records:
        key = (rec.source, rec.slug)
        first = seen.get(key)
        if first is None:
            seen[key] = rec
        elif first != rec:
            raise BrainUserError(
                f"page {rec.slug!r} appears twice in source {rec.source!r} in one seed with "
                "different content; keep one copy per source"
            )
    return list(seen.values())


def _apostrophe_left_out(family: str) -> list[str]:
    """A family name with an apostrophe after its particle, typed without it.

    "O'Rourke", "D'Souza" are typed "o rourke" and "orourke", "d souza" and "dsouza".
    """
    particle, mark, rest = family.partition("'")
    if not mark or not rest.isalpha() or len(particle) > _PARTICLE_CHARS or not particle.isalpha():
        return []
    return [f"{particle} {rest}", f"{particle}{rest}"]


#: The longest particle a family name's apostrophe follows ("O'", "D'", "Dell'").
_PARTICLE_CHARS: Final = 4
