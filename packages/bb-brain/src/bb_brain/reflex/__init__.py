"""The reflex: deterministic turn context (no model, no embeddings).

One call per turn, one alias-index query per call (and one content query when an ordinary
word needs the conversation to decide it, one more when someone's pet, plan or relative is
named by another of their names than the page files it under, and one for fuzzy neighbours
of a misspelt name):

1. extract candidate mentions from the user turn (and, for the volunteer stage, from the
   last ``volunteer_window_turns`` window turns of both roles);
2. resolve them against the active source's alias index (alias -> title -> name forms and
   slug suffix -> surname and given name, and the relation a person's page states, "my
   sister"; ambiguity stays silent, a unique close typo may match fuzzily, longest mention
   wins);
3. decide every mention whose form is an ordinary English word on its evidence (the words
   around it, then related pages named beside it and earlier mentions; see
   :mod:`bb_brain.reflex._evidence`);
4. drop pages already in the agent's context (the seam's suppression mode): with
   prior-context suppression, a page pushed before, named in a window turn, whose title
   any earlier turn of either role wrote in full, or whose words here an earlier turn wrote
   as its name (:mod:`bb_brain.reflex._context`);
5. reflex: keep at most ``pointer_budget`` pointers from the turn itself;
6. volunteer: from window + turn, pages at or above ``volunteer_min_confidence`` that the
   reflex did not already point at, at most ``volunteer_max_pages``;
7. render both through the same wire render; a pointer's line carries the latest facts the
   write path stored about its page from conversations (:mod:`bb_brain.carryover`), read in
   the same round trip as the trust gate (:func:`bb_brain.trust.proactive.gate_with_notes`).

Each call reads a bounded prefix of every text (:mod:`bb_brain._examined`), so a megabyte
turn costs what its first few thousand characters cost, and reads it in NFC with plain spaces
(:mod:`bb_brain._read_form`), so a name typed with combining accents is the same name.

Every pointer carries its evidence (the words matched, where, the surface, the score and any
ambiguity decision), and the response lists the pages declined on the way with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Final, Literal

from bb_schema.turn_context import (
    Pointer,
    PointerEvidence,
    TurnContextRequest,
    TurnContextResponse,
)

from bb_brain._errors import UnknownBrainError
from bb_brain._examined import (
    PRIOR_EXAMINED_CHARS,
    TURN_EXAMINED_CHARS,
    WINDOW_EXAMINED_CHARS,
    examined,
)
from bb_brain._names import fold
from bb_brain._pg import Connection
from bb_brain._read_form import read_form
from bb_brain.pages import SUMMARY_KIND_ARM, normalise
from bb_brain.reflex._candidate import Candidate
from bb_brain.reflex._context import Mention, named_as_here, named_in_full, said_before
from bb_brain.reflex._evidence import (
    ANSWERED,
    CONTEXT,
    Conversation,
    a_headed_part,
    a_thing_of_its_own,
    accept,
    by_conversation,
    decline,
    everyday_short_name,
    final_decline,
    its_kind_named,
    local_evidence,
    modifies_a_noun,
    one_sense_per_text,
    ordinary_declined,
    ordinary_reading,
    own_definite_alias,
    rest_of_its_title,
    title_part_for_the_conversation,
    veto,
    vetoed,
)
from bb_brain.reflex._extract import extract
from bb_brain.reflex._kinds import KIND_ARMS
from bb_brain.reflex._ordinary import is_ordinary, preload, preload_in_background, sense
from bb_brain.reflex._render import (
    MEMORY_HEADING,
    VOLUNTEER_HEADING,
    Suppressor,
    pointer_uri,
    render,
)
from bb_brain.reflex._resolve import (
    CONFIDENCE,
    FAMILY_DECISION,
    AliasHits,
    Outcome,
    Resolved,
    lookup,
    match_the_family,
    overlaps,
    resolve,
    the_family,
)
from bb_brain.reflex._syntax import HEARD_OF
from bb_brain.reflex._tokens import LOWERCASE
from bb_brain.trust.proactive import gate_with_notes

__all__ = [
    "CONFIDENCE",
    "MEMORY_HEADING",
    "VOLUNTEER_HEADING",
    "Candidate",
    "extract",
    "pointer_uri",
    "preload",
    "preload_in_background",
    "render",
    "turn_context",
]

#: Declined pages reported per turn (a diagnostic; the rest are dropped).
MAX_DECLINED: Final = 8


def turn_context(conn: Connection, request: TurnContextRequest) -> TurnContextResponse:
    """Compute the context to inject for one turn (the TurnContext service's core).

    Raises:
        UnknownBrainError: ``request.brain_id`` is not an open brain.
    """
    settings = request.settings
    texts = [read_form(examined(request.turn.text, TURN_EXAMINED_CHARS))]
    if settings.volunteer_window_turns:
        texts += [
            read_form(examined(turn.text, WINDOW_EXAMINED_CHARS))
            for turn in reversed(request.window[-settings.volunteer_window_turns :])
        ]
    request = request.model_copy(
        update={"prior_context": read_form(request.prior_context[-PRIOR_EXAMINED_CHARS:])}
    )
    candidates = [cand for index, text in enumerate(texts) for cand in extract(text, index)]
    source = request.active_source
    hits = lookup(conn, request.brain_id, source, candidates)
    if not hits:
        _require_brain(conn, request.brain_id)
        return TurnContextResponse()
    prior = "\n".join([request.prior_context, *texts[1:]])
    conversation = Conversation(conn, request.brain_id, source, prior, texts)
    accepted, declined = _decide(candidates, hits, conversation)
    suppressor = Suppressor(settings.suppression, request.prior_context)
    known = (
        _named_before(accepted, texts, request.prior_context, hits, declined)
        if settings.suppression == "prior-context"
        else {}
    )
    reflex: list[Resolved] = []
    for res in resolve([res for res in accepted if res.text_index == 0]):
        if suppressor.seen(res.slug):
            continue
        if res.slug in known:
            declined.append(replace(res, decision=known[res.slug]))
            continue
        reflex.append(res)
    reflex = _whole_families(reflex, settings.pointer_budget)
    volunteered: list[Resolved] = []
    if settings.volunteer and settings.volunteer_max_pages:
        taken = {res.slug for res in reflex}
        for res in resolve(accepted):
            if len(volunteered) >= settings.volunteer_max_pages:
                break
            if res.slug in taken or res.confidence < settings.volunteer_min_confidence:
                continue
            if res.text_index > 0 and by_conversation(res):
                continue  # an earlier turn's ordinary word: only the conversation made it a name
            if suppressor.seen(res.slug) or res.slug in known:
                continue
            volunteered.append(res)
    pointers = [_pointer(res, source, "reflex") for res in reflex]
    pointers += [_pointer(res, source, "volunteer") for res in volunteered]
    pointers, notes = gate_with_notes(conn, request.brain_id, source, pointers)
    summaries = {res.slug: res.page.summary for res in (*reflex, *volunteered)}
    shown = {pointer.slug for pointer in pointers}
    return TurnContextResponse(
        text=render(pointers, summaries, settings.render, notes),
        pointers=pointers,
        declined=_declined_pointers(declined, shown, source),
    )


def _named_before(
    accepted: Sequence[Resolved],
    texts: Sequence[str],
    prior_context: str,
    hits: AliasHits,
    declined: Sequence[Resolved] = (),
) -> dict[str, str]:
    """Pages an earlier turn the agent saw already named (slug -> why it is no news).

    Such a page is no news to the agent: the prior-context seam does not push it again.
    A window turn names a page by a mention the reflex accepts there, except one settled
    only by context or by the rest of the conversation (its bare word named no page on its
    own); any earlier turn names it by its title in full, or by the words this turn names
    it by, written as its name (:mod:`bb_brain.reflex._context`). Only the conversation's
    own turns count, never what memory injected.
    """
    back: dict[str, int] = {}
    # only the mentions that stand in their text: "Toller" inside "Toller & Sons" named the
    # firm, not Mavis Toller
    standing = [
        res
        for index in sorted({res.text_index for res in accepted} - {0})
        for res in resolve([res for res in accepted if res.text_index == index])
    ]  # each text on its own: a page may be named in a turn the agent saw and one it did not
    for res in standing:
        if CONTEXT in res.signals or ANSWERED in res.signals or by_conversation(res):
            continue
        if texts[res.text_index] not in prior_context:
            continue
        back[res.slug] = min(back.get(res.slug, res.text_index), res.text_index)
    known = {
        slug: f"suppressed: already named {turns} turn(s) back, the agent has this name"
        for slug, turns in back.items()
    }
    titles = {res.slug: res.page.title for res in accepted if res.slug not in known}
    if not titles or not prior_context:
        return known
    said = said_before(prior_context)
    for slug in named_in_full(said, titles):
        known[slug] = "suppressed: named in full earlier in the conversation, the agent has it"
    # a window turn that read the words as something else named nobody ("the two Mercedes
    # vans" before "Mercedes rang")
    read_otherwise = {res.slug for res in declined if res.text_index > 0} - {
        res.slug for res in accepted if res.text_index > 0
    }
    here = {
        res.slug: Mention(res.cand.raw, frozenset(fold(res.page.title).split()), res.page.is_person)
        for res in resolve([res for res in accepted if res.text_index == 0])
        if res.slug not in known and res.slug not in read_otherwise and not _unsure(res, hits)
    }
    for slug in named_as_here(said, here):
        known[slug] = "suppressed: named so earlier in the conversation, the agent has it"
    return known


def _unsure(res: Resolved, hits: AliasHits) -> bool:
    """Said before, the mention's words may have meant something else then.

    An everyday word ("the Will was read", "the Rose and Crown", "Max out the budget"), a
    month's or a place's name, capitalised whatever it names ("no late shifts from June",
    "flying through Denver"), or a name two pages share.
    """
    cand = res.cand
    if cand.calendar or cand.place or any(_a_word_too(word) for word in cand.norm.split()):
        return True
    arms = hits.by_key.get(cand.norm, {})
    return len(set().union(*arms.values())) > 1


def _a_word_too(word: str) -> bool:
    known = sense(word)
    return is_ordinary(word) or known.lexical or known.zipf >= _COMMON_ZIPF


#: A form this frequent in the word list is used as a word often enough ("max" 4.7) to be
#: no sure name wherever it stood.
_COMMON_ZIPF: Final = 4.5


def _decide(
    candidates: Sequence[Candidate], hits: AliasHits, conversation: Conversation
) -> tuple[list[Resolved], list[Resolved]]:
    """Every candidate's resolution, split into accepted and declined (see module docs)."""
    accepted: list[Resolved] = []
    declined: list[Resolved] = []
    pending: list[Resolved] = []
    modifiers: list[tuple[Resolved, list[str]]] = []
    shared_names: list[Outcome] = []
    strangers = [cand for cand in candidates if _a_stranger(cand, hits)]
    for cand in candidates:
        outcome = match_the_family(cand, hits)
        if outcome.ambiguous:
            _shared_name(outcome, accepted, declined, shared_names)
            continue
        declined += outcome.declined
        if outcome.resolved is None:
            continue
        res = everyday_short_name(outcome.resolved)
        text = conversation.text(res.cand.text_index)
        if reason := (
            veto(res)
            or conversation.another_of_its_kind(res)
            or _named_before_it(res, strangers, text)
        ):
            declined.append(vetoed(res, reason))
        elif whole := (
            rest_of_its_title(res, conversation.text(res.cand.text_index))
            or its_kind_named(res)
            or a_headed_part(res)
            or a_thing_of_its_own(res)  # "the cold store": the user's name for one thing
        ):
            accepted.append(whole)
        elif part := title_part_for_the_conversation(res):
            pending.append(part)
        elif not res.cand.ambiguity:
            accepted.append(res)
        elif final_decline(res):
            declined.append(decline(res))
        elif evidence := local_evidence(res):
            accepted.append(accept(res, evidence))
        elif own_definite_alias(res):
            pending.append(res)  # the conversation decides: "the big day" is any big day
        elif (readings := ordinary_reading(res)) and modifies_a_noun(res, readings):
            modifiers.append((res, readings))
        elif readings:
            declined.append(ordinary_declined(res, readings))
        else:
            pending.append(res)
    settle = partial(_unless_vetoed, conversation.disambiguate, declined)
    shared_names = _unsettled(shared_names, accepted, settle)
    if pending or modifiers:
        more, rejected = conversation.decide(pending, accepted, modifiers)
        accepted += more
        declined += rejected
    # a page named beside a shared name, on evidence of its own, may settle it
    beside = partial(_unless_vetoed, partial(conversation.beside, accepted), declined)
    for outcome in _unsettled(shared_names, accepted, beside):
        declined += outcome.declined
    return one_sense_per_text(*_no_part_of_a_namesake(accepted, declined))


def _whole_families(reflex: list[Resolved], budget: int) -> list[Resolved]:
    """The first ``budget`` pointers, less a family the budget would cut in part.

    Part of a family is the guess a family's name is read whole to avoid ("the quarrows
    are back" with room for one is no one Quarrow).
    """
    kept = reflex[:budget]
    cut = {_family_span(res) for res in reflex[budget:]} - {None}
    return [res for res in kept if _family_span(res) not in cut]


def _family_span(res: Resolved) -> tuple[int, int, int] | None:
    if res.decision != FAMILY_DECISION:
        return None
    return (res.cand.text_index, res.cand.start, res.cand.end)


def _shared_name(
    outcome: Outcome, accepted: list[Resolved], declined: list[Resolved], shared: list[Outcome]
) -> None:
    """A name pages share: its family all together ("the quarrows are back"), else context's.

    Each of the family is vetoed as any name is; one vetoed, the name names none of them.
    """
    family = the_family(outcome)
    vetoes = [(res, reason) for res in family if (reason := veto(res))]
    if family and not vetoes:
        accepted += family
    elif vetoes:
        declined += [vetoed(res, reason) for res, reason in vetoes]  # nor one of them
    else:
        shared.append(outcome)


def _no_part_of_a_namesake(
    accepted: list[Resolved], declined: list[Resolved]
) -> tuple[list[Resolved], list[Resolved]]:
    """A part of a full name declined as a famous namesake's names nobody either.

    "a film with mary quell in it": Quell alone is the same famous woman.
    """
    namesakes = [res for res in declined if HEARD_OF in res.decision]
    kept: list[Resolved] = []
    for res in accepted:
        whole = next(
            (n for n in namesakes if n.slug == res.slug and overlaps(n.cand, res.cand)), None
        )
        if whole is None:
            kept.append(res)
        else:
            declined.append(vetoed(res, f"declined: {res.cand.raw!r} is part of {whole.decision}"))
    return kept, declined


def _a_stranger(cand: Candidate, hits: AliasHits) -> bool:
    """A capitalised name no dictionary has and no page of the source goes by ("Roundhouse")."""
    if LOWERCASE in cand.signals or cand.norm in hits.by_key or len(cand.norm) < 2:
        return False
    if cand.arms <= KIND_ARMS or _its_article_dropped(cand):
        return False  # "the brannick" of "brannick's confirmed": a kind's key, no name
    return all(not sense(word).lexical and not sense(word).calendar for word in cand.norm.split())


def _its_article_dropped(cand: Candidate) -> bool:
    """A subject's phrase keyed with the article the text left out ("gullery has ...")."""
    return cand.norm.startswith("the ") and not normalise(cand.raw).startswith("the ")


def _named_before_it(res: Resolved, strangers: Sequence[Candidate], text: str) -> str | None:
    """Why a summary's kind is another's: a name no page goes by, earlier in its sentence.

    A summary's kind ("the venue" of a wedding venue) is weaker than a title's: where the
    sentence has named some other place, party or firm first ("saw them at the Roundhouse,
    the venue was packed", "at Jess's 40th the caterer ran out"), the kind is that one's.
    """
    cand = res.cand
    if res.arm != SUMMARY_KIND_ARM:
        return None
    for other in strangers:
        if other.text_index != cand.text_index or other.end > cand.start:
            continue
        if not _SENTENCE_END.search(text, other.end, cand.start):
            return f"declined: {other.raw!r}, no page's, is named before {cand.raw!r}"
    return None


_SENTENCE_END: Final = re.compile(r"[.!?\n]")


def _unless_vetoed(
    settle: Callable[[Sequence[Resolved]], Resolved | None],
    declined: list[Resolved],
    options: Sequence[Resolved],
) -> Resolved | None:
    """The page a shared name is settled on, unless its grammar makes it no name here.

    Context may settle which Hope a turn means, but not that "a hope chest" is one.
    """
    chosen = settle(options)
    if chosen is not None and (reason := veto(chosen)):
        declined.append(vetoed(chosen, reason))
        return None
    return chosen


def _unsettled(
    outcomes: Sequence[Outcome],
    accepted: list[Resolved],
    settle: Callable[[Sequence[Resolved]], Resolved | None],
) -> list[Outcome]:
    """Accept the page each shared name is settled on; the outcomes left unsettled."""
    left: list[Outcome] = []
    for outcome in outcomes:
        if (chosen := settle(outcome.ambiguous)) is not None:
            accepted.append(chosen)
        else:
            left.append(outcome)
    return left


def _declined_pointers(declined: Sequence[Resolved], shown: set[str], source: str) -> list[Pointer]:
    """One declined pointer per page that was not injected after all, first reason kept."""
    pointers: list[Pointer] = []
    seen = set(shown)
    for res in sorted(declined, key=lambda r: (r.text_index, r.start, r.slug)):
        if res.slug in seen:
            continue
        seen.add(res.slug)
        pointers.append(_pointer(res, source, "reflex"))
        if len(pointers) >= MAX_DECLINED:
            break
    return pointers


def _pointer(res: Resolved, source: str, stage: Literal["reflex", "volunteer"]) -> Pointer:
    cand = res.cand
    return Pointer(
        slug=res.slug,
        source=source,
        title=res.page.title,
        arm=res.arm,
        confidence=res.confidence,
        stage=stage,
        evidence=PointerEvidence(
            matched=cand.raw,
            start=cand.start,
            end=cand.end,
            text_index=cand.text_index,
            surface=res.surface,
            score=res.score,
            signals=list(res.signals or cand.signals),
            decision=res.decision,
        ),
    )


def _require_brain(conn: Connection, brain_id: str) -> None:
    if conn.execute("SELECT 1 FROM brains WHERE brain_id = %s", (brain_id,)).fetchone() is None:
        raise UnknownBrainError(
            f"brain {brain_id!r} is not open; call OpenBrain first (or it was already closed)"
        )
