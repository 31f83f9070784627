"""Who a person is to the user: "my sister", "our accountant", "my line manager".

People refer to those close to them by relation more often than by name. A person's page
usually says the relation in its own words ("The user's younger sister", "Our accountant;
handles the returns", "Rosa Lind is the user's line manager"); this module reads it from the
page and reads the same phrase from a turn ("my sister is visiting"), so both meet on one key
in the alias index (arm ``relation``): ``my sister``.

A page states a relation only as what its person *is*: its summary describes them with it
("The user's sister", "Ward sister and the user's line manager"), or a sentence of its body
about them says "<name> is the user's ..." or sets it beside the name ("Rosa Lind, the user's
sister, ..."). A relation named in passing ("knows my sister from school", "teacher of the
user's daughter") is somebody else's.

Only relations a person usually has one of count (a sister, a landlord, an accountant, a
manager), and family a person has a few of (an aunt, a cousin, a grandson), of whom a brain
rarely holds more than the one a page names; a friend, a colleague, a client or a neighbour is
one of many, and "my friend" would point at whichever friend happens to have a page. The
relation word is the head of its phrase: only a few words may stand before it, those that say
which one ("younger", "line", "personal"), and those that change who is meant stay in the key
("my former manager" is not "my manager"); any other word before it makes it something else
("my password manager", "our package manager", "my business partner"). Two pages with one
relation (two sisters) make the key ambiguous, and an ambiguous key stays silent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from bb_brain._letters import LETTER, UPPER
from bb_brain._names import fold

#: The relation arm of the alias index.
RELATION_ARM: Final = "relation"

#: Nouns for someone a person usually has one of, and the key each is filed under.
_SYNONYMS: Final = {
    "mom": "mother",
    "mum": "mother",
    "mommy": "mother",
    "mummy": "mother",
    "mam": "mother",
    "dad": "father",
    "daddy": "father",
    "grandma": "grandmother",
    "granny": "grandmother",
    "nan": "grandmother",
    "nana": "grandmother",
    "grandpa": "grandfather",
    "grandad": "grandfather",
    "granddad": "grandfather",
    "stepdad": "stepfather",
    "stepmum": "stepmother",
    "stepmom": "stepmother",
    "hubby": "husband",
    "fiancée": "fiance",
    "fiancee": "fiance",
    "landlady": "landlord",
    "boss": "manager",
    "gp": "doctor",
    "physio": "physiotherapist",
    "solicitor": "lawyer",
    "attorney": "lawyer",
    "co-founder": "cofounder",
    "flatmate": "roommate",
    "housemate": "roommate",
}
RELATION_NOUNS: Final = frozenset(
    {
        *_SYNONYMS,
        *_SYNONYMS.values(),
        *"""
        sister brother mother father wife husband spouse partner boyfriend girlfriend fiance
        son daughter stepmother stepfather stepson stepdaughter stepsister stepbrother
        grandmother grandfather aunt uncle niece nephew cousin godmother godfather grandson
        granddaughter godson goddaughter
        mother-in-law father-in-law sister-in-law brother-in-law
        landlord nanny babysitter childminder
        accountant lawyer doctor dentist therapist physiotherapist psychiatrist vet tutor
        mechanic hairdresser barber optician bookkeeper cleaner chiropractor osteopath
        podiatrist counsellor counselor
        manager supervisor mentor cofounder
        """.split(),
    }
)
#: Words that may stand before the relation word and say which one: dropped from the key.
_WHICH: Final = frozenset(
    """
    younger older little big baby twin eldest oldest youngest elder half step dear
    line direct personal family current real birth adoptive biological
    """.split()
)
#: Words before the relation word that change who is meant: kept in the key.
_QUALIFIERS: Final = {
    "former": "former",
    "old": "former",
    "ex": "former",
    "previous": "former",
    "late": "late",
    "new": "new",
    "future": "future",
}
#: Relations that say whether the person is a "he" or a "she".
_PRONOUNS: Final = {
    **dict.fromkeys(
        "mother sister wife daughter aunt niece grandmother stepmother stepsister "
        "stepdaughter girlfriend godmother mother-in-law sister-in-law".split(),
        "she",
    ),
    **dict.fromkeys(
        "father brother husband son uncle nephew grandfather stepfather stepbrother "
        "stepson boyfriend godfather father-in-law brother-in-law".split(),
        "he",
    ),
}
#: Family words used as a name, for the speaker's own ("mum rang", "dad's birthday"). "nan"
#: is left out: alone it is far more often "not a number" than a grandmother.
KIN_NAMES: Final = frozenset(
    "mum mom mam mommy mummy dad daddy grandma granny nana grandpa grandad granddad".split()
)
#: Words that may stand between the possessor and the relation word ("my younger sister").
MAX_MODIFIERS: Final = 2
#: People one hires and has one of: "the accountant" in one's own chat is one's accountant.
#: A doctor or a manager may be anyone's, so "the" does not make them the speaker's.
SERVICE_ROLES: Final = frozenset(
    """
    landlord landlady nanny babysitter childminder accountant lawyer solicitor dentist
    therapist physio physiotherapist vet tutor mechanic hairdresser barber optician
    """.split()
)

_POSSESSIVE_END = re.compile(r"['’]s?$")
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
#: The summary describes its person with the relation: "The user's younger sister.", "Our
#: accountant; ...", "Ward sister and the user's line manager".
_DESCRIBED = re.compile(
    r"(?:^|[,;]|\band\b|\bis\b|\bwas\b)\s*(?:the\s+)?(?:user['’]s|our|my)\s+"
    r"(?P<phrase>[^.;,:()\n]+)",
    re.IGNORECASE,
)
#: "... is the user's line manager", "she's also the user's sister", "..., the user's
#: sister, ..." in the body.
_STATED = re.compile(
    r"(?P<lead>[^.;\n]*?)(?:(?:\s+(?:is|was)|['’]s)(?:\s+(?:also|now|still|actually))?\s+"
    r"|(?P<beside>,)\s+)(?:the\s+|a\s+)?"
    r"(?:user['’]s|our|my)\s+"
    r"(?P<phrase>[^.;,:()\n]+)",
    re.IGNORECASE,
)
#: "The bakery's accountant", "...; the club's landlord": a service the user's own
#: outfit (a common noun, never a named firm) buys is the user's too.
_OUTFITS_SERVICE = re.compile(
    r"(?:^|[,;]|\band\b|\bis\b|\bwas\b)\s*[Tt]he\s+[a-z]+(?:['’]s|s['’])\s+(?P<phrase>[^.;,:()\n]+)"
)
#: "Landlord of the unit", "Accountant for the shop": a service role opening the summary.
_SERVICE_OPENING = re.compile(
    r"^\s*(?:the\s+|an?\s+)?(?P<noun>[^\W\d_]+)\s+(?:of|for|to)\s", re.IGNORECASE
)
#: A practice's clinician at it, opening the summary: "Vet at Hollin Vets".
_PRACTICE_OPENING = re.compile(r"^\s*(?:the\s+|an?\s+)?(?P<noun>[^\W\d_]+)\s+at\s", re.I)
#: Those the user sees at a practice: "Vet at ...", "Dentist at ..." is the user's one.
_PRACTICE_ROLES: Final = frozenset("vet dentist optician physio physiotherapist".split())
#: The user named in a summary: whatever else it says the person is to the user.
_THE_USERS = re.compile(r"\b(?:the\s+)?user['’]s\b|\bof\s+the\s+user\b", re.IGNORECASE)
#: "Sister of the user." opening the summary.
_OF_THE_USER = re.compile(
    r"^\s*(?:the\s+)?(?P<noun>[^\W\d_][\w-]*)\s+(?:of|to)\s+the\s+user\b", re.I
)
#: Characters of a page's body read for its relation: its opening.
OPENING_CHARS: Final = 400


def relation_key(modifiers: Sequence[str], noun: str) -> str | None:
    """The index key for ``my <modifiers> <noun>``, or None when that is no relation."""
    noun = fold(noun)  # "fiancé" is typed with and without its accent
    if noun in _LESSON_ROLES and len(modifiers) == 1 and _a_subject_taught(modifiers[0]):
        return f"my {modifiers[0].casefold()} {noun}"  # "my piano teacher", "my driving instructor"
    if noun not in RELATION_NOUNS:
        return None
    qualifiers: list[str] = []
    for word in (word.casefold() for word in modifiers):
        if word in _QUALIFIERS:
            qualifiers.append(_QUALIFIERS[word])
        elif word not in _WHICH:
            return None  # "my password manager": a manager of passwords
    return " ".join(["my", *dict.fromkeys(qualifiers), _SYNONYMS.get(noun, noun)])


#: Those who teach one thing, known by what they teach: "my piano teacher".
_LESSON_ROLES: Final = frozenset("teacher tutor instructor coach trainer".split())


def _a_subject_taught(word: str) -> bool:
    """A noun or a pastime said before a teacher ("piano", "driving"), not "my old teacher"."""
    from bb_brain.reflex._ordinary import sense

    folded = word.casefold()
    meaning = sense(folded)
    if not folded.isalpha() or folded in _WHICH or folded in _QUALIFIERS or meaning.function:
        return False
    return bool(meaning.noun) or folded.endswith("ing")


def relation_in(words: Sequence[str], *, possessive: bool = False) -> tuple[str, int] | None:
    """The key of the relation the words after "my" name, and how many words it took.

    The relation word is one of the next ``MAX_MODIFIERS + 1`` words; a possessive before it
    means somebody else's relation ("my daughter's teacher" is nobody's "my teacher"). With
    ``possessive`` the relation word itself may be one ("my sister's kids" names the sister).
    A hyphen after it makes it part of another word ("my sister-in-law").
    """
    for index, word in enumerate(words[: MAX_MODIFIERS + 1]):
        bare = _POSSESSIVE_END.sub("", word)
        if bare != word and not possessive:
            return None
        in_law = [w.casefold() for w in words[index + 1 : index + 3]]
        if bare == word and in_law[:1] == ["in"] and in_law[1:] and in_law[1].startswith("law"):
            # "my brother in law" is the one written "brother-in-law"
            key = relation_key(words[:index], f"{bare}-in-law")
            return (key, index + 3) if key is not None else None
        key = relation_key(words[:index], bare)
        if key is not None:
            return key, index + 1
        if bare != word or word.casefold() == "s":
            return None
    return None


def page_relations(summary: str | None, body: str, title: str = "") -> list[str]:
    """The relation keys a person's page states of its person (see module docs)."""
    keys: list[str] = []
    own = {word.casefold() for word in _WORDS.findall(title)}
    keys += [_head_key(found.group("phrase")) for found in _DESCRIBED.finditer(summary or "")]
    outfits = _OUTFITS_SERVICE.finditer(summary or "")
    keys += [_outfits_service(found.group("phrase")) for found in outfits]
    serving = _SERVICE_OPENING.match(summary or "")
    if serving is not None and serving.group("noun").casefold() in SERVICE_ROLES:
        keys.append(relation_key([], serving.group("noun")) or "")  # "Landlord of the unit"
    practice = _PRACTICE_OPENING.match(summary or "")
    if practice is not None and practice.group("noun").casefold() in _PRACTICE_ROLES:
        if not _THE_USERS.search(summary or ""):  # "Vet at Hollin Vets; the user's cousin."
            keys.append(relation_key([], practice.group("noun")) or "")
    of_the_user = _OF_THE_USER.match(summary or "")
    if of_the_user is not None:
        keys.append(relation_key([], of_the_user.group("noun")) or "")
    for stated in _STATED.finditer(body[:OPENING_CHARS]):
        lead = [word.casefold() for word in _WORDS.findall(stated.group("lead"))]
        subject = own | {"she", "he"}
        if not lead or lead[0] not in subject:
            continue  # the sentence is about someone else
        if stated.group("beside") and not set(lead) <= subject:
            continue  # "married to Ana Ruiz, the user's sister": beside another name
        keys.append(_head_key(stated.group("phrase")))
    return [key for key in dict.fromkeys(keys) if key]


