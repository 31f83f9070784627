"""Templates of turns that name pages: many sentence shapes per intent.

Fields: ``{e}`` a mention of the page, ``{e_s}`` its possessive, ``{a}``/``{b}`` two pages,
``{new}``/``{old}`` a new page beside one already surfaced, ``{list}``/``{bullets}`` several
pages, ``{s}`` a page named in passing, ``{topic}`` and ``{day}`` plain fillers. Shapes range
over questions, requests, asides, statements of need, fragments and sentence-initial mentions.
The fixed words never include a third-person pronoun, so only a pronoun slot can refer to a
page (a test holds that).
"""

from __future__ import annotations

from typing import Final

PERSON: Final = (
    "What did {e} say about {topic} last time?",
    "Can you pull up my notes on {e}?",
    "Remind me who {e} is and how we met.",
    "I'm meeting {e} tomorrow. What should I know?",
    "What's {e_s} background again?",
    "When did I last talk to {e}?",
    "{e} just emailed me. Anything I should remember before I reply?",
    "Quick refresher on {e}, please.",
    "Need context on {e} before my three o'clock.",
    "Where did we leave things with {e}?",
    "Do we have anything on {e_s} role these days?",
    "Heads up, {e} is joining the call. What's the story there?",
    "What do my notes say about {e}?",
    "Has {e} been in touch lately?",
    "Prep me for a call with {e}.",
    "I keep forgetting: what does {e} do?",
    "btw what was {e_s} take on {topic}?",
    "Before I forget, can you check what we know about {e}?",
    "Who's {e} again?",
    "Any open threads with {e}?",
    "Am I supposed to follow up with {e} on something?",
    "Remind me how {e} fits into all this.",
    "{e} mentioned {topic} on the call. What's the background?",
    "{e} is coming by the office today. Anything I should know?",
    "{e} pinged me again. Where did we leave it?",
    "I owe {e} a reply. What was the context?",
    "Is {e} someone we've worked with before?",
    "Can you find the last note about {e}?",
)

COMPANY: Final = (
    "What's the latest on {e}?",
    "Where are we with the {e} deal?",
    "Summarize what we know about {e}.",
    "Is {e} still raising this year?",
    "What stage is {e} at now?",
    "Any news from {e}?",
    "{e} is on my calendar at four. Refresh my memory?",
    "Did we ever look at {e} seriously?",
    "Pull up the notes on {e}, please.",
    "What was the last board update from {e}?",
    "Who founded {e} again?",
    "How did the last conversation with {e} go?",
    "{e_s} numbers came up in the partner meeting. What do we have?",
    "Give me the two-line version on {e}.",
    "What sector is {e} in, remind me?",
    "Are we still tracking {e}?",
    "I need a quick summary of {e} for the pipeline review.",
    "What did we make of {e_s} pitch?",
)

FUND: Final = (
    "Has {e} invested alongside us before?",
    "What does {e} usually focus on?",
    "Who do we know at {e}?",
    "What was {e_s} last close?",
    "Is {e} a good fit for the next round?",
    "Remind me what stage {e} likes.",
    "Did {e} co-invest with us anywhere?",
    "{e} reached out about a co-investment. Context?",
    "What's {e_s} thesis, roughly?",
)

PROJECT: Final = (
    "What's the status of {e}?",
    "Who owns {e} these days?",
    "When is {e} supposed to ship?",
    "Can you remind me what {e} is for?",
    "Is {e} still on track?",
    "Any blockers on {e}?",
    "What's the target date for {e} again?",
    "{e} came up in standup. What's that about?",
    "I need a one-paragraph summary of {e} for the board.",
    "Who kicked off {e}?",
    "How far along is {e}?",
)

#: Fragments and short forms that fit a page of any kind.
ANY: Final = (
    "{e}?",
    "status on {e} pls",
    "news on {e}?",
    "quick one: {e}, anything new?",
    "Refresher on {e}?",
    "Notes on {e}, please.",
    "Tell me about {e}.",
    "anything on {e}",
    "{e}: what do I need to know?",
    "Context on {e} before I dial in?",
    "What do we have on {e}?",
    "Everything on {e}, please. Short version.",
)

BY_KIND: Final[dict[str, tuple[str, ...]]] = {
    "person": PERSON,
    "company": COMPANY,
    "fund": FUND,
    "project": PROJECT,
}

PAIR: Final = (
    "How is {a} connected to {b}?",
    "Before my call, what do we know about {a} and {b}?",
    "Pull up {a} and {b} for me, please.",
    "Compare {a} and {b} for me.",
    "{a} and {b} are both on the agenda today. Quick brief?",
    "Did {a} ever work with {b}?",
    "I'm seeing {a} after lunch and {b} at five. Prep notes?",
    "what's the overlap between {a} and {b}",
    "Can you remind me how we know {a}, and what {b} is up to?",
    "Lining up intros: {a} and {b}. Anything relevant?",
)
#: A person then a company.
PAIR_PERSON_COMPANY: Final = (
    "What did {a} say about the {b} deal?",
    "Is {a} still involved with {b}?",
    "How did {a} end up at {b}?",
)

MIXED: Final = (
    "How does {new} compare with {old}?",
    "Next question: what about {new}? Same context as {old}.",
    "Is {new} related to {old} in any way?",
    "Put {new} next to {old} in my notes summary.",
    "And {new}? Same drill as {old}.",
    "Now do {new}, like you did {old}.",
    "Does {new} overlap with {old} at all?",
    "Also, where does {new} stand compared to {old}?",
)
#: A new person beside an earlier page.
MIXED_PERSON: Final = (
    "Should I loop in {new} on the {old} thread?",
    "Does {new} know anyone involved with {old}?",
)

#: Asks naming many pages at once (push); ``{list}`` is inline, ``{bullets}`` a block.
LIST: Final = (
    "Prep me for the partner meeting: I need the latest on {list}.",
    "Give me a one-line status for each of {list}.",
    "Before the offsite, summarize where we stand with {list}.",
    "I have ten minutes. Brief me on {list}.",
    "Draft my weekly update covering {list}.",
    "Board prep. I need notes on:\n{bullets}",
    "Who do I need to catch up with? Thinking {list}. Pull up everything.",
    "today's lineup: {list}. what do I need to know about each",
    "Can you build me a cheat sheet for {list}?",
    "Agenda for the pipeline review:\n{bullets}\nAnything I should know going in?",
    "Running through the portfolio with the partners tomorrow. Status on {list}, please.",
    "Quick sanity check on {list} before the call?",
    "My week, roughly:\n{bullets}\nWhat context do I need for each?",
)
#: A page named in passing after a list ask.
IN_PASSING: Final = (
    " Cc {s} on the summary.",
    " Keep the format of the note we sent {s}.",
    " {s} asked for a copy too.",
    " Loop {s} in when it's done.",
    " Send {s} the final version as well.",
)
#: A follow-up adding pages next to one already surfaced.
FOLLOW: Final = (
    "Also add {list} to that, next to {old}.",
    "One more thing: fold {list} into the {old} section.",
    "Can you also cover {list}? Put that after {old}.",
    "Oh, and {list}. Same format as {old}.",
    "Add {list} too; group that with {old}.",
)

#: Fillers (not templates: they never name anything).
TOPICS: Final = (
    "pricing", "the hiring plan", "the roadmap", "churn", "the next raise", "the renewal",
    "the board deck", "the budget", "onboarding", "the contract terms",
)  # fmt: skip
DAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
