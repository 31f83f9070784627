"""Resolve candidate mentions to pages with one indexed query, precision first.

Arms are tried in tiers: names (alias, then title), then other name forms and the slug
suffix, then the surname and given name. The first tier with any hit decides: exactly one
page -> resolved with that arm's confidence; two or more pages -> ambiguous, and the mention
stays silent (a wrong pointer is worse than none, so a weaker tier is not consulted to break
the tie). A mention with no exact hit at all may still resolve through bounded fuzzy matching
(:mod:`bb_brain.reflex._fuzzy`). Overlapping mentions keep the longest (then earliest) one,
and each page keeps its best mention.

Every outcome carries its evidence: what matched, which surface, the score, and for a
declined page why (see :class:`Resolved`).
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from bb_brain._described import DESCRIBED_ARM
from bb_brain._names import fold, keyboard_spelling, name_forms
from bb_brain._pg import Connection
from bb_brain._relations import RELATION_ARM
from bb_brain.pages import (
    COINED_NAME_ARM,
    FAMILY_INITIAL_ARM,
    KIND_ARM,
    POSSESSIVE_NAME_ARM,
    SHORT_NAME_ARM,
    SUMMARY_KIND_ARM,
    TITLE_PART_ARM,
    normalise,
)
from bb_brain.reflex._candidate import FAMILY_ARMS, Candidate
from bb_brain.reflex._fuzzy import FuzzyRow, fuzzy_keys, fuzzy_match
from bb_brain.reflex._tokens import FAMILY_BY_NAME

CONFIDENCE: Final[dict[str, float]] = {
    "alias": 0.95,
    "title": 0.95,
    "name-form": 0.9,
    "slug-suffix": 0.9,
    "surname": 0.75,
    "given-name": 0.7,
    SHORT_NAME_ARM: 0.7,
    POSSESSIVE_NAME_ARM: 0.7,
    COINED_NAME_ARM: 0.7,
    TITLE_PART_ARM: 0.65,
    RELATION_ARM: 0.8,
    KIND_ARM: 0.6,
    SUMMARY_KIND_ARM: 0.55,
    FAMILY_INITIAL_ARM: 0.6,
    DESCRIBED_ARM: 0.5,
}
TIERS: Final[tuple[tuple[str, ...], ...]] = (
    ("alias", "title"),
    ("name-form", "slug-suffix"),
    ("surname", "given-name"),
    (SHORT_NAME_ARM, POSSESSIVE_NAME_ARM),  # "Patel" is Amit Patel before Patel Dental
    (COINED_NAME_ARM,),  # "Ardwyn" is Ardwyn Hall before Ardwyn Relay
    (TITLE_PART_ARM,),  # "Quenby Yard" is Quenby Yard Ltd before its open day's title
    (RELATION_ARM,),
    # "the bakery": what a page is, when one page of the source is that
    (KIND_ARM, SUMMARY_KIND_ARM),
    (FAMILY_INITIAL_ARM,),  # "Mrs P": the one person of that initial
    (DESCRIBED_ARM,),  # "the dues lady": the one page that says it collects dues
)
#: A turn is a few sentences; a pasted document should not turn into a huge IN list.
MAX_LOOKUP_KEYS: Final = 4000
#: Rows a fuzzy lookup may return; more means the key is too common to prove uniqueness.
MAX_FUZZY_ROWS: Final = 400

_PAGE_COLUMNS = "a.alias_norm, a.arm, a.slug, p.title, coalesce(p.summary, ''), p.page_type"
_JOIN = (
    " FROM aliases AS a JOIN pages AS p"
    " ON p.brain_id = a.brain_id AND p.source = a.source AND p.slug = a.slug"
)
_LOOKUP = (
    f"SELECT {_PAGE_COLUMNS}, false{_JOIN}"
    " WHERE a.brain_id = %s AND a.source = %s AND a.alias_norm = ANY(%s)"
)
_FUZZY_LOOKUP = (
    f"SELECT {_PAGE_COLUMNS}, true{_JOIN}"
    " WHERE a.brain_id = %s AND a.source = %s"
    " AND (a.fuzzy_head = ANY(%s) OR a.fuzzy_tail = ANY(%s))"
    f" AND a.arm NOT IN ('{RELATION_ARM}', '{KIND_ARM}', '{SUMMARY_KIND_ARM}',"
    f" '{FAMILY_INITIAL_ARM}', '{DESCRIBED_ARM}')"
    f" ORDER BY a.alias_norm, a.slug, a.arm LIMIT {MAX_FUZZY_ROWS + 1}"
)

Row = tuple[str, str, str, str, str, str | None, bool]


@dataclass(frozen=True)
class PageInfo:
    """What a pointer shows about its page, and whether it is a person's."""

    slug: str
    title: str
    summary: str
    page_type: str | None = None

    @property
    def is_person(self) -> bool:
        """People take person evidence (a role noun, a verb of saying)."""
        return self.page_type == "person" or self.slug.startswith("people/")


