"""The trust bench matches a fact's keywords by the methodology's one keyword rule.

Case folded and in Unicode NFC on both sides: "é" typed as one letter or as "e" plus a
combining accent is the same text; a letter without its accent is another.
"""

from __future__ import annotations

import pytest
from bb_schema.trust import FactRef
from bb_trust.reads import fact_matches


@pytest.mark.parametrize(
    ("text", "keyword", "holds"),
    [
        ("Ine\u0301s booked the hall", "Inés", True),
        ("INÉS BOOKED THE HALL", "ine\u0301s", True),
        ("Ines booked the hall", "Inés", False),
    ],
)
def test_a_fact_holds_a_keyword_by_the_keyword_rule(text: str, keyword: str, holds: bool) -> None:
    ref = FactRef(kind="fact", match_keywords=[keyword, "hall"])
    assert fact_matches(text, None, ref) is holds
