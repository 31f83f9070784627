"""A firm's business, stated by the person who speaks for it, is the firm's fact.

A supplier's rep quotes a price, a client's manager orders forty jars, an investor's partner
offers a discount: the note-taker files the quote, the order and the terms under the firm,
since that is where they will be looked for, even when the sentence's subject is the person
("Odalys quoted £4,200 for the staircase" of Odalys, the estimator at Quillfield Joinery). What
is said of the person themselves stays theirs: their family, health, leave, tastes, what
they did in person (called, met, approved, signed), or anything said with "he" or "she"
("Odalys's off sick, she quoted before she left"), or their own money ("Odalys earns 38k").

Whom a person speaks for is what their page's summary says: an organisation named right
after a role ("Estimator at Quillfield Joinery", "Head of sales for ..."), not the user's own,
in a clause that names no past job, relative, neighbour or street. A statement is the firm's
business when the person is named in it and it names a commercial term of the firm's trade
(a lead time, turnover, wholesale terms, an order confirmation, a price by the unit, "£24 a
kilo"; or a quote, an invoice, a price, a discount or a margin with its figure), and nothing
personal.
"""

from __future__ import annotations

import re
from typing import Final

from bb_brain.reflex._lexicon import FAMILY_WORDS

#: Terms only a firm's trade uses: "their lead time", "wholesale", "the trade price".
_TRADE_ONLY: Final = re.compile(
    r"\b(?:wholesale|trade\s+price|revenue|turnover|lead\s+times?|minimum\s+order"
    r"|order\s+confirmation|series\s+[a-d]"
    r"|per\s+(?:unit|case|jar|bag|box|bottle|pallet|tonne))\b"
    # a price by the unit: "£24 a kilo", "£9.50 a metre"
    r"|[£$€]\s?\d[\d,.]*\s+(?:a|an|per)\s+(?:kilo|kg|unit|case|jar|bag|box|bottle|pallet"
    r"|tonne|dozen|litre|sheet|metre|roll|tray|sack)\b",
    re.IGNORECASE,
)
#: Terms of a firm's trade that are also everyone's ("a staff discount", "petrol prices", "a
#: narrow margin", "a favourite quote"): the firm's business with a figure.
_TRADE: Final = re.compile(
    r"\b(?:invoices?|invoiced|quotes?|quoted|quotation|prices?|priced|pricing|discounts?"
    r"|margins?)\b",
    re.IGNORECASE,
)
#: The figure: an amount of money, a share, or a number right after "quoted" ("quoted
#: 18,500").
_FIGURE: Final = re.compile(
    r"[£$€]\s?\d|\b\d[\d,.]*\s?(?:k|m|bn|%|per\s?cent)(?![a-z])|\bquoted\s+(?:\w+\s+)?\d",
    re.IGNORECASE,
)
#: What is said of a person themselves, what they did in person included (getting in touch,
#: meeting, approving or signing: "Odalys rang about the invoice" is hers), or of the user's
#: own things ("the price of my MOT").
_PERSONAL: Final = re.compile(
    r"\b(?:he|she|him|his|her|hers|himself|herself|my|mine"
    r"|called|rang|phoned|emailed|texted|messaged|met|approved|signed"
    r"|sick|ill|surgery|hospital|pregnant|baby|maternity|paternity|holiday|leave|birthday"
    r"|wedding|retir(?:e|es|ed|ing)|moving|moved|likes?|loves?|prefers?|hates?|allergic"
    r"|vegan|vegetarian|kids|children|child|salary|pay\s+rise|rent|mortgage|pension"
    r"|tickets?|staff\s+discount)\b",
    re.IGNORECASE,
)


def the_firms_business(text: str) -> bool:
    """A term of a firm's trade (with its figure, when everyone uses it), nothing personal."""
    trade = _TRADE_ONLY.search(text) or (_TRADE.search(text) and _FIGURE.search(text))
    if not trade or _PERSONAL.search(text):
        return False
    words = {word.casefold() for word in re.findall(r"[A-Za-z'-]+", text)}
    return not words & _KIN


_KIN: Final = frozenset(FAMILY_WORDS)
#: How a person's summary says they work for a firm: "Estimator at ...", "Head of sales for
#: ...", "Partner with ...", "Founder of ..." right before the firm's name.
ROLE_AT: Final = re.compile(
    r"\b(?:at|of|for|with|runs|owns|manages|leads|founded|co-founded)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
#: Words that make the firm a summary names no employer of the person: a past one, one they
#: buy from or compete with, a relative's, a street, a neighbour's ("Former estimator at ...",
#: "Joined Kelbrook from ...", "Customer of ...", "her husband runs ...").
NOT_THEIR_FIRM: Final = re.compile(
    r"(?<![\w-])(?:former|formerly|ex|previously|used\s+to|retired|left|until|joined|moved"
    r"|fired|redundant|quit|customer|client|competitor|rival|bought|got"
    r"|husband|wife|(?:his|her|their)\s+partner|son|daughter|sister|brother|mum|mother|dad"
    r"|father|cousin|friend|neighbour|neighbor|lives?|living)(?![\w-])",
    re.IGNORECASE,
)
