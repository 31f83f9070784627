"""A firm's business, stated by the person who speaks for it, is the firm's fact.

A supplier's rep quotes a price, a client's manager orders forty jars, an investor's partner
offers a discount: the note-taker files the quote, the order and the terms under the firm,
since that is where they will be looked for, even when the sentence's subject is the person
("Brenna quoted £4,200 for the staircase" of Brenna, the estimator at Quillfield Joinery). What
is said of the person themselves stays theirs: their family, health, leave, tastes, what
they did in person (called, met, approved, signed), or anything said with "he" or "she"
("Brenna's off sick, she quoted before she left"), or their own money ("Brenna earns 38k").

Whom a person speaks for is what their page's summary says: an organisation named right
after a role ("Estimator at Quillfield Joinery", "Head of sales for ..."), not the user's own,
in a clause that names no past job, relative, neighbour or street. A statement is the firm's
business when it names a commercial term of its trade (a quote, an invoice, a price, a
discount, turnover, a margin) and nothing personal.
"""

from __future__ import annotations

import re
from typing import Final

from bb_brain.reflex._lexicon import FAMILY_WORDS

#: The terms of a firm's trade, in their commercial sense only: what a supplier quotes and
#: invoices, what a client's business turns over. (Money alone may be anyone's: a pay rise,
#: a race's "10k", a raffle; and "orders", "rates", "seats" or "fees" have everyday senses.)
_TRADE: Final = re.compile(
    r"\b(?:invoices?|invoiced|quotes?|quoted|quotation|prices?|priced|pricing|discounts?"
    r"|wholesale|trade\s+price|margins?|revenue|turnover|contracts?|lead\s+times?"
    r"|minimum\s+order|valuation|series\s+[a-d]"
    r"|per\s+(?:unit|case|jar|bag|box|bottle|pallet|tonne|head))\b",
    re.IGNORECASE,
)
#: What is said of a person themselves, what they did in person included: getting in touch,
#: meeting, approving or signing ("Brenna rang about the invoice", "Brenna signed the
#: contract" are hers).
_PERSONAL: Final = re.compile(
    r"\b(?:he|she|him|his|her|hers|himself|herself"
    r"|called|rang|phoned|emailed|texted|messaged|met|approved|signed"
    r"|sick|ill|surgery|hospital|pregnant|baby|maternity|paternity|holiday|leave|birthday"
    r"|wedding|retir(?:e|es|ed|ing)|moving|moved|likes?|loves?|prefers?|hates?|allergic"
    r"|vegan|vegetarian|kids|children|child|salary|pay\s+rise|rent|mortgage|pension)\b",
    re.IGNORECASE,
)


def the_firms_business(text: str) -> bool:
    """A commercial term of a firm's trade, and nothing said of a person themselves."""
    if not _TRADE.search(text) or _PERSONAL.search(text):
        return False
    words = {word.casefold() for word in re.findall(r"[A-Za-z'-]+", text)}
    return not words & _KIN


_KIN: Final = frozenset(FAMILY_WORDS)
#: How a person's summary says they work for a firm: "Estimator at ...", "Head of sales for
#: ...", "Partner with ...", "Buyer from ..." right before the firm's name.
ROLE_AT: Final = re.compile(
    r"\b(?:at|of|for|with|from|runs|owns|manages|leads|founded|co-founded)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
#: Words that make the firm a summary names no employer of the person: a past one, a
#: relative's, a street, a neighbour's ("Former estimator at ...", "her husband runs ...").
NOT_THEIR_FIRM: Final = re.compile(
    r"\b(?:former|formerly|ex|previously|used\s+to|retired|left|until|husband|wife|partner"
    r"|son|daughter|sister|brother|mum|mother|dad|father|cousin|friend|neighbour|neighbor"
    r"|lives?|living)\b",
    re.IGNORECASE,
)
