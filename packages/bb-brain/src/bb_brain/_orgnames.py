"""Organisation names: which pages are organisations, and the short name people call them by.

A firm's title often ends in the kind of business it is ("Shale Fund", "Gantry Freight",
"Satchel Bakery", "Osier & Co"), and conversation drops that ending: "zubeida from
shale", "gantry can't make friday". The words before it are the firm's **short name**,
indexed under its own arm; like a person's given name alone, a short name that is an
everyday word resolves only on evidence (:mod:`bb_brain.reflex._evidence`). A place, project
or event named for its kind loses that the same way when what is left is a name of its own
("at wendlecombe" for Wendlecombe Hall, "marrowdene sign-ups" for Marrowdene Regatta):
:func:`kind_short_name`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from bb_brain._names import fold

#: Page types of organisations.
ORGANISATION_TYPES: Final = frozenset({"company", "organization", "organisation", "fund"})
#: Slug directories of organisations.
ORGANISATION_DIRS: Final = frozenset({"companies", "funds", "orgs", "organizations"})
#: Last words of organisation names: the legal form or the kind of business.
ORG_WORDS: Final = frozenset(
    """
    inc ltd llc plc gmbh co corp corporation company group labs lab ventures capital
    partners studio studios foods mills textiles health bio ai bank brewing brewery
    university college school hospital clinic airport station hotel cafe restaurant
    systems technologies tech software solutions consulting media games records
    fund funds freight logistics shipping transport airways airlines legal law lettings
    estates property properties languages translations engineering audio events trust
    academy foundation charity society cycles motors bakery kitchen catering dental
    supplies photo photography design builders construction plumbing electrical
    landscaping insurance finance financial accounting accountants architects agency
    associates holdings industries international rescue vets veterinary pharmacy press
    publishing roasters farms dairy interiors productions pictures films music
    windows hire recycling removals joinery joiners coaches medical charging wines importers
    carriers couriers printers taxis garage nursery salon florists opticians solicitors
    surveyors scaffolding roofing glazing kitchens bathrooms flooring timber hardware
    distillery vineyards winery deli grocers butchers coffee consultants consultancy
    optical optics seafood seafoods fisheries bottling maltings conveyancing electrics
    decorators cleaners cleaning brewers distillers tyres landscapes nurseries contractors
    chandlery chandlers travel holidays leisure creamery creameries dairies bakeries
    """.split()
)
#: Sectors a firm's name ends in ("Corvallen Energy", "Dunmere Solar") that give it no short
#: name: the reflex goes by the page's own aliases, write-back takes a new name so ending for
#: a firm's (:func:`firm_ending`).
FIRM_SECTORS: Final = frozenset(
    "energy solar renewables utilities telecom telecoms networks".split()
)
#: Trades a small firm's name may end in that are also family names or everyday words
#: ("Brackenhill Sports", "Tollard Cider"; "Charles Dance" is a person): they give a firm its
#: short name, and make no name a firm's on their own.
TRADE_WORDS: Final = frozenset(
    """
    sports cider paper print fitness beauty skincare gifts books bikes tiles fabrics crafts
    toys signs pets gear outdoors nutrition meats teas spirits ales skips storage heating
    security locksmiths upholstery antiques gallery galleries framing bridal laundry
    patisserie chocolates kennels cattery grooming equestrian saddlery pottery blinds carpets
    instruments tools autos bodyshop valeting tailoring alterations produce seeds wellness
    therapy physio spa yoga pilates dance fabrication stonemasons masonry signage prints frames
    """.split()
)
#: Legal forms: a name ending in one is an organisation's, whatever its other words.
LEGAL_FORMS: Final = frozenset("inc ltd llc plc gmbh corp lp llp pty".split())
#: Words that join a short name to its ending ("Osier & Co", "Trestle and Partners").
_JOINERS: Final = frozenset({"&", "and", "+"})


def firm_ending(word: str) -> bool:
    """A folded word a firm's name ends in: a legal form, a trade or a sector."""
    return word in ORG_WORDS or word in FIRM_SECTORS or word in LEGAL_FORMS


