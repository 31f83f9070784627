"""How a user writes: registers, wrappers around a turn, and quoted email snippets.

A fixture draws one register. It decides how often a turn gets wrapped in a long rambling
message or a quoted email, typed in lowercase, shortened to a fragment, or typed with slips.
Wrappers are templates too (``{core}`` is the turn they wrap, ``{core_lc}`` the same turn
continuing a sentence) and count as such in the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Register:
    """Chances (in twelfths) that a user turn gets each treatment."""

    name: str
    lowercase: int = 0
    typos: int = 0
    ramble: int = 0
    email: int = 0
    short: int = 0


REGISTERS: Final = (
    Register("plain"),
    Register("chatty", typos=2, ramble=4, short=1),
    Register("terse", lowercase=4, short=7),
    Register("lowercase", lowercase=12, typos=3, short=2),
    Register("typos", typos=9, short=1),
    Register("email", email=6, ramble=1),
    Register("rambling", ramble=8, typos=2),
    Register("mixed", lowercase=2, typos=2, ramble=2, email=2, short=2),
)

RAMBLE: Final = (
    "ok so {aside}, anyway, {core_lc}",
    "{core} Sorry, {aside}, my brain is fried.",
    "Busy morning. {aside_cap}. Where was I. Right: {core_lc}",
    "{core} (also {aside}, but that's a separate problem)",
    "Not urgent, but {aside} and I keep putting this off: {core_lc}",
    "So, {aside}, and now I'm finally at my desk. {core} Thanks in advance, seriously.",
    "{core} No rush on this, {aside} so today is a write-off anyway.",
)
#: Fillers of the rambling wrappers (never names).
ASIDES: Final = (
    "the train was late again",
    "the coffee machine is broken",
    "I've been in back-to-back calls since eight",
    "my laptop decided to update itself",
    "the wifi keeps dropping",
    "I just got out of a two-hour workshop",
    "my kid was up sick last night",
    "the fire alarm went off twice",
    "I spilled tea on my notes",
    "the client dinner ran late",
)

#: An email the user pastes; ``{quote}`` is the snippet (each line starting with "> ").
EMAIL: Final = (
    "Can you help me answer this?\n\n{quote}\n\nShort and friendly, please.",
    "Got this email, what context am I missing?\n\n{quote}",
    "fwd:\n{quote}\nwho is this about and what do we know?",
    "How should I reply to this one?\n{quote}",
    "{quote}\n\n^ draft a reply for me, and remind me of the background.",
)
#: Snippets naming a page ``{e}``, signed by somebody the brain does not know (``{x}``).
SNIPPETS: Final = (
    "> Hi! {e} suggested I reach out about {topic}.\n> Would you have time for a call next "
    "week?\n> Thanks, {x}",
    "> Following up on the chat with {e}.\n> Any update on your side?\n> {x}",
    "> Quick note: {e} will join our call on {day}.\n> Talk soon, {x}",
    "> Hello, I'm writing on behalf of {e} regarding {topic}.\n> Please let me know a good "
    "time to talk.\n> Regards, {x}",
    "> Subject: intro to {e}\n> Hi both, connecting you two as promised. Over to you!\n> {x}",
)
