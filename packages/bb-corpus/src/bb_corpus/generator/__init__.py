"""The seeded corpus generator, its ledger, and the gold-validation sampler.

:func:`write_corpus` regenerates the committed corpus (``evals/brainbench``) byte for byte from
a seed: a small world per fixture (people from many cultures, companies, funds, projects;
many names that are also ordinary words), conversations written from templates whose text and
gold come out of the same PRNG draw (:mod:`._text`: every name-like word carries the intent
the template gave it), a ~15% holdout stratified by category, and a ledger that counts what
the corpus contains (templates per category, mention forms, push gold sizes).

Gold validation is a double-label pass: :func:`write_sample` draws a stratified sample and
writes a worksheet with the fixtures' text and the labelling rules but no gold;
:func:`score_agreement` compares an independent labeller's answers with gold per item type.
"""

from bb_corpus.generator._agreement import (
    AgreementReport,
    Disagreement,
    ItemTypeScore,
    load_documents,
    score_agreement,
    write_receipt,
)
from bb_corpus.generator._build import (
    CATEGORY_COUNTS,
    DEFAULT_SEED,
    HOLDOUT_PERCENT,
    GeneratedFixture,
    build,
)
from bb_corpus.generator._prng import Prng, SplitMix64, derive_seed, stream
from bb_corpus.generator._sample import DEFAULT_FRACTION, SampleReport, draw_sample, write_sample
from bb_corpus.generator._write import GenerateReport, write_corpus

__all__ = [
    "CATEGORY_COUNTS",
    "DEFAULT_FRACTION",
    "DEFAULT_SEED",
    "HOLDOUT_PERCENT",
    "AgreementReport",
    "Disagreement",
    "GenerateReport",
    "GeneratedFixture",
    "ItemTypeScore",
    "Prng",
    "SampleReport",
    "SplitMix64",
    "build",
    "derive_seed",
    "draw_sample",
    "load_documents",
    "score_agreement",
    "stream",
    "write_corpus",
    "write_receipt",
    "write_sample",
]
