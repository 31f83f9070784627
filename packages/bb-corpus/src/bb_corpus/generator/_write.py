"""Write the generated corpus and its ledger, atomically, beside the hand-authored files.

Layout under the output directory (default ``evals/brainbench``)::

    fixtures/generated/<category>/<id>.fixture.json   written here, replaced whole
    gold/generated/<category>/<id>.gold.json          written here, replaced whole
    fixtures/spike/, gold/spike/                      hand-authored: read, never written
    validation/receipt.json                           the gold-validation receipt (input)
    validation/sample.json                            the blind worksheet (input: pending)
    _ledger.json                                      written here

Everything is first written into a hidden temporary directory inside the output directory
(the loader ignores hidden entries); only then are the two ``generated/`` directories swapped
in by rename and the ledger replaced, so a failed run leaves the previous corpus untouched.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bb_corpus._errors import CorpusRuntimeError, CorpusUserError
from bb_corpus._files import CorpusFile, discover, fixtures_hash
from bb_corpus.generator import _stats
from bb_corpus.generator._build import (
    CATEGORY_COUNTS,
    DEFAULT_SEED,
    HOLDOUT_PERCENT,
    TRUST_CATEGORIES,
    GeneratedFixture,
    Progress,
    build,
    dump_json,
)

LEDGER_NAME: Final = "_ledger.json"
RECEIPT_PATH: Final = "validation/receipt.json"
GENERATED: Final = "generated"
WORKSHEET_PATH: Final = "validation/sample.json"
CORPUS_NAME: Final = "brainbench-core"
CORPUS_VERSION: Final = "2.0.1"
#: The generator's own version: 2.x writes varied language, names from many cultures (many of
#: them ordinary words too) and push asks beyond every pointer budget.
GENERATOR_VERSION: Final = "2.0.1"
REBUILD_COMMAND: Final = "uv run brainbench corpus gen"


@dataclass(frozen=True)
class GenerateReport:
    """What :func:`write_corpus` wrote.

    Attributes:
        out: The output directory.
        seed: The seed used.
        fixtures: Generated fixture files written.
        gold_turns: Gold turns across the whole corpus (generated + hand-authored).
        fixtures_hash: The loader's identity of the corpus as written.
        ledger: The ledger document written.
    """

    out: Path
    seed: int
    fixtures: int
    gold_turns: int
    fixtures_hash: str
    ledger: dict[str, Any]


def _hand_authored(out: Path) -> tuple[list[CorpusFile], list[CorpusFile]]:
    """Every fixture / gold file under ``out`` that the generator does not own."""
    found: dict[str, list[CorpusFile]] = {}
    for kind in ("fixtures", "gold"):
        directory = out / kind
        files: list[CorpusFile] = []
        if directory.is_dir():
            listed, _ = discover(directory, kind)  # problems surface when the corpus loads
            files = [f for f in listed if not f.rel.startswith(f"{GENERATED}/")]
        found[kind] = files
    return found["fixtures"], found["gold"]


def _generated_files(built: list[GeneratedFixture]) -> list[CorpusFile]:
    files: list[CorpusFile] = []
    for item in built:
        stem = item.draft.fixture_id
        rel_f, rel_g = item.fixture_rel, item.gold_rel
        files.append(CorpusFile("fixtures", rel_f, rel_f, stem, item.fixture_bytes))
        files.append(CorpusFile("gold", rel_g, rel_g, stem, item.gold_bytes))
    return files


def _is_trust_fixture(data: bytes) -> bool:
    try:
        document = json.loads(data)
    except ValueError:
        return False
    return isinstance(document, dict) and document.get("trust_steps") is not None


def _core(files: list[CorpusFile]) -> list[CorpusFile]:
    """Files outside the memory-trust fixtures (``trust_steps``) and their gold."""
    trust = {f.stem for f in files if f.kind == "fixtures" and _is_trust_fixture(f.data)}
    return [f for f in files if f.stem not in trust]


def _gold_turns(data: bytes) -> int:
    try:
        turns = json.loads(data).get("turns", {})
    except (ValueError, AttributeError):
        return 0
    return len(turns) if isinstance(turns, dict) else 0


#: How to (re)run the double-label validation, for a ledger whose receipt is missing or stale.
VALIDATION_HOW: Final = (
    "brainbench corpus sample --out evals/brainbench/validation/sample.json; label it "
    "independently (worksheet and rules only); brainbench corpus agreement --sample "
    "evals/brainbench/validation/sample.json --labels evals/brainbench/validation/"
    "labels.json --receipt evals/brainbench/validation/receipt.json; corpus gen"
)


def _read(path: Path, what: str) -> dict[str, Any]:
    try:
        document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CorpusUserError(
            f"cannot read the {what} {path.as_posix()!r}: {error}; "
            "fix or remove it and run corpus gen again"
        ) from error
    return document


def bound_receipt(receipt: dict[str, Any], core_hash: str) -> dict[str, Any]:
    """The receipt as the ledger embeds it: one labelled for other files is marked stale.

    A receipt vouches for the gold of the corpus it was labelled on (its core hash). When the
    corpus changed since, the ledger says so, keeps the receipt as the record of what was
    labelled, and names the hash it was bound to: the labelling is due again, and nothing
    claims otherwise.
    """
    status = receipt.get("status")
    if status not in ("labelled", "resolved"):
        return receipt
    key = "resolved_fixtures_hash" if status == "resolved" else "fixtures_hash"
    if receipt.get(key) == core_hash:
        return receipt
    return {
        "status": "stale",
        "labelled_core_fixtures_hash": receipt.get(key),
        "receipt": receipt,
        "how": VALIDATION_HOW,
    }


def _receipt(out: Path, core_hash: str) -> dict[str, Any]:
    """The gold-validation state of the corpus being written.

    A receipt labelled on this corpus is embedded as is. Otherwise the pass is ``pending``
    when the committed worksheet was drawn from this corpus (it only waits for a labeller;
    a receipt of older files is named beside it), else the receipt marked ``stale`` by
    :func:`bound_receipt`, else ``not run``: nothing vouches for gold it was not labelled on.
    """
    state: dict[str, Any] = {"status": "not run", "how": VALIDATION_HOW}
    path = out / RECEIPT_PATH
    if path.exists():
        state = bound_receipt(_read(path, "validation receipt"), core_hash)
        if state.get("status") != "stale":
            return state
    worksheet = out / WORKSHEET_PATH
    if worksheet.exists():
        sample = _read(worksheet, "validation worksheet").get("sample", {})
        if isinstance(sample, dict) and sample.get("fixtures_hash") == core_hash:
            pending: dict[str, Any] = {
                "status": "pending",
                "worksheet": WORKSHEET_PATH,
                "fixtures_hash": core_hash,
                "items": sample.get("items"),
                "how": VALIDATION_HOW.split("; ", 1)[1],
            }
            if state["status"] == "stale":
                pending["stale_receipt"] = {
                    "path": RECEIPT_PATH,
                    "labelled_core_fixtures_hash": state["labelled_core_fixtures_hash"],
                }
            return pending
    return state


def ledger(
    seed: int, built: list[GeneratedFixture], spikes: list[CorpusFile], corpus_hash: str,
    receipt: dict[str, Any], core_hash: str = "",
) -> dict[str, Any]:  # fmt: skip
    """The ledger document (serialised with sorted keys).

    ``core_hash`` is the identity of the files outside the memory-trust fixtures: the scope
    of the gold double-label validation, whose receipt is bound to it.
    """
    categories: dict[str, Any] = {}
    for category, units in CATEGORY_COUNTS.items():
        members = [item for item in built if item.draft.category == category]
        categories[category] = {
            "units": units,
            "fixtures": len(members),
            "holdout_fixtures": sum(item.draft.holdout for item in members),
            "holdout_units": len({item.draft.unit for item in members if item.draft.holdout}),
            "gold_turns": sum(_gold_turns(item.gold_bytes) for item in members),
            "variants": dict(sorted(Counter(item.draft.variant for item in members).items())),
        }
        drafts = [item.draft for item in members]
        turn_templates = _stats.templates(drafts)
        if turn_templates is not None:
            categories[category]["user_turn_templates"] = turn_templates
            categories[category]["mention_forms"] = _stats.mention_forms(drafts)
        if category in TRUST_CATEGORIES:
            categories[category]["trust_items"] = sum(
                len(group) for item in members for key, group in (item.draft.trust or {}).items()
                if key != "session_about"
            )  # fmt: skip
    spike_gold = {f.stem: _gold_turns(f.data) for f in spikes if f.kind == "gold"}
    spike_list = [
        {"fixture_id": f.stem, "path": f"fixtures/{f.rel}", "gold_turns": spike_gold.get(f.stem, 0)}
        for f in spikes
        if f.kind == "fixtures"
    ]
    generated_gold = sum(c["gold_turns"] for c in categories.values())
    return {
        "name": CORPUS_NAME,
        "version": CORPUS_VERSION,
        "generator_version": GENERATOR_VERSION,
        "seed": seed,
        "rebuild_command": REBUILD_COMMAND + ("" if seed == DEFAULT_SEED else f" --seed {seed}"),
        "generation_cost": {"llm_calls": 0, "usd": 0},
        "categories": categories,
        "continuity_pairs": CATEGORY_COUNTS["continuity"],
        "generated_fixtures": len(built),
        "holdout_percent_target": HOLDOUT_PERCENT,
        "holdout_fixtures": sum(item.draft.holdout for item in built),
        "gold_turns": generated_gold + sum(spike_gold.values()),
        "generated_gold_turns": generated_gold,
        "gold_facts": sum(len(t.gold.facts) for i in built for t in i.draft.turns if t.gold),
        "spike_fixtures": spike_list,
        "push_budget": _stats.push_budget(built),
        "fixtures_hash": corpus_hash,
        "core_fixtures_hash": core_hash,
        "gold_validation": bound_receipt(receipt, core_hash) if core_hash else receipt,
    }


def _write_tree(root: Path, files: list[tuple[str, bytes]]) -> None:
    for rel, data in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _swap_in(temp: Path, root: Path) -> None:
    """Rename the fresh ``generated/`` trees into place; on failure put the old ones back."""
    swapped: list[tuple[Path, Path]] = []
    try:
        for kind in ("fixtures", "gold"):
            target, stale = root / kind / GENERATED, temp / f"stale-{kind}"
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists():
                os.replace(target, stale)
            swapped.append((target, stale))
            os.replace(temp / kind, target)
        os.replace(temp / LEDGER_NAME, root / LEDGER_NAME)
    except OSError:
        for target, stale in reversed(swapped):
            if stale.exists():
                shutil.rmtree(target, ignore_errors=True)
                os.replace(stale, target)
        raise


def write_corpus(
    out: str | os.PathLike[str], seed: int = DEFAULT_SEED, progress: Progress | None = None
) -> GenerateReport:
    """Generate the corpus for ``seed`` into ``out`` and write its ledger.

    ``progress`` hears (categories done, categories, category) as each one is built.

    Raises:
        CorpusUserError: ``out`` exists and is not a directory, or its receipt is unreadable.
        CorpusRuntimeError: Writing failed; the previous corpus is left in place.
    """
    root = Path(out)
    if root.exists() and not root.is_dir():
        raise CorpusUserError(f"--out {root.as_posix()!r} is a file; expected a directory")
    built = build(seed, progress)
    hand_fixtures, hand_gold = _hand_authored(root)
    every = [*hand_fixtures, *hand_gold, *_generated_files(built)]
    corpus_hash = fixtures_hash(every)
    core_hash = fixtures_hash(_core(every))
    document = ledger(
        seed,
        built,
        [*hand_fixtures, *hand_gold],
        corpus_hash,
        _receipt(root, core_hash),
        core_hash,
    )
    temp = root / f".corpus-gen-{os.getpid()}"
    try:
        root.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(temp, ignore_errors=True)
        _write_tree(temp / "fixtures", [(i.fixture_rel[len(GENERATED) + 1 :], i.fixture_bytes)
                                        for i in built])  # fmt: skip
        _write_tree(
            temp / "gold", [(i.gold_rel[len(GENERATED) + 1 :], i.gold_bytes) for i in built]
        )
        (temp / LEDGER_NAME).write_bytes(dump_json(document, sort_keys=True))
        _swap_in(temp, root)
    except OSError as error:
        raise CorpusRuntimeError(
            f"writing the corpus into {root.as_posix()!r} failed: {error}; "
            "check the directory is writable and run corpus gen again"
        ) from error
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    gold_turns = int(document["gold_turns"])
    return GenerateReport(root, seed, len(built), gold_turns, corpus_hash, document)