def is_organisation(page_type: str | None, slug: str) -> bool:
    """A company, fund or other organisation, by its page type or its slug's directory."""
    kind = (page_type or "").casefold()
    return kind in ORGANISATION_TYPES or slug.split("/", 1)[0] in ORGANISATION_DIRS


def short_name(title: str) -> str | None:
    """The title without its business ending ("Shale Fund" -> "shale"), folded.

    Any common noun naming the trade ends a firm's name too ("Quayhead Surfaces" ->
    "quayhead"), unless "&" joins the words ("Bread & Butter") or an adjective describes
    the noun ("Old Granary"). None when the title has no such ending, or nothing would be
    left of it.
    """
    words = fold(title).split()
    if words and words[0] == "the":
        words = words[1:]
    end = len(words)
    if _family_firm(words, end):
        end -= 2  # "Wrexley & Daughters" is Wrexley's, as "Pike Brothers" is Pike's
    elif _family_firm(words, end - 1) and (words[-1] in ORG_WORDS or _trade_noun(words[-1])):
        end -= 3  # "Wrexley & Daughters Boatbuilders"
    while end > 0 and (words[end - 1] in ORG_WORDS or words[end - 1] in _JOINERS):
        end -= 1
    if end == len(words) and len(words) > 1 and words[-2] not in _JOINERS:
        joined = bool(_JOINERS & set(words))  # "Bread & Butter": both words are the name
        trade = words[-1] in TRADE_WORDS or (not joined and _trade_noun(words[-1]))
        # a thing described has no shorter name ("Little Gallery"), a partnership has one
        # ("Tarn & Ollerton Cider")
        described = not joined and any(map(_adjective, words[:-1]))
        end -= int(trade and not described)
    # (a plural: "Quayhead Surfaces"; "Pizza Hut", "Rose Garden" keep their whole name)
    if end < len(words) and _family_firm(words, end):
        end -= 2  # "Quell & Daughters Joinery"
    if end == 0 or end == len(words):
        return None
    return " ".join(words[:end])


def _family_firm(words: list[str], end: int) -> bool:
    """``words[:end]`` close on a family firm's ending: "& Sons", "and Daughters"."""
    return (
        end > 2
        and words[end - 1] in _FAMILY_FIRM
        and words[end - 2] in _JOINERS
        and words[end - 3] not in _FAMILY_FIRM  # "Sons & Daughters" is a name of its own
    )


#: A family firm's ending after "&" or "and": "Toller & Sons", "Wrexley and Daughters".
_FAMILY_FIRM: Final = frozenset("son sons daughter daughters brothers bros sisters".split())
#: Kinds of a family's occasion ("Quennell-Ashby Wedding" is "the quennell-ashby do"); a
#: possessive before one is the celebrant's ("Anna's Wedding" keeps "anna's" to Anna).
_OCCASIONS: Final = frozenset("wedding reunion christening funeral reception ceremony".split())
#: Last words of a place's or an event's name that say what kind it is ("Wendlecombe Hall",
#: "Marrowdene Regatta"): people drop them as they drop a firm's trade.
KIND_WORDS: Final = _OCCASIONS | frozenset(
    """
    hall house farm park centre center church chapel barn arms inn court lodge manor cottage
    gardens estate mill quay wharf hike regatta festival fair fete tour cup appeal gala
    show showcase launch campaign project programme program sessions series trip walk ride
    marathon concert exhibition auction raffle quiz challenge tournament rally retreat
    """.split()
)


def kind_short_name(title: str) -> str | None:
    """A place's or an event's title without its kind ("Wendlecombe Hall" -> "wendlecombe").

    Not when an adjective describes the kind ("Old Mill", "Highland Tour"): that is the name.
    Not when the one word left is in the dictionary or common in the frequency list ("Roof
    Appeal", "Kayak Trip", "Netball Tournament"; also well-known names such as "Kensington
    Gardens"): "roof needs new tiles" speaks of a roof. A rarer name is left, or several
    words, which a title's own rules judge ("st aldwyn's").
    """
    words = fold(title).split()
    if words and words[0] == "the":
        words = words[1:]
    if len(words) < 2 or words[-1] not in KIND_WORDS or words[-2] in _JOINERS:
        return None
    if any(map(_adjective, words[:-1])):
        return None
    if words[-1] in _OCCASIONS and any(word.endswith("'s") for word in words[:-1]):
        return None  # "Anna's Wedding"
    if len(words) == 2 and _a_listed_word(words[0]):
        return None
    return " ".join(words[:-1])


