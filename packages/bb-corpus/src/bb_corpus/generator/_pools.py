"""Synthetic name pools of generator 1.x (write-back, continuity and the trust families).

The retrieval families of generator 2.x draw from :mod:`bb_corpus.generator._names` instead.

Every name is invented (no real person, company or fund), distinctive enough that a name
never collides with an English word, and unique across pools, so a mention in a turn can only
mean the page it was written for. The one deliberate exception is :data:`COMMON_WORD_CODENAMES`:
project codenames that ARE common words, used only by the stopword-collision fixtures.

Changing any pool changes the committed corpus: append, never reorder (and regenerate).
"""

from __future__ import annotations

from typing import Final

FIRST_NAMES: Final[tuple[str, ...]] = (
    "Aldessa", "Brannoc", "Ciravel", "Dorrin", "Elvessa", "Faelan", "Gavrel", "Halcyra",
    "Ilvana", "Joramir", "Kestrin", "Lunessa", "Maelis", "Norrin", "Orvella", "Pellam",
    "Quenna", "Rosalune", "Sefira", "Tobren", "Ulvane", "Veyla", "Wrenna", "Xandor",
    "Ysmera", "Zorani", "Amberlyn", "Bastiel", "Corvina", "Delphor", "Emberly", "Fennick",
    "Galvessa", "Hollin", "Isandra", "Jurrel", "Kaivane", "Lorrick", "Mirabeth", "Nessaly",
)  # fmt: skip

SURNAMES: Final[tuple[str, ...]] = (
    "Quillmere", "Vantreth", "Ostravane", "Brindlecott", "Marrowind", "Thistlebrook",
    "Kellavane", "Dunmorrow", "Fenwarden", "Galdrift", "Ivorstead", "Jasperline",
    "Lindqvarn", "Mossburrow", "Nettlecombe", "Orrindale", "Pellwright", "Quarrowby",
    "Rookhaven", "Saltmerrow", "Tallowby", "Umberfield", "Vexworth", "Wyndhollow",
    "Yarrowick", "Zellmont", "Amberquist", "Corriwen", "Draxmoor", "Elderhusk",
    "Foxglade", "Glimmerton", "Inkwright", "Kindlewold", "Larkspurrow", "Mistlecombe",
)  # fmt: skip

COMPANY_STEMS: Final[tuple[str, ...]] = (
    "Corvel", "Lumetra", "Brightfen", "Vossic", "Tandrel", "Morrowick", "Quorvex", "Halvix",
    "Obrindle", "Pyrelle", "Sundrake", "Tessarine", "Umbrik", "Veltrano", "Wexmoor",
    "Yondrel", "Zephrix", "Arkwellum", "Bellwyn", "Cindravar", "Dovetrix", "Ermelund",
    "Frostvane", "Glaivex", "Hexlorn", "Irridane", "Jovantra", "Kelpworth", "Lorvane",
    "Mirrowen", "Nimbrel", "Ostrelle",
)  # fmt: skip

COMPANY_SUFFIXES: Final[tuple[str, ...]] = (
    "Labs", "Systems", "Robotics", "Health", "Analytics", "Bio", "Freight", "Foods",
    "Energy", "Software", "Networks", "Materials",
)  # fmt: skip

FUND_STEMS: Final[tuple[str, ...]] = (
    "Northfold", "Brassline", "Tidewell", "Emberlane", "Greywarren", "Kiteridge", "Stonequill",
    "Cinderbay", "Dawnmarsh", "Foxhallow", "Goldwickam", "Ironvessel", "Juneberrow",
    "Lanternmoor", "Pinegrove", "Rushwater",
)  # fmt: skip

FUND_SUFFIXES: Final[tuple[str, ...]] = ("Capital", "Ventures", "Partners")

PROJECT_CODENAMES: Final[tuple[str, ...]] = (
    "Quillon", "Vesperine", "Tarnwick", "Oberlyn", "Sillvane", "Korrowen", "Aldmoor",
    "Pemberlin", "Zirconelle", "Halyndra", "Nivarenth", "Tessaly", "Umbervale", "Kaelith",
    "Dravenna", "Ostwyn",
)  # fmt: skip

#: Codenames that are ordinary English words: only the stopword-collision fixtures use them,
#: each with a sentence that uses the word in its ordinary sense.
COMMON_WORD_CODENAMES: Final[tuple[str, ...]] = (
    "Bridge", "Harbor", "Signal", "Summit", "Anchor", "Compass", "Lantern", "Beacon",
    "Ledger", "Canvas", "Pilot", "Spring",
)  # fmt: skip

#: Concept pages whose title starts with a calendar word, so a bare "Monday" in a turn is a
#: capitalised non-entity that must not resolve to "Monday Review".
CALENDAR_CONCEPTS: Final[tuple[tuple[str, str, str], ...]] = (
    ("Monday", "Monday Review", "Weekly portfolio review ritual."),
    ("Friday", "Friday Demo", "Weekly internal demo session for the product team."),
    ("January", "January Offsite", "Yearly planning offsite for the whole firm."),
    ("Thursday", "Thursday Sync", "Weekly sync between the deal team and platform team."),
    ("March", "March Retreat", "Spring retreat where the partners set yearly priorities."),
    ("Tuesday", "Tuesday Pipeline", "Weekly pipeline meeting for new deals."),
)

SECTORS: Final[tuple[str, ...]] = (
    "logistics software", "clinical scheduling", "industrial sensors", "grocery delivery",
    "battery recycling", "payroll tooling", "warehouse robotics", "veterinary records",
    "crop analytics", "freight matching", "home energy audits", "legal intake",
)  # fmt: skip

STAGES: Final[tuple[str, ...]] = ("pre-seed", "seed", "Series A", "Series B")

FUND_FOCUS: Final[tuple[str, ...]] = (
    "climate infrastructure", "developer tools", "health operations", "supply chain",
    "consumer subscriptions", "industrial automation", "fintech plumbing", "food systems",
)  # fmt: skip

PROJECT_GOALS: Final[tuple[str, ...]] = (
    "rebuild the onboarding flow", "migrate billing to annual contracts",
    "launch the partner portal", "cut support response times", "consolidate the data pipeline",
    "open the second warehouse", "ship the mobile scheduling app", "replace the legacy CRM",
)  # fmt: skip

MEETING_PLACES: Final[tuple[str, ...]] = (
    "the spring demo day", "a founder dinner", "the autumn climate forum", "an alumni mixer",
    "a portfolio workshop", "the winter investor day",
)  # fmt: skip