def relative_keys(summary: str | None) -> list[str]:
    """Whose relative a person's page says its person is: "tobiah's mother", "the groom's father".

    A summary that opens with a family word and "of" someone ("Mother of Tobiah Quenell",
    "Father of the groom") or with someone's family word ("Tobiah Quenell's mother") names them
    by that relation, as people do who know the child better than the parent ("tobiah's mum
    rang"). The key takes the someone's first name, as they are spoken of.
    """
    found = _RELATIVE_OF.match(summary or "") or _WHOSE_RELATIVE.match(summary or "")
    if found is None:
        return []
    whose = found.group("whose").split()
    if _a_verb_first(whose[0]):
        return []  # "Knows Tobiah's mother from school": named in passing
    noun = fold(found.group("noun")).casefold()
    owner = "the " + whose[-1].casefold() if whose[0].casefold() == "the" else whose[0]
    return [relative_key(fold(owner).casefold(), noun)]


def _a_verb_first(word: str) -> bool:
    """A summary opening with a verb of its person's ("Knows ...", "Taught ...")."""
    from bb_brain.reflex._ordinary import inflections  # the reflex imports this module

    return bool({"VBZ", "VBD"} & inflections(word.casefold()))


def relative_key(owner: str, noun: str) -> str:
    """The index key of ``owner``'s ``noun`` ("tobiah", "mum" -> "tobiah's mother")."""
    return f"{owner}'s {_SYNONYMS.get(noun, noun)}"


