"""``brainbench corpus gen|sample|agreement``: build the corpus and validate its gold.

``gen`` regenerates the committed corpus from a seed (the default seed and directory give the
committed bytes back). ``sample`` writes a blind worksheet for an independent labeller, and
``agreement`` scores that labeller's answers against gold, per item type, optionally writing
the receipt that ``gen`` embeds in the ledger.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from bb_corpus import load_corpus
from bb_corpus.generator import (
    DEFAULT_FRACTION,
    DEFAULT_SEED,
    load_documents,
    score_agreement,
    write_corpus,
    write_receipt,
    write_sample,
)

from bb_cli._output import Output
from bb_cli._parser import Parser, Subparsers, UsageError, add_command, add_output_flags
from bb_cli._progress import ProgressDisplay, add_progress_flag, resolve_mode

DEFAULT_OUT: Final = Path("evals/brainbench")
_EXITS = "gen, sample and agreement exit 0 on success and 2 on any error (never 1)."


def _gen(args: argparse.Namespace, out: Output) -> int:
    if args.seed != DEFAULT_SEED and Path(args.out).resolve() == DEFAULT_OUT.resolve():
        # another seed over the committed corpus would replace it (and its ledger) whole
        raise UsageError(
            f"--seed {args.seed} would overwrite the committed corpus in {DEFAULT_OUT}: write "
            "another seed's corpus elsewhere with --out DIR",
            f"brainbench corpus gen --seed {args.seed} --out /tmp/corpus-{args.seed}",
        )
    display = ProgressDisplay(
        out.stderr, resolve_mode(args.progress, quiet=out.quiet, stream=out.stderr)
    )
    with display.running():
        report = write_corpus(args.out, args.seed, display.phase("generate categories"))
    return out.succeed(
        f"{report.fixtures} generated fixtures written to {report.out.as_posix()} "
        f"(seed {report.seed}, {report.gold_turns} gold turns in the corpus)\n"
        f"fixtures_hash: {report.fixtures_hash}",
        out=report.out.as_posix(),
        seed=report.seed,
        fixtures=report.fixtures,
        gold_turns=report.gold_turns,
        fixtures_hash=report.fixtures_hash,
    )


def _sample(args: argparse.Namespace, out: Output) -> int:
    corpus = load_corpus(args.fixtures, args.gold)
    sample = write_sample(corpus, args.out, args.fraction, args.seed)
    return out.succeed(
        f"{len(sample.items)} items written to {Path(args.out).as_posix()} "
        f"(strata: {', '.join(f'{k} {v}' for k, v in sample.strata.items())})",
        out=Path(args.out).as_posix(),
        items=len(sample.items),
        strata=sample.strata,
        fixtures_hash=sample.fixtures_hash,
    )


def _agreement(args: argparse.Namespace, out: Output) -> int:
    corpus = load_corpus(args.fixtures, args.gold)
    worksheet, labels = load_documents(args.sample, args.labels)
    report = score_agreement(corpus, worksheet, labels)
    if args.receipt is not None:
        date = args.date or datetime.now(UTC).date().isoformat()
        write_receipt(report, args.receipt, date=date, labeller=args.labeller)
        out.narrate(f"receipt written to {Path(args.receipt).as_posix()}")
    return out.succeed(report.render(), **report.to_json())


def _corpus_dirs(parser: Parser) -> None:
    parser.add_argument("--fixtures", type=Path, default=DEFAULT_OUT / "fixtures", metavar="DIR",
                        help="fixtures directory (default: evals/brainbench/fixtures)")  # fmt: skip
    parser.add_argument("--gold", type=Path, default=DEFAULT_OUT / "gold", metavar="DIR",
                        help="gold directory (default: evals/brainbench/gold)")  # fmt: skip


def register_generator(commands: Subparsers) -> None:
    """Add ``gen``, ``sample`` and ``agreement`` under ``corpus``."""
    gen = add_command(
        commands,
        "gen",
        summary="regenerate the generated corpus and its ledger from a seed",
        description=(
            "Write fixtures/generated/ and gold/generated/ under --out (replaced whole, via a\n"
            "temporary directory and a rename, so a failure leaves the old corpus), and the\n"
            "ledger _ledger.json. Hand-authored fixtures (e.g. fixtures/spike/) are never\n"
            "written. The defaults regenerate the committed corpus byte for byte; another\n"
            "--seed needs its own --out (it may not replace the committed corpus)."
        ),
        notes=(_EXITS,),
    )
    gen.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"default: {DEFAULT_SEED}")
    gen.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="DIR",
                     help="corpus root (default: evals/brainbench)")  # fmt: skip
    add_progress_flag(gen)
    add_output_flags(gen)
    gen.set_defaults(handler=_gen)

    sample = add_command(
        commands,
        "sample",
        summary="write a blind, stratified gold-validation worksheet",
        description=(
            "Draw --fraction of each category (continuity pairs as one unit) and write the\n"
            "fixtures' text with the labelling rules, WITHOUT gold, item ids opaque, for an\n"
            "independent labeller."
        ),
        notes=(_EXITS,),
    )
    _corpus_dirs(sample)
    sample.add_argument("--fraction", type=float, default=DEFAULT_FRACTION,
                        help=f"share of each category (default: {DEFAULT_FRACTION})")  # fmt: skip
    sample.add_argument("--seed", type=int, default=0, help="sampling seed (default: 0)")
    sample.add_argument("--out", type=Path, required=True, metavar="FILE", help="worksheet path")
    add_output_flags(sample)
    sample.set_defaults(handler=_sample)

    agreement = add_command(
        commands,
        "agreement",
        summary="score a labeller's answers against gold, per item type",
        description=(
            "Redraw the worksheet's sample over the corpus (its fixtures_hash must match),\n"
            "compare the labels with gold and print agree/total per item type and every\n"
            "disagreement. With --receipt, also write the receipt the ledger embeds."
        ),
        notes=(_EXITS,),
    )
    _corpus_dirs(agreement)
    agreement.add_argument("--sample", required=True, metavar="FILE", help="the worksheet")
    agreement.add_argument("--labels", required=True, metavar="FILE", help="the labeller's JSON")
    agreement.add_argument("--receipt", default=None, metavar="FILE",
                           help="write the receipt here (e.g. evals/brainbench/validation/"
                                "receipt.json)")  # fmt: skip
    agreement.add_argument("--labeller", default="independent labeller",
                           help="who labelled, for the receipt")  # fmt: skip
    agreement.add_argument("--date", default=None, help="receipt date (default: today, UTC)")
    add_output_flags(agreement)
    agreement.set_defaults(handler=_agreement)
