"""Gold that could never be scored honestly is a corpus error, not a silent zero.

Six rules, checked whenever a corpus loads (``brainbench corpus validate`` and ``run``):

* **gold on a user turn**: assistant turns are never replayed, so gold keyed to one would be
  counted and then left out of scoring;
* **a label agrees with its pages**: a turn that should retrieve names a gold or acceptable
  page (else every system fails it), and a turn that should stay silent names no gold page
  (else pushing it is a false fire and not pushing it a miss);
* **a fact holds its keywords**: every match keyword of a gold fact must occur in the fact's
  own text, or even the deterministic mode, which stores exactly that text, could never
  keep it (an authoring slip such as "day-to-day" in the fact and "day to day" as keyword);
* **gold pages exist**: every gold or acceptable slug must be a page of the fixture's active
  source (a continuity reader: of the pair's pages), or it is a permanent failure no memory
  could avoid;
* **a decision was made**: every continuity decision must match a gold fact of the writer (an
  expected entity, and the fact's text holding every keyword), or the reader is asked to
  recall something the writer never said;
* **no echo**: every decision must have a keyword found in none of the reader's turns and
  none of the pair's seeded pages (slug and content) or facts, or an echo of the question, a
  pointer's summary or a seeded fact could carry it with no carry-over at all.

Keywords match as the scorer matches them: case-insensitive substrings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bb_schema import Decision, Fixture, Gold
from bb_schema.text import holds_keywords

from bb_corpus._checks import Parsed
from bb_corpus._errors import CorpusIssue
from bb_corpus._jsonpath import json_path
from bb_corpus.corpus import ContinuityPair


def _holds(text: str, keyword: str) -> bool:
    return holds_keywords(text, (keyword,))


def gold_roles(fixture: Fixture, gold: Gold, where: str) -> list[CorpusIssue]:
    """Gold keyed to an assistant turn."""
    roles = {str(turn.turn_id): turn.role for turn in fixture.turns}
    return [
        CorpusIssue(
            where,
            json_path(("turns", key), Gold),
            f"gold on assistant turn {key}: assistant turns are never replayed or scored; "
            "key the gold to the user turn it belongs to",
        )
        for key in gold.turns
        if roles.get(key) == "assistant"
    ]


def retrieval_labels(gold: Gold, where: str) -> list[CorpusIssue]:
    """Turns whose ``should_retrieve`` contradicts their pages."""
    issues: list[CorpusIssue] = []
    for key, entry in gold.turns.items():
        if entry.should_retrieve and not (entry.gold_slugs or entry.acceptable_slugs):
            issues.append(
                CorpusIssue(
                    where,
                    json_path(("turns", key, "gold_slugs"), Gold),
                    "should_retrieve is true but no page is gold or acceptable: every system "
                    "would fail this turn; list the pages it refers to, or set should_retrieve "
                    "to false",
                )
            )
        elif not entry.should_retrieve and entry.gold_slugs:
            issues.append(
                CorpusIssue(
                    where,
                    json_path(("turns", key, "should_retrieve"), Gold),
                    f"should_retrieve is false but gold_slugs names {entry.gold_slugs!r}: a "
                    "silent turn has no gold pages; set it to true, or move the pages to "
                    "acceptable_slugs",
                )
            )
    return issues


def fact_keywords(gold: Gold, where: str) -> list[CorpusIssue]:
    """Gold facts whose own text lacks one of their match keywords."""
    issues: list[CorpusIssue] = []
    for key, entry in gold.turns.items():
        for index, fact in enumerate(entry.gold_facts):
            missing = [k for k in fact.match_keywords if not _holds(fact.fact, k)]
            if missing:
                issues.append(
                    CorpusIssue(
                        where,
                        json_path(("turns", key, "gold_facts", index, "match_keywords"), Gold),
                        f"keyword(s) {missing!r} are not in the fact's own text {fact.fact!r}: "
                        "no stored version of it could ever match; copy the keywords from the "
                        "fact's wording",
                    )
                )
    return issues


def active_pages(fixtures: Iterable[Fixture], source: str) -> set[str]:
    """Slugs of the pages ``fixtures`` seed into ``source``."""
    return {
        page.slug for fixture in fixtures for page in fixture.seed_pages if page.source == source
    }


def gold_pages(fixture: Fixture, gold: Gold, where: str, pages: set[str]) -> list[CorpusIssue]:
    """Gold and acceptable slugs that no page of the active source has."""
    issues: list[CorpusIssue] = []
    for key, entry in gold.turns.items():
        fields = (("gold_slugs", entry.gold_slugs), ("acceptable_slugs", entry.acceptable_slugs))
        for field, slugs in fields:
            for index, slug in enumerate(slugs):
                if slug in pages:
                    continue
                issues.append(
                    CorpusIssue(
                        where,
                        json_path(("turns", key, field, index), Gold),
                        f"{slug!r} is not a page of the active source "
                        f"{fixture.active_source!r}: no memory could ever surface it; seed the "
                        "page there or drop the slug",
                    )
                )
    return issues


def _writer_fact(decision: Decision, writer: Gold) -> bool:
    wanted = set(decision.expected_slugs)
    return any(
        fact.entity_slug in wanted and all(_holds(fact.fact, k) for k in decision.match_keywords)
        for entry in writer.turns.values()
        for fact in entry.gold_facts
    )


def _echo_sources(writer: Fixture, reader: Fixture) -> list[tuple[str, str]]:
    """(what, text) of everything that exists without any carry-over."""
    found = [(f"reader turn {turn.turn_id}", turn.text) for turn in reader.turns]
    for half in (writer, reader):
        found += [(f"seeded page {p.slug!r}", f"{p.slug}\n{p.content}") for p in half.seed_pages]
        found += [
            (f"seeded fact {fact.fact!r}", f"{fact.entity_slug or ''}\n{fact.fact}")
            for fact in half.seed_facts
        ]
    return found


def _echo_issue(decision: Decision, sources: Sequence[tuple[str, str]]) -> str | None:
    """Why every keyword of ``decision`` could arrive without carry-over, or None."""
    if not decision.match_keywords:
        return "has no match_keywords: an empty probe is carried by anything"
    seen: list[str] = []
    for keyword in decision.match_keywords:
        where = next((what for what, text in sources if _holds(text, keyword)), None)
        if where is None:
            return None
        seen.append(f"{keyword!r} is in {where}")
    return (
        "every keyword exists without carry-over (" + "; ".join(seen) + "): give it a keyword "
        "only the writer's conversation holds"
    )


def continuity_decisions(
    pairs: Mapping[str, ContinuityPair],
    fixtures: Mapping[str, Fixture],
    gold: Mapping[str, tuple[str, Gold]],
) -> list[CorpusIssue]:
    """Reader decisions (the ones scored) without a writer fact, or carried by an echo.

    Args:
        pairs: pair id -> (writer, reader) fixture ids.
        fixtures: fixture id -> fixture.
        gold: fixture id -> (the gold file as displayed, its gold).
    """
    issues: list[CorpusIssue] = []
    for pair in pairs.values():
        if pair.writer not in gold or pair.writer not in fixtures or pair.reader not in fixtures:
            continue
        where, reader_gold = gold.get(pair.reader, ("", None))
        if reader_gold is None or reader_gold.continuity is None:
            continue  # reported by the pair checks
        writer_gold = gold[pair.writer][1]
        sources = _echo_sources(fixtures[pair.writer], fixtures[pair.reader])
        for index, decision in enumerate(reader_gold.continuity.decisions):
            path = json_path(("continuity", "decisions", index), Gold)
            if not _writer_fact(decision, writer_gold):
                issues.append(
                    CorpusIssue(
                        where,
                        path,
                        f"decision {decision.decision_id!r} matches no gold fact of writer "
                        f"{pair.writer!r}: expected a fact about one of "
                        f"{decision.expected_slugs!r} whose text holds every keyword "
                        f"{decision.match_keywords!r}",
                    )
                )
            echo = _echo_issue(decision, sources)
            if echo is not None:
                message = f"decision {decision.decision_id!r} {echo}"
                issues.append(CorpusIssue(where, f"{path}.match_keywords", message))
    return issues


def check(
    fixtures: Iterable[Parsed], gold: Mapping[str, Parsed], pairs: Mapping[str, ContinuityPair]
) -> list[CorpusIssue]:
    """Every rule above over the fixture/gold pairs that parsed (joined by file name)."""
    by_id = {item.file.stem: item.fixture for item in fixtures if item.fixture is not None}
    documents = {
        stem: (item.file.display, item.gold) for stem, item in gold.items() if item.gold is not None
    }
    halves = {member: pair for pair in pairs.values() for member in pair}
    issues: list[CorpusIssue] = []
    for stem, fixture in sorted(by_id.items()):
        if stem not in documents:
            continue
        where, document = documents[stem]
        issues.extend(gold_roles(fixture, document, where))
        issues.extend(retrieval_labels(document, where))
        issues.extend(fact_keywords(document, where))
        if fixture.trust_steps is not None:
            continue  # pages come from its steps, not the seeder
        pair = halves.get(stem)
        if fixture.continuity is not None and pair is None:
            continue  # a broken pair is reported as such; its pages are unknown
        seeded = [by_id[m] for m in pair if m in by_id] if pair is not None else [fixture]
        pages = active_pages(seeded, fixture.active_source)
        issues.extend(gold_pages(fixture, document, where, pages))
    issues.extend(continuity_decisions(pairs, by_id, documents))
    return issues