#: Family words one is someone's relative by (a parent of a pupil, the groom's father).
RELATIVE_NOUNS: Final = frozenset(
    """
    mother father mum dad mom wife husband partner son daughter sister brother grandmother
    grandfather grandma grandpa granny nan aunt uncle stepmother stepfather fiance fiancee
    """.split()
)
_RELATIVE_WORD = "|".join(sorted(RELATIVE_NOUNS, key=len, reverse=True))
_A_NAME = rf"[{UPPER}][\w'’-]+(?:\s+[{UPPER}][\w'’-]+){{0,2}}"
#: "Mother of Tobiah Quenell", "Father of the groom".
_RELATIVE_OF: Final = re.compile(
    rf"^\s*(?:(?i:the)\s+)?(?P<noun>(?i:{_RELATIVE_WORD}))\s+of\s+"
    rf"(?P<whose>{_A_NAME}|the\s+(?:bride|groom))\b"
)
#: "Tobiah Quenell's mother".
_WHOSE_RELATIVE: Final = re.compile(
    rf"^\s*(?P<whose>{_A_NAME}|(?i:the)\s+(?:bride|groom))['’]s\s+(?P<noun>(?i:{_RELATIVE_WORD}))\b"
)


def _outfits_service(phrase: str) -> str:
    """The key of a service role the user's outfit buys ("accountant" -> my accountant).

    Only a service one outfit has one of: a relative, a friend or a colleague of the
    bakery's is nobody's "my" (the bakery's manager is not the user's manager).
    """
    key = _head_key(phrase)
    return key if key and key.rsplit(" ", 1)[-1] in SERVICE_ROLES else ""


