"""Markdown pages with YAML frontmatter, and the alias index rows they produce.

A page is mentioned in conversation by its explicit aliases, its title and its slug's last
segment ("widget-co" -> "widget co"); a person also by the other forms of the name
(:mod:`bb_brain._names`): family name first or with a nickname (arm ``name-form``), the family
name alone (``surname``) and the given name alone (``given-name``). Each surface form is
normalised once here (:func:`normalise`, diacritics of Latin letters folded) and the reflex
normalises candidate mentions with the same function, so resolution is a plain equality
lookup on an index.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import yaml
from bb_schema.turn_context import CONVERSATION_SLUG_PREFIX

from bb_brain._errors import BrainUserError
from bb_brain._names import fold, name_forms
from bb_brain._pg import Connection

#: Alias arms in the order resolution trusts them.
ARMS: Final = ("alias", "title", "name-form", "slug-suffix", "surname", "given-name")
KNOWN_KEYS: Final = frozenset({"title", "type", "aliases", "summary"})
CONVERSATION_TYPE: Final = "conversation"

_FRONTMATTER = re.compile(
    r"\A\ufeff?---[ \t]*\r?\n(.*?)^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M
)
_SPACES = re.compile(r"\s+")
_CSafeLoader: Any = getattr(yaml, "CSafeLoader", None)


def normalise(text: str) -> str:
    """Fold (case, compatibility forms, Latin diacritics), collapse whitespace, trim symbols.

    Punctuation and symbols are stripped at both ends only.
    """
    folded = _SPACES.sub(" ", fold(text)).strip()
    start, end = 0, len(folded)
    while start < end and not _is_word_char(folded[start]):
        start += 1
    while end > start and not _is_word_char(folded[end - 1]):
        end -= 1
    return folded[start:end]


def _is_word_char(char: str) -> bool:
    return char.isalnum()


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
    def is_person(self) -> bool:
        """People get a surname arm."""
        return self.page_type == "person" or self.slug.startswith("people/")

    def alias_rows(self) -> list[tuple[str, str]]:
        """The (alias_norm, arm) pairs this page contributes to the index, deduplicated."""
        if self.is_conversation:
            return []
        rows: list[tuple[str, str]] = []
        rows += [(normalise(alias), "alias") for alias in self.aliases]
        rows.append((normalise(self.title), "title"))
        rows.append((slug_suffix_form(self.slug), "slug-suffix"))
        if self.is_person:
            rows += self._name_rows()
        seen: set[tuple[str, str]] = set()
        unique: list[tuple[str, str]] = []
        for row in rows:
            if row[0] and row not in seen:
                seen.add(row)
                unique.append(row)
        return unique

    def _name_rows(self) -> list[tuple[str, str]]:
        """A person's other name forms (see :mod:`bb_brain._names`)."""
        forms = name_forms(normalise(self.title))
        if forms is None:
            return []
        rows = [(forms.reversed, "name-form")]
        if forms.full != normalise(self.title):  # the title without its honorific or suffix
            rows.insert(0, (forms.full, "name-form"))
        for alias in self.aliases:
            nickname = normalise(alias)
            if nickname and " " not in nickname and nickname != forms.given:
                rows += [(f"{nickname} {forms.family}", "name-form")]
                rows += [(f"{forms.family} {nickname}", "name-form")]
        if forms.family_with_particles:
            rows.append((forms.family_with_particles, "name-form"))
        rows += [(forms.family, "surname"), (forms.given, "given-name")]
        return rows


def parse_page(slug: str, content: str, source: str) -> PageRecord:
    """Parse markdown with optional YAML frontmatter.

    Raises:
        BrainUserError: The frontmatter is not valid YAML, not a mapping, or a known key has
            the wrong type; the message names the slug.
    """
    if not slug.strip():
        raise BrainUserError(
            "a page has an empty slug; give every seed page a slug like 'people/alice'"
        )
    meta: dict[str, Any] = {}
    body = content
    match = _FRONTMATTER.match(content)
    if match is not None:
        try:
            loaded = _load_yaml(match.group(1))
        except yaml.YAMLError as exc:
            raise BrainUserError(
                f"page {slug!r}: frontmatter is not valid YAML ({_first_line(exc)}); "
                "fix the block between the '---' lines"
            ) from exc
        if loaded is not None and not isinstance(loaded, dict):
            raise BrainUserError(
                f"page {slug!r}: frontmatter must be a mapping of keys, got "
                f"{type(loaded).__name__}; write e.g. 'title: Alice Example'"
            )
        meta = {str(key): value for key, value in (loaded or {}).items()}
        body = content[match.end() :]
    title = _optional_text(slug, meta, "title") or title_from_slug(slug)
    extra = {key: _jsonable(value) for key, value in meta.items() if key not in KNOWN_KEYS}
    return PageRecord(
        source=source,
        slug=slug,
        title=title,
        page_type=_optional_text(slug, meta, "type"),
        summary=_optional_text(slug, meta, "summary"),
        body=body,
        aliases=_aliases(slug, meta.get("aliases")),
        frontmatter=extra,
    )


def _load_yaml(text: str) -> Any:
    """``yaml.safe_load``, through libyaml when the wheel has it (about 3x faster on seeds).

    Both loaders share the safe constructor, so a document yields the same values; a document
    libyaml rejects is parsed again by the pure loader, so acceptance and error messages are
    the pure loader's.
    """
    if _CSafeLoader is not None:
        try:
            return yaml.load(text, Loader=_CSafeLoader)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _optional_text(slug: str, meta: Mapping[str, Any], key: str) -> str | None:
    value = meta.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise BrainUserError(
            f"page {slug!r}: frontmatter {key!r} must be text, got {value!r}; quote it"
        )
    text = str(value).strip()
    return text or None


def _aliases(slug: str, value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(item, str | int) for item in items):
        raise BrainUserError(
            f"page {slug!r}: frontmatter 'aliases' must be a list of names, got {value!r}; "
            "write e.g. 'aliases: [alice, al]'"
        )
    return tuple(str(item).strip() for item in items if str(item).strip())


def _jsonable(value: Any) -> Any:
    """YAML can hold dates and odd keys; keep unknown frontmatter as plain JSON values."""
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set):
        return [_jsonable(item) for item in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


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
