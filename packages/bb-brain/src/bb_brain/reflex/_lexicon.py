"""Closed word classes of English that a frequency list cannot express (not tuned to any corpus).

How ordinary an open-class word is (a noun, verb or adjective that may also be someone's
name) is measured against a real lexicon in :mod:`bb_brain.reflex._ordinary`. What stays here
are the small closed classes whose members are defined by grammar rather than frequency:

* function words, greetings and discourse markers (the abbreviations of chat included:
  "btw", "pls", "fyi"): a frequency list ranks "about" and
  "john" alike, but only one of them can be a name;
* calendar words: always capitalised, so capitalisation is no evidence of a name for them;
* determiners and verb markers, the contexts that make a lowercase word an ordinary noun or
  verb ("the lantern", "to pilot the");
* name connectors ("Bank of America", "Ludwig van Beethoven");
* the vocabulary of name evidence: role nouns ("our CFO") and verbs that take a person
  ("said", "ask"); honorifics and name suffixes live with the name forms in
  :mod:`bb_brain._names`.
"""

from __future__ import annotations

from typing import Final


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FUNCTION_WORDS: Final = _words(
    """
    a an the this that these those there here some any no none every each either neither
    all both few many much more most less least several such other another own same
    i me my mine myself we us our ours ourselves you your yours yourself yourselves he him
    his himself she her hers herself it its itself they them their theirs themselves one
    who whom whose which what whatever whoever whichever where wherever when whenever why
    how however whether
    and or but nor so yet for if unless because since although though while whereas than
    as until till once then else
    of in on at by to from with without within into onto upon about above below over under
    after before between among against across along around through throughout toward towards
    behind beside besides beyond near off out up down per via like unlike despite except
    be am is are was were been being do does did done doing have has had having
    will would shall should can could may might must ought need dare
    not never also just only even still already again too very quite rather really
    almost enough ever always often sometimes usually perhaps maybe probably actually
    basically literally simply anyway anyhow instead otherwise indeed
    yes no yeah yep nope ok okay okey alright sure fine right well oh ah aha hmm hm uh um
    hi hello hey hiya howdy greetings welcome bye goodbye cheers thanks thank thx ty please
    sorry pardon excuse congrats congratulations wow cool great nice awesome perfect lovely
    let lets let's i'm i've i'd i'll you're you've you'd you'll we're we've we'd we'll
    they're they've they'd they'll he's she's it's that's there's here's what's who's
    don't doesn't didn't can't couldn't won't wouldn't shouldn't isn't aren't wasn't
    weren't haven't hasn't hadn't mustn't
    everything something anything nothing everyone someone anyone noone nobody everybody
    somebody anybody everywhere somewhere anywhere nowhere
    now soon later today tonight tomorrow yesterday
    btw pls plz fyi asap imo imho tbh lol idk rn tho thru re wrt fwiw afaik tmrw tmr eod eow
    wfh ooo
    """
)

#: The days of the week and their short forms.
WEEKDAYS: Final = _words(
    """
    monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
    fri sat sun
    """
)
CALENDAR_WORDS: Final = WEEKDAYS | _words(
    """
    january february march april may june july august september october
    november december jan feb mar apr jun jul aug sep sept oct nov dec
    """
)

#: Words after which a bare lowercase word is an ordinary noun ("the lantern", "my compass").
DETERMINERS: Final = _words(
    "the a an this that these those my our your his her their its some any every each no "
    "another either neither"
)

#: Words that open an object noun phrase: after a word that may be a noun or a verb, they
#: make it the verb ("Cliff needs the data": a plural noun takes no object).
OBJECT_OPENERS: Final = _words(
    "the a an my our your his her their its this that these those some him them us me you"
    " anything something everything nothing anyone someone everyone"
)
#: Determiners that make what follows someone's own ("my mum's house", "his roof").
POSSESSIVE_DETERMINERS: Final = _words("my your his her our their")
#: Pronouns that are a clause's subject ("I will", "they may"): a modal after one is a modal.
SUBJECT_PRONOUNS: Final = _words("i you we they he she it")
#: Modals that are also given names ("May", "Will").
NAME_MODALS: Final = _words("may will")

#: Words after which a lowercase word followed by a determiner is a verb ("to pilot the").
VERB_MARKERS: Final = _words(
    "to let's lets will would shall should can could may might must please don't won't "
    "we i you they"
)

#: Lowercase words allowed inside a capitalised name ("Bank of America", "Ludwig van Beethoven").
CONNECTORS: Final = _words("of the de del della der den van von da di du la le y &")

#: Never a mention on their own, wherever they stand.
NEVER_ALONE: Final = _words("i i'm i've i'd i'll ok okay hi hello hey thanks")