def _head_key(phrase: str) -> str:
    """The key of a phrase whose last word is the relation ("younger sister" -> my sister).

    What follows a preposition says where or whose ("landlord at 9 Orrin Lane",
    "accountant for the shop"): the relation is the word before it ("brother in law" is one).
    """
    for cut in _PHRASE_END.finditer(phrase):
        if not _IN_LAW.match(phrase, cut.start()):
            phrase = phrase[: cut.start()]
            break
    words = _WORDS.findall(phrase)
    if not words or len(words) > MAX_MODIFIERS + 1 or any(_POSSESSIVE_END.search(w) for w in words):
        return ""
    return relation_key(words[:-1], words[-1]) or ""


def relation_pronoun(keys: Sequence[str]) -> str:
    """The pronoun a relation implies: "she" for a sister, "he" for a brother, else ""."""
    found = {_PRONOUNS.get(key.rsplit(" ", 1)[-1], "") for key in keys} - {""}
    return found.pop() if len(found) == 1 else ""


#: Roles a person is known by in the user's circle, said with "the": "the treasurer", "the
#: steward", "the vicar". Not the roles one has many of (a friend, a client, a nurse), nor
#: kin (the relation keys above), nor a role whose word is as often a thing ("the agent", "the
#: editor", "the client", "the producer", "the coach", "the chair", "the interpreter").
KNOWN_ROLES: Final = frozenset(
    """
    treasurer secretary chairman chairwoman chairperson steward caretaker warden vicar rector
    priest rabbi imam pastor curate chaplain verger farrier breeder surveyor plumber
    electrician roofer joiner carpenter gardener groundsman groundskeeper referee umpire
    headteacher headmaster headmistress commodore bride groom vet midwife pharmacist
    receptionist caterer florist photographer celebrant officiant organiser organizer
    """.split()
)
#: Where the phrase describing a person stops: its first preposition, conjunction or mark.
_PHRASE_END = re.compile(
    r"[.;,:()\n—–]|\s-\s|\b(?:of|for|at|on|in|to|with|from|and|who|which|that|since|"
    r"until|by|under|over)\b",
    re.IGNORECASE,
)
#: "in law" after a relation word: part of it ("brother in law").
_IN_LAW: Final = re.compile(r"in[\s-]+law", re.IGNORECASE)
#: Words the describing phrase may have before its role: "Potting shed steward".
MAX_ROLE_WORDS: Final = 4


