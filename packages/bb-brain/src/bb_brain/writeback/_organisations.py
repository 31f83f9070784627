"""Organisations a conversation introduces that have no page yet ("a supplier, Pellow & Ossory").

A run of capitalised words (joined by "&", "and" or "of" when needed) is taken as a new
organisation's name when:

* a noun for an organisation introduces it: "a new supplier, Pellow & Ossory", "a company
  called Stanwise", "our insurer is Stanway Mutual", or follows it in an apposition
  ("Cog Tandem, the youth charity"), or a business's trade after "a" comes before it in
  an apposition the name closes ("a small press, Wren Lantern, ..."); or
* it ends in a word for an organisation's legal form or trade (:func:`firm_ending`: "Ossory
  Joinery", "Meadowsweet Ltd"; or what a trade makes or studies, "Quillfield Sportswear",
  "Pellbury Apiaries"), and it is a name, not a phrase: a word no dictionary lists, an
  owner's possessive, a street's name before the trade ("Hatch Lane Nurseries") or a legal
  form ("High School", "Kings Cross Station" are no firm).

Typed in lowercase, a name after "a firm called" and the like, up to a mark or a clause's
word, is one too ("found a firm called bright vent ducting, they can come"), unless it is one
dictionary word ("a company called local").

The page it gets is ``companies/<words>``: lowercase ASCII, "&" read as "and", apostrophes
dropped ("Quarrel's Bakery" -> companies/quarrels-bakery).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bb_brain._given_names import a_given_name
from bb_brain._letters import LOWER, UPPER
from bb_brain._names import HONORIFICS, fold, keyboard_spelling
from bb_brain._orgnames import LEGAL_FORMS, firm_ending
from bb_brain.reflex._lexicon import FAMILY_WORDS, ROLE_NOUNS
from bb_brain.reflex._ordinary import folded_place_phrases as places
from bb_brain.reflex._ordinary import sense

_NAME_WORD: Final = rf"[{UPPER}][\w'’.-]*"
#: Capitalised words, joined by spaces or by "&", "and", "of" ("Pellow & Ossory").
_RUN = re.compile(
    rf"(?<![\w'’])({_NAME_WORD}(?:[ \t]+(?:(?:&|and|of)[ \t]+)?{_NAME_WORD}){{0,3}})(?![\w'’])"
)
#: Nouns for an organisation, never for a person or a place: "a new supplier, ...", "...,
#: the bike charity". ("builder", "dealer" name people; "the shop, Ellie ..." a place.)
_ORG_NOUNS: Final = (
    r"(?:supplier|vendor|company|firm|agency|importer|distributor|wholesaler|roaster|"
    r"manufacturer|insurer|lender|brand|label|publisher|charity|business|outfit)"
)
#: An organisation noun, and what may stand between it and the name it introduces.
_INTRODUCED = re.compile(
    r"\b" + _ORG_NOUNS + r"(?:,\s*|(?:['’]s|\s+is|\s+was)?\s+(?:called|named)\s+"
    r"|\s+(?:is|was)\s+|:\s*|\s+[-–—]\s+)$",
    re.IGNORECASE,
)
#: Trades a firm plies as often as a person does: introduced by one ("caterer is Copper
#: Ladle", "the florist: Bloom & Bough"), a name of everyday words is a firm's; a person's
#: name there ("our accountant is Ruth Hale") is left to the people it names.
_SERVICES: Final = (
    r"(?:caterers?|florists?|venue|printers?|photographers?|band|dj|decorators?|builders?|"
    r"roofers?|plumbers?|electricians?|garage|mechanics?|accountants?|solicitors?|cleaners?|"
    r"landlord|letting agents?|estate agents?|vets?|bakery|baker|butchers?|suppliers?)"
)
_SERVICE_INTRODUCED = re.compile(
    r"\b" + _SERVICES + r"(?:\s+(?:is|was|are|were|will be)\s+|:\s*|\s+[-–—]\s+)$",
    re.IGNORECASE,
)
#: A business's premises or trade after "a" or "the" and before a comma, where it is between
#: them or not: "a small press, Wren Lantern,", "the bistro on the quay, Vellamo Ostra,".
#: The name must close the apposition ("a little cafe, Ellie Marsh was there" names a person
#: in it), and after "the" be no one at it (:func:`_someone_at_it`).
_A_BUSINESS = re.compile(
    r"\b(?:a|an|another|the)\s+(?:[\w'’-]+\s+){0,2}?"
    r"(?:press|mill|shop|studio|bakery|brewery|nursery|stockist|retailer|trust|foundation|"
    r"cafe|café|deli|garage|salon|restaurant|hotel|pub|bistro|brasserie|tearoom|inn|"
    r"bookshop|pharmacy|gym|hostel|pizzeria|takeaway)"
    # where it is: "the bistro on the quay, Vellamo Ostra, ..."
    r"(?:\s+(?:in|on|near|by)\s+[\w'’-]+(?:\s+[\w'’-]+)?)?\s*,\s*$",
    re.IGNORECASE,
)
#: What may follow a name that closes an apposition: a comma, a stop, or the end.
_CLOSED = re.compile(r"\s*(?:[,.;:!?)]|$)")
#: A role said of the name: "a salon, Nadia Karim, the stylist, ..." (see :func:`_someone`).
_ROLE_AFTER = re.compile(
    r"\s*,\s*(?:the|my|our|their|her|his)\s+(?:([\w'’-]+)\s+)?([\w'’-]+)\s*(?:[,.;:!?)]|$)"
)
_LETTERS = re.compile(r"[^\W_]+")
_WORD = re.compile(r"[\w'’]+")


def _someone_at_it(business: re.Match[str], before: str, words: list[str]) -> bool:
    """Who is at the business, not its name: "my trainer at the gym, Dev Patel, ...".

    After "the", the business is one the speaker and hearer know, and a name after it may
    be anyone there: after a role a preposition ties the business to ("my trainer at the
    gym", "the owner of the pub"), or when it opens on a given name ("at the pub, Sarah,
    can you ..."), the name is someone's. "a tearoom, Vellamo Ostra" introduces the
    business by its name.
    """
    if not business.group(0).casefold().startswith("the"):
        return False
    lead = [word.casefold() for word in _WORD.findall(before[: business.start()])]
    if len(lead) > 1 and lead[-1] in _TIED_BY and lead[-2] in ROLE_NOUNS:
        return True  # "my trainer at the gym, ...", "the owner of the pub, ..."
    return bool(words) and a_given_name(words[0])


#: Prepositions that tie a business after them to a role before ("my trainer at the gym").
_TIED_BY: Final = frozenset("at of from in to near by with".split())


@dataclass(frozen=True)
class NewOrganisation:
    """An organisation named in a text, with where the name is."""

    name: str
    slug: str
    start: int
    end: int


def organisation_slug(name: str) -> str:
    """``companies/<words>``: "Pellow & Ossory" -> companies/pellow-and-ossory.

    In lowercase ASCII, as a person's slug is: "Øvergaard Joinery" -> overgaard-joinery.
    """
    plain = keyboard_spelling(fold(name)).replace("&", " and ").replace("'", "").replace("’", "")
    words = ["".join(ch for ch in word if ch.isascii()) for word in _LETTERS.findall(plain)]
    return "companies/" + "-".join(word for word in words if word)


def new_organisations(text: str, known: set[tuple[int, int]]) -> list[NewOrganisation]:
    """Names of organisations in ``text`` that overlap none of the ``known`` mention spans."""
    found: list[NewOrganisation] = []
    for start, end in _runs(text):
        if any(start < k_end and k_start < end for k_start, k_end in known):
            continue
        name = _one_sentence(text[start:end]).rstrip(".")
        words = [fold(word).strip("'’") for word in _WORD.findall(name)]  # "quarrel's" stays
        before = text[max(0, start - _LOOK_BEHIND) : start]
        after = start + len(name)
        business = _A_BUSINESS.search(before)
        in_a_business = (
            business is not None
            and _CLOSED.match(text, after) is not None
            and not _someone_at_it(business, before, words)
        )
        introduced = (
            _INTRODUCED.search(before) is not None
            or (in_a_business and not _someone(text, after))
            or _APPOSITION.match(text, after) is not None
            or (_SERVICE_INTRODUCED.search(before) is not None and _a_firms(name, text, after))
            or (_DEALT_WITH.search(before) is not None and _a_firms_name(name, text, after))
        )
        if not (introduced or _trade_name(words) or _PARTNERSHIP.search(name)):
            continue
        if introduced and len(words) == 1 and _ordinary(words[0]):
            continue  # "the company is Small": no name
        found.append(NewOrganisation(name, organisation_slug(name), start, start + len(name)))
    for named in _CALLED_IN_LOWERCASE.finditer(text):
        start, end = named.span("name")
        if any(start < k_end and k_start < end for k_start, k_end in known):
            continue
        if any(start < one.end and one.start < end for one in found):
            continue
        name = named.group("name")
        if len(name.split()) == 1 and _ordinary(name):
            continue  # "a company called small": no name
        if _called_up(name):
            continue  # "a company called me about the boiler": it rang
        found.append(NewOrganisation(name, organisation_slug(name), start, end))
    return found


def _called_up(name: str) -> bool:
    """Words that make "called" the verb of ringing: "called me", "called twice", "called back".

    A name given in lowercase opens on a word of its own; a pronoun, an adverb, a word of
    when or any function word after "called" is what the firm did.
    """
    words = [fold(word).casefold() for word in name.split()]
    first = sense(words[0])
    if first.readings == {"ADV"} or first.calendar or words[0] in _WHEN_CALLED:
        return True
    return any(sense(word).function and word not in ("and", "&") for word in words)


#: Words of when or how often after "called": "called twice this week", "called earlier".
_WHEN_CALLED: Final = frozenset(
    "again twice back round earlier yesterday today tonight once before".split()
)


#: A firm introduced by name in lowercase, the name closed by a mark or a clause's word:
#: "found a firm called bright vent ducting, they ...".
_CALLED_IN_LOWERCASE = re.compile(
    r"(?i:\b(?:a|an|this|some)\s+(?:new\s+|small\s+|local\s+|little\s+)?"
    + _ORG_NOUNS
    + rf"\s+(?:called|named)\s+)(?P<name>[{LOWER}][{LOWER}'’&-]*"
    rf"(?:[ \t]+[{LOWER}][{LOWER}'’&-]*){{0,3}}?"
    r"(?:[ \t]+(?:and|&)[ \t]+(?:sons|daughters|co))?)"
    r"(?=\s*(?:[,.;:!?)]|\s[-–—]\s|$)|\s+(?:who|that|which|and|but|so|in|from|for|on|at|to)\b)"
)


def _runs(text: str) -> list[tuple[int, int]]:
    """The runs of capitalised words, two firms joined by "and" taken apart.

    "Westfield Creamery and Hilltop Dairies quoted": each half ends in a trade, so each is
    a firm of its own; "Marks and Spencer" or "Pellow & Ossory" stays one name.
    """
    spans: list[tuple[int, int]] = []
    for match in _RUN.finditer(text):
        start, end = match.span(1)
        joint = _JOINT.search(text, start, end)
        if joint is not None and _ends_in_a_trade(text[start : joint.start()]):
            if _ends_in_a_trade(text[joint.end() : end]):
                spans += [(start, joint.start()), (joint.end(), end)]
                continue
        spans.append((start, end))
    return spans


_JOINT = re.compile(r"[ \t]+(?:and|&)[ \t]+")


def _ends_in_a_trade(name: str) -> bool:
    """Two words or more, the last a trade or a legal form: "Westfield Creamery"."""
    words = [fold(word).strip("'’") for word in _WORD.findall(name)]
    return len(words) > 1 and (firm_ending(words[-1]) or _trade_name(words))


#: An apposition after the name that says what it is: "Cog Tandem, the youth charity". The
#: noun must close it: "Sam Hunt, the agency nurse" is a person with a job.
_APPOSITION = re.compile(
    r",\s+(?:the|a|an|our|their)\s+(?:[\w'’-]+\s+){0,2}?"
    + _ORG_NOUNS
    + r"s?(?=\s*(?:[,.;:!?)]|$|\s+(?:on|in|from|based|near|at|that|which|who|my|our|we|"
    r"i|run|owned)\b))",
    re.IGNORECASE,
)
#: Characters looked at before a name for the noun that introduces it.
_LOOK_BEHIND: Final = 40


#: A partnership's form: "Brockwell & Sons", "Vantry & Co". Written with "and" it is as
#: often a title or a household ("Dombey and Son", "Mum and Co"), so only "&" counts.
_PARTNERSHIP = re.compile(
    r"\S[ \t]+&[ \t]+(?:Co|Sons?|Daughters?|Partners|Associates|Brothers|Bros)\.?$"
)


#: Titles whose period goes on into the name after them ("St. Osric's", "Dr. Varn").
_BEFORE_A_NAME: Final = frozenset("st mt dr mr mrs ms".split())


def _one_sentence(run: str) -> str:
    """The run up to the end of its sentence ("Copper Ladle. They do ..." -> "Copper Ladle.").

    A firm's ending keeps its period and ends the name ("Smith & Jones Co. They've ...").
    """
    for stop in re.finditer(r"\.\s", run):
        word = run[: stop.start()].split()[-1]
        if fold(word) not in _BEFORE_A_NAME:
            return run[: stop.start() + 1]
    return run


def _a_firms(name: str, text: str, after: int) -> bool:
    """A trade's noun introduced a name that closes its phrase and is no person's.

    "caterer is Copper Ladle, ...", "the florist: Bloom & Bough"; a person's name ("the
    plumber is Dave Cole"), a day ("the florist is Saturday morning") or the start of a
    longer phrase ("the sweep was Hearth Safe certified") is no firm.
    """
    from bb_brain.writeback._people import name_like  # the people module reads firms'

    words = name.split()
    if _CLOSED.match(text, after) is None or sense(fold(words[0])).calendar:
        return False
    if fold(words[0]).rstrip(".") in HONORIFICS or fold(words[0]) in FAMILY_WORDS:
        return False  # "the dj was Uncle Tarek", "our landlord is Mr Patel": a person
    if _HE_OR_SHE_AFTER.match(text, after) is not None:
        return False  # "the plumber is Tom Baker, he's free tuesday"
    senses = [sense(fold(word).strip("'’")) for word in words if word not in ("&", "and", "of")]
    if any(word.lexical and not word.noun for word in senses):
        return False  # "the builder is Very Good": a description
    return bool({"&", "and", "of"} & {word.casefold() for word in words}) or not name_like(words)


def _a_firms_name(name: str, text: str, after: int) -> bool:
    """A name of two words or more that a verb of buying or hiring brings in, no person's.

    "we've ordered ten barrels from Lonmere Cooperage", "made by Pellock Brothers"; not
    "booked it with Tom Baker" (a person), "bought it from Argos" (one word, as often a
    shop everyone knows), "ordered from Leeds Road" or "... from Glasgow" (a place).
    """
    words = [fold(word).strip("'’") for word in _WORD.findall(name)]
    if len(words) < 2 or words[-1] in _PLACE_ENDINGS or sense(words[0]).calendar:
        return False
    if fold(name.split()[0]).rstrip(".") in HONORIFICS or words[0] in FAMILY_WORDS:
        return False
    if _HE_OR_SHE_AFTER.match(text, after) is not None or _WHO_AFTER.match(text, after):
        return False  # "... from Ana Quell, she ...", "hired Ana Quell, who ...": a person
    if sense(words[-1]).place or words[0] in _COMPASS or " ".join(words) in places():
        return False  # "from North Wales", "at Costa Rica"
    return not a_given_name(name.split()[0])  # "ordered it from Ana Quell": a person


#: A verb of buying, hiring or renting, then the word that brings in who from: "ordered ten
#: barrels from ", "we're renting a unit at ", "made by ". ("switched to", "found" and
#: "using" bring in products, places and events as often: "switched to Oat Milk".)
_DEALT_WITH = re.compile(
    r"\b(?:(?:order(?:ed|ing)?|buy(?:ing)?|bought|hir(?:e|ed|ing)|rent(?:ed|ing)?|"
    r"leas(?:e|ed|ing)|sourc(?:e|ed|ing)|quote[sd]?)\b[^.;:!?]{0,40}?\b(?:from|with|at|through|via)"
    r"|(?:made|supplied|printed|delivered|built|fitted)\s+by)\s+$",
    re.IGNORECASE,
)
#: Last words of a street's or a place's name: "Leeds Road", "Hatch End".
_PLACE_ENDINGS: Final = frozenset(
    "road street lane avenue way close drive square park green hill end row place".split()
)
#: Words that open a region's name: "North Wales", "Greater Manchester".
_COMPASS: Final = frozenset("north south east west upper lower greater central".split())
#: A relative clause of a person right after the name: ", who ...".
_WHO_AFTER = re.compile(r"\s*,?\s*who\b", re.IGNORECASE)


#: A "he" or "she" taking the name up in its sentence: a person's.
_HE_OR_SHE_AFTER = re.compile(r"[^.!?\n]{0,40}?\b(?:he|she|him|her|his)\b", re.IGNORECASE)


def _someone(text: str, end: int) -> bool:
    """A person's role follows the name in an apposition: "Phil Dunn, the mechanic, ..."."""
    from bb_brain.writeback._people import person_noun  # the people module reads firms'

    role = _ROLE_AFTER.match(text, end)
    return role is not None and any(
        person_noun(fold(word)) for word in role.groups() if word is not None
    )


def _trade_name(words: list[str]) -> bool:
    """Ends in a trade or legal form, and the words before it make a name.

    Dictionary words alone make a phrase whatever its capitals ("First Aid Training",
    "Kings Cross Station"), unless a legal form ends it, an owner's name opens it or a
    street's name comes before its trade.
    """
    if len(words) < 2 or not _trade(words[-1]):
        return False
    if words[-1] in LEGAL_FORMS:
        return True  # "Meadowsweet Ltd": a company, whatever its other words
    before = [word for word in words[:-1] if word not in ("and", "of")]
    if any(word.endswith(("'s", "’s")) for word in before):
        return True  # "Quarrel's Bakery": named after its owner
    if len(before) > 1 and before[-1] in _STREETS and words[-1] not in _INSTITUTIONS:
        return True  # "Hatch Lane Nurseries": named after its street
    return any(not _ordinary(word) for word in before)


#: Words that end a street's name: a firm named after its street is a firm ("Hatch Lane
#: Nurseries", "Church Road Garage").
_STREETS: Final = frozenset("lane road street avenue row yard square parade terrace".split())
#: What a street names that is no firm: "Station Road School", "York Road Station".
_INSTITUTIONS: Final = frozenset("station school college university hospital airport".split())


#: Endings of plurals that name a trade or what it does ("Apiaries", "Bakeries", "Facilities",
#: "Laboratories", "Diagnostics"): no family name ends so.
TRADE_ENDINGS: Final = ("aries", "eries", "ities", "ories", "ics")


def _trade(word: str) -> bool:
    """A trade, a sector or a legal form (:func:`firm_ending`), or what a trade makes.

    Plurals of those who ply a trade ("Weavers") are left out: as many are family names
    ("Flowers", "Sanders", "Summers").
    """
    if firm_ending(word):
        return True
    # what a trade makes or studies: "Quillfield Sportswear", "Pellbury Apiaries", "Quorne
    # Diagnostics" (no family name ends so)
    return word.endswith(("wear", *TRADE_ENDINGS)) and sense(word).noun


def _ordinary(word: str) -> bool:
    meaning = sense(word.removesuffix("'s").removesuffix("’s"))
    return meaning.lexical or meaning.function
