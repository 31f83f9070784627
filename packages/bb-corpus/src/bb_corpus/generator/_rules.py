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
    "of the same session already surfaced. A page is named by its full title, a possessive "
    "('Title's'), its first name or short name when exactly one known page has it, any of its "
    "aliases written in any letter case, or a person's surname when exactly one known person "
    "has that surname.",
    "'pages' = the newly named known pages the turn is about. 'secondary_pages' = known pages "
    "the turn names that an earlier user turn already surfaced, plus pages named only in "
    "passing (someone to cc, a note whose format to reuse, someone who asked for a copy) whose "
    "page holds no notes. A page belongs in one list or the other, never both.",
    "should_retrieve is false (pages and secondary_pages empty) for: small talk; generic "
    "questions; capitalised ordinary words (weekdays, months, sentence-start words, nouns "
    "like 'Budget' or 'Roadmap') even when a page title begins with that word; names no known "
    "page has; a name that is close to but not exactly a known name or alias (e.g. 'Alicia' "
    "when the page is 'Ali'); a common word that is also a page alias but is used in its "
    "ordinary meaning; a first name or short name shared by two or more known pages (there is "
    "no telling which is meant); and turns that only re-mention pages an earlier user turn of "
    "the session already surfaced.",
    "A page counts as surfaced only when an earlier USER turn of the same session retrieved "
    "it; a name the assistant said does not surface it. Each session starts with nothing "
    "surfaced.",
    # facts
    "FACTS turns: list every claim the turn makes that memory should keep, one entry each. "
    "Kinds: preference (someone prefers one thing over another), commitment (I/we committed, "
    "promised, agreed or decided to do or not do something), event (something happened at a "
    "time: spoke at, launched on a date), belief (someone thinks, believes or is worried "
    "that), fact (a state of things: a metric, a hire, a billing change, a status such as "
    "being on a watch list or a budget being approved).",
    "A turn that only says a call or meeting happened ('Just got off the call with ...'), "
    "filler, and a turn that picks the conversation up again carry no facts: write [].",
    "entity_slug = the known page the claim is about: a preference or belief belongs to the "
    "person who holds it; a commitment to the person it is made to, or to the company or "
    "project a decision is about; an event or fact to the entity it happened to.",
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