def kind_head(title: str, description: str) -> str | None:
    """What a title that is no person's says its page is: "the bakery" of Quenwick Bakery.

    People who know one bakery, one league or one depot call it by what it is ("the bakery
    wants tables outside", "is the league still running"). The key is the title's last word after
    "the", kept only when the page's summary (``description``, the title as written there
    left out) calls it that too: "Bakery that rents the end unit", "Crown court for
    the county". A last word that is a name or a thing the title describes ("Project Mercury",
    "Cape Cod", "Green Door") is no word the page says it is; a body that mentions one in
    passing ("named after the blue door of their first studio") says nothing of the kind.
    It must also name a thing: a singular noun (a firm's trade in the plural, "Partners",
    names its people as often), no street ("Mill Lane"), and no noun said of anything ("the
    house", "the day"). Whether the kind picks one page is the index's to say: two pages
    with the same head share the key.
    """
    from bb_brain.reflex._ordinary import sense

    words = fold(title).split()
    if words and words[0] == "the":
        words = words[1:]
    while words and words[-1].isdigit():
        words = words[:-1]
    if len(words) < 2 or not words[-1].isalpha() or words[-1] in STREETS:
        return None
    premises = PLURAL_PREMISES.get(words[-1])
    if premises is not None:
        # "Ostler Studios", a recording studio: "the studio"
        own = fold(description.replace(title, " "))
        return f"the {premises}" if re.search(rf"\b{premises}\b", own) else None
    head = sense(words[-1])
    trade = words[-1] in PLURAL_TRADES  # "the cleaners", "the vets": the practice one uses
    if not trade and (head.function or head.plural_noun or (head.lexical and not head.noun)):
        return None
    if head.zipf >= KIND_HEAD_MAX_ZIPF:
        return None
    own_words = fold(description.replace(title, " "))  # "Quenwick Bakery supplies ...": a name
    # "Power of attorney for a parent's affairs" is no attorney: a noun after "of" is another's
    said = re.escape(words[-1])
    if trade:
        said = f"{said}|{re.escape(words[-1][:-1])}"  # "dry cleaner" of Dry Cleaners
        said = f"(?:{_FIRM_OF})?(?:{said})"  # "Firm of solicitors in the high street"
    if not re.search(rf"(?<!\bof )\b{said}\b", own_words):
        return None
    return f"the {words[-1]}"


def summary_kind(title: str, description: str) -> str | None:
    """What a summary opens by saying its page is: "the venue" of "Wedding venue near ...".

    A title need not say what its page is (Pennard Grange is a venue, Mossop & Lee a practice),
    but the summary's opening noun phrase does, and people who use one venue call it "the
    venue". The key is the phrase's last word, a singular noun, when the phrase is a few
    words of description opening the summary (up to a preposition, a clause or a mark) and
    names nobody's (no possessive: "the league's cup final" is a final of the league's). A
    phrase cut short by "and" ("Straw and pellet merchant") has its head beyond the cut.
    Nouns said of anything, a date's word, and words the title already gives are left out.
    """
    from bb_brain.reflex._ordinary import inflections, sense

    phrase: list[str] = []
    for word in re.findall(r"[\w'’-]+|[^\w\s]", description.replace(title, " , ")):
        folded = fold(word).casefold()
        if folded in _COORDINATORS:
            return None
        if not folded[0].isalnum() or folded in _PHRASE_STOPS or sense(folded).function:
            break
        phrase.append(folded)
    if not 1 <= len(phrase) <= _SUMMARY_PHRASE_MAX or any("'" in w or "’" in w for w in phrase):
        return None
    head = phrase[-1]
    if not head.isalpha() or head in fold(title).casefold().split() or head in STREETS:
        return None
    meaning = sense(head)
    if meaning.function or meaning.calendar or not meaning.noun or meaning.plural_noun:
        return None
    if {"VBN", "VBG", "VBD", "VBZ"} & inflections(head) or meaning.zipf >= _SUMMARY_KIND_MAX_ZIPF:
        return None
    return f"the {head}"


