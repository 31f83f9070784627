"""The labelling rules printed into every validation worksheet.

They restate the corpus's gold conventions in plain words for a labeller who sees only the
worksheet: what should make memory speak up, what should keep it quiet, and how to write down
the claims a conversation makes. Changing them changes what agreement means: keep them in
step with the gold conventions in :mod:`bb_corpus.generator._model` and ``_claims``.
"""

from __future__ import annotations

from typing import Any, Final

RULES: Final[tuple[str, ...]] = (
    "You are labelling conversations between a user and an assistant whose memory holds the "
    "'known_pages' listed with each session. Label every user turn whose 'label' is "
    "'retrieval' or 'facts'; assistant turns (label null) are context only.",
    "Each item has one session ('A') or two ('A' then 'B'). When there are two, B happens "
    "later, after A's conversation was stored in memory; B uses A's known pages.",
    # retrieval
    "RETRIEVAL turns: decide should_retrieve (should memory surface pages for this turn?) and "
    "which known pages.",
    "Only pages whose 'source' equals the session's 'active_source' count. A page that exists "
    "only in another source is unknown in this session and must never be surfaced.",
    "should_retrieve is true when the user turn names a known page that no earlier user turn "
    "of the same session already surfaced. Name a page the way a careful colleague who has "
    "read the known pages would: a turn names a page when it unmistakably means it.",
    "A page is named by: its full title; a possessive ('Title's'); the given name, family "
    "name, short name or a nickname the page records, when exactly one known page has it; "
    "the family name behind an honorific ('Dr. Okafor', 'Ms Baker', 'Tanaka-san'); the name "
    "in the other order, family name first ('Zhang Wei' for the page 'Wei Zhang'); the name "
    "typed without its accents ('Jose Nunez' for 'José Núñez'); the name with a slip of the "
    "keyboard that cannot be read as any other known page or as a different real name "
    "('Okafro'); 'the Atlas project' for 'Project Atlas'. Letter case does not matter, and a "
    "name at the start of a sentence is still a name.",
    "A word that is also a page's name but is used in its ordinary meaning names nothing: "
    "'a grace period', 'to be frank', 'Will you send...', 'park that discussion', 'flying to "
    "Jordan', 'starts in May', 'a baker's dozen', 'we should pilot it', 'Monday again' beside "
    "a page 'Monday Review'.",
    "Somebody else is not the page: a full name whose family name is not the page's names "
    "another person even when the given name matches ('Grace Santos' when the page is 'Grace "
    "Okafor'), and so does a different real given name that is close in spelling ('Gracie', "
    "'Rosa', 'Marco'), and the same name with another suffix ('Nate Harlow Sr.' is not the "
    "page 'Nate Harlow Jr.'; 'Nate Harlow' alone, when no other page has that name, is). "
    "People the brain has no page for are not pages.",
    "'pages' = the newly named known pages. 'secondary_pages' = known pages the turn points "
    "at without newly naming them: pages an earlier user turn already surfaced and named "
    "again; the page a pronoun ('she', 'him', 'their', 'it') refers back to; every page a "
    "name could mean when two or more known pages share it ('Kofi' with two Kofis: no telling "
    "which); and pages named only in passing (someone to cc, a note whose format to reuse, "
    "someone who asked for a copy) whose page holds no notes. A page belongs in one list or "
    "the other, never both.",
    "should_retrieve is false (pages empty) for: small talk; generic questions; capitalised "
    "ordinary words (weekdays, months, team names, sentence-start words) even when a page "
    "title begins with that word; ordinary uses of a name-word; names no known page has; a "
    "name two or more known pages share; pronouns; and turns that only re-mention pages an "
    "earlier user turn of the session already surfaced. Such a turn may still have "
    "secondary_pages (a pronoun's page, a shared name's pages, a re-mentioned page).",
    "A page counts as surfaced once an earlier USER turn of the same session listed it in "
    "'pages', or named it in passing or again on a turn that retrieved; a pronoun or a shared "
    "name surfaces nothing, and neither does a name the assistant said. Each session starts "
    "with nothing surfaced.",
    # facts
    "FACTS turns: list every claim the turn makes that memory should keep, one entry each. "
    "Kinds: preference (someone prefers one thing over another), commitment (I/we committed, "
    "promised, agreed or decided to do or not do something), event (something happened at a "
    "time: spoke at, launched on a date), belief (someone thinks, believes or is worried "
    "that), fact (a state of things: a metric, a hire, a billing change, a status such as "
    "being on a watch list or a budget being approved).",
    "A turn that only says a call or meeting happened ('Just got off the call with ...'), "
    "filler, and a turn that picks the conversation up again carry no facts: write [].",
    "The user's own guesses, rumours and questions ('maybe they are raising?', 'rumour has it "
    "...', 'I wonder if ...', 'may or may not') are not claims. A value said and then "
    "corrected in the same turn ('48 engineers. Wait, no, 55 engineers') is one claim with "
    "the corrected value only; the value taken back appears in no fact or keyword. A turn can "
    "hold several claims (run on, or as a list): one entry each.",
    "entity_slug = the known page the claim is about: a preference or belief belongs to the "
    "person who holds it; a commitment to the person it is made to, or to the company or "
    "project a decision is about; an event or fact to the entity it happened to. A claim "
    "about somebody with no known page belongs to that person: write the slug their page "
    "would get, 'people/' then their full name lowercase, accents dropped, apostrophes "
    "removed, other gaps as hyphens ('Niamh O'Sullivan' -> 'people/niamh-osullivan').",
    "keywords = one to three short phrases copied verbatim from the turn that would find this "
    "claim later (distinctive words, not the entity name alone).",
    "Write your answers as one JSON document shaped like 'answer_example': for every item, "
    "for every session, for every labelled turn id, the object described above. Label from "
    "the worksheet alone.",
)

ANSWER_EXAMPLE: Final[dict[str, Any]] = {
    "items": {
        "item-01": {
            "A": {
                "1": {"should_retrieve": True, "pages": ["people/x-y"], "secondary_pages": []},
                "3": {"should_retrieve": False, "pages": [], "secondary_pages": []},
                "5": {"should_retrieve": False, "pages": [], "secondary_pages": ["people/x-y"]},
            }
        },
        "item-02": {
            "A": {
                "1": {"facts": []},
                "3": {
                    "facts": [
                        {
                            "entity_slug": "people/x-y",
                            "kind": "preference",
                            "keywords": ["async updates", "weekly calls"],
                        }
                    ]
                },
            },
            "B": {"1": {"should_retrieve": True, "pages": ["companies/z"], "secondary_pages": []}},
        },
    }
}