def page_roles(summary: str | None) -> list[str]:
    """The "the <role>" key of a person whose summary opens by naming their role.

    "Potting shed steward.", "Treasurer of the bowls club.", "Head gardener and owner of the
    nursery": the person the user calls "the steward", "the treasurer", "the gardener". A
    summary that opens with what the person is to the user ("The user's sister") states a
    relation instead (:func:`page_relations`).
    """
    text = (summary or "").strip()
    found = _PHRASE_END.search(text)
    words = _WORDS.findall(text[: found.start()] if found is not None else text)
    if not words or len(words) > MAX_ROLE_WORDS:
        return []
    if words[0].casefold() in ("the", "our", "my", "user's", "user’s"):
        return []
    if any(word.casefold().rstrip("-") in _NOT_NOW_OR_NOT_THE for word in words[:-1]):
        return []  # "Former treasurer", "Assistant groundsman": not who "the" role is
    role = _POSSESSIVE_END.sub("", words[-1]).casefold()
    if role in KNOWN_ROLES:
        return [f"the {role}"]
    # "Harbour master at ...": "the harbour master", a role of two words
    compound = compound_role(words[-2], role) if len(words) > 1 else None
    return [compound] if compound is not None else []


def described_roles(summary: str | None) -> list[str]:
    """The "the <what> <role>" key of a known role a summary opens with, said of which.

    "Borough dog warden." is "the dog warden" as well as "the warden"; "the traffic warden"
    is someone else's key, and a rank or a stand-in is no word of which ("Deputy warden").
    """
    text = (summary or "").strip()
    found = _PHRASE_END.search(text)
    words = [word.casefold() for word in _WORDS.findall(text[: found.start()] if found else text)]
    if len(words) < 2 or len(words) > MAX_ROLE_WORDS or words[-1] not in KNOWN_ROLES:
        return []
    return [key] if (key := described_role(words[-2], words[-1])) is not None else []


def described_role(what: str, role: str) -> str | None:
    """The key "the <what> <role>" of a noun saying which before a known role, or None."""
    from bb_brain.reflex._ordinary import sense  # the lexicon reads relations' words

    noun = sense(what)
    if not noun.noun or noun.function or not what.isalpha() or _describes(what):
        return None
    if what in _RANKS or what in _NOT_NOW_OR_NOT_THE or role not in KNOWN_ROLES:
        return None
    return f"the {what} {role}"


def compound_role(what: str, role: str) -> str | None:
    """The key "the <what> <role>" of a noun and a noun for one who does something.

    "harbour master", "piano tuner", "welfare officer": said with "the", the one person
    whose page's summary opens with it. None after a word that describes ("keen runner").
    """
    from bb_brain.reflex._ordinary import sense  # the lexicon reads relations' words

    what, role = what.casefold(), role.casefold()
    if not role.endswith(_AGENT_ENDINGS) or not sense(role).noun:
        return None
    noun = sense(what)
    if not noun.noun or noun.function or not what.isalpha() or _describes(what):
        return None
    if what in _RANKS:
        return None  # "senior engineer": a rank many hold
    return f"the {what} {role}"


#: Ranks many hold in one workplace: "senior engineer", "lead developer", "staff nurse".
_RANKS: Final = frozenset("senior lead principal chief head staff general".split())


def _describes(word: str) -> bool:
    """A word that compares, as a describing word does: "keen" ("keener"), "fine"."""
    from bb_brain.reflex._ordinary import sense  # the lexicon reads relations' words

    stem = word[:-1] if word.endswith("e") else word
    return any("ADJ" in sense(f"{base}er").readings for base in {stem, word, word + word[-1]})


#: Endings of nouns for one who does something.
_AGENT_ENDINGS: Final = ("er", "or", "ist", "ian")


#: Words before a role that make the person not the one "the <role>" is: one who was, one
#: who stands in or helps, one still learning.
_NOT_NOW_OR_NOT_THE: Final = frozenset(
    """
    former ex retired previous old late outgoing incoming assistant deputy vice acting
    interim trainee apprentice student junior relief stand-in temporary temp
    """.split()
)


#: "Odile Brannock's golden retriever", "Ysolde Tarrant and Cadoc Hobb's spaniel".
_WHOSE_PET: Final = re.compile(
    rf"^\s*(?P<owners>{_A_NAME}(?:\s+and\s+{_A_NAME})?)['’]s?\s+(?P<kind>[^;,.()]+)"
)
#: "Whippet owned by Jörn Häkkilä", "Sable cockapoo belonging to Imbali Zondo".
_PET_OWNED: Final = re.compile(
    rf"^\s*(?P<kind>[^;,.()]+?)(?:[;,]\s*[^.]*?)?\s+(?:owned by|belonging to)\s+"
    rf"(?P<owners>{_A_NAME}(?:\s+and\s+{_A_NAME})?)"
)
#: Where a pet's kind ends: what it has, does or where it is ("cat healing after its op").
_KIND_ENDS: Final = re.compile(
    r"\s+(?:with|from|in|on|at|for|who|that|which|being|recovering|booked|seen)\b.*$",
    re.IGNORECASE,
)
#: The most words of a pet's kind the key is built from: "cairn terrier", "jack russell".
_KIND_WORDS: Final = 2