#: Words that end a summary's opening noun phrase.
_PHRASE_STOPS: Final = frozenset(
    """in for at of near on that which who whose with from to by where since about next
    opposite outside inside run runs used owned booked due expected is was are has had""".split()
)
#: Words that join two nouns of one phrase: its head is after them.
_COORDINATORS: Final = frozenset({"and", "or", "&", "/"})
#: The opening phrase of a summary is a few words ("Converted barn venue").
_SUMMARY_PHRASE_MAX: Final = 4
#: A summary's head noun more common than this is said of too much ("firm", "project").
_SUMMARY_KIND_MAX_ZIPF: Final = 4.6


#: What a firm of a trade in the plural is called before it: "firm of solicitors".
_FIRM_OF: Final = r"\b(?:firm|practice|team|partnership|company|co-operative) of "


#: Trades named in the plural whose people are the firm one deals with: "the cleaners have
#: lost a jacket", "ring the vets" (not "Partners" or "Associates": the people in it).
PLURAL_TRADES: Final = frozenset(
    "builders cleaners plumbers roofers decorators electricians joiners glaziers scaffolders "
    "florists butchers bakers grocers vets opticians solicitors surveyors accountants "
    "architects caterers printers couriers landscapers".split()
)
#: Premises a firm names in the plural, though it is one of them: "Ostler Studios" is a
#: studio; its people call it by the singular. Not a word of idioms ("run of the mill") or
#: of two trades ("the nursery" that rings about a child).
PLURAL_PREMISES: Final = {
    "studios": "studio",
    "stables": "stable",
    "kennels": "kennel",
    "garages": "garage",
    "workshops": "workshop",
}
#: A noun this frequent names too many things to pick one page ("house" 5.7, "day" 6.3).
KIND_HEAD_MAX_ZIPF: Final = 5.5


def work_keys(title: str) -> list[str]:
    """What a piece of work is called by what it works on: "the roof job" of Roof Wall Resurfacing.

    People who have one job on a roof, one on a piano, call it "the roof job", "the piano
    job", "the trailer build". Each noun of the title (or coined word: "the ulvenfest
    job"), and each such noun with the title's word before it ("the cold store job"), is
    filed as ``the <words> job``; the channel reads "job", "project" and "build" alike
    (:data:`WORK_NOUNS`). A word that describes ("new", "main", "first"), a date's
    ("summer job" is any summer's), a number, or a noun said of many things ("the day job",
    "the office job", "the road works", "the stage work") says nothing of which work it is,
    nor does a street's name ("the castle job" of Office Move to Castle Street).
    """
    words = [word for word in re.split(r"[\s/-]+", fold(title)) if word]
    street = {at for at, word in enumerate(words) if word in STREETS}
    street |= {at - 1 for at in street}  # "Castle Street": a street's name, no castle's job
    keys: list[str] = []
    for at, word in enumerate(words):
        if at in street:
            continue
        if _a_work_word(word):
            keys.append(f"the {word} {WORK_KEY}")
        before = words[at - 1] if at else ""
        if _a_pair_of_title_words(before, word):
            keys.append(f"the {before} {word} {WORK_KEY}")  # "the cold store job"
    return list(dict.fromkeys(keys))


def title_nouns(title: str, description: str) -> list[str]:
    """What a plan goes by among its title's nouns: "the footbridge" of Hobbard Footbridge Appeal.

    People who run one appeal for one footbridge call it "the footbridge" ("we're at 8k for the
    footbridge"), as they call their one league "the league" (:func:`kind_head`). Each noun of a
    project's or an event's title that its summary (``description``, the title as written
    there left out) says too, as a noun of its own, is filed as "the <noun>": a title word
    the summary never says is a codename or a label ("Project Lantern", "Orbit"), no word the
    plan goes by, and one it says only before another noun ("Quiz at the rugby club" of Rugby
    Club Quiz Night) names that noun's thing, not the plan ("the rugby on saturday"). What the
    plan works on is one of them ("the orchard" of Orchard Lane Survey, "Survey of the
    orchard"): the user who has one survey of one orchard means both. Not a street's word,
    one shorter than :data:`_TITLE_NOUN_MIN` letters, a date's, nor a noun said of anything
    ("the day"). Whether the noun picks one page is the index's to say.
    """
    from bb_brain.reflex._ordinary import sense

    own_words = fold(description.replace(title, " "))
    keys: list[str] = []
    for word in (word for word in re.split(r"[\s/-]+", fold(title)) if word):
        if len(word) < _TITLE_NOUN_MIN or not word.isalpha() or word in STREETS:
            continue
        meaning = sense(word)
        if meaning.function or meaning.calendar or (meaning.lexical and not meaning.noun):
            continue
        if meaning.zipf >= KIND_HEAD_MAX_ZIPF:
            continue
        if _its_own_noun(word, own_words, sense):
            keys.append(f"the {word}")
    return keys


