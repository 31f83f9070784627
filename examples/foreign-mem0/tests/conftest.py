import pytest
from foreign_mem0.store import Mem0Store


@pytest.fixture(scope="session")
def store(tmp_path_factory: pytest.TempPathFactory) -> Mem0Store:
    """One real mem0 store for the whole run: loading the embedder takes seconds."""
    return Mem0Store(tmp_path_factory.mktemp("mem0"))
