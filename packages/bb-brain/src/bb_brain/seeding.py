"""What a served or ingesting brain is seeded from: a directory of pages, or a fixture file.

* A directory: every ``*.md`` file under it (hidden directories such as ``.git`` or
  ``.obsidian`` skipped) is a page of one source; its slug is the path relative to the
  directory without ``.md`` (``people/alice-example.md`` -> ``people/alice-example``), with
  every run of characters the slug grammar does not allow (spaces, dots, ...) written as
  ``-`` (``Meeting notes/2026.03.md`` -> ``Meeting-notes/2026-03``); its content the
  markdown with its YAML frontmatter (``title``, ``type``, ``aliases``, ...).
* A fixture file (``*.json``, schema version 1): its ``seed_pages`` and ``seed_facts``, each in
  the source it names, and its ``active_source``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bb_schema import SchemaUserError
from bb_schema.fixture import DEFAULT_SOURCE, Fixture, SeedFact, SeedPage
from bb_schema.io import read_json
from bb_schema.text import is_slug

from bb_brain._errors import BrainUserError
from bb_brain._read_form import read_form


@dataclass(frozen=True)
class Seed:
    """Pages and facts to seed, and the source a session should read."""

    pages: list[SeedPage]
    facts: list[SeedFact]
    active_source: str


def load_seed(path: Path, source: str | None = None) -> Seed:
    """Load a directory of markdown pages or a fixture file.

    ``source`` puts a directory's pages in that source (default ``default``); for a fixture
    it overrides the active source only (its pages keep the sources they name).

    Raises:
        BrainUserError: The path is neither, a page is not UTF-8, the directory holds no page,
            or the fixture is invalid (the message names the file and the field).
    """
    if path.is_dir():
        pages = load_pages(path, source or DEFAULT_SOURCE)
        return Seed(pages, [], source or DEFAULT_SOURCE)
    if path.is_file() and path.suffix == ".json":
        try:
            fixture = read_json(path, Fixture)
        except SchemaUserError as exc:
            raise BrainUserError(exc.message) from exc
        return Seed(
            list(fixture.seed_pages), list(fixture.seed_facts), source or fixture.active_source
        )
    raise BrainUserError(
        f"seed {str(path)!r} is neither a directory of markdown pages nor a fixture .json file"
    )


def load_pages(directory: Path, source: str) -> list[SeedPage]:
    """Every ``*.md`` under ``directory`` as a page of ``source``; slug = relative path.

    Raises:
        BrainUserError: No page, or a page that cannot be read as UTF-8.
    """
    if not directory.is_dir():
        raise BrainUserError(f"{str(directory)!r} is not a directory of markdown pages")
    pages: list[SeedPage] = []
    named: dict[str, Path] = {}
    for path in sorted(directory.rglob("*.md")):
        relative = path.relative_to(directory)
        if any(part.startswith(".") for part in relative.parts) or not path.is_file():
            continue
        try:
            content = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BrainUserError(f"cannot read page {str(path)!r}: {exc}") from None
        slug = slug_for_path(relative.with_suffix("").parts)
        if not is_slug(slug):
            raise BrainUserError(f"page {str(path)!r} has no usable name; rename the file")
        if slug in named:
            raise BrainUserError(
                f"pages {str(named[slug])!r} and {str(path)!r} both become slug {slug!r}; "
                "rename one of them"
            )
        named[slug] = path
        pages.append(SeedPage(slug=slug, content=content, source_id=source))
    if not pages:
        raise BrainUserError(f"no *.md page under {str(directory)!r}; point at your notes")
    return pages


def slug_for_path(parts: Sequence[str]) -> str:
    """The slug of a page file (its path parts without ``.md``), per the slug grammar.

    The name is read in NFC (macOS lists file names in NFD, "e" plus a combining accent, which a
    slug cannot hold: :mod:`bb_brain._read_form`). Runs of characters a slug cannot hold become
    ``-``; a segment's leading and trailing ``-`` and ``_`` are dropped (a segment starts with
    a letter or digit).
    """
    segments = []
    for part in parts:
        segment = re.sub(r"[^\w-]+", "-", read_form(part)).strip("-_")
        segments.append(segment)
    return "/".join(segments)