def _its_own_noun(word: str, text: str, sense: Callable[[str], Any]) -> bool:
    """``word`` stands in ``text`` as a noun of its own, not before another noun.

    "rebuild the footbridge by the mill pond" has a footbridge; "quiz at the rugby club" and
    "a harvest auction" have a club and an auction, and say nothing of a rugby or a harvest.
    """
    from bb_brain.reflex._ordinary import inflections

    for found in re.finditer(rf"\b{re.escape(word)}\b(?:\s+(?P<next>[a-z]+))?", text):
        after = found.group("next")
        if after is None:
            return True
        meaning = sense(after)
        verb = bool({"VBZ", "VBD", "VBN", "VBG"} & inflections(after))
        if not meaning.noun or meaning.function or meaning.calendar or verb:
            return True
    return False


#: A title noun shorter than this says too little of which plan ("the bus", "the art").
_TITLE_NOUN_MIN: Final = 4


def _a_pair_of_title_words(first: str, head: str) -> bool:
    """Two words of a title, the second a noun: together they say which work.

    However common each is ("the cold store job", "the car park work"), unless the first
    is an adjective said of anything ("the new summer job", "the big kitchen job").
    """
    from bb_brain.reflex._lexicon import SEASONS
    from bb_brain.reflex._ordinary import sense

    if not (first.isalpha() and head.isalpha()) or {first, head} & (WORK_NOUNS | SEASONS):
        return False
    meaning, before = sense(head), sense(first)
    if before.function or before.calendar or meaning.function or meaning.calendar:
        return False
    describes = before.adjective and before.zipf >= KIND_HEAD_MAX_ZIPF  # "the new ... job"
    return meaning.noun and meaning.zipf < KIND_HEAD_MAX_ZIPF and not describes


def _a_work_word(word: str) -> bool:
    """A word of a title that says which work it is (see :func:`work_keys`)."""
    from bb_brain.reflex._lexicon import SEASONS
    from bb_brain.reflex._ordinary import sense

    if len(word) < _WORK_WORD_MIN or not word.isalpha() or word in WORK_NOUNS | SEASONS:
        return False
    meaning = sense(word)
    if meaning.function or meaning.calendar or (meaning.lexical and not meaning.noun):
        return False
    return meaning.zipf < _WORK_WORD_MAX_ZIPF and not (
        meaning.adjective and meaning.zipf >= _WORK_ADJECTIVE_ZIPF
    )


#: Nouns for a piece of work, after what it works on ("the roof job", "the piano project").
#: Not "works" ("the gas works", "the road works": places and the council's) nor "work",
#: the labour of anything ("the farm work never stops", "the garden work").
WORK_NOUNS: Final = frozenset("job project build".split())
#: The one work noun the index files every such key under.
WORK_KEY: Final = "job"
#: A noun this frequent is said of too many things to say which work ("office" 5.4,
#: "road" 5.2, "stage" 5.1: the office job one left, the stage work of any show).
_WORK_WORD_MAX_ZIPF: Final = 5.0
#: An adjective this common describes any work ("the main job", "the final project"); a
#: rarer one that is a noun too names what it works on ("the piano job", "the damp job").
_WORK_ADJECTIVE_ZIPF: Final = 5.0
#: A word shorter than this says nothing of which work ("the a4 job").
_WORK_WORD_MIN: Final = 3