@dataclass(frozen=True)
class Resolved:
    """A page a mention resolved to (or was declined for), with everything that led there."""

    page: PageInfo
    arm: str
    confidence: float
    cand: Candidate
    surface: str
    score: float = 1.0
    signals: tuple[str, ...] = ()
    decision: str = ""

    @property
    def slug(self) -> str:
        """The page's slug."""
        return self.page.slug

    @property
    def text_index(self) -> int:
        """Which text the mention is in (0: the turn)."""
        return self.cand.text_index

    @property
    def start(self) -> int:
        """Where the mention starts in its text."""
        return self.cand.start

    def rank(self) -> tuple[float, int, int, str]:
        """Budget order: confidence desc, earliest text, first mention, slug."""
        return (-self.confidence, self.text_index, self.start, self.page.slug)


@dataclass
class AliasHits:
    """Index rows for a set of keys: key -> arm -> slugs, page details, and fuzzy rows."""

    by_key: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    pages: dict[str, PageInfo] = field(default_factory=dict)
    fuzzy_rows: list[FuzzyRow] = field(default_factory=list)
    #: The fuzzy lookup hit its row cap: uniqueness cannot be shown, so fuzzy stays silent.
    fuzzy_saturated: bool = False

    @classmethod
    def from_rows(cls, rows: Iterable[Row]) -> AliasHits:
        """Group exact rows by key and arm; keep fuzzy rows (capped) as they came."""
        hits = cls()
        by_key: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for key, arm, slug, title, summary, page_type, fuzzy in rows:
            hits.pages[slug] = PageInfo(slug, title, summary, page_type)
            if fuzzy:
                hits.fuzzy_rows.append(FuzzyRow(key, arm, slug))
            else:
                by_key[key][arm].add(slug)
        for key, arms in by_key.items():
            _written_plain_first(key, arms, hits.pages)
        hits.by_key = by_key
        if len(hits.fuzzy_rows) > MAX_FUZZY_ROWS:
            hits.fuzzy_rows, hits.fuzzy_saturated = [], True
        return hits

    def __bool__(self) -> bool:
        return bool(self.pages)


def _written_plain_first(key: str, arms: dict[str, set[str]], pages: dict[str, PageInfo]) -> None:
    """Drop a page's keyboard spelling of a key another page writes as it is (in place).

    "Michał" is typed "michal" on a keyboard without the letter, but a page titled "Michal
    Levi" writes it so: "Michal sent the forms" is hers (see ``keyboard_spelling``). Only
    the titles are read: a page that writes the plain spelling in an alias alone yields too
    (a known limit; the index keeps no mark of which rows a keyboard made).
    """
    slugs = {slug for found in arms.values() for slug in found}
    if len(slugs) < 2:
        return
    typed = {slug for slug in slugs if _typed_plain(key, pages[slug].title)}
    if typed and typed != slugs:
        for arm in list(arms):
            arms[arm] -= typed
            if not arms[arm]:
                del arms[arm]


def _typed_plain(key: str, title: str) -> bool:
    """The key is in the title only as a keyboard types it, its special letters plain."""
    written = f" {normalise(title)} "
    return f" {key} " not in written and f" {key} " in keyboard_spelling(written)