#: Role nouns that stand next to a person's name ("our CFO Grace", "Grace, the designer").
_ROLES: Final = _words(
    """
    ceo cto cfo coo cmo cpo cio ciso vp svp evp founder cofounder co-founder president
    chair chairman chairwoman chairperson director manager lead head engineer designer
    developer analyst partner investor advisor adviser consultant recruiter colleague
    coworker co-worker teammate boss mentor mentee intern contractor client customer
    friend cousin brother sister mother father mom mum dad uncle aunt wife husband
    boyfriend girlfriend fiance fiancee neighbour neighbor doctor lawyer accountant
    landlord teacher coach assistant editor reporter producer agent researcher scientist
    professor student roommate flatmate grandma grandpa grandmother grandfather son
    daughter niece nephew therapist dentist nurse banker broker physio physiotherapist
    captain carer caregiver tutor trainer instructor supervisor owner receptionist secretary
    pharmacist midwife plumber builder electrician cleaner nanny babysitter childminder vet
    gp surgeon locum counsellor counselor optician mechanic gardener handyman dj
    photographer florist caterer planner officiant celebrant driver chef cook waiter barista
    bartender godparent mate bestie bride groom rep treasurer tenant landlady translator
    conductor solicitor surveyor architect headteacher lecturer
    registrar administrator coordinator vicar priest chaplain housemate classmate
    hairdresser paramedic psychologist psychiatrist
    """
)
#: Family words and the pronoun each gives its person ("his wife Ottilie ... she").
FAMILY_WORDS: Final[dict[str, str]] = {
    **dict.fromkeys(
        """
        wife daughter mum mom mother sister stepdaughter stepmum stepmom stepmother stepsister
        niece aunt auntie aunty granddaughter grandma grandmother nan nana nanna gran granny
        godmother goddaughter fiancee girlfriend lass
        """.split(),
        "she",
    ),
    **dict.fromkeys(
        """
        husband son dad father brother stepson stepdad stepfather stepbrother nephew uncle
        grandson grandpa grandfather grandad granddad gramps godfather godson fiance
        boyfriend lad
        """.split(),
        "he",
    ),
    **dict.fromkeys("partner cousin".split(), ""),
}
#: Role nouns and family words: either stands before a name as its role.
ROLE_NOUNS: Final = _ROLES | frozenset(FAMILY_WORDS)

#: Titles of address said before a family name: "mrs reeds pony", "Mr B".
TITLES_OF_ADDRESS: Final = _words("mr mrs ms miss mx dr prof")
#: Verbs a plural subject takes right after it: "the Okoros are", "quarrows want".
PLURAL_VERBS: Final = _words(
    "are were have had want wanted need needed say said think reckon asked will would can "
    "could do did"
)

#: Words that open a sentence only to move the talk on ("oh wayne from the garage rang",
#: "anyway, jersey stuff", "also kneadmaster's making a noise").
MOVING_ON: Final = _words(
    "ok okay oh so and also btw anyway right well yeah now next then plus ugh"
)
#: What a subject takes right after it to say what is so of it: auxiliaries, modals,
#: copulas ("is", "won't", "seems") and "needs" ("the van needs a tyre").
SUBJECT_VERBS: Final = _words(
    "is was has had does did can could will would should must might may isn't wasn't hasn't "
    "hadn't doesn't didn't can't couldn't won't wouldn't shouldn't needs seems looks sounds "
    "feels"
)

#: Verbs whose subject is a person, written right after a name ("Grace said").
PERSON_VERBS_AFTER: Final = _words(
    """
    said says told tells asked asks thinks thought wants wanted mentioned emailed texted
    messaged called replied responded agreed promised suggested wrote writes confirmed
    explained complained prefers preferred likes liked loves loved hates hated feels felt
    believes believed knows knew reckons admitted argued warned insisted recommended
    proposed decided noted pinged introduced invited interviewed hired resigned quit
    approved approves rejected rejects signed reviewed
    """
)
#: Words that stand for a family name the speaker has forgotten: "leander whatshisname".
FORGOTTEN_NAMES: Final = _words(
    """
    whatshisname whatsisname whatsername whatshername whatshisface whatsherface
    whatstheirname thingy thingummy
    """
)

#: Verbs and prepositions whose object is a person, written right before a name ("ask Grace").
PERSON_VERBS_BEFORE: Final = _words(
    """
    ask asked tell told email emailed text texted call called ping pinged meet met thank
    thanked cc message messaged remind reminded invite invited introduce introduced hire
    hired congratulate congratulated phone phoned dm dmed ring rang
    """
)


def is_function_word(word_norm: str) -> bool:
    """A closed-class word (normalised form): never a name in lowercase."""
    return word_norm in FUNCTION_WORDS