def coined_short_name(title: str) -> str | None:
    """The coined words among a title's everyday ones ("Corvenna Analytics" -> "corvenna").

    A made-up name is what people call a firm, a place or a plan by: "Corvenna covers the
    rent" for Corvenna Analytics, "up Skelbrant" for Skelbrant Pike, "the Ardwyn sign-ups"
    for Ardwyn Relay, "the ulvenfest budget" for Community Ulvenfest. A plan named for
    where it happens goes by that place too ("the Grisedale works" of Grisedale Sea Wall
    Repair); a page for the place itself shares the name, and the index then weighs the
    two. Only words that no dictionary or frequency list holds, and no known place, make
    such a name: "Harrow Analytics", "Sophia Consulting" and "Tan Ridge Farm" keep their
    whole title, since "harrow", "sophia" and "tan" say other things.
    """
    from bb_brain.reflex._ordinary import sense

    words = fold(title).split()
    if words and words[0] == "the":
        words = words[1:]
    marks = [_coined(word, sense) for word in words]
    if not any(marks) or all(marks):
        return None
    start = marks.index(True)
    end = start
    while end < len(words) and marks[end]:
        end += 1
    rest = words[:start] + words[end:]
    if not all(word.isdigit() or _a_listed_word(word) for word in rest):
        return None  # "Ardwyn Old Pellow": two names, or a name and a word no list holds
    return " ".join(words[start:end])


def _coined(word: str, sense: Callable[[str], Any]) -> bool:
    """A word of letters that no word list holds: a name made up for one thing.

    A family word is no such name, however rare its spelling ("Toy Chest for Grandad").
    """
    from bb_brain.reflex._lexicon import FAMILY_WORDS  # the reflex imports this module

    meaning = sense(word)
    return (
        word.isalpha()
        and len(word) >= _COINED_MIN_LETTERS
        and not _a_listed_word(word)
        and not meaning.place
        and word not in FAMILY_WORDS
    )


#: A coined name is this long at least: a shorter word is an initialism or a clipped name.
_COINED_MIN_LETTERS: Final = 4


def closing_acronym(title: str) -> str | None:
    """The acronym a body's title ends in, which its members call it by ("Marsh End PTA").

    Written in capitals after a name of words ("Marsh End WI", "Tollard Road RFC"): the body
    of that kind the user belongs to. Not a title of one word, nor an acronym that opens it.
    """
    words = title.split()
    if len(words) < 2 or not _ACRONYM.fullmatch(words[-1]):
        return None
    from bb_brain.reflex._ordinary import sense

    acronym = fold(words[-1])
    meaning = sense(acronym)
    if acronym in LEGAL_FORMS or meaning.lexical or meaning.zipf >= _COMMON_ACRONYM_ZIPF:
        return None  # "Sennock Group UK", "Velmont Support IT": a word everyone uses
    return acronym


def opening_acronym(title: str) -> str | None:
    """The acronym a short title of a practice or a plan opens with ("TPN protocol").

    "CAS process", "EPMA rollout": the acronym is what its people say ("the TPN orders").
    Only a title of two or three words, and not an acronym everyone uses (UK, TV).
    """
    words = title.split()
    if not 2 <= len(words) <= _OPENING_ACRONYM_MAX_WORDS or not _ACRONYM.fullmatch(words[0]):
        return None
    if any(word.isupper() for word in words[1:]):
        return None  # "NHS IT strategy": which one the title goes by is unclear
    from bb_brain.reflex._ordinary import sense

    acronym = fold(words[0])
    meaning = sense(acronym)
    if acronym in LEGAL_FORMS or meaning.lexical or meaning.zipf >= _KNOWN_ACRONYM_ZIPF:
        return None  # "AWS migration", "GP appointment": the acronym is its own thing
    return acronym


#: An acronym the word list knows this well names a thing of its own (AWS, IKEA, ADHD, GP,
#: NHS, CV are all above it), not the user's task about it; an in-house one ("TPN") is rare.
_KNOWN_ACRONYM_ZIPF: Final = 2.5
#: The most words a title going by its opening acronym has ("TPN protocol", "CAS visa
#: process"); a longer one is a name of its own.
_OPENING_ACRONYM_MAX_WORDS: Final = 3
#: An acronym this common in wordfreq's list (UK, TV, USA, BBC) names no one body; a
#: club's (FC, CC, WI) is rarer.
_COMMON_ACRONYM_ZIPF: Final = 4.5
#: An acronym as a title writes it: capitals only, two to five of them.
_ACRONYM: Final = re.compile(r"[A-Z]{2,5}")