def lookup(
    conn: Connection, brain_id: str, source: str, candidates: Sequence[Candidate]
) -> AliasHits:
    """Fetch the index rows matching any candidate key, then fuzzy neighbours if needed.

    The fuzzy query runs only for a possibly misspelt mention that matched nothing exactly
    and overlaps no mention that did: most turns need the first query only, a turn with an
    unknown name pays a second round trip. So does a pet, a plan or a relative said by
    another name of their keeper's than the page files (:func:`_by_their_names`).
    """
    keys = sorted({cand.norm for cand in candidates})[:MAX_LOOKUP_KEYS]
    if not keys:
        return AliasHits()
    rows: list[Row] = conn.execute(_LOOKUP, (brain_id, source, keys)).fetchall()
    by_name, by_family = _by_their_names(rows, candidates)
    if by_name:
        named = conn.execute(_LOOKUP, (brain_id, source, sorted(by_name))).fetchall()
        rows += [
            (typed, *row[1:])
            for row in named
            if not (row[0] in by_family and _an_animal(row[2], row[5]))
            for typed in by_name[row[0]]
        ]
    found = {row[0] for row in rows}
    unmatched = [cand for cand in candidates if cand.fuzzy and cand.norm not in found]
    heads, tails = fuzzy_keys(cand.norm for cand in _uncovered(unmatched, rows, candidates))
    if heads:
        rows += conn.execute(_FUZZY_LOOKUP, (brain_id, source, heads, tails)).fetchall()
    return AliasHits.from_rows(rows)


def _by_their_names(
    rows: list[Row], candidates: Sequence[Candidate]
) -> tuple[dict[str, set[str]], set[str]]:
    """Someone's pet, plan or relative said by a name their page knows them by.

    "quill's poodle" is filed under "quillan's poodle" by the pet's page, which names its
    keeper in full; the owner's page says Quillan goes by Quill. "elinor's wedding" is filed
    under "arkwright's wedding" by the plan's page, titled by the couple's family names.
    When the possessor's name resolved to one person and the phrase itself matched nothing,
    it is looked up again by that person's given name (unless that is how it was typed) and
    family name (key -> the keys as typed, and the keys by a family name): a family name
    alone is a whole family's, so by it no animal is anyone's in particular.
    """
    found = {row[0] for row in rows}
    people: dict[str, set[str]] = defaultdict(set)
    for key, _arm, slug, title, summary, page_type, _fuzzy in rows:
        if PageInfo(slug, title, summary, page_type).is_person:
            people[key].add(title)
    by_name: dict[str, set[str]] = defaultdict(set)
    by_family: set[str] = set()
    for cand in candidates:
        whose, mark, what = cand.norm.partition("'s ")
        if not mark or cand.norm in found or RELATION_ARM not in cand.arms:
            continue
        titles = people.get(whose, set())
        forms = name_forms(fold(next(iter(titles)))) if len(titles) == 1 else None
        if forms is None:
            continue
        if whose != forms.given:
            by_name[f"{forms.given}'s {what}"].add(cand.norm)
        if whose != forms.family:
            by_name[f"{forms.family}'s {what}"].add(cand.norm)
            by_family.add(f"{forms.family}'s {what}")
    return by_name, by_family


def _an_animal(slug: str, page_type: str | None) -> bool:
    """A pet's or an animal's page, by its type or its folder."""
    return (page_type or "").casefold() in ("pet", "animal") or slug.startswith(
        ("pets/", "animals/")
    )


def _uncovered(
    unmatched: list[Candidate], rows: list[Row], candidates: Sequence[Candidate]
) -> list[Candidate]:
    """Misspelt-looking mentions no exactly matched mention overlaps (those are settled)."""
    found = {row[0] for row in rows}
    covered: dict[int, list[tuple[int, int]]] = {}
    for cand in sorted(candidates, key=lambda c: (c.text_index, c.start)):
        if cand.norm not in found:
            continue
        spans = covered.setdefault(cand.text_index, [])
        if spans and cand.start < spans[-1][1]:  # overlapping hits merge into one span
            spans[-1] = (spans[-1][0], max(spans[-1][1], cand.end))
        else:
            spans.append((cand.start, cand.end))
    return [
        cand
        for cand in unmatched
        if not _clashes(covered.get(cand.text_index, []), cand.start, cand.end)
    ]


@dataclass(frozen=True)
class Outcome:
    """What one candidate came to: a page, pages it is ambiguous between, or nothing.

    ``ambiguous`` holds one resolution per page a name fits equally (all also in
    ``declined``), for context to choose from.
    """

    resolved: Resolved | None = None
    declined: tuple[Resolved, ...] = ()
    ambiguous: tuple[Resolved, ...] = ()


