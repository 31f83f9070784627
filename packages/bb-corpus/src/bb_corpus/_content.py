"""What a run would trip over inside the text: sizes, page frontmatter, repeated pages.

Each rule here stands for a failure that would otherwise surface only once the run is under
way (a seed refused by the memory system, a message over the wire limit):

* **sizes**: a turn's text, a page's content and a whole file stay within
  :class:`~bb_corpus._limits.CorpusLimits`;
* **frontmatter**: every seeded page (and every canonical file a trust step commits) is read
  with the engine's own frontmatter reader (:mod:`bb_schema.frontmatter`: strict YAML, then
  ``key: value`` lines), so validation refuses exactly what seeding would refuse, naming the
  page and the line;
* **one copy per page**: a slug appears once per source in what is seeded together (one
  fixture, or both halves of a continuity pair). Identical copies are fine (the pair is seeded
  once with one copy); differing ones are refused, since which copy a memory keeps would then
  decide the score.

The characters a corpus string may hold (no control characters, no lone surrogates) are
checked where the JSON is parsed (:mod:`bb_corpus._documents`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from bb_schema import Fixture
from bb_schema.frontmatter import FrontmatterError, page_fields, parse_frontmatter
from bb_schema.trust import GitCommitStep

from bb_corpus._checks import Parsed
from bb_corpus._errors import CorpusIssue
from bb_corpus._jsonpath import json_path
from bb_corpus._limits import CorpusLimits, show_size, utf8_over
from bb_corpus.corpus import ContinuityPair

#: (path, slug, content) of every page a fixture seeds or commits.
_Page = tuple[tuple[int | str, ...], str, str]


def file_size(parsed: Parsed, limits: CorpusLimits) -> CorpusIssue | None:
    """The file itself is over the fixture limit (checked before it is parsed)."""
    size = len(parsed.file.data)
    if size <= limits.max_fixture_bytes:
        return None
    return CorpusIssue(
        parsed.file.display,
        "$",
        f"file is {show_size(size)}, over the limit of {show_size(limits.max_fixture_bytes)} "
        "per fixture or gold file; split it, or raise --max-fixture-bytes",
    )


def check(
    fixtures: Iterable[Parsed],
    pairs: Mapping[str, ContinuityPair],
    limits: CorpusLimits,
    read: dict[str, str | None] | None = None,
) -> list[CorpusIssue]:
    """Sizes, frontmatter and repeated pages of every valid fixture.

    ``read`` (page content -> why it cannot be read, None: fine) remembers pages already
    read; pass one dict to calls over parts of one corpus, where pages repeat.
    """
    issues: list[CorpusIssue] = []
    read = {} if read is None else read
    by_id: dict[str, Parsed] = {}
    for item in fixtures:
        fixture = item.fixture
        if fixture is None:
            continue
        by_id[fixture.fixture_id] = item
        where = item.file.display
        issues.extend(_turn_sizes(fixture, where, limits))
        for path, slug, content in _pages(fixture):
            size = utf8_over(content, limits.max_page_bytes)
            if size is not None:
                message = (
                    f"page {slug!r} is {show_size(size)}, over the limit of "
                    f"{show_size(limits.max_page_bytes)} per page; shorten it, or raise "
                    "--max-page-bytes"
                )
                issues.append(CorpusIssue(where, json_path(path), message))
                continue
            if content not in read:
                read[content] = _unreadable(content)
            problem = read[content]
            if problem is not None:
                issues.append(CorpusIssue(where, json_path(path), f"page {slug!r}: {problem}"))
        issues.extend(_repeats([item], where))
    for pair_id in sorted(pairs):
        pair = pairs[pair_id]
        members = [by_id[name] for name in (pair.writer, pair.reader) if name in by_id]
        if len(members) == 2:
            issues.extend(_repeats(members, members[1].file.display, pair_id))
    return issues


def _turn_sizes(fixture: Fixture, where: str, limits: CorpusLimits) -> Iterator[CorpusIssue]:
    for index, turn in enumerate(fixture.turns):
        size = utf8_over(turn.text, limits.max_turn_bytes)
        if size is not None:
            yield CorpusIssue(
                where,
                json_path(("turns", index, "text")),
                f"turn {turn.turn_id} is {show_size(size)}, over the limit of "
                f"{show_size(limits.max_turn_bytes)} per turn; shorten it, or raise "
                "--max-turn-bytes",
            )


def _pages(fixture: Fixture) -> Iterator[_Page]:
    for index, page in enumerate(fixture.seed_pages):
        yield ("seed_pages", index, "content"), page.slug, page.content
    for index, step in enumerate(fixture.trust_steps or []):
        if isinstance(step, GitCommitStep):
            for number, file in enumerate(step.files):
                slug = file.path.removesuffix(".md")
                yield ("trust_steps", index, "files", number, "content"), slug, file.content


def _unreadable(content: str) -> str | None:
    """Why the engine could not read a page's frontmatter, or None."""
    try:
        page_fields(parse_frontmatter(content).meta)
    except FrontmatterError as exc:
        return exc.message
    return None


def _repeats(items: list[Parsed], where: str, pair_id: str | None = None) -> list[CorpusIssue]:
    """A (source, slug) seeded twice with different content, located at the later copy."""
    first: dict[tuple[str, str], tuple[str, int, str]] = {}
    issues: list[CorpusIssue] = []
    for item in items:
        fixture = item.fixture
        assert fixture is not None
        for index, page in enumerate(fixture.seed_pages):
            key = (page.source, page.slug)
            seen = first.get(key)
            if seen is None:
                first[key] = (fixture.fixture_id, index, page.content)
                continue
            owner, at, content = seen
            if content == page.content or (pair_id is not None and owner == fixture.fixture_id):
                continue
            place = f"seed_pages[{at}]" + ("" if owner == fixture.fixture_id else f" of {owner!r}")
            together = (
                f"the halves of continuity pair {pair_id!r} are seeded into one brain"
                if pair_id is not None
                else "a fixture's pages are seeded together"
            )
            message = (
                f"page {page.slug!r} of source {page.source!r} is also seeded at {place} with "
                f"different content; {together}: make the copies identical or keep one"
            )
            issues.append(CorpusIssue(where, json_path(("seed_pages", index)), message))
    return issues
