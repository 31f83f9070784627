"""A general English common-word lexicon for mention extraction (not tuned to any corpus).

A capitalised word at the start of a sentence is capitalised because of where it stands, not
because it names something; a lowercase word that is also someone's nickname ("will", "may")
is almost always the ordinary word. These lists say which words are ordinary: function words,
the most frequent verbs, adverbs and adjectives, greetings and discourse markers, and
calendar words. A word in the lexicon never resolves on its own unless it is a capitalised
word in the middle of a sentence (where capitalisation is evidence of a name); calendar
words and the pronoun "I" never resolve on their own at all. Multi-word names made only of
such words ("Monday Review", "Good Morning") still resolve on an exact title/alias match.
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
    good bad better best worse worst new old big small little long short high low first last
    next previous early late great fine happy glad
    let lets let's i'm i've i'd i'll you're you've you'd you'll we're we've we'd we'll
    they're they've they'd they'll he's she's it's that's there's here's what's who's
    don't doesn't didn't can't couldn't won't wouldn't shouldn't isn't aren't wasn't
    weren't haven't hasn't hadn't mustn't
    everything something anything nothing everyone someone anyone noone nobody everybody
    somebody anybody everywhere somewhere anywhere nowhere
    now soon later today tonight tomorrow yesterday morning afternoon evening night noon
    midnight week weekend month year day daily weekly monthly yearly
    """
)

COMMON_VERBS: Final = _words(
    """
    get got make made go went gone come came take took give gave find found tell told ask
    asked show showed send sent write wrote draft check remind help try call put keep let
    see saw look looked know knew think thought say said want wanted use used work worked
    seem feel felt leave left bring brought begin began run ran move play pay meet met
    include continue set learn change lead understand watch follow stop create speak read
    spend grow open walk win offer remember love consider appear buy wait serve die send
    expect build stay fall cut reach kill remain suggest raise pass sell require report
    decide pull explain summarize summarise list review update add fix clean start finish
    schedule book plan prepare share note note compare recall describe
    """
)

CALENDAR_WORDS: Final = _words(
    """
    monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
    fri sat sun january february march april may june july august september october
    november december jan feb mar apr jun jul aug sep sept oct nov dec today tonight
    tomorrow yesterday weekend
    """
)

#: Words after which a bare lowercase word is an ordinary noun ("the lantern", "my compass").
DETERMINERS: Final = _words(
    "the a an this that these those my our your his her their its some any every each no "
    "another either neither"
)

#: Words after which a lowercase word followed by a determiner is a verb ("to pilot the").
VERB_MARKERS: Final = _words(
    "to let's lets will would shall should can could may might must please don't won't "
    "we i you they"
)

#: Lowercase words allowed inside a capitalised name ("Bank of America", "Ludwig van Beethoven").
CONNECTORS: Final = _words("of the de del della der den van von da di du la le y &")

COMMON_WORDS: Final = FUNCTION_WORDS | COMMON_VERBS | CALENDAR_WORDS

#: Never a mention on their own, wherever they stand.
NEVER_ALONE: Final = CALENDAR_WORDS | _words("i i'm i've i'd i'll ok okay hi hello hey thanks")


def is_common(word_norm: str) -> bool:
    """True for an ordinary word (normalised form)."""
    return word_norm in COMMON_WORDS