def the_family(outcome: Outcome) -> list[Resolved]:
    """Everyone a family name in the plural names: "the quarrows want a quote".

    A family name two or more people of the source share, said of the family (the signal
    :func:`bb_brain.reflex._extract` gives the plural after "the" or before a plural verb),
    names each of them, where a single name would be a wrong pointer's guess. At most
    :data:`FAMILY_MAX` people, a budget's worth; none when any option is no person's family
    name. Each is still vetoed as any name is, by the caller.
    """
    options = outcome.ambiguous
    if not options or len(options) > FAMILY_MAX:
        return []
    if any(not res.page.is_person or res.arm != "surname" for res in options):
        return []
    cand = options[0].cand
    if not _a_familys(cand):
        return []
    confidence = round(CONFIDENCE["surname"] - cand.penalty, 4)
    return [replace(res, confidence=confidence, decision=FAMILY_DECISION) for res in options]


def match_the_family(cand: Candidate, hits: AliasHits) -> Outcome:
    """A plural before "are", "were" or "have" with no "the": a firm's, or a family's.

    The extractor leaves such a plural no person's name ("hoskens are out of feed" is the
    firm, :func:`bb_brain.reflex._candidate.Maker`); it is the Quarrow family when two or
    more people of the source are Quarrows ("quarrows are back"). Before another verb
    ("urquharts asked if ...") the plural is looked up as any name is: one bearer is that
    person, two or three the family (:func:`the_family`).
    """
    if not _a_familys(cand) or _after_the(cand) or cand.arms & FAMILY_ARMS:
        return match(cand, hits)
    outcome = match(replace(cand, arms=FAMILY_ARMS), hits)
    return outcome if the_family(outcome) else Outcome()


def _a_familys(cand: Candidate) -> bool:
    """The candidate is a family's name in the plural, read without judging its evidence."""
    said = (*cand.extra, *cand.merged, *(cand.given or ()))
    return FAMILY_BY_NAME in said


def _after_the(cand: Candidate) -> bool:
    span = cand.span
    return span is not None and span.first > 0 and span.tokens[span.first - 1].norm == "the"


#: The decision of each person a family's name in the plural points at.
FAMILY_DECISION: Final = "the family, by its name in the plural"
#: The most people a family's name in the plural points at: no more than a seam's budget.
FAMILY_MAX: Final = 3


def match(cand: Candidate, hits: AliasHits) -> Outcome:
    """Resolve one candidate through the first tier with any hit, else fuzzily, else nothing."""
    arms_hit = hits.by_key.get(cand.norm)
    if not arms_hit:
        return _fuzzy(cand, hits)
    allowed = cand.allowed_arms()
    tiers = TIERS
    if POSSESSIVE_NAME_ARM in arms_hit and _owning_nothing(cand):
        tiers = ((POSSESSIVE_NAME_ARM,), *TIERS)  # "quist's: 6 baguettes": the shop's own name
    for tier in tiers:
        arms = [arm for arm in tier if arm in allowed and arm in arms_hit]
        slugs = set().union(*(arms_hit[arm] for arm in arms)) if arms else set()
        if not slugs:
            continue
        if len(slugs) > 1:
            decision = (
                f"ambiguous: {cand.norm!r} names {len(slugs)} pages of this source"
                f" ({'/'.join(arms)}); a wrong pointer is worse than none"
            )
            options = tuple(
                Resolved(hits.pages[slug], _arm_of(slug, arms, arms_hit), 0.0, cand, cand.norm)
                for slug in sorted(slugs)
            )
            declined = tuple(_declined(cand, hits, sorted(slugs), arms, decision))
            return Outcome(declined=declined, ambiguous=options)
        (slug,) = slugs
        arm = next(arm for arm in arms if slug in arms_hit[arm])
        confidence = round(CONFIDENCE[arm] - cand.penalty, 4)
        return Outcome(Resolved(hits.pages[slug], arm, confidence, cand, cand.norm))
    return Outcome()