def _first_noun_run(words: list[str]) -> list[str]:
    """The words of the kind up to the first that is neither a noun nor an adjective.

    "cat and best friend", "cat since 2019", "cat called Tiddles": the cat.
    """
    from bb_brain.reflex._ordinary import sense  # the reflex imports this module

    run: list[str] = []
    for word in words:
        meaning = sense(fold(word).casefold())
        if word.casefold() == "and" and run and _described_only(run):
            continue  # "black and white border collie": colours, then the breed
        if meaning.function or (meaning.lexical and not (meaning.noun or meaning.adjective)):
            break
        run.append(word)
    return run


def _described_only(words: list[str]) -> bool:
    """Words that may all describe a noun still to come ("black", "white")."""
    from bb_brain.reflex._ordinary import sense  # the reflex imports this module

    return all(sense(fold(word).casefold()).adjective for word in words)


def _a_word(word: str) -> bool:
    """A dictionary word that is no name: "client", "neighbour"."""
    from bb_brain.reflex._ordinary import sense  # the reflex imports this module

    return sense(word).lexical


def _a_kind_alone(word: str) -> bool:
    """A breed's first word that names it alone ("cairn"), not a word of its own ("golden")."""
    from bb_brain.reflex._ordinary import is_ordinary, sense  # the reflex imports this module

    meaning = sense(word)
    return not is_ordinary(word) and "ADJ" not in meaning.readings and meaning.zipf < _RARE_ZIPF


#: A word this frequent in English text is a word of its own ("english bulldog").
_RARE_ZIPF: Final = 4.5


def _pet_kind(summary: str | None) -> tuple[re.Match[str] | None, list[str]]:
    """The owner match of a pet's summary and the words of its kind, up to two.

    Whose it is and what ("Odile Brannock's golden retriever", "Whippet owned by ..."), or
    with no owner, the summary's opening phrase ("Aged Highland gelding at the top
    yard"). A capitalised word after the kind's noun is the animal's own name ("cat
    Mittens"), no kind.
    """
    found = _WHOSE_PET.match(summary or "") or _PET_OWNED.match(summary or "")
    phrase = found.group("kind") if found is not None else _OPENING_PHRASE.match(summary or "")
    if isinstance(phrase, re.Match):
        phrase = phrase.group(0)
    words = _first_noun_run(_WORDS.findall(_KIND_ENDS.sub("", phrase or "")))
    while len(words) > 1 and words[-1][:1].isupper() and not words[-2][:1].isupper():
        words = words[:-1]  # "cat Mittens": the cat
    return found, words[-_KIND_WORDS:]


#: A summary's opening phrase, up to a mark.
_OPENING_PHRASE: Final = re.compile(r"^\s*[^;,.()]+")


def pet_keys(summary: str | None) -> list[str]:
    """How an animal's keepers name it: "odile's retriever", "vask's dachshund".

    A pet's page says whose it is and what it is ("Odile Brannock's golden retriever",
    "Whippet owned by Jörn Häkkilä"); the user speaks of it by the keeper's given or
    family name and its kind ("odiles retriever", "häkkilä's whippet", "the vask
    dachshund", keyed as "vask's dachshund"). The kind is the phrase's last word, or its
    last two ("cairn terrier"), or the first of those two when it names the breed alone
    ("cairn"; not "golden" of a retriever).
    """
    found, kind_words = _pet_kind(summary)
    if found is None:
        return []
    if not kind_words or any(word[:1].isupper() and word.isupper() for word in kind_words):
        return []
    kinds = [fold(" ".join(kind_words[i:])).casefold() for i in range(len(kind_words))]
    if len(kind_words) == _KIND_WORDS and _a_kind_alone(fold(kind_words[0]).casefold()):
        kinds.append(fold(kind_words[0]).casefold())  # "cairn" of a cairn terrier
    keys: list[str] = []
    for owner in re.split(r"\s+and\s+", found.group("owners")):
        names = [fold(word).casefold() for word in _WORDS.findall(owner)]
        if not names or names[0] == "the" or _a_word(names[0]):
            continue  # "Client's dog": a word, no keeper's name
        for kind in kinds:
            keys += [f"{names[0]}'s {kind}", f"{names[-1]}'s {kind}"]
    return list(dict.fromkeys(keys))


