"""Which entity a clause is about: references in it, and the one that wins.

References are explicit mentions of the source's pages, people the conversation introduces
who have no page yet (:mod:`bb_brain.writeback._people`), and pronouns: "he"/"she" refer to
the last person named, "they"/"it" ("theyre" typed fast too) to the last organisation,
project or place named, in the
segment so far (assistant turns included, since a user answers them); with nobody named
before it, a "he" or "she" is the person its own clause names before it ("Wilma told me
she's quitting", not "Wilma's daughter says she's ..."). An "it" after "of" or "up to", or
doing itself, in a clause whose subject is the user, refers to nothing: it is what the user
does ("my back isn't up to a whole weekend of it", "I'd rather not chair it myself"). Someone's
spouse or partner named by a given name alone ("his wife Oriel is retraining as a midwife") is
no reference of the clause's: the news is the someone's, who has a page, as the relative
cannot; a child, a parent or a sibling takes the family's name (:mod:`._kin`) and is one.

An animal is a "he" or a "she" by its page's sex word ("gelding", "mare"), and a "he" or
"she" that says, asks, orders, books or pays is a person, whatever animal was named last
("she's ordered boots" is the mare's owner). An object pronoun after its clause's subject
pronoun is another of that pronoun ("she wants her on the winter paddock": the mare).

A pronoun prefers what the previous clause was about over whatever it named last (the
centering of discourse: "Marrow Bio is raising, Saffron leading. ... their readout" is
Marrow Bio's), so the chosen reference of each clause is the latest of its kind.

A run of capitalised words that names a new person outranks a single word inside it that
happens to be a known surname ("my nephew Sipho Dlamini" is not the Dlamini with a page), and
a given name typed in lowercase before a family firm's name is one of that family ("dean
quarnby is coming" beside Quarnby Roofing).

The clause is about, in order of preference (news of the user told by someone, "Orlaith
says I'm singing the solo", "she has asked me to sort the folders", is the user's alone):

1. an attitude ("she is worried ...", "Ayesha reckons ...") belongs to its holder, the
   clause's subject; in reported speech ("Leila says their readout is in Q3", "Sofia
   confirmed they hired Kwabena"), what is reported, when it names anything, except a
   view a singular "they" holds, which is the speaker's own ("Lena said they prefer email"),
   and a report whose subject is a person's "he" or "she", which is theirs ("Wilma says
   she's quitting the band"), unless it names the project or event it is done for or says
   what they heard or were told ("Wilma says she heard the band is folding");
2. the first entity named outright, unless it only modifies what follows ("Goran's quote for
   the kitchen": the kitchen, when it is named; Goran otherwise); a person the clause
   introduces after an indefinite ("found us a helper, Wenna Thorsby, retired joiner")
   outranks it (see :mod:`bb_brain.writeback._rules`);
3. the first pronoun that refers back to someone (first of all, a person's pronoun that is
   the clause's subject: "he starts reporting to Oluwaseun" is his fact), and a person
   named as the subject of a wish, an offer or a decision ("Ossian wants Quillbrook Amber as
   the house ale": his, not the ale's);
4. nobody: a fact about the user alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Final

from bb_brain._given_names import a_given_name, name_pronoun
from bb_brain._letters import LOWER, UPPER
from bb_brain._names import ELDER_TITLES, HONORIFICS
from bb_brain._orgnames import is_organisation
from bb_brain._relations import RELATION_NOUNS, relation_key, relation_pronoun
from bb_brain.pages import is_place
from bb_brain.reflex._ordinary import inflections, lemmas, sense
from bb_brain.reflex._tokens import SHORTHANDS
from bb_brain.writeback._contractions import HE_OR_SHE_TYPED_FAST, THEY_TYPED_FAST
from bb_brain.writeback._entities import Entity, EntityIndex, Mention, pronoun_class
from bb_brain.writeback._people import NewPerson, new_people, person_slug

#: A call or a message made to say something: "rang to say", "emailed to tell us".
CALLED_TO_SAY: Final = (
    r"(?:rang|called|phoned|emailed|texted|messaged|wrote) to (?:say|tell (?:me|us))"
)
REPORTED: Final = re.compile(
    r"\b(?:says|said|confirmed|confirms|told (?:me|us)|tells (?:me|us)|mentioned|reports|"
    rf"{CALLED_TO_SAY}|reported|let (?:me|us) know)\b"
    # "she's reported it to the council", "he mentioned it to the vicar": a deed, no report
    r"(?!\s+(?:it|this|that|them|him|her)\s+(?:to|with)\b)(?:\s+that)?\s+",
    re.IGNORECASE,
)


#: A call or a message and a colon before what it said: "Orlaith rang too: ...", "Other
#: news from Orlaith: ...", "The committee emailed overnight: ...".
_REPORT_LEAD: Final = re.compile(
    r"^[^:.!?]{0,80}?\b(?:rang|called|phoned|emailed|texted|messaged|wrote|replied|says|said|"
    r"confirmed|(?:news|update|word|message) from)\b[^:.!?]{0,40}(?=:\s)",
    re.IGNORECASE,
)
_COLON: Final = re.compile(r":\s+")
#: A call or a message that opens the clause, then a comma: "Orlaith messaged, ...".
_MESSAGE_LEAD: Final = re.compile(
    r"^[^:.!?,]{0,40}?\b(?:rang|called|phoned|emailed|texted|messaged|wrote|replied)"
    r"(?:\s+(?:back|again|too|earlier|just now|this morning|last night|yesterday|today))?"
    r"(?=,\s)",
    re.IGNORECASE,
)
_COMMA: Final = re.compile(r",\s+")


def reported_after_a_lead(text: str) -> re.Match[str] | None:
    """The colon after a call or a message that opens the clause, as a report's "says".

    "Orlaith rang too: the band moves to Marrowgate Hall in May" reports what Orlaith
    said, as "Orlaith says the band moves ..." does: the news is what it names. A comma
    right after the call or the message does the same ("Orlaith messaged, the band ...").
    """
    lead = _REPORT_LEAD.match(text)
    if lead is not None:
        return _COLON.match(text, lead.end())
    lead = _MESSAGE_LEAD.match(text)
    return _COMMA.match(text, lead.end()) if lead is not None else None


@dataclass(frozen=True)
class Reference:
    """Something a clause refers to, and how."""

    entity: Entity
    start: int
    end: int
    explicit: bool
    possessive: bool = False
    #: Set for a person the source has no page for yet (the name as written).
    new_title: str | None = None
    #: Named as the object of a preposition ("reminders sent via Spindle").
    oblique: bool = False
    #: A place named after "at" or "in": where something is ("room 2 at the sports hall").
    located: bool = False
    #: Someone's relative by a given name alone ("his wife Oriel"): a person a "she" may
    #: refer back to, but no entity of the clause (:func:`_a_relatives_given_name`). The
    #: pronoun the relation implies ("she" of a wife), "?" when it implies none, else "".
    relative: str = ""
    #: A body named as where the person just named is from ("Tobin from Larkhill came
    #: round"): it says who the person is, and the topic stays what it was.
    affiliated: bool = False


@dataclass
class Salience:
    """Who a pronoun can refer to: the last person and the last other entity named."""

    person: Entity | None = None
    thing: Entity | None = None
    titles: dict[str, str] = field(default_factory=dict)
    #: People named so far, the latest last.
    people: list[Entity] = field(default_factory=list)
    #: The pronoun the conversation used of a person ("my dad ... his knee": "he").
    pronouns: dict[str, str] = field(default_factory=dict)
    #: People named together with the user ("Perpetua and I", "with Tobin"): a "we" after
    #: them is them and the user.
    with_user: set[str] = field(default_factory=set)
    #: The entity named last, person or not.
    latest: Entity | None = None
    #: The project, event or trip named last: what the user's own doings are for.
    undertaking: Entity | None = None
    #: The thing at hand when only its head noun said it (``_head_nouns``), until a page
    #: is named outright.
    by_its_head: Entity | None = None
    #: The organisation named last: the "they" that wants, says or charges something.
    organisation: Entity | None = None
    #: An animal the sentence's clause before the one being read was about, naming nobody.
    clause_before: Entity | None = None
    #: The turn being read has named a person outright (a "she" may be theirs).
    named_a_person: bool = False

    def update(self, refs: list[Reference], chosen: Reference | None = None) -> None:
        """Entities named in a clause become the latest ones, what it is about last of all."""
        # a relative by a given name alone whose relation says "he" or "she" is the latest
        # person, after whose news it is, and goes by that pronoun: "Ollie's brother Kemal
        # is trialling. He's a left back" is Kemal; "his partner Oriel ... he's taking
        # leave" is not Oriel
        gendered = [ref for ref in refs if ref.relative not in ("", "?")]
        for ref in gendered:
            self.pronouns.setdefault(ref.entity.slug, ref.relative)
        others = [ref for ref in refs if ref not in gendered]
        for ref in [*others, *([chosen] if chosen is not None else []), *gendered]:
            if ref.oblique and not ref.entity.is_person and self.thing is not None:
                continue  # "... reminders sent via Spindle": the topic stays what it was
            if ref.located and self.thing is not None:
                continue  # "room 2 at the sports hall": the exhibition stays the topic
            if ref.affiliated and self.thing is not None:
                continue  # "Tobin from Larkhill came round": the topic stays
            self.latest = ref.entity
            if an_undertaking(ref.entity):
                self.undertaking = ref.entity
            if ref.entity.is_person:
                self.person = ref.entity
            elif self._a_he_or_she(ref, others):
                pass  # "putting her on Zawnsalve": "it" is the Zawnsalve, "she" the mare
            else:
                self.thing = ref.entity  # a pet no one calls "he" or "she" is an "it"
                if is_organisation(ref.entity.page_type, ref.entity.slug):
                    self.organisation = ref.entity
                elif _plural(ref.entity.title):
                    self.organisation = None  # "Tomato Beds ... they need watering": theirs
                self.by_its_head = None  # named outright now
            if ref.entity.animate:
                if ref.entity in self.people:
                    self.people.remove(ref.entity)
                self.people.append(ref.entity)
            if ref.new_title:
                self.titles[ref.entity.slug] = ref.new_title

    def _a_he_or_she(self, ref: Reference, others: list[Reference]) -> bool:
        """An animal known as "he" or "she", referred to so or named beside a thing."""
        if not ref.entity.animate or self.pronoun_of(ref.entity) not in ("he", "she"):
            return False
        return not ref.explicit or any(not other.entity.animate for other in others)

    def referent(self, word: str, *, agent: bool = False) -> Entity | None:
        """The person "he" or "she" refers back to: the latest one it can be.

        A person is a "he" or a "she" by their page's own pronouns or by what the conversation
        called them before; the latest person who is known to be the other one is passed over
        ("rook will drive him. ... he wants to sail" is not Rook's, once "his hip" made the
        father a "he" or Rook's page calls her "she").
        """
        fits = self.fitting(word)
        if not fits:
            return None if self._told_otherwise(word) else self.person
        narrowed = agent and any(one.is_person for one in fits) and len(fits) > 1
        if narrowed:
            # "she says", "she's ordered boots": the keeper, not the mare; what this teaches
            # of the person's pronoun is no certainty, and is not kept
            fits = [one for one in fits if one.is_person]
        before = self.clause_before
        if before is not None and before in fits and not self.named_a_person:
            # an animal the sentence's clause before was about, nobody named in the turn:
            # "dormouse needs the vet, she's not eating" is the cat's
            return before
        # an animal nobody has called "he" or "she" yet is the last resort otherwise:
        # "walked Biscuit with Sarah. She's training for a marathon" is Sarah's
        told = [one for one in fits if one.is_person or self.pronoun_of(one)]
        person = (told or fits)[-1]
        if len(told or fits) == 1 and not narrowed:
            # nobody else it could be: "Bob ... his partner Maren Lund, she's ..." makes
            # her a "she" from now on
            self.pronouns[person.slug] = pronoun_class(word)
        return person

    def _told_otherwise(self, word: str) -> bool:
        """Everyone named so far goes by the other pronoun: "she" after only Tavish and Piers."""
        wanted = pronoun_class(word)
        return (
            bool(wanted)
            and bool(self.people)
            and all(self.pronoun_of(person) not in ("", wanted) for person in self.people)
        )

    def fitting(self, word: str) -> list[Entity]:
        """The people named so far whom "he" or "she" can mean, the latest last."""
        wanted = pronoun_class(word)
        if not wanted:
            return []
        return [person for person in self.people if self.pronoun_of(person) in ("", wanted)]

    def pronoun_of(self, person: Entity) -> str:
        """The pronoun a person goes by, as far as their page and the conversation tell.

        When neither says, the one their given name most often goes with
        (:func:`bb_brain._given_names.name_pronoun`).
        """
        return person.pronoun or self.pronouns.get(person.slug, "") or name_pronoun(person.title)


def references(index: EntityIndex, text: str, salience: Salience) -> list[Reference]:
    """Every reference in ``text`` with a referent, in order."""
    found: list[Reference] = []
    told = dict(salience.pronouns)  # before this clause's pronouns are resolved
    mentions = index.mentions(text, things=True)
    spans = {(m.start, m.end) for m in mentions if m.entity is not None and m.position >= 0}
    # "Dr Kowalski": a title before a person's family name, and "Tollard RFC" a place before
    # a club's acronym; "Odran Quarmby" is someone new whatever firm goes by "Quarmby"
    surnames = {
        (m.start, m.end)
        for m in mentions
        if m.entity is not None
        and m.position >= 0
        and (
            m.entity.is_person
            or not text[m.start : m.end].istitle()
            or _HONORIFIC_BEFORE.search(text, 0, m.start) is not None  # "Mr Quarmby"
        )
    }
    people = [person for person in new_people(text, set()) if not _titled(person, surnames)]
    people += _of_the_firms_family(text, mentions, people)
    inside = {
        (m.start, m.end)
        for m in mentions
        for person in people
        if m.entity is not None
        and person.start <= m.start
        and m.end <= person.end
        and (m.start, m.end) != (person.start, person.end)
    }
    mentions = [m for m in mentions if (m.start, m.end) not in inside]
    spans -= inside
    for mention in mentions:
        if mention.entity is not None:
            named = mention.entity
            title = named.title if index.introduced(named.slug) else None
            found.append(
                Reference(
                    named,
                    mention.start,
                    mention.end,
                    True,
                    mention.possessive,
                    title,
                    _OBLIQUE.search(text, 0, mention.start) is not None,
                    is_place(named.page_type, named.slug)
                    and _WHERE.search(text, 0, mention.start) is not None,
                    # "his wife Oriel is retraining as a midwife": his news, no page of hers
                    _a_relatives_given_name(title, mention.start, text, found)
                    if title is not None
                    else "",
                )
            )
            continue
        word = text[mention.start : mention.end]
        if mention.kind == "thing" and _the_users_doing(text, word, mention.start):
            continue  # "I'm not helming the boat, my back isn't up to it": the helming
        if mention.kind == "person":
            entity = salience.referent(word, agent=_a_persons_deed(text, word, mention.end))
        elif salience.organisation is not None and _a_body_acting(text, mention.start):
            entity = salience.organisation  # "they want a price": the firm, not its wine
        else:
            entity = salience.thing
        if entity is None and mention.kind == "person":
            entity = _NOBODY  # "Wilma told me she's ...": the name before it, if any
        if entity is not None:
            title = salience.titles.get(entity.slug)
            found.append(Reference(entity, mention.start, mention.end, False, new_title=title))
    for person in _not_overlapping(people, spans):
        entity, new = index.person_named(person.slug, person.name)
        title = person.name if new else None
        found.append(Reference(entity, person.start, person.end, True, new_title=title))
    ordered = _affiliations(sorted(found, key=lambda ref: ref.start), text)
    return _bound(ordered, text, salience, told)


def _a_persons_deed(text: str, word: str, end: int) -> bool:
    """A "he" or "she" that says, thinks, rings, orders, pays or promises: a person.

    Only the subject pronoun ("her ring manners" is the mare's), and only active: "she's
    ordered new boots", "she's paid for the rug", "she's phoned" (has), "she's saying", "she'd
    rather pay", and asking, telling or booking someone ("she's booked the farrier"); not
    "he's booked in", "she was told off" or "she's said to be in foal", said of the animal.
    """
    if _CONTRACTION_ON.sub("", word.casefold()) not in ("he", "she"):
        return False
    found = _DEED_AFTER.match(text, end) if _CONTRACTION_ON.search(word) is None else None
    if found is None:
        found = _DEED_AFTER.match(word + text[end:], len(_CONTRACTION_ON.sub("", word)))
    if found is None:
        return False
    verb, helper = found.group("verb").casefold(), (found.group("helper") or "").casefold()
    after = [(found.group(name) or "").casefold() for name in ("next", "then")]
    said = lemmas(verb)
    if not (said & _PERSONS_VERBS or (said & _DONE_TO_SOMEONE and after[0] in _SOMEONE)):
        return False
    if after[0] == "to" and after[1] == "be":
        return False  # "she's said to be in foal": the animal is
    if helper.strip(" '’") not in ("s", "is", "was"):
        return True
    if verb.endswith("ing"):
        return True  # "she's saying"
    if helper.strip() in ("is", "was"):
        return False  # "she was told": the animal's
    # "'s" and a participle is "has" ("she's ordered new boots") but before a passive's word
    # ("he's booked in"), or alone, unless a call is what was made ("she's phoned")
    if after[0] in _PASSIVE_AFTER:
        return False
    return bool(after[0]) or bool(said & _CALLING)


#: Verbs only a person does, by lemma: saying, thinking, calling, ordering, paying.
_PERSONS_VERBS: Final = frozenset(
    # "texted" and "texting" are no dictionary's forms of "text"
    "say reckon think text texted texting ring phone email message order pay promise".split()
)
#: Verbs a person does to someone: "she's asked the vet", "she's booked the farrier".
_DONE_TO_SOMEONE: Final = frozenset("ask tell book".split())
#: What opens a person as the object of those: "the vet", "me", "a farrier".
_SOMEONE: Final = frozenset("the a an me us him them you".split())
#: Calls, which "she's phoned" alone makes.
_CALLING: Final = frozenset("ring phone text texted email message".split())
#: Words after "'s" and a participle that make it a passive: "he's booked in".
_PASSIVE_AFTER: Final = frozenset("in off up out by".split())
#: A contracted verb on the pronoun: "she's", "he'd".
_CONTRACTION_ON: Final = re.compile(r"['’](?:s|d|ll|ve)$", re.IGNORECASE)
#: The verb after a subject pronoun, its helper and a few adverbs between, and the word after.
_DEED_AFTER: Final = re.compile(
    r"(?P<helper>['’](?:s|d|ll|ve)|\s+(?:has|had|have|is|was|will|would|can|could|did|does|"
    r"didn['’]t|doesn['’]t|won['’]t|wouldn['’]t))?"
    r"(?:\s+(?:just|also|now|already|still|never|rather|then))*"
    r"\s+(?P<verb>[a-z]+)(?:\s+(?P<next>[a-z]+)(?:\s+(?P<then>[a-z]+))?)?",
    re.IGNORECASE,
)


def _of_the_firms_family(
    text: str, mentions: list[Mention], people: list[NewPerson]
) -> list[NewPerson]:
    """A given name typed in lowercase before a family firm's name: one of that family.

    "dean quarnby is coming tomorrow" beside Quarnby Roofing is Dean, not the firm, as "Dean
    Quarnby" capitalised is; a word of the dictionary before it ("will quarnby come") is none,
    and a firm that acts as a firm does, in the plural, is the firm ("told dave quarnby are
    coming monday").
    """
    found: list[NewPerson] = []
    for mention in mentions:
        entity = mention.entity
        if entity is None or not is_organisation(entity.page_type, entity.slug):
            continue
        family = text[mention.start : mention.end]
        before = _GIVEN_BEFORE.search(text, max(0, mention.start - _GIVEN_CHARS), mention.start)
        if before is None or not family.isalpha() or not family.islower():
            continue
        if _THE_FIRM_ACTS.match(text, mention.end) is not None:
            continue  # "told dave quarnby are coming monday": the firm, in a clause of its own
        given = before.group(1)
        meaning = sense(given)
        if not a_given_name(given) or meaning.lexical or meaning.function:
            continue
        if any(person.start < mention.end and before.start(1) < person.end for person in people):
            continue
        name = f"{given} {family}"
        found.append(NewPerson(name, person_slug(name), before.start(1), mention.end))
    return found


#: The lowercase word right before a name, one space between: "dean " of "dean quarnby".
_GIVEN_BEFORE: Final = re.compile(rf"(?<![\w'’-])([{LOWER}]+) $")
#: How far back a given name is looked for: the longest one there is, and its space.
_GIVEN_CHARS: Final = 40
#: A plural verb or "they" after a firm's name: the firm does it ("quarnby are coming").
_THE_FIRM_ACTS: Final = re.compile(
    r"\s+(?:are|were|have|do|don['’]t|aren['’]t|haven['’]t|they)\b|['’](?:re|ve)\b",
    re.IGNORECASE,
)


def _plural(title: str) -> bool:
    """A title ending in a plural noun: "Tomato Beds", "the Blue Vans"."""
    last = title.split()[-1:] if title else []
    return bool(last) and last[0].casefold().endswith("s") and sense(last[0].casefold()).plural_noun


def _a_body_acting(text: str, start: int) -> bool:
    """A "they" at ``start`` that wants, says, charges or agrees: people, as a firm is.

    The wine, the van or the plan named last is no one who asks for a quote or quotes a
    price, however recently it was named.
    """
    return _ACTING.match(text, start) is not None


#: "they" and what they do as a body of people, with an auxiliary or two between: a view, a
#: request, a price or a deal ("they need" and "they do" only with what they need or do:
#: "they need the accounts", "they'll do £40k"; not "they need watering").
_ACTING: Final = re.compile(
    r"they(?:['’]?(?:ll|re|ve|d))?\s+(?:(?:will|would|have|had|are|were|also|just|now|"
    r"still|only|already|never|did|didn['’]?t|can|could|might)\s+)*"
    r"(?:(?:want|wants|wanted|say|says|said|agree|agreed|quote|quoted|charge|charged|"
    r"charging|offer|offered|offering|ask|asked|asking|promise|promised|confirm|confirmed|"
    r"refuse|refused|insist|insisted|decide|decided|reckon|invoice|invoiced|emailed|rang|"
    r"phoned|expect|expected|prefer|preferred|require|required|accept|accepted)\b"
    r"|(?:need|needs|needed|do)\s+(?=the\b|a\b|an\b|our\b|it\b|them\b|[£$€]?\d))",
    re.IGNORECASE,
)


def _affiliations(refs: list[Reference], text: str) -> list[Reference]:
    """Bodies named right after a person as where they are from ("Tobin from Larkhill")."""
    marked: list[Reference] = []
    for ref in refs:
        before = marked[-1] if marked else None
        if ref.explicit and not ref.entity.is_person:
            person = before is not None and before.explicit and before.entity.is_person
            if person and before is not None:
                joined = _FROM_A_BODY.fullmatch(text, before.end, ref.start) is not None
            else:  # "Tobin from Larkhill", a given name no page has
                given = _GIVEN_FROM.search(text, 0, ref.start)
                joined = given is not None and a_given_name(given.group(1))
            if joined:
                ref = replace(ref, affiliated=True)
        marked.append(ref)
    return marked


#: What joins a person to the body they are from: "Tobin from Larkhill", "Nell at the
#: council", "Ana of Quell & Co".
_FROM_A_BODY: Final = re.compile(r"\s+(?:from|at|of)\s+(?:the\s+)?", re.IGNORECASE)
#: A capitalised word right before such a joint: a given name, if many bear it.
_GIVEN_FROM: Final = re.compile(rf"\b([{UPPER}][{LOWER}]+)\s+(?:from|at|of)\s+(?:the\s+)?$")


def _the_users_doing(text: str, word: str, start: int) -> bool:
    """An "it" after "of" or "up to", or done oneself, in a clause whose subject is the user.

    "my back isn't up to a whole weekend of it", "I'd rather not chair it myself": what the user
    does or can face, as often as a thing named before. An "it" the user acts on, or gives
    or does something for or at, is the thing ("I've booked it for the 9th", "I want it
    moved to the basic plan", "I've got three quotes for it").
    """
    if word.casefold() != "it":
        return False
    if _USERS_CLAUSE.match(_LEADING.sub("", text[:start])) is None:
        return False
    before = _PREPOSITION_BEFORE.search(text, 0, start) is not None
    return before or _DONE_ONESELF.match(text, start + len(word)) is not None


#: A clause whose subject is the user, up to a later word ("I'd rather not chair ...").
_USERS_CLAUSE: Final = re.compile(
    r"(?:i|i['’](?:m|ll|ve|d)|my)\b.*\S\s+$", re.IGNORECASE | re.DOTALL
)
#: A preposition of how much of it the user can take, right before "it": "a whole weekend
#: of it", "up to it", "sick of it". Not what is given or done for it or at it ("quotes for
#: it", "the ceilidh at it"): those are the thing's.
_PREPOSITION_BEFORE: Final = re.compile(r"\b(?:of|up to)\s+$", re.IGNORECASE)
#: "lead it myself": the user doing it, not a thing given to someone.
_DONE_ONESELF: Final = re.compile(r"\s+myself\b", re.IGNORECASE)


def _a_relatives_given_name(name: str, start: int, text: str, found: list[Reference]) -> str:
    """A given name alone after someone's relation: "his wife Oriel", "Orsolya's husband Idwal".

    Told of someone else's spouse or partner by a first name only, the news is that
    person's: with no family name there is no page the relative could have
    ("people/<given>-<family>"), and the one whose wife it is has one. The user's own
    relatives ("my sister Orsolya"), a child, parent or sibling, who took the family's
    name (:mod:`bb_brain.writeback._kin`), and a relative named in full ("her partner Odran
    Vesk") stay people of their own.
    """
    if len(name.split()) != 1:
        return ""
    owner = _RELATIVE_BEFORE.search(text, 0, start)
    relation = owner.group("relation").casefold() if owner is not None else ""
    if owner is None or relation not in RELATION_NOUNS:
        return ""
    whose = [ref for ref in found if ref.start == owner.start("owner")]
    if not whose or not whose[0].entity.animate:
        return ""
    # "his" with nobody known yet is the person named before it in the clause, if anyone
    if whose[0].entity is _NOBODY and not any(
        ref.explicit and ref.entity.is_person and ref.end <= owner.start() for ref in found
    ):
        return ""
    return relation_pronoun([relation]) or "?"


#: Someone's relation right before a name: "his wife ", "Orsolya's husband, ".
_RELATIVE_BEFORE: Final = re.compile(
    rf"(?P<owner>\b(?i:his|her|their)|\b[{UPPER}][\w'’-]*['’]s)\s+(?P<relation>[{LOWER}-]+)\s*,?\s*$"
)


def _bound(
    refs: list[Reference], text: str, salience: Salience, told: dict[str, str]
) -> list[Reference]:
    """A "he" or "she" after a person named in the same clause refers to that person.

    "Rowan Ilves said he'd drive" is Rowan's promise, whoever the sentence before was about;
    the nearest person named before the pronoun who can be called by it is meant
    ("Ottilie's lodger is Bram, he pays her on Fridays": "he" is Bram, "her" Ottilie).
    A person the conversation already knows by that pronoun stays meant over one named here
    whose pronoun nothing has told yet ("Ms Ilves says she's reading well", of a daughter).
    """
    bound: list[Reference] = []
    said = dict(told)  # the pronoun each person is known by, this clause's uses included

    def stated(person: Entity) -> str:
        # not a given name's pronoun: "Sam Quarrie says she'll do teas" is Sam's
        return person.pronoun or said.get(person.slug, "")

    for ref in refs:
        word = text[ref.start : ref.end]
        wanted = pronoun_class(word)
        if ref.explicit or not wanted or not ref.entity.animate:
            bound.append(ref)
            continue
        unresolved = ref.entity is _NOBODY
        named = [
            earlier.entity
            for earlier in bound
            if earlier.explicit and earlier.entity.animate
            and stated(earlier.entity) in ("", wanted)
            and not (unresolved and earlier.possessive)  # "Dagny's daughter says she ..."
            and not _its_own_object(earlier, ref, text, bound)  # "Ysolde jabbed him": not her
        ]  # fmt: skip
        if named and stated(ref.entity) == wanted and not stated(named[-1]):
            if not _by_the_given_name(named[-1], bound, wanted):
                named = []  # "Ms Ilves says she's reading well": the girl known as "she" before
        if named:
            entity = named[-1]
            said[entity.slug] = wanted
            if ref.entity.slug not in told and ref.entity != entity:
                # the pronoun is not the one it was first taken for: what resolving it
                # taught of that one is withdrawn ("took Wizzle in; Ottilie says she ...")
                salience.pronouns.pop(ref.entity.slug, None)
            title = salience.titles.get(entity.slug) or next(
                (earlier.new_title for earlier in bound if earlier.entity == entity), None
            )
            ref = Reference(
                entity, ref.start, ref.end, False, ref.possessive, title, ref.oblique, ref.located
            )
        elif unresolved:
            continue  # nobody it could refer to
        bound.append(_not_its_subject(ref, bound, text, salience))
    return bound


def _by_the_given_name(person: Entity, bound: list[Reference], wanted: str) -> bool:
    """A person named here by a full name whose given name says ``wanted``.

    "Tobiah Quennell said he can come at noon" is Tobiah's, whoever was "he" before: his given
    name says it as plainly as a page would. A title alone ("Ms Ilves says she's ...") says
    no more than that someone of that sex speaks, of whoever the conversation means.
    """
    name = next((ref.new_title for ref in bound if ref.entity == person and ref.new_title), None)
    words = (name or person.title).split()
    if len(words) < 2 or words[0].casefold().rstrip(".") in HONORIFICS - ELDER_TITLES:
        return False  # "Haji Abdi" keeps Haji for his given name
    return name_pronoun(" ".join(words)) == wanted


def _not_its_subject(
    ref: Reference, bound: list[Reference], text: str, salience: Salience
) -> Reference:
    """An object pronoun after its clause's subject pronoun is another of that pronoun.

    "she wants her on the winter paddock": the owner is "she", so "her" is the mare, the one before
    her that "her" can mean; as ever, a subject doing something to itself says "herself".
    """
    subject_ref = bound[-1] if bound else None
    if subject_ref is None or subject_ref.explicit or subject_ref.entity != ref.entity:
        return ref
    if not _its_own_object(subject_ref, ref, text, bound):
        return ref
    others = [one for one in salience.fitting(text[ref.start : ref.end]) if one != ref.entity]
    return replace(ref, entity=others[-1]) if others else ref


def _its_own_object(
    subject_ref: Reference, pronoun: Reference, text: str, refs: list[Reference]
) -> bool:
    """An object pronoun right after the verb of the clause's subject: someone else.

    "Ysolde's jabbed him", "Ysolde wants to check her next week": a subject doing something to
    itself says "himself" or "herself", so "him" and "her" there are another, the one the
    conversation was about. Not past another name ("Kerran asked Ysolde to drive him
    home": him, Kerran) or a report.
    """
    word = text[pronoun.start : pronoun.end].casefold()
    if word not in ("him", "her") or subject_ref.possessive or not subject(subject_ref, text):
        return False
    if not _its_object(pronoun, text):
        return False  # "Ysolde's lost her keys": her own
    if any(ref.explicit and subject_ref.end <= ref.start < pronoun.start for ref in refs):
        return False  # "Kerran asked Ysolde to drive him home": him, Kerran
    return _right_after_its_verb(text, subject_ref.end, pronoun.start)


def _right_after_its_verb(text: str, start: int, end: int) -> bool:
    """Between a subject and an object, only the subject's verb and its helpers.

    A few words, no mark between, no report, and a verb last: "'s jabbed", "wants to
    check", "did" (the callers see that no name stands between).
    """
    words = [word.casefold() for word in _WORDS.findall(text, start, end)]
    if not words or len(words) > _TENDING_WORDS:
        return False
    if _WORDS_ONLY.fullmatch(text, start, end) is None or REPORTED.search(text, start, end):
        return False
    verb = words[-1]
    return bool(inflections(verb)) and (not sense(verb).function or verb in _DOING)


#: Who a "he" or "she" is before the clause binds it to a person it names.
_NOBODY: Final = Entity(slug="", title="", page_type="person")


#: A title of address right before a name: "Mr ", "Dr. ".
_HONORIFIC_BEFORE: Final = re.compile(rf"\b(?i:{'|'.join(sorted(HONORIFICS))})\.?\s+$")


def _titled(person: NewPerson, spans: set[tuple[int, int]]) -> bool:
    """A title before a page's family name ("Dr Kowalski"): the page's person, nobody new."""
    return len(person.name.split()) == 2 and any(
        start > person.start and end == person.end for start, end in spans
    )


def _not_overlapping(people: list[NewPerson], spans: set[tuple[int, int]]) -> list[NewPerson]:
    return [
        person
        for person in people
        if not any(person.start < end and start < person.end for start, end in spans)
    ]


def choose(refs: list[Reference], text: str, *, attitude: bool = False) -> Reference | None:
    """The reference the clause is about (see module docs), or None.

    ``attitude`` marks a clause reporting a belief or worry: it belongs to its holder, the
    clause's subject, when the subject is someone ("she is worried the pricing ...").
    """
    if (owner := _whose_relative(refs)) is not None:
        return owner  # "Ned's girlfriend Maya is doing our merch at the Crown gig": Ned's
    refs = [ref for ref in refs if not ref.relative]  # no entity of the clause's
    if attitude and refs and subject(refs[0], text):
        return refs[0]
    report = REPORTED.search(text) or reported_after_a_lead(text)
    first = refs[0] if refs else None
    if _the_users_news(refs, text, report):
        return None  # "Orlaith says I'm singing the solo", "she has asked me to sort the folders"
    if first and (tended := _an_animal_tended(first, refs, text, report)) is not None:
        return tended  # "Ysolde scanned Quarrow", "he wants her clipped": hers
    if report is not None and (by_report := _by_the_report(refs, text, report)) is not None:
        return by_report
    if first and _a_persons_own(first, refs, text):
        return first
    if first and _pronoun_subject(first, text, 0):
        return first  # "he starts reporting to Oluwaseun": the subject's fact
    if first and first.entity.is_person and subject(first, text) and _WILLED.match(text, first.end):
        return first  # "Ossian wants Quillbrook Amber as the house ale": his wish
    best = _best(refs)
    if best is not None and _a_place(best.entity) and (owner := _occasion_owner(refs, best, text)):
        return owner
    if best is not None and best.entity.is_person and subject(best, text):
        # "Bob pressed the first batch of Quince Cider: 60 litres": the batch is the project's
        return _undertaking(refs, text) or best
    return best


def _by_the_report(refs: list[Reference], text: str, report: re.Match[str]) -> Reference | None:
    """Whom a reported statement is about: its speaker's or what it reports (None: neither)."""
    reported = [ref for ref in refs if ref.start >= report.end()]
    speaker = [ref for ref in refs if ref.end <= report.start()]
    if speaker and reported and _own_view(reported[0], speaker[-1], text):
        return speaker[-1]
    if speaker and _their_own(speaker[-1], reported, text, report.end()):
        return speaker[-1]  # "Orlaith rang: her van's been towed": hers
    if reported and _pronoun_subject(reported[0], text, report.end()):
        if _LEARNT.match(text, reported[0].end) is None:
            # "Wilma says she's quitting the band": her news; "... she's booked the
            # marquee for Pellingham Fete" is the fete's, as said outright; "... she
            # heard the band is folding" reports the band's
            return _undertaking(reported, text) or reported[0]
    if speaker and _an_instruction(text, report.end()):
        return speaker[-1]  # "Mei says always cc Ravi first": her rule
    if reported and (speaker or report.start() > 0):
        return _best(reported)
    return None


def _an_animal_tended(
    first: Reference, refs: list[Reference], text: str, report: re.Match[str] | None
) -> Reference | None:
    """An animal that the person opening the clause does something to: the news is its.

    "Ysolde scanned Quarrow", "Kerran wants Quarrow clipped", "he's put her on a salt soak"
    (her, the goat): what the vet, the groom or the keeper does to an animal, or wants
    done, is the animal's record, as a patient's is. Only the person's verb stands between
    them, no other name; a report between ("Kerran said he'll have her") keeps the teller's
    say. The animal is named, or is a "him" or "her" (an "it" may be anything at hand).
    """
    if not (first.entity.is_person and subject(first, text)):
        return None
    animal = next((ref for ref in refs[1:] if _an_animal(ref.entity)), None)
    if animal is None or (report is not None and report.start() < animal.start):
        return None
    if any(first.end <= ref.start < animal.start for ref in refs if ref.explicit):
        return None  # "Kerran wants Ysolde to ring him": Kerran's wish
    word = text[animal.start : animal.end].casefold()
    if not (animal.explicit or word in ("him", "her")) or not _its_object(animal, text):
        return None
    if not _right_after_its_verb(text, first.end, animal.start):
        return None  # "can only stand near him": no deed done to it
    verb = _WORDS.findall(text, first.end, animal.start)[-1].casefold()
    if lemmas(verb) & _SAYING_SO and _its_own_verb(text, animal.end):
        return None  # "Odile's agreed Quarrow stays in": what was agreed, her say
    return None if lemmas(verb) & _NOT_DONE_TO_IT else animal


def _its_own_verb(text: str, end: int) -> bool:
    """A verb the word before agrees with: the subject of a clause of its own ("Quarrow stays")."""
    word = next_word(text, end)
    return word in MODALS_AND_BE or "VBZ" in inflections(word)


def next_word(text: str, end: int) -> str:
    """The word right after ``end``, casefolded; "" when a mark comes first.

    A contraction reads as its auxiliary: "'s" is "is", "couldn't" "could".
    """
    found = _NEXT_WORD.match(text, end)
    if found is None:
        return ""
    if found.group("is"):
        return "is"
    word = found.group("word").casefold().replace("’", "'")
    word = SHORTHANDS.get(word, word)  # "couldnt" is "couldn't"
    if not word.endswith("n't"):
        return word
    return _IRREGULAR_NEGATIONS.get(word, word[:-3])


_NEXT_WORD: Final = re.compile(r"(?P<is>['’]s\b)|\s+(?P<word>[a-z'’]+)", re.IGNORECASE)
#: Negations whose auxiliary is spelt otherwise: "can't" is "can", "won't" "will".
_IRREGULAR_NEGATIONS: Final = {"can't": "can", "won't": "will", "shan't": "shall"}
#: Modals and forms of "be" and "have" a subject takes: "could cover", "is retiring".
MODALS_AND_BE: Final = frozenset(
    "can could will would should might may must shall is was are were has had does did".split()
)
#: Verbs whose clause after them is the subject's say, not a deed: "agreed Quarrow stays in".
_SAYING_SO: Final = frozenset("agree decide arrange insist promise let allow suggest".split())


def _its_object(animal: Reference, text: str) -> bool:
    """The animal itself, not its thing: "wants her clipped", not "wants her mane plaited".

    After "her", words that describe may come before a noun of hers ("her new phone"); a
    mark, a small word ("her, all good", "her this morning") or a word of time ("her
    yesterday") ends the phrase, and "her" is the animal.
    """
    if animal.possessive:
        return False
    word = text[animal.start : animal.end].casefold()
    if word in ("his", "its", "their"):
        return False
    if word != "her":
        return True
    at = animal.end
    while (after := _PHRASE_WORD.match(text, at)) is not None:
        found = after.group(1).casefold()
        meaning = sense(found)
        if meaning.function or meaning.calendar or found in _WHEN:
            return True
        if not meaning.adjective:
            return not meaning.noun
        at = after.end()
    return True


#: The next word of a phrase, no mark before it.
_PHRASE_WORD: Final = re.compile(r"\s+([A-Za-z]+)\b")


def _an_animal(entity: Entity) -> bool:
    return entity.animate and not entity.is_person


_WORDS: Final = re.compile(r"[A-Za-z]+")
_WORDS_ONLY: Final = re.compile(r"(?:['’]s|['’]ve|['’]ll|['’]d)?(?:\s+[A-Za-z]+)+\s+")
_TENDING_WORDS: Final = 4
#: "did" and "does" of a deed: "Ysolde did Quarrow today".
_DOING: Final = frozenset({"did", "does", "do", "done", "doing"})
#: Words of when after an object: "scanned her yesterday", "saw her last week".
_WHEN: Final = frozenset(
    "today tonight tomorrow yesterday now again later earlier morning afternoon evening "
    "night week weekend month year".split()
)
#: Deeds that are the keeper's, not the animal's news: having, keeping, moving or lending
#: it ("she fetches him on Fridays", "kerran's lending Quarrow to the school"), and
#: liking it ("kerran loves Quarrow to bits"). Selling it is its news: it is for sale.
_NOT_DONE_TO_IT: Final = frozenset(
    "bring take have keep leave collect fetch drop carry walk ride hack lunge lead mind sit "
    "board lend loan love like hate miss adore".split()
)


def _an_instruction(text: str, start: int) -> bool:
    """What is reported is an instruction, a plain verb first.

    "... says always cc Ravi", "... said to ring the office", "... says don't book
    Tuesdays": the speaker's rule, whoever it names.
    """
    found = _INSTRUCTION.match(text, start)
    if found is None:
        return False
    verb = found.group("verb").casefold()
    return "VB" in inflections(verb) and not sense(verb).function and verb not in _NOT_ORDERED


#: An instruction reported: its plain verb, after "to", "always", "never", "just" or "don't".
_INSTRUCTION = re.compile(
    r"(?:to\s+|(?:always|never|just|please|don['’]?t|do\s+not)\s+)+(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
#: Plain verbs that report no order after "to" ("said to be", "said to have").
_NOT_ORDERED: Final = frozenset("be have".split())


def _a_persons_own(first: Reference, refs: list[Reference], text: str) -> bool:
    """The clause opens with a person's possession that is theirs whatever else it names.

    "Ottoline's birthday falls in fair week", and "Ossian's pottery class moves to the Long
    Barn": his class, wherever it goes; what is in a place ("Ysolde's still life hangs
    in Marrowgate Hall") is the place's.
    """
    if not (first.possessive and first.entity.is_person and subject(first, text)):
        return False
    if _OWN_MATTER.match(text, first.end):
        return True
    others = [ref for ref in refs[1:] if ref.explicit and ref.entity != first.entity]
    return bool(others) and all(_gone_to(ref) for ref in others)


def _whose_relative(refs: list[Reference]) -> Reference | None:
    """The person named right before a relative by a given name, whose relative it is.

    "Ned's girlfriend Maya ...": Ned, the one with a page.
    """
    relative = next((ref for ref in refs if ref.relative), None)
    if relative is None:
        return None
    before = [
        ref for ref in refs if not ref.relative and ref.end <= relative.start and ref.entity.animate
    ]
    return before[-1] if before else None


def _gone_to(ref: Reference) -> bool:
    """A place named as where something goes, not where it is ("to the Long Barn")."""
    return is_place(ref.entity.page_type, ref.entity.slug) and not ref.located


def placed_the_user(text: str) -> bool:
    """A clause that opens with putting the user somewhere: "made me their librarian"."""
    return _PLACED_ME.match(" " + text.lstrip()) is not None


def the_users_news(refs: list[Reference], text: str) -> bool:
    """Someone tells news of the user, naming nothing after the telling (see below)."""
    report = REPORTED.search(text) or reported_after_a_lead(text)
    return _the_users_news([ref for ref in refs if not ref.relative], text, report, bodies=True)


def _the_users_news(
    refs: list[Reference], text: str, report: re.Match[str] | None, *, bodies: bool = False
) -> bool:
    """A person tells news of the user, naming nothing else after the telling.

    "Orlaith says I'm singing the solo", "she has asked me to sort the folders", "she put me
    on the early shift"; not "...
    the solo at the fete" (the fete's), "... to be her bridesmaid" (hers), nor what a firm
    tells ("Quillfield wants me to pay the deposit"). With ``bodies``, where a body puts the
    user too ("the band elected me treasurer"): the fact is the user's, while the body stays
    the clause's subject for a clause after it that leaves its own out ("... and wants me to
    pay the deposit": the band's).
    """
    first = refs[0] if refs else None
    if first is None or not subject(first, text):
        return False
    if not first.entity.is_person:
        if not bodies:
            return False
        # a body's say is its own ("Quillfield wants me to pay the deposit"), but where it
        # puts the user is the user's place ("they've put me on the grounds committee")
        told = _PLACED_ME.match(text, first.end)
    else:
        told = report if report is not None and _USER_OPENS.match(text, report.end()) else None
        told = told or _TASKED.match(text, first.end) or _PLACED_ME.match(text, first.end)
    return told is not None and not any(ref.start >= told.end() for ref in refs)


#: What is reported opens with the user as its subject: "... says I'm singing the solo".
_USER_OPENS: Final = re.compile(r"(?:i|i['’](?:m|ll|ve|d))\b", re.IGNORECASE)
#: Between a subject and its verb: "'s", "'ve", "has", "have just".
_AUXILIARY: Final = r"(?:['’](?:s|ve)|\s+(?:has|had|have))?\s+(?:just\s+|also\s+)?"
#: A subject asking the user to do something: "... has asked me to sort the folders".
_TASKED: Final = re.compile(
    _AUXILIARY + r"(?:asked|asks|wants|wanted|needs|needed|told|tells|got|gets)\s+me\s+to\b",
    re.IGNORECASE,
)
#: A subject giving the user a place: "... put me on the early shift", "made me treasurer".
_PLACED_ME: Final = re.compile(
    _AUXILIARY + r"(?:(?:put|puts|asked|asks|signed|signs|booked|books|moved|moves|added|adds)"
    r"\s+me\s+(?:on|onto|in|into|down|up)\b(?!\s+(?:the\s+spot|hold|speaker))"
    r"|(?:made|makes|named|names|elected|appointed|voted)\s+me\s+(?:the\s+|their\s+|our\s+)?"
    r"(?:new\s+)?(?:\w+\s+){0,3}(?:governor|treasurer|secretary|chair|captain|lead|"
    r"coordinator|rep|representative|trustee|officer|manager|head|leader|editor|member|"
    r"librarian|steward|president|clerk|warden|organiser|organizer)\b)",
    re.IGNORECASE,
)


def _undertaking(refs: list[Reference], text: str) -> Reference | None:
    """The project, event or trip the clause names outright as what was done, if any."""
    undertaking = [
        ref
        for ref in refs
        if ref.explicit and an_undertaking(ref.entity) and not _placed(ref, text)
    ]
    return undertaking[0] if undertaking and not undertaking[0].possessive else None


#: What a person wants, offers or undertakes, right after their name: the wish is theirs.
_WILLED = re.compile(
    r"(?:['’]s|\s+(?:has|had|have))?\s+(?:just\s+|also\s+|now\s+|already\s+|kindly\s+)?"
    r"(?:wants?|wanted|would like|['’]d like|offered|offers|agreed|agrees|promised|promises|"
    r"volunteered|volunteers|hopes|hoped|plans|planned|intends|prefers|preferred|"
    r"would rather|['’]d rather|decided|refused|refuses)\b",
    re.IGNORECASE,
)


#: What the subject of a report learnt rather than did: "she heard", "he was told", "she saw".
_LEARNT = re.compile(
    r"(?:['’]s|\s+(?:has|had|was|were))?\s+(?:just\s+)?(?:heard|read|saw|seen|noticed|learn[te]d|"
    r"found out|surprised|shocked|thinks|thought|reckons|knows|knew|believes|feels|"
    r"suspects|doubts|wonders|worries|worried)\b"
    r"|(?:['’]s|\s+(?:was|were|has|had))(?:\s+been)?\s+told\b",  # not "she told the band"
    re.IGNORECASE,
)


def _pronoun_subject(ref: Reference, text: str, start: int) -> bool:
    """A person's "he", "she" or "they", or a firm's "they", opening the clause at ``start``."""
    return (
        not ref.explicit
        and (ref.entity.is_person or is_organisation(ref.entity.page_type, ref.entity.slug))
        and _LEADING.sub("", text[start : ref.start]) == ""
        and text[ref.start : ref.end].casefold() in _NOMINATIVE
    )


def _occasion_owner(refs: list[Reference], place: Reference, text: str) -> Reference | None:
    """Whose occasion a place is where: "Tegwen's christening at St Marrick's" is Tegwen's.

    The owner's possessive is right before a word or two and "at" or "in" the place, and
    nothing is named after it in the clause ("Tegwen's band plays at Marrick Hall with Bob"
    stays the hall's, as does "Tegwen's tip: dinner at ...").
    """
    after = [ref for ref in refs if ref.explicit and ref.start >= place.end]
    if len(after) == 1 and after[0].possessive and after[0].entity.is_person:
        # "we've booked Marrowgate Hall for Gran's 80th": the occasion it is booked for
        held = _FOR_AN_OCCASION.match(text, after[0].end)
        if held is not None and _FOR_BEFORE.search(text, 0, after[0].start):
            return after[0]
    before = [ref for ref in refs if ref.explicit and ref.end <= place.start]
    if not before or after:
        return None
    owner = before[-1]
    if not (owner.possessive and owner.entity.is_person):
        return None
    return owner if _OWNED_AT.fullmatch(text, owner.end, place.start) else None


#: A person's own occasion: "Tomek's stag", "Gran's 80th", "Ola's hen do".
_OCCASIONS: Final = (
    r"wedding|stag|stag do|hen|hen do|christening|funeral|send-off|leaving do|baby shower|"
    r"engagement party|party|\d{2,3}(?:st|nd|rd|th)"
)
#: A person's occasion after their possessive: "'s 90th", "'s hen".
_FOR_AN_OCCASION: Final = re.compile(rf"['’]s\s+(?:{_OCCASIONS})\b", re.IGNORECASE)
#: "for" right before the occasion's owner: "for Gran's 80th".
_FOR_BEFORE: Final = re.compile(r"\bfor\s+(?:\w+\s+)?$", re.IGNORECASE)
#: A person's own matter after their possessive: "'s birthday", "'s knee op", "'s leave".
_OWN_MATTER = re.compile(
    r"['’]s\s+(?:\w+\s+)?(?:birthday|anniversary|retirement|surgery|operation|op|leave|"
    r"holiday|graduation|diagnosis|due date|knee|hip|shoulder|ankle|wrist|"
    rf"{_OCCASIONS})\b"
    r"(?!\s+(?:present|presents|gift|gifts|card|cards|cake)\b)",  # a present is another's
    re.IGNORECASE,
)
#: People one has besides family: "her teacher", "his secretary", "their coach".
_HELPERS: Final = frozenset(
    "teacher secretary assistant coach carer consultant surgeon keyworker pa "
    "headteacher midwife nurse".split()
)


@dataclass(frozen=True)
class Relation:
    """Someone named as a person's relation, and the pronoun the relation's word implies."""

    named: Reference
    pronoun: str


def named_relation(refs: list[Reference], text: str) -> Relation | None:
    """The person a clause names as someone's relation: Mr Brisley of "her tutor is Mr Brisley".

    The possessor opens the clause and the name follows the "is" ("Bob's husband is at
    the yard with Alice" names no husband). The relation is who a "she" or "he" after it
    means, when its word or its title says which ("Bob's wife is Isolde, she ...", "Mr").
    """
    first = refs[0] if refs else None
    if first is None or not _whose(first, text):
        return None
    said = _RELATION_IS.match(text, first.end)
    if said is None:
        return None
    named = next((ref for ref in refs[1:] if ref.explicit and ref.entity.is_person), None)
    if named is None or _NAME_FOLLOWS.fullmatch(text, said.end(), named.start) is None:
        return None
    key = relation_key([], said.group("noun"))
    pronoun = relation_pronoun([key]) if key else ""
    titled = _TITLE_PRONOUN.match(text, named.start)
    return Relation(named, pronoun or (titled.lastgroup or "" if titled else ""))


#: Between a relation's "is" and its name: nothing, or "called", "a", "the".
_NAME_FOLLOWS = re.compile(r"\s*(?:called\s+|named\s+)?(?:a\s+|an\s+|the\s+)?", re.IGNORECASE)
#: A title that says "he" or "she".
_TITLE_PRONOUN = re.compile(r"(?:(?P<he>mr|sir)|(?P<she>mrs|ms|miss))\b\.?", re.IGNORECASE)


def _whose(ref: Reference, text: str) -> bool:
    """A person's possessive opening the clause: "Ottoline's ...", "her ...", "his ..."."""
    if not ref.entity.is_person or not subject(ref, text):
        return False
    return ref.possessive or text[ref.start : ref.end].casefold() in ("his", "her", "their")


#: Who someone's relation is: "'s wife is", "their tutor will be", "his new GP's".
_RELATION_IS = re.compile(
    r"(?:['’]s)?\s+(?:new\s+|old\s+|current\s+)?(?P<noun>"
    + "|".join(sorted(RELATION_NOUNS | _HELPERS, key=len, reverse=True))
    + r")\s+(?:is|was|will\s+be|['’]s)\b",
    re.IGNORECASE,
)
#: What stands between an occasion's owner and where it is: "'s christening at (the) ".
_OWNED_AT = re.compile(r"['’]s\s+[\w-]+(?:\s+[\w-]+)?\s+(?:at|in)\s+(?:the\s+)?", re.IGNORECASE)


def an_undertaking(entity: Entity) -> bool:
    """A project, an event or a trip: what people do things for and facts pile up on."""
    kind = (entity.page_type or "").casefold()
    return kind in _UNDERTAKINGS or entity.slug.split("/", 1)[0] in _UNDERTAKING_DIRS


def _placed(ref: Reference, text: str) -> bool:
    """The undertaking only says when or where ("broke his wrist at the Harvest Fete")."""
    return _WHEN_OR_WHERE.search(text, 0, ref.start) is not None


#: A preposition of time or place right before a name (its article between).
_WHEN_OR_WHERE = re.compile(
    r"\b(?:at|during|after|before|since|until|till|in|on|from|to|by|near|around|over)"
    r"\s+(?:the\s+|this\s+|last\s+|next\s+)?$",
    re.IGNORECASE,
)
_UNDERTAKINGS: Final = frozenset({"project", "event", "trip"})
_UNDERTAKING_DIRS: Final = frozenset({"projects", "events", "trips"})


#: Pronouns that are a clause's subject ("her colleague Farida" opens with no subject).
_NOMINATIVE: Final = frozenset({"he", "she", "they"}) | HE_OR_SHE_TYPED_FAST | THEY_TYPED_FAST
#: Verbs of a view only a person holds, right after a singular "they".
_VIEW = re.compile(
    r"\s+(?:prefer|like|love|hate|want|would rather|think|feel|believe|worry|are worried)\b",
    re.IGNORECASE,
)


#: A possessive opening what is reported: the speaker's own thing ("... his kit", "their
#: price list"), and nobody named in its phrase.
_THEIR_OWN: Final = re.compile(
    # not a relative named in it: "her brother Tobiah is moving to Leeds" is his news
    rf"(?i:his|her|their)\s+(?!(?:\S+\s+){{0,2}}[{UPPER}])\w"
)


def _a_place(entity: Entity) -> bool:
    return is_place(entity.page_type, entity.slug)


def _their_own(speaker: Reference, reported: list[Reference], text: str, at: int) -> bool:
    """What is reported opens with the speaker's own thing ("her van", "their price list").

    Not when it names another page but a place ("his estimate for the extension" is the
    extension's; "her van's been towed from outside the Crown" is hers), nor when the
    possessive cannot be the speaker's ("Tamsin says his knee is bad" is someone else's).
    """
    own = _THEIR_OWN.match(text, at)
    if own is None:
        return False
    if any(ref.explicit and not _a_place(ref.entity) for ref in reported):
        return False
    word = own.group(0).split()[0].casefold()
    if word == "their":
        return True
    person = speaker.entity
    says = (person.pronoun or name_pronoun(person.title)) if person.is_person else ""
    return says in ("", "he" if word == "his" else "she")


def _own_view(reported: Reference, speaker: Reference, text: str) -> bool:
    """A singular "they" holding the speaker's own view ("Lena said they prefer email")."""
    return (
        speaker.explicit
        and speaker.entity.is_person
        and not reported.explicit
        and text[reported.start : reported.end].casefold() == "they"
        and _VIEW.match(text, reported.end) is not None
    )


#: A preposition of means right before a name ("sent via Spindle", "paid through a bank"),
#: or where something is held ("the recital is on 3 may at St Osric's"); "on", "to" or
#: "about" often bring in the new topic ("working on Spindle"), and so does "at" elsewhere
#: ("got a job offer at Widget Co").
_OBLIQUE = re.compile(
    r"\b(?:via|through|using)\s+(?:the\s+)?\W*$"
    r"|\b(?:held|hosted)\s+at\s+(?:the\s+)?\W*$"
    r"|\b(?:party|afterparty|launch|meeting|concert|gig|show|rehearsal|session|class|"
    r"wedding|reception|dinner|drinks|ceremony|service|fair|match|talk|workshop|course|agm|"
    r"event|quiz|bbq|barbecue|fundraiser|gala|celebration|do)"
    r"(?:\s+(?:is|was|are|were)\b|['’]s\b)(?:\s+[\w'’-]+){0,4}\s+at\s+(?:the\s+)?\W*$",
    re.IGNORECASE,
)
#: "at" or "in" right before a place's name: where something is ("we've booked room 2 at the
#: Tolland sports hall"), while what the conversation is about stays the topic.
_WHERE = re.compile(r"\b(?:at|in)\s+(?:the\s+)?\W*$", re.IGNORECASE)


_LEADING = re.compile(r"^(?:\W|and\b|but\b|also\b|so\b|then\b|oh\b|anyway\b)*", re.IGNORECASE)


def subject(ref: Reference, text: str) -> bool:
    """The reference opens the clause: its grammatical subject.

    Conjunctions and a lead-in of a few words with a colon may come first ("and", "Before I
    forget:").
    """
    return _LEADING.sub("", _LEAD_IN.sub("", text[: ref.start])) == ""


#: A few words and a colon before what the clause says: "Before I forget: ", "Update: ".
_LEAD_IN = re.compile(r"^\W*(?:\w+[ '’]){0,3}\w+:\s+")


def _best(refs: list[Reference]) -> Reference | None:
    explicit = [ref for ref in refs if ref.explicit]
    plain = [ref for ref in explicit if not ref.possessive]
    if plain:
        return plain[0]
    if explicit:
        return explicit[0]
    # "I'll send it to him": the person a pronoun refers to, before the thing
    people = [ref for ref in refs if ref.entity.is_person]
    return people[0] if people else (refs[0] if refs else None)
