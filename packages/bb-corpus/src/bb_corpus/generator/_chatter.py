"""Templates of turns that should not make memory speak: chatter, pronouns, strangers.

* re-mentions of a page already surfaced (``{e}``), and pronoun follow-ups about it
  (``{sub}``/``{Sub}`` subject, ``{obj}`` object, ``{pos}``/``{Pos}`` possessive): silent, the
  page acceptable;
* a name two pages share (``{x}``): silent, both pages acceptable;
* small talk, generic questions, capitalised words that are not names, calendar words;
* asks about people the brain has no page for (``{x}``): silent.
"""

from __future__ import annotations

from typing import Final

REMENTION: Final = (
    "Ok, so {e} is still on my list.",
    "Right, {e}. Makes sense, let's move on.",
    "Good, I'll keep {e} in mind for later.",
    "Got it, that matches what I remembered about {e}.",
    "Thanks, that's what I needed on {e}.",
    "ok {e} makes sense now",
    "Perfect. {e} can wait until next week.",
    "Noted on {e}.",
)

#: Pronoun follow-ups about a person.
PRONOUN_PERSON: Final = (
    "What did {sub} say about {topic}, again?",
    "When did I last see {obj}?",
    "Can you draft a short note to {obj}?",
    "Is {pos} team hiring right now?",
    "{Sub} mentioned a trial last time. Any details?",
    "Remind me what {sub} wanted from us.",
    "ok and what's {pos} role exactly?",
    "Should I cc {obj} on the update?",
    "Did {sub} ever send the deck?",
    "{Pos} notes were helpful. Anything else?",
    "Set up a call with {obj} for next week.",
)
#: Pronoun follow-ups about an organisation (object and possessive forms only, so the verb
#: never has to agree with "it" or "they").
PRONOUN_ORG: Final = (
    "What's {pos} runway looking like?",
    "When did we last talk to {obj}?",
    "Is {pos} board meeting this month?",
    "What's the timeline on {obj}?",
    "Who else is involved with {obj}?",
    "Any risks with {obj} I should flag?",
    "What did we decide about {obj} last time?",
    "Remind me of {pos} main numbers.",
)

#: A name the turn uses that more than one page carries.
AMBIGUOUS: Final = (
    "Did {x} reply to the email yet?",
    "What did {x} think about the proposal?",
    "{x} wants to meet next week. Thoughts?",
    "Can you check whether {x} sent the numbers?",
    "Any update from {x}?",
)

#: An ask about a full name the brain has no page for.
UNKNOWN: Final = (
    "Did {x} ever send over the deck?",
    "Anything on {x} in here?",
    "What do I know about {x}?",
    "Is {x} worth a meeting?",
    "{x} wants a call next week. Have we met?",
    "Do we have notes on {x}?",
    "Someone called {x} emailed me. Ring a bell?",
    "Who is {x}?",
    "{x} just followed up. Context?",
    "Any history with {x}?",
)

SMALL_TALK: Final = (
    "Thanks, that helps a lot.",
    "Great, appreciate it.",
    "Ok, give me a minute to read this.",
    "Perfect, thank you!",
    "Got it. Let me think about that.",
    "Good morning! How are you today?",
    "Sounds good to me.",
    "Hmm, interesting. Carry on.",
    "lol ok",
    "ok",
    "thx",
    "Nice, thanks.",
    "Cool cool cool.",
    "brb, coffee",
    "That's helpful, thank you.",
    "Sorry, got pulled into something. Where were we?",
    "Ha, fair enough.",
    "Makes sense.",
    "Let me read that again.",
    "Alright, moving on.",
    "One sec.",
    "Excellent.",
    "You're a lifesaver.",
    "ugh, what a day",
    "Yep.",
    "Back now.",
    "Okay, noted.",
    "Thanks! Super useful.",
    "Hmm, not sure about that.",
    "That's all for now, thanks.",
)

