"""Resolve candidate mentions to pages with one indexed query, precision first.

Arms are tried in tiers: names (alias, then title), then the slug suffix, then the surname.
The first tier with any hit decides: exactly one page -> resolved with that arm's confidence;
two or more pages -> ambiguous, and the mention stays silent (a wrong pointer is worse than
none, so a weaker tier is not consulted to break the tie). Overlapping mentions keep the
longest (then earliest) one, and each page keeps its best mention.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from bb_brain._pg import Connection
from bb_brain.reflex._extract import Candidate

CONFIDENCE: Final[dict[str, float]] = {
    "alias": 0.95,
    "title": 0.95,
    "slug-suffix": 0.9,
    "surname": 0.75,
}
TIERS: Final[tuple[tuple[str, ...], ...]] = (("alias", "title"), ("slug-suffix",), ("surname",))
#: A turn is a few sentences; a pasted document should not turn into a huge IN list.
MAX_LOOKUP_KEYS: Final = 4000

_LOOKUP = (
    "SELECT a.alias_norm, a.arm, a.slug, p.title, coalesce(p.summary, '')"
    " FROM aliases AS a JOIN pages AS p"
    " ON p.brain_id = a.brain_id AND p.source = a.source AND p.slug = a.slug"
    " WHERE a.brain_id = %s AND a.source = %s AND a.alias_norm = ANY(%s)"
)


@dataclass(frozen=True)
class PageInfo:
    """What a pointer shows about its page."""

    slug: str
    title: str
    summary: str


@dataclass(frozen=True)
class Resolved:
    """A page a mention resolved to, with the arm and confidence that got it there."""

    page: PageInfo
    arm: str
    confidence: float
    text_index: int
    start: int

    @property
    def slug(self) -> str:
        """The page's slug."""
        return self.page.slug

    def rank(self) -> tuple[float, int, int, str]:
        """Budget order: confidence desc, earliest text, first mention, slug."""
        return (-self.confidence, self.text_index, self.start, self.page.slug)


class AliasHits:
    """Index rows for a set of keys: key -> arm -> slugs, plus page details."""

    def __init__(self, rows: Iterable[tuple[str, str, str, str, str]]) -> None:
        self.by_key: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.pages: dict[str, PageInfo] = {}
        for key, arm, slug, title, summary in rows:
            self.by_key[key][arm].add(slug)
            self.pages[slug] = PageInfo(slug, title, summary)

    def __bool__(self) -> bool:
        return bool(self.pages)


def lookup(
    conn: Connection, brain_id: str, source: str, candidates: Sequence[Candidate]
) -> AliasHits:
    """Fetch every index row of the active source matching any candidate key (one query)."""
    keys = sorted({cand.norm for cand in candidates})[:MAX_LOOKUP_KEYS]
    if not keys:
        return AliasHits([])
    rows = conn.execute(_LOOKUP, (brain_id, source, keys)).fetchall()
    return AliasHits(rows)


def match(cand: Candidate, hits: AliasHits) -> Resolved | None:
    """Resolve one candidate through the first tier with any hit, or None."""
    arms_hit = hits.by_key.get(cand.norm)
    if not arms_hit:
        return None
    for tier in TIERS:
        arms = [arm for arm in tier if arm in cand.arms and arm in arms_hit]
        slugs = set().union(*(arms_hit[arm] for arm in arms)) if arms else set()
        if not slugs:
            continue
        if len(slugs) > 1:
            return None
        (slug,) = slugs
        arm = next(arm for arm in arms if slug in arms_hit[arm])
        confidence = round(CONFIDENCE[arm] - cand.penalty, 4)
        return Resolved(hits.pages[slug], arm, confidence, cand.text_index, cand.start)
    return None


def resolve(candidates: Sequence[Candidate], hits: AliasHits) -> list[Resolved]:
    """Longest non-overlapping resolved mentions, one per page (its best), in budget order."""
    matched = [(cand, res) for cand in candidates if (res := match(cand, hits)) is not None]
    matched.sort(
        key=lambda pair: (-pair[0].tokens, pair[0].text_index, pair[0].start, -pair[1].confidence)
    )
    taken: list[Candidate] = []
    best: dict[str, Resolved] = {}
    for cand, res in matched:
        if any(_overlaps(cand, other) for other in taken):
            continue
        taken.append(cand)
        current = best.get(res.slug)
        if current is None or res.rank() < current.rank():
            best[res.slug] = res
    return sorted(best.values(), key=Resolved.rank)


def _overlaps(left: Candidate, right: Candidate) -> bool:
    return left.text_index == right.text_index and left.start < right.end and right.start < left.end