def title_parts(title: str) -> list[str]:
    """The shorter names a title that is no person's holds: runs of two words or more.

    "Tollmere Flood Barrier Project" is "the flood barrier" and "the tollmere flood
    barrier" in conversation; "Quenby Trip 2027" is "the quenby trip". A trailing year or
    number goes ("2027"), a part never opens or closes on a small word ("barrier for") or a
    number ("q3 2025"), a mark divides the title ("Kitchen Refit - Phase 2": no "refit
    phase"), a joiner binds its neighbours ("Sam & Lee Wedding": no "lee wedding"), and a
    lone word is no part (a title's single words are everyday ones as often as not: the
    kind short name reads those, :func:`kind_short_name`). Nor is a street's or a known
    place's name ("Ravelock Lane", "New York" of "Trip to New York"): that names the place.
    A name with the head noun, the words between dropped, is a part too
    (:func:`gapped_parts`).
    """
    from bb_brain.reflex._ordinary import sense

    folded = fold(title)
    if folded.startswith("the "):
        folded = folded[4:]
    whole = len(folded.split())
    parts: list[str] = []
    for segment in _SEGMENT_MARKS.split(folded):  # "Kitchen Refit - Phase 2": two segments
        parts += _segment_parts(segment.split(), whole, sense)
    return parts + gapped_parts(title)


def gapped_parts(title: str) -> list[str]:
    """The title's name with its head noun, the words between dropped (see below)."""
    from bb_brain.reflex._ordinary import sense

    acronyms = {fold(word) for word in title.split() if _ACRONYM.fullmatch(word)}  # "NHS ..."
    parts: list[str] = []
    for segment in _SEGMENT_MARKS.split(fold(title).removeprefix("the ")):
        parts += [
            part
            for part in _gapped_parts(segment.split(), sense)
            if part.split()[0] not in acronyms
        ]
    return parts


def _gapped_parts(words: list[str], sense: Callable[[str], Any]) -> list[str]:
    """A name of the title's own with its head noun, the words between dropped.

    "Vellacott Choir Trip" is "the Vellacott trip", "Tilsworth Community Lunch" "the
    Tilsworth lunch": the word that says which one, then what it is. Only a word no
    dictionary holds as an everyday one says which: "National Schools Final" is no "national
    final", and neither does a feast ("Christmas Family Lunch": any firm's "Christmas
    lunch") nor an acronym. A title with a small word or a joiner inside ("Crochet Blanket
    for Nan") has its head elsewhere; a head that is also a verb ("Ossian Knee Exercises")
    would read a sentence about the name's own ("Ossian exercises daily") as the page, and
    one a place has of its own ("Kirkby Forest School") the place's ("the Kirkby school").
    """
    while words and words[-1].isdigit():
        words = words[:-1]
    if len(words) < 3:
        return []
    if any(sense(word).function or word in _JOINERS for word in words):
        return []  # "Crochet Blanket for Nan": its head is no last word
    head = sense(words[-1])
    if (head.lexical and not head.noun) or words[-1] in STREETS or _a_verb_form(words[-1]):
        return []  # "Ossian Wedding Plans": "Ossian plans to retire" is none
    if words[-1] in _A_PLACES_OWN:
        return []  # "Kirkby Forest School": "the Kirkby school" is the town's
    from bb_brain.reflex._lexicon import FESTIVALS

    names = [
        word
        for word in words[:-2]
        if word.isalpha() and not sense(word).ordinary and word not in FESTIVALS
    ]
    return [f"{name} {words[-1]}" for name in names]


def _a_verb_form(word: str) -> bool:
    """A word that is also a verb's third person ("plans", "drinks", "works")."""
    from bb_brain.reflex._ordinary import inflections

    return "VBZ" in inflections(word)