def pet_kind_keys(summary: str | None) -> list[str]:
    """What an animal is, after "the": "the retriever" of "Odile's golden retriever".

    Whoever keeps it, the user who speaks of the one animal of that kind they know calls it
    so; two of a kind share the key, and name neither. The kind must be an animal's
    (:data:`bb_brain.reflex._lexicon.ANIMAL_KINDS`: no "the pet", "the friend"), or a word
    no dictionary has, which on a pet's page is its breed ("Havanese", "sprocker"). A breed
    named after a place or a people keeps its name whole ("the german shepherd", in any
    case), while a word that only describes leaves the kind alone ("the
    retriever" of a golden retriever, "the collie" of a border collie); a kind with an
    everyday sense of its own goes whole only ("the lab" is anyone's laboratory).
    """
    from bb_brain.reflex._lexicon import ANIMAL_KINDS  # the reflex imports this module
    from bb_brain.reflex._ordinary import sense

    _, words = _pet_kind(summary)
    folded = [fold(word).casefold() for word in words]
    if not folded or not words[-1].isalpha():
        return []
    if folded[-1] not in ANIMAL_KINDS and not _a_breed_of_its_own(words, summary or ""):
        return []  # "Family pet", "Companion to ...": no kind; a breed no dictionary has is one
    whole = len(words) > 1 and words[-2].isalpha() and len(words[-2]) > 1
    keys = ["the " + " ".join(folded)] if whole else []
    before = sense(folded[-2]) if whole else None
    # a common word with no part of speech of its own names a place or a people: "german"
    proper = before is not None and not before.readings and before.zipf >= _PROPER_MIN_ZIPF
    named = whole and (words[-1][:1].isupper() or proper)
    if folded[-1] not in _KINDS_OF_OTHER_THINGS and not named:
        keys.append(f"the {folded[-1]}")  # not "the shepherd" of a German shepherd
    return keys


def _a_breed_of_its_own(words: list[str], summary: str) -> bool:
    """A kind's word no dictionary has and no given name: a breed ("Havanese", "sprocker").

    Not a letter or an age ("collie x", "2yo", "16hh", "6mths"), nor a name: a given name
    many bear, or a capitalised word after one ("Sarah Tregaskis"), is a keeper's.
    """
    from bb_brain._given_names import a_given_name  # the reflex imports this module
    from bb_brain.reflex._ordinary import sense

    word = words[-1]
    folded = fold(word).casefold()
    if len(folded) < _BREED_MIN_CHARS or not folded.isalpha() or sense(folded).known_word:
        return False
    if re.search(rf"\d\s*{re.escape(word)}\b", summary):
        return False  # "6mths": an age, its number glued on
    before = fold(words[-2]).casefold() if len(words) > 1 else ""
    if word[:1].isupper() and words[-2:-1] and words[-2][:1].isupper() and a_given_name(before):
        return False  # "Sarah Tregaskis": a keeper's full name, no breed
    return not a_given_name(folded)


#: A breed's name is a word this long at least: no "x", "yo" or "hh".
_BREED_MIN_CHARS: Final = 4
#: A word this common with no part of speech is a place's or a people's ("german", "maine").
_PROPER_MIN_ZIPF: Final = 3.5
#: Animals' kinds that are everyday words of other things: "the lab", "the boxer".
_KINDS_OF_OTHER_THINGS: Final = frozenset("lab pointer boxer shepherd setter".split())


#: An animal's sex, said of it: a gelding is "he", a mare "she". Words that are given names
#: as often ("billy", "jenny") or breeds' words ("bull terrier") are left out.
_SEXES: Final = {
    **dict.fromkeys(
        "gelding stallion colt tomcat tup boar bullock steer cockerel rooster drake gander".split(),
        "he",
    ),
    **dict.fromkeys("mare filly bitch ewe sow heifer hen".split(), "she"),
}


def animal_sex(summary: str | None) -> str:
    """The pronoun a pet's kind says by a word of its sex ("dun gelding": "he"), else ""."""
    _, words = _pet_kind(summary)
    return _SEXES.get(fold(words[-1]).casefold(), "") if words else ""


