"""A firm's business, stated by the person who speaks for it, is the firm's fact.

A supplier's rep quotes a price, a client's manager orders forty jars, an investor's partner
offers a discount: the note-taker files the quote, the order and the terms under the firm,
since that is where they will be looked for, even when the sentence's subject is the person
("Gavin quoted 18,500 for the extension" of Gavin, the estimator at Oakline Builders). What
is said of the person themselves stays theirs: their family, health, leave, tastes, what
they did in person (called, met, approved, signed), or anything said with "he" or "she"
("Gavin's off sick, he quoted before he left").

Whom a person speaks for is what their page's summary says: the first organisation it names
that is not the user's own ("Estimator at Oakline Builders"). A statement is the firm's
business when it names money, a share or a commercial term, and nothing personal.
"""

from __future__ import annotations

import re
from typing import Final

from bb_brain.reflex._lexicon import FAMILY_WORDS

#: Money and shares: "£7.50", "$2,400", "18,500" after a quote, "60k", "6%", "per cent".
_MONEY: Final = re.compile(
    r"[£$€]\s?\d|\b\d[\d,.]*\s?(?:k|m|bn|grand)\b|\b\d[\d.]*\s?%|\bper\s?cent\b",
    re.IGNORECASE,
)
#: The terms of a firm's trade.
_TRADE: Final = re.compile(
    r"\b(?:invoices?|invoiced|quotes?|quoted|quotation|orders?|ordered|prices?|priced|pricing"
    r"|deliver(?:y|ies|s|ed|ing)?|contracts?|seats|licen[cs]es?|revenue|turnover|margins?"
    r"|wholesale|retail|discounts?|terms|payments?|deposits?|rates?|fees?|subscriptions?"
    r"|renewal|stock|shipments?|lead\s+times?|minimum|per\s+(?:unit|case|jar|bag|box|head))\b",
    re.IGNORECASE,
)
#: What is said of a person themselves, what they did in person included: getting in touch,
#: meeting, approving or signing ("Thandi called about the renewal", "Cliff approved the
#: contract" are theirs).
_PERSONAL: Final = re.compile(
    r"\b(?:he|she|him|his|her|hers|himself|herself|i|me|my"
    r"|called|rang|phoned|emailed|texted|messaged|met|approved|signed"
    r"|sick|ill|surgery|hospital|pregnant|baby|maternity|paternity|holiday|leave|birthday"
    r"|wedding|retir(?:e|es|ed|ing)|moving|moved|likes?|loves?|prefers?|hates?|allergic"
    r"|vegan|vegetarian)\b",
    re.IGNORECASE,
)


def the_firms_business(text: str) -> bool:
    """Money or a commercial term, and nothing said of a person themselves."""
    if not (_MONEY.search(text) or _TRADE.search(text)):
        return False
    if _PERSONAL.search(text):
        return False
    words = {word.casefold() for word in re.findall(r"[A-Za-z'-]+", text)}
    return not words & _KIN


_KIN: Final = frozenset(FAMILY_WORDS)