def _segment_parts(words: list[str], whole: int, sense: Callable[[str], Any]) -> list[str]:
    """The parts of one stretch of a title with no mark inside it (see :func:`title_parts`)."""
    while words and words[-1].isdigit():
        words = words[:-1]
    parts: list[str] = []
    for size in range(min(len(words), whole - 1), MIN_PART_WORDS - 1, -1):
        for start in range(len(words) - size + 1):
            part = words[start : start + size]
            before = words[start - 1] if start else ""
            after = words[start + size] if start + size < len(words) else ""
            if before in _JOINERS or after in _JOINERS:
                continue  # "Sam & Lee Wedding": "lee wedding" is no part of it
            ends = (part[0], part[-1])
            if any(sense(word).function or word in _JOINERS for word in ends):
                continue
            if any(any(char.isdigit() for char in word) for word in ends):
                continue
            if part[-1] in STREETS or any(sense(word).place for word in part):
                continue
            last = sense(part[-1])
            if last.lexical and not last.noun:
                continue  # "notes on good": a part names a thing, it ends in a noun
            parts.append(" ".join(part))
    return parts


#: Marks that divide a title into stretches a part never crosses.
_SEGMENT_MARKS: Final = re.compile(r"\s*(?:[-–—:;,/|()]|\.\s)\s*")


#: The last words of a street's name.
STREETS: Final = frozenset(
    "lane road street avenue close drive crescent terrace square way row mews grove hill".split()
)


#: Heads a place's name goes with for its own one: "the Kirkby school" is the town's.
_A_PLACES_OWN: Final = frozenset(
    """
    school schools church chapel hall station hospital library surgery centre center pub
    house office shop garage park market club pool museum clinic practice bank
    """.split()
)
#: The fewest words a part of a title has (see :func:`title_parts`).
MIN_PART_WORDS: Final = 2


def _trade_noun(word: str) -> bool:
    """A plural noun, as a firm's last word names its trade ("Surfaces", "Fittings").

    A singular one is part of the name ("Pizza Hut", "Rose Garden", "Hope Street"). A trade
    written as one word of two no dictionary lists whole is one too ("Boatbuilders",
    "Shopfitters"): a plural noun after a word of its own.
    """
    from bb_brain.reflex._ordinary import sense  # the lexicon: only when an index is built

    if sense(word).plural_noun:
        return True
    return any(
        sense(word[:cut]).lexical and sense(word[cut:]).plural_noun
        for cut in range(_COMPOUND_PART, len(word) - _COMPOUND_PART - 1)
    )


#: The shortest word either side of a compound trade ("boat" + "builders").
_COMPOUND_PART: Final = 3


def _a_listed_word(word: str) -> bool:
    """A word of the dictionary or the frequency list (not a name coined for a place)."""
    from bb_brain.reflex._ordinary import sense

    meaning = sense(word)
    return meaning.lexical or meaning.zipf >= _LISTED_ZIPF or _an_activity_of(word, sense)


def _an_activity_of(word: str, sense: Callable[[str], Any]) -> bool:
    """An "-ing" word made of a listed noun or verb: "bouldering" of "boulder".

    A word list stops at everyday words, and the name of a pastime is rarer: made of a word
    it holds, it is still no name coined for one thing ("Bouldering Ladder" goes by no
    "bouldering", and "the bouldering wall" is no ladder).
    """
    if not word.endswith("ing") or len(word) < _ACTIVITY_MIN_LETTERS:
        return False
    stem = word[:-3]
    stems = {stem, stem + "e"}  # "boulder", "skate"
    if len(stem) > 2 and stem[-1] == stem[-2]:
        stems.add(stem[:-1])  # "shopping": shop
    return any(_a_listed_noun_or_verb(sense(form)) for form in stems)


def _a_listed_noun_or_verb(meaning: Any) -> bool:
    return bool(meaning.zipf >= _LISTED_ZIPF and (meaning.noun or "VERB" in meaning.readings))


#: An "-ing" word this long at least ("bouldering"); shorter ones are names as often ("Ewing").
_ACTIVITY_MIN_LETTERS: Final = 7


#: A word this frequent in wordfreq's list is one people use ("netball", zipf 3.1).
_LISTED_ZIPF: Final = 3.0


def _adjective(word: str) -> bool:
    """A firm named by a thing described ("Old Granary", "Green Door") has no shorter name."""
    from bb_brain.reflex._ordinary import sense

    return "ADJ" in sense(word).readings