def role_keys(summary: str | None) -> list[str]:
    """What a person's summary opens by saying they do: "the plumber" of "Plumber the user calls".

    The opening noun phrase's head, and with the word before it ("the loss adjuster", "the
    equine dentist"): adjectives, then nouns, up to anything else ("Loss adjuster handling
    the claim", "RSPCA inspector due in May"). Not a word said of anyone ("person", "friend")
    nor a family word, which say who someone is to someone, not what they do.
    """
    from bb_brain.reflex._lexicon import FAMILY_WORDS  # the reflex imports this module
    from bb_brain.reflex._ordinary import inflections, sense

    phrase: list[str] = []
    opening = _ROLE_PHRASE.match(summary or "")
    for word in _ROLE_WORD.findall(opening.group(0) if opening else ""):
        folded = fold(word).casefold()
        meaning = sense(folded)
        if not folded.isalpha() or meaning.function or folded in _AFTER_A_ROLE:
            break
        if {"VBG", "VBN", "VBD"} & inflections(folded) and phrase:
            break  # "Loss adjuster handling the subsidence claim"
        if not meaning.known_word and not phrase:
            phrase.append(folded)  # "RSPCA inspector": a body's initials
        elif meaning.noun and not meaning.plural_noun:
            phrase.append(folded)
        elif meaning.adjective and not any(sense(one).noun for one in phrase):
            phrase.append(folded)
        else:
            break
    while phrase and not sense(phrase[-1]).noun:
        phrase.pop()
    if (
        not phrase
        or len(phrase) > _ROLE_WORDS
        or (_NOT_NOW_OR_NOT_THE | _MAYBE).intersection(phrase)
    ):
        return []  # "Former treasurer", "Prospective tenant": not the one now
    head = phrase[-1]
    if head in _ANYONE or head in _OF_SOMETHING or head in FAMILY_WORDS:
        return []
    if sense(head).zipf >= _ROLE_MAX_ZIPF:
        return []
    keys = [f"the {head}"]
    if len(phrase) > 1:
        keys.append(f"the {phrase[-2]} {head}")
    return keys


#: A summary's opening, up to a mark, and its words (a word with a digit ends the phrase:
#: "Year 6 teacher" has no role).
_ROLE_PHRASE: Final = re.compile(r"[^.,;:()]*")
_ROLE_WORD: Final = re.compile(r"[\w'’-]+")
#: Words that follow a role to say when or where: "inspector due in May".
_AFTER_A_ROLE: Final = frozenset("due based".split())
#: Words said of anyone, no role: "Friend of the user's", "Person who runs the stall".
_ANYONE: Final = frozenset(
    "person people man woman lady guy bloke gentleman friend member one user someone".split()
)
#: Words before a role that say it may never be: "Prospective tenant", "Potential client".
_MAYBE: Final = frozenset("prospective potential would-be possible future".split())
#: Roles that are someone's or something's, said with "of": "Owner of the van", "Client".
_OF_SOMETHING: Final = frozenset(
    "owner client customer contact holder patient tenant member resident buyer seller".split()
)
#: A role's phrase is a few words: "Retired primary school teacher" is too many to be called.
_ROLE_WORDS: Final = 3
#: A head noun this common is said of too much to be a role ("Head of year": "head").
_ROLE_MAX_ZIPF: Final = 5.0


#: A title that opens with its clients' family names: "Quenby-Oh wedding", "Tolver
#: complaint", then what it is, in lowercase or not.
_CLIENTS_FIRST: Final = re.compile(
    rf"^\s*(?P<names>[{UPPER}][\w'’]+(?:-[{UPPER}][\w'’]+)?)\s+(?P<what>[{LETTER}][\w\s-]*?)\s*$"
)


def client_keys(title: str) -> list[str]:
    """A job or an occasion by whose it is: "quenby's wedding", "the tolver wedding".

    A plan titled by its clients' family names and what it is ("Quenby-Arkwright wedding",
    "Tolver complaint") is theirs: keys "<family>'s <noun>" for each family name and each
    noun of what it is. A name that is an everyday word ("Summer Jam", "Harvest wedding",
    the "Oh" of "Quenby-Oh") or a calendar word ("August backlog") is no client's.
    """
    from bb_brain.reflex._ordinary import sense  # the reflex imports this module

    found = _CLIENTS_FIRST.match(title)
    if found is None:
        return []
    names = [re.sub(r"['’]s?$", "", name) for name in found.group("names").split("-")]
    names = [
        name
        for name in (fold(name).casefold() for name in names)
        if not (sense(name).lexical or sense(name).calendar or sense(name).function)
    ]  # "Quenby-Oh": Quenby's, "oh" being a word too
    nouns = [
        word
        for word in (fold(word).casefold() for word in _WORDS.findall(found.group("what")))
        if sense(word).noun and not sense(word).function
    ]
    return [f"{name}'s {noun}" for name in names for noun in nouns]