def _owning_nothing(cand: Candidate) -> bool:
    """A possessive with nothing after it to own: a name said in the possessive, as a shop's.

    "quist's: 6 baguettes", "lunch at quist's." name a page whose alias is "Quist's"; "quist's
    van" may be Temperance Quist's, and so is what something is said to be ("the coat is
    quist's", "it's quist's") or whose it is asked ("whose umbrella is this? quist's?").
    """
    span = cand.span
    if span is None or not span.tokens[span.last].possessive:
        return False
    after = span.tokens[span.last + 1] if span.last + 1 < len(span.tokens) else None
    if after is not None and after.glued:
        return False
    before = span.tokens[span.first - 1] if span.first > 0 else None
    if before is not None and (before.norm in _SAID_TO_BE or before.possessive):
        return False
    return not any(tok.norm == "whose" for tok in span.tokens)


#: Words before a possessive that say whose something is: "the coat is holly's".
_SAID_TO_BE: Final = frozenset("is was are were be been being it's that's it that".split())


def _arm_of(slug: str, arms: list[str], arms_hit: dict[str, set[str]]) -> str:
    return next(arm for arm in arms if slug in arms_hit[arm])


def _declined(
    cand: Candidate, hits: AliasHits, slugs: list[str], arms: list[str], decision: str
) -> list[Resolved]:
    return [
        Resolved(hits.pages[slug], arms[0], 0.0, cand, cand.norm, 1.0, (), decision)
        for slug in slugs
    ]


def _fuzzy(cand: Candidate, hits: AliasHits) -> Outcome:
    if not cand.fuzzy or not hits.fuzzy_rows:
        return Outcome()
    found = fuzzy_match(cand.norm, cand.allowed_arms(), hits.fuzzy_rows)
    if found is None:
        return Outcome()
    if len(found.slugs) > 1:
        decision = (
            f"fuzzy: {cand.raw!r} is as close to {len(found.slugs)} pages of this source;"
            " fuzzy matching needs a unique candidate"
        )
        rows = sorted(found.slugs)
        return Outcome(declined=tuple(_declined(cand, hits, rows, [found.arm], decision)))
    (slug,) = found.slugs
    confidence = round(CONFIDENCE[found.arm] * found.score - cand.penalty, 4)
    decision = (
        f"fuzzy: {cand.raw!r} ~ {found.surface!r} ({found.typo}, similarity"
        f" {found.score:.2f}), the only page this close"
    )
    resolved = Resolved(
        hits.pages[slug], found.arm, confidence, cand, found.surface, found.score, (), decision
    )
    return Outcome(resolved)


def overlaps(left: Candidate, right: Candidate) -> bool:
    """Two mentions sharing characters of the same text."""
    return left.text_index == right.text_index and left.start < right.end and right.start < left.end


def resolve(accepted: Sequence[Resolved]) -> list[Resolved]:
    """Longest non-overlapping mentions, one per page (its best), in budget order.

    The spans taken so far never overlap one another, so each text keeps them sorted by
    start and a new mention is checked against its two neighbours only (a bisection): the
    pass is n log n in the mentions, not quadratic, which a long turn with thousands of
    mentions needs.
    """
    ordered = sorted(
        accepted,
        # of one span, the form written out longer first: "Ottilie's" the restaurant's alias
        # before "Ottilie"
        key=lambda res: (
            -res.cand.tokens,
            res.text_index,
            res.start,
            res.cand.start - res.cand.end,
            -res.confidence,
        ),
    )
    taken: dict[int, list[tuple[int, int]]] = {}
    families: set[tuple[int, int, int]] = set()  # a family's name: its span, each of them
    best: dict[str, Resolved] = {}
    for res in ordered:
        spans = taken.setdefault(res.cand.text_index, [])
        where = (res.cand.text_index, res.cand.start, res.cand.end)
        family = res.decision == FAMILY_DECISION
        if not (family and where in families):
            if _clashes(spans, res.cand.start, res.cand.end):
                continue
            bisect.insort(spans, (res.cand.start, res.cand.end))
            if family:
                families.add(where)
        current = best.get(res.slug)
        if current is None or res.rank() < current.rank():
            best[res.slug] = res
    return sorted(best.values(), key=Resolved.rank)


def _clashes(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether [start, end) shares characters with one of the sorted, disjoint ``spans``."""
    at = bisect.bisect_left(spans, (start, end))
    if at > 0 and spans[at - 1][1] > start:
        return True
    return at < len(spans) and spans[at][0] < end
