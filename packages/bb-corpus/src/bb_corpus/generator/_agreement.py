"""Compare an independent labeller's answers with gold, per item type, and write the receipt.

Item types (each an agree / total count):

* ``should_retrieve``: every labelled retrieval turn that has gold;
* ``gold_pages``: retrieval turns whose gold retrieves: the labeller's ``pages`` == gold_slugs;
* ``acceptable_pages``: the same turns, plus silent turns where gold or the labeller lists
  acceptable pages (a pronoun's page, a shared name's pages): ``secondary_pages`` ==
  acceptable_slugs;
* ``facts_present``: every labelled facts turn: both say it has facts, or both say none;
* ``fact_count``: facts turns where either side lists facts: the counts are equal;
* ``fact_entity`` / ``fact_kind`` / ``fact_keywords``: every gold fact, against the label fact
  matched to it (most shared keywords first); a gold fact with no label fact disagrees on all
  three. Keywords agree when a gold keyword and a label keyword contain one another,
  ignoring case.

A disagreement is a fixture bug to fix, not a tolerance to average over: the report lists
each one with the fixture and turn it came from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bb_schema import Gold, GoldFact

from bb_corpus._errors import CorpusUserError
from bb_corpus.corpus import LoadedCorpus
from bb_corpus.generator._build import dump_json
from bb_corpus.generator._sample import WORKSHEET_KIND, SampleReport, draw_sample, read_json

ITEM_TYPES: Final = (
    "should_retrieve",
    "gold_pages",
    "acceptable_pages",
    "facts_present",
    "fact_count",
    "fact_entity",
    "fact_kind",
    "fact_keywords",
)


@dataclass(frozen=True)
class Disagreement:
    """One item where the labeller and gold differ."""

    item_id: str
    fixture_id: str
    turn_id: int
    item_type: str
    gold: Any
    label: Any

    def to_json(self) -> dict[str, Any]:
        """The receipt/report form."""
        return {
            "item_id": self.item_id,
            "fixture_id": self.fixture_id,
            "turn_id": self.turn_id,
            "item_type": self.item_type,
            "gold": self.gold,
            "label": self.label,
        }


@dataclass(frozen=True)
class ItemTypeScore:
    """Agreement counts for one item type."""

    agree: int
    total: int

    @property
    def rate(self) -> float:
        """The share that agree: agree / total (1.0 for an empty type)."""
        return 1.0 if self.total == 0 else self.agree / self.total


@dataclass
class AgreementReport:
    """Agreement of one labelled sample."""

    sample: SampleReport
    scores: dict[str, ItemTypeScore] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The report as a document (rates rounded to 4 places)."""
        return {
            "fixtures_hash": self.sample.fixtures_hash,
            "sample": {
                "seed": self.sample.seed,
                "fraction": self.sample.fraction,
                "items": len(self.sample.items),
                "fixtures": sum(len(item.fixture_ids) for item in self.sample.items),
                "strata": self.sample.strata,
            },
            "agreement": {
                name: {"agree": s.agree, "total": s.total, "rate": round(s.rate, 4)}
                for name, s in self.scores.items()
            },
            "disagreements": [d.to_json() for d in self.disagreements],
        }

    def render(self) -> str:
        """Human-readable lines: one per item type, then each disagreement."""
        lines = [
            f"sample: {len(self.sample.items)} items, fixtures_hash {self.sample.fixtures_hash}"
        ]
        for name, score in self.scores.items():
            lines.append(f"{name:17} {score.agree:4}/{score.total:<4} {score.rate:.4f}")
        for d in self.disagreements:
            lines.append(
                f"disagree {d.item_type} {d.fixture_id} turn {d.turn_id} ({d.item_id}): "
                f"gold {d.gold!r}, label {d.label!r}"
            )
        return "\n".join(lines)


class _Tally:
    def __init__(self) -> None:
        self.counts = {name: [0, 0] for name in ITEM_TYPES}
        self.disagreements: list[Disagreement] = []

    def check(self, where: tuple[str, str, int], item_type: str, gold: Any, label: Any,
              agree: bool) -> None:  # fmt: skip
        self.counts[item_type][1] += 1
        if agree:
            self.counts[item_type][0] += 1
        else:
            self.disagreements.append(Disagreement(*where, item_type, gold, label))


def _keywords_meet(gold: Sequence[str], label: Sequence[str]) -> int:
    lowered = [k.lower() for k in label if isinstance(k, str)]
    return sum(any(g.lower() in k or k in g.lower() for k in lowered if k) for g in gold)


