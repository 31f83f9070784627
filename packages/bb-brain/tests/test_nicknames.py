"""Two given names of one person: the nickname table and a shared opening."""

from __future__ import annotations

import pytest
from bb_brain._nicknames import one_persons_names


@pytest.mark.parametrize(
    ("given", "own", "same"),
    [
        ("liz", "elizabeth", True),
        ("elizabeth", "liz", True),
        ("ted", "edward", True),
        ("dave", "david", True),  # opens as the name does
        ("beth", "liz", True),  # two nicknames of one name
        ("joyce", "elizabeth", False),
        ("walter", "dave", False),
        ("daniel", "david", False),  # two letters alike make no short form
        ("jo", "joanna", True),
    ],
)
def test_one_persons_names(given: str, own: str, same: bool) -> None:
    assert one_persons_names(given, own) is same