GENERIC: Final = (
    "What's a good way to structure a weekly update?",
    "How long should a board memo usually be?",
    "Can you suggest a clean agenda for a kickoff meeting?",
    "Any tips for writing a shorter status email?",
    "What's the difference between a term sheet and a side letter?",
    "Ok let's write some code. Nothing fancy, just cleanup.",
    "How should I prioritize my inbox this afternoon?",
    "What questions should I ask in a reference call?",
    "How do I say no to a meeting politely?",
    "What's a reasonable notice period for a vendor contract?",
    "Explain pro rata rights like I'm five.",
    "How do people usually run a quarterly planning session?",
    "What's a good format for one-on-ones?",
    "Can you help me write a polite follow-up email?",
    "what's the rule of thumb for option pools",
    "Is it normal for a seed round to take three months?",
    "Give me a template for a post-mortem.",
    "How do I structure a hiring scorecard?",
    "What goes into a data room?",
    "How should I word a price increase email?",
    "Any advice for a first board meeting?",
    "What's the best way to run a retro with a remote team?",
    "Summarize the pros and cons of annual billing.",
    "How many slides should a pitch deck have?",
    "What's a good icebreaker for an offsite?",
    "Draft an out-of-office message for next week.",
    "Explain liquidation preferences briefly.",
    "How do I calculate net revenue retention?",
    "What's a healthy burn multiple?",
    "Write a short agenda for a thirty-minute sync.",
)

#: Capitalised words that are not names: sentence starts, teams, rituals, months.
CAPITALISED: Final = (
    "Thanks for yesterday, the notes were useful.",
    "Budget season starts soon, so keep that in mind.",
    "Standup ran long again. Remind me to keep it short.",
    "Roadmap review is next week. Nothing to prep yet.",
    "Quick one: Q3 planning starts after the holidays.",
    "Honestly, Mondays are the worst for deep work.",
    "December is always slow for hiring.",
    "Legal sent the redlines back. No rush.",
    "Marketing wants the deck by Friday.",
    "Finance closed the books early this month.",
    "Payroll runs on Thursday this week.",
    "Engineering is at the offsite, so expect slow replies.",
    "Board prep starts Monday.",
    "Customer Success has a new escalation process.",
    "Sales Kickoff is in two weeks.",
    "The All Hands got moved to the afternoon.",
    "Security Review is mandatory for every vendor now.",
    "Office Hours are cancelled today.",
    "North America revenue beat the plan.",
    "OKRs are due at the end of the month.",
)

#: Sentences that use a calendar word alone, beside a page titled "<Word> Something".
CALENDAR: Final[dict[str, tuple[str, ...]]] = {
    "Monday": (
        "Monday again. Let me grab a coffee first and then we can start.",
        "Monday is wall-to-wall for me, keep it light.",
    ),
    "Friday": (
        "Friday is going to be packed, so let's plan around it.",
        "Friday afternoons are for deep work from now on.",
    ),
    "January": ("January was a blur. Let's start fresh.", "January budgets always slip."),
    "Thursday": (
        "Thursday works better for me than today.",
        "Thursday is out, I'm travelling.",
    ),
    "March": ("March is usually when things get busy.", "March madness at the office again."),
    "Tuesday": (
        "Tuesday is fully booked, so move my errands.",
        "Tuesday lunch with the team is cancelled.",
    ),
}

ASSISTANT: Final = (
    "Here's what I have.",
    "Pulling that up now.",
    "Sure, one moment.",
    "Here is a short summary from your notes.",
    "Done. Anything else?",
    "Here are the highlights.",
    "Okay, here's the gist.",
    "Here you go.",
    "Sure. Short version below.",
    "Found a few notes, summarised below.",
)

#: Pronoun forms: (sub, obj, pos) per pronoun, and for organisations.
PRONOUN_FORMS: Final[dict[str, tuple[str, str, str]]] = {
    "she": ("she", "her", "her"),
    "he": ("he", "him", "his"),
    "they": ("they", "them", "their"),
    "company": ("they", "them", "their"),
    "fund": ("they", "them", "their"),
    "project": ("it", "it", "its"),
}