def _facts(tally: _Tally, where: tuple[str, str, int], gold: Sequence[GoldFact],
           label: Sequence[Mapping[str, Any]]) -> None:  # fmt: skip
    tally.check(where, "facts_present", bool(gold), bool(label), bool(gold) == bool(label))
    if gold or label:
        tally.check(where, "fact_count", len(gold), len(label), len(gold) == len(label))
    free = list(label)
    for fact in gold:
        best = max(
            free,
            key=lambda cand: (
                _keywords_meet(fact.match_keywords, cand.get("keywords") or []),
                cand.get("entity_slug") == fact.entity_slug,
            ),
            default=None,
        )
        if best is not None:
            free.remove(best)
        got = best or {}
        tally.check(where, "fact_entity", fact.entity_slug, got.get("entity_slug"),
                    got.get("entity_slug") == fact.entity_slug)  # fmt: skip
        tally.check(where, "fact_kind", fact.kind, got.get("kind"), got.get("kind") == fact.kind)
        meets = _keywords_meet(fact.match_keywords, got.get("keywords") or []) > 0
        tally.check(where, "fact_keywords", fact.match_keywords, got.get("keywords"), meets)


def _retrieval(tally: _Tally, where: tuple[str, str, int], gold: Gold,
               label: Mapping[str, Any]) -> None:  # fmt: skip
    turn = gold.for_turn(where[2])
    if turn is None:
        return
    said = label.get("should_retrieve")
    tally.check(where, "should_retrieve", turn.should_retrieve, said, said is turn.should_retrieve)
    pages, secondary = (
        sorted(label.get("pages") or []),
        sorted(label.get("secondary_pages") or []),
    )
    if turn.should_retrieve:
        tally.check(where, "gold_pages", sorted(turn.gold_slugs), pages,
                    pages == sorted(turn.gold_slugs))  # fmt: skip
    if turn.should_retrieve or turn.acceptable_slugs or secondary:
        tally.check(where, "acceptable_pages", sorted(turn.acceptable_slugs), secondary,
                    secondary == sorted(turn.acceptable_slugs))  # fmt: skip


def _labels_of(document: Any, item_id: str, session: str) -> Mapping[str, Any]:
    items = document.get("items") if isinstance(document, Mapping) else None
    item = items.get(item_id) if isinstance(items, Mapping) else None
    block = item.get(session) if isinstance(item, Mapping) else None
    return block if isinstance(block, Mapping) else {}


def score_agreement(corpus: LoadedCorpus, worksheet: Any, labels: Any) -> AgreementReport:
    """Redraw the worksheet's sample over ``corpus`` and score ``labels`` against gold.

    Raises:
        CorpusUserError: The worksheet is not one, or the corpus changed since it was drawn.
    """
    meta = worksheet.get("sample") if isinstance(worksheet, Mapping) else None
    if not isinstance(meta, Mapping) or worksheet.get("kind") != WORKSHEET_KIND:
        raise CorpusUserError(
            f"--sample is not a validation worksheet (expected kind {WORKSHEET_KIND!r}); "
            "write one with `brainbench corpus sample`"
        )
    # The pass covers the core (turn-gold) files: memory-trust fixtures may come and go.
    if meta.get("fixtures_hash") != corpus.core_fixtures_hash:
        raise CorpusUserError(
            f"the worksheet was drawn from corpus {meta.get('fixtures_hash')!r} but this corpus "
            f"is {corpus.core_fixtures_hash!r}; draw and label a new sample"
        )
    sample = draw_sample(corpus, float(meta.get("fraction", 0)), int(meta.get("seed", 0)))
    tally = _Tally()
    for item in sample.items:
        for session, fixture_id in zip("AB", item.fixture_ids, strict=False):
            fixture, gold = corpus.fixture(fixture_id), corpus.gold_for(fixture_id)
            answers = _labels_of(labels, item.item_id, session)
            for turn in fixture.user_turns:
                where = (item.item_id, fixture_id, turn.turn_id)
                answer = answers.get(str(turn.turn_id))
                answer = answer if isinstance(answer, Mapping) else {}
                if fixture.needs_timestamps():
                    entry = gold.for_turn(turn.turn_id)
                    facts = answer.get("facts")
                    found = (
                        [f for f in facts if isinstance(f, Mapping)]
                        if isinstance(facts, list)
                        else []
                    )
                    _facts(tally, where, entry.gold_facts if entry else [], found)
                else:
                    _retrieval(tally, where, gold, answer)
    scores = {name: ItemTypeScore(a, t) for name, (a, t) in tally.counts.items()}
    return AgreementReport(sample, scores, tally.disagreements)


def load_documents(sample_path: str, labels_path: str) -> tuple[Any, Any]:
    """Read the worksheet and the labels files."""
    return read_json(sample_path, "sample worksheet"), read_json(labels_path, "labels file")


def write_receipt(report: AgreementReport, path: str, *, date: str, labeller: str) -> None:
    """Write the gold-validation receipt (``validation/receipt.json``) the ledger embeds.

    Every disagreement gets an empty ``resolution`` for the author to fill in: a fixture bug
    fixed in the generator, or a labelling slip with the rule it missed.
    """
    document = report.to_json()
    for entry in document["disagreements"]:
        entry["resolution"] = ""
    document.update({"date": date, "labeller": labeller, "status": "labelled"})
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(dump_json(document, sort_keys=True))