#: Feasts and festivals of the year: each names a kind of occasion many hold ("the
#: Christmas lunch at work"), no one event of its own.
FESTIVALS: Final = _words(
    """
    christmas xmas easter halloween diwali eid ramadan hanukkah chanukah passover
    thanksgiving vaisakhi baisakhi holi lohri navratri onam pongal nowruz hogmanay midsummer
    whitsun lent advent valentine valentines solstice equinox jubilee
    """
)


def is_calendar_word(word_norm: str) -> bool:
    """A weekday or month name (normalised form), or its abbreviation."""
    return word_norm in CALENDAR_WORDS


#: Prepositions that put the word after them in a place ("a few days in X", "near X").
LOCATIVE_PREPOSITIONS: Final = _words("in near around across outside inside throughout")

#: Words of travel after which "to X" or "from X" is a destination or an origin.
MOTION_WORDS: Final = _words(
    """
    fly flying flew flown flight flights travel travels travelling traveling travelled traveled
    trip trips move moving moved relocate relocating relocated drive driving drove head
    heading headed go going went gone come coming came back return returning returned
    holiday holidays vacation journey ticket tickets train trains cruise route emigrate
    emigrated emigrating commute commuting sail sailing sailed
    """
)

#: Adverbs that may stand between a subject and its verb ("Grace also said", "X just called").
INTERVENING_ADVERBS: Final = _words(
    """
    also just never already still then finally actually really always often sometimes even
    probably apparently once again literally basically definitely clearly normally usually
    generally typically rarely seldom
    """
)

#: The kind a noun after the word names: the work of a project ("the canopy rollout") or
#: an organisation ("the thistle account").
KIND_NOUNS: Final = {
    **dict.fromkeys(
        "project initiative program programme workstream rollout launch release migration "
        "roadmap cutover rollback signups sprint backlog kickoff".split(),
        "project",
    ),
    **dict.fromkeys(
        "company startup client customer account team deal contract renewal invoice invoices "
        "partnership".split(),
        "company",
    ),
    "fund": "fund",
}

#: Verbs of what people and firms do on purpose: their bare subject is somebody. Weather and
#: moods do things too ("frost killed the seedlings", "hope kept me going"), but none of these.
AGENT_VERBS: Final = _words(
    """
    send email text call ring phone message sign swap pay quote book cancel order deliver
    ship invoice charge raise offer agree approve reject confirm finish forget push throw
    present handle do cover take lead chair write draft review submit fix hire interview
    visit invite promise refuse decline accept ask tell say mention reply answer complain
    suggest recommend plan organise organize bring pick drop collect drive fly move leave
    join quit resign win miss chase prep teach coach train sell buy rent lend borrow give
    share post publish upload update change cook bake clean check host run bump schedule
    reschedule sort arrange email forward cc ping nudge owe lose spend set build install
    deploy merge release launch design prepare hand pass file return print read put make get
    start begin correct quiz renew sponsor fund negotiate argue fight report test record
    film photograph measure inspect survey audit translate edit proofread mentor supervise
    manage flag warn remind notice spot insist explain announce admit volunteer steal
    tweak contact decide donate perform tape label lock unlock refund pack unpack
    """
)


#: Nouns that a letter labels ("Ward B.", "Plan B.", "Vitamin C."): no initial follows them.
LETTERED_NOUNS: Final = frozenset(
    """
    ward wing block gate terminal plan option type class grade level zone row section
    platform stage team group unit room floor court pitch building vitamin exhibit appendix
    figure table part phase round category size model series track side route bay flat
    suite hall door entrance exit lane field car coach box kit form list tier
    """.split()
)


#: Kinds of animal people keep, and the breeds they name them by: said beside a word
#: ("nutmeg (vizsla)", "nutmeg - samoyed, nails"), they make it a pet's name.
ANIMAL_KINDS: Final = frozenset(
    """
    dog dogs puppy pup cat kitten rabbit bunny hamster gerbil ferret pony horse mare gelding
    foal donkey goat tortoise parrot budgie
    labrador lab retriever spaniel springer cocker collie terrier staffie staffy schnauzer
    poodle cockapoo cavapoo labradoodle goldendoodle doodle dachshund beagle greyhound
    whippet lurcher husky pug bulldog frenchie boxer rottweiler doberman alsatian shepherd
    dalmatian chihuahua yorkie shihtzu pomeranian corgi westie sheepdog setter vizsla
    weimaraner ridgeback akita samoyed mastiff tabby siamese bengal ragdoll moggy cob
    """.split()
)

#: The seasons: times of year as the calendar's words are ("the summer job", "late spring").
SEASONS: Final = _words("spring summer autumn fall winter")


#: Words a codename follows: "project lumen", "operation kite".
CODENAME_MARKERS: Final = frozenset({"project", "operation"})
