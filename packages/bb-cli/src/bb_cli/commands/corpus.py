"""``brainbench corpus validate|hash``: check a corpus and print its identity.

Both commands load the corpus the way a run does (bb_corpus.load_corpus), so a corpus that
validates here is exactly one a run accepts, and the printed ``fixtures_hash`` is the value a
run's receipt and the gate will carry.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

import bb_corpus  # its loader loads on first use: `run` reads only this module's defaults

from bb_cli._limits import add_limit_flags, limits_from
from bb_cli._output import Output
from bb_cli._parser import Subparsers, add_command, add_output_flags
from bb_cli.commands import SUMMARIES

DEFAULT_FIXTURES: Final = Path("evals/brainbench/fixtures")
DEFAULT_GOLD: Final = Path("evals/brainbench/gold")

_LAYOUT = (
    "A corpus is a fixtures directory of <fixture_id>.fixture.json files and a gold directory\n"
    "of <fixture_id>.gold.json files, searched recursively (subdirectories only organise).\n"
    "Gold is sealed: a fixture may not carry any gold key. See evals/brainbench/README.md."
)
_EXITS = "validate and hash exit 0 when the corpus is valid and 2 when it is not (never 1)."


def add_corpus_dirs(parser: argparse.ArgumentParser, which: str = "") -> None:
    """``--fixtures`` and ``--gold``, the committed corpus by default.

    ``which`` says which corpus a command reads ("of the corpus the shards were run on").
    """
    why = f" {which}" if which else ""
    parser.add_argument(
        "--fixtures",
        type=Path,
        default=DEFAULT_FIXTURES,
        metavar="DIR",
        help=f"fixtures directory{why}, searched recursively for *.fixture.json, relative to "
        f"the current directory (default: {DEFAULT_FIXTURES.as_posix()})",
    )
    parser.add_argument(
        "--gold",
        type=Path,
        default=DEFAULT_GOLD,
        metavar="DIR",
        help=f"its sealed gold, one <fixture_id>.gold.json per fixture "
        f"(default: {DEFAULT_GOLD.as_posix()})",
    )


def _add_dirs(parser: argparse.ArgumentParser) -> None:
    add_corpus_dirs(parser)
    add_limit_flags(parser)
    add_output_flags(parser)


def _validate(args: argparse.Namespace, out: Output) -> int:
    corpus = bb_corpus.load_corpus(args.fixtures, args.gold, limits=limits_from(args))
    fixtures, gold_turns, holdout = (
        len(corpus.fixtures),
        corpus.gold_turn_count,
        len(corpus.holdout_ids),
    )
    return out.succeed(
        f"{fixtures} fixtures ({gold_turns} gold turns, {holdout} holdout) ok\n"
        f"fixtures_hash: {corpus.fixtures_hash}",
        fixtures=fixtures,
        gold_turns=gold_turns,
        holdout=holdout,
        continuity_pairs=len(corpus.continuity_pairs),
        fixtures_hash=corpus.fixtures_hash,
    )


def _hash(args: argparse.Namespace, out: Output) -> int:
    corpus = bb_corpus.load_corpus(args.fixtures, args.gold, limits=limits_from(args))
    return out.succeed(corpus.fixtures_hash, fixtures_hash=corpus.fixtures_hash)


def register(subparsers: Subparsers) -> None:
    """Add ``corpus`` with its ``validate`` and ``hash`` subcommands."""
    group = add_command(
        subparsers,
        "corpus",
        summary=SUMMARIES["corpus"],
        description="Work with a BrainBench corpus (fixtures + sealed gold).\n\n" + _LAYOUT,
        notes=(_EXITS,),
    )
    commands = group.add_subparsers(
        dest="corpus_command", metavar="COMMAND", required=True, title="commands"
    )

    validate = add_command(
        commands,
        "validate",
        summary="check every fixture and gold file; print counts and the fixtures_hash",
        description=(
            "Validate the whole corpus and report every problem at once, one per line as\n"
            "'file: json.path: message' on stderr (sorted, so reruns print the same bytes).\n"
            "On success print '<N> fixtures (<G> gold turns, <H> holdout) ok' and the\n"
            "fixtures_hash.\n\n" + _LAYOUT
        ),
        notes=(
            _EXITS,
            '--json success: {"ok": true, "fixtures", "gold_turns", "holdout",\n'
            '"continuity_pairs", "fixtures_hash"}; failure: {"error": {"kind": "corpus",\n'
            '"message", "errors": [{"file", "path", "message"}]}}',
        ),
    )
    _add_dirs(validate)
    validate.set_defaults(handler=_validate)

    hash_ = add_command(
        commands,
        "hash",
        summary="print the fixtures_hash of a valid corpus",
        description=(
            "Validate the corpus, then print only its fixtures_hash: sha256 over every fixture\n"
            "and gold file's path (fixtures/<rel>, gold/<rel>) and bytes, independent of where\n"
            "the corpus lives (definition: evals/brainbench/README.md). An invalid corpus has\n"
            "no hash: it fails like validate."
        ),
        notes=(_EXITS, '--json success: {"ok": true, "fixtures_hash": "<hex>"}'),
    )
    _add_dirs(hash_)
    hash_.set_defaults(handler=_hash)
    # The generator is imported when `corpus` is the command, not when others read the defaults.
    from bb_cli.commands.corpus_gen import register_generator

    register_generator(commands)
