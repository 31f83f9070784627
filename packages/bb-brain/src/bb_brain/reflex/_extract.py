"""Candidate entity mentions in a piece of conversation text (deterministic, no model).

Seven channels produce candidates, each restricted to the alias arms its evidence supports:

* capitalised runs ("Alice Example", "Bank of America", "Dr. Amara Okafor"): the whole run,
  and multi-word sub-spans of it, may match an alias, title, name form or slug suffix; a
  standalone capitalised word may also match a surname or given name. A single word inside a
  longer run never resolves alone ("Example" in "Acme Example" names Acme's page, not the
  Example family's). Honorifics before a name and suffixes after it are cut off and kept as
  evidence ("Dr. Okafor" -> "Okafor"). A sentence-initial word with an ordinary reading is
  trimmed off the run ("Thanks Alice" -> "Alice"), but the untrimmed run still matches an
  exact multi-word title or alias ("Monday Review").
* @handles: alias, title or slug suffix, whatever the word.
* lowercase words (:mod:`bb_brain.reflex._lowercase`): aliases typed without capitals,
  unless used the way an ordinary noun or verb is used.
* slug-like tokens ("widget-co", "people/alice-example"): the last segment with dashes as
  spaces, against the slug-suffix, title and alias arms.
* relations to the speaker ("my younger sister", "our accountant", "mum rang"): the key a
  person's page files its stated relation under (:mod:`bb_brain._relations`), against the
  relation arm only.
* a thing called by what it is ("the bakery", :mod:`bb_brain.reflex._kinds`): "the" and a
  noun ending its phrase, against the kind arm only.
* a page's own written forms that are neither a capitalised run nor lowercase: a name and
  everyday words ("the Quenby itinerary"), or a possessive inside ("nana's 90th"), against
  the title and alias arms only, whole.

A text typed in capitals throughout ("SCARROW CHEWED THE REMOTE") is read as if typed in lowercase:
its capitals mark the tone, not names.

A single-word candidate whose form is an ordinary English word, measured against the lexicon
(:mod:`bb_brain.reflex._ordinary`), carries that as its ``ambiguity``; together with the
``signals`` read around it (:func:`bb_brain.reflex._tokens.local_signals`) it goes to the
ambiguity decision (:mod:`bb_brain.reflex._evidence`) once it resolves to a page.
Possessives are stripped ("Alice's" -> "Alice") and end a run.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from bb_brain._described import (
    DESCRIBED_ARM,
    OUTFIT_WORDS,
    PERSON_WORDS,
)
from bb_brain._described import DETERMINERS as TRADE_DETERMINERS
from bb_brain._described import key as trade_key
from bb_brain._given_names import a_given_name
from bb_brain._names import HONORIFICS, NAME_SUFFIXES
from bb_brain._orgnames import ORG_WORDS
from bb_brain._relations import (
    KIN_NAMES,
    KNOWN_ROLES,
    MAX_MODIFIERS,
    RELATION_ARM,
    RELATIVE_NOUNS,
    SERVICE_ROLES,
    compound_role,
    described_role,
    relation_in,
    relation_key,
    relative_key,
)
from bb_brain.pages import (
    FAMILY_INITIAL_ARM,
    SHORT_NAME_ARMS,
    TITLE_PART_ARM,
    normalise,
    slug_suffix_form,
)
from bb_brain.reflex._candidate import (
    ALIAS_ONLY,
    ALL_ARMS,
    EXACT_ARMS,
    FAMILY_ARMS,
    LOWERCASE_PENALTY,
    NAME_ARMS,
    Candidate,
    Maker,
    Span,
    join,
)
from bb_brain.reflex._kinds import kinds
from bb_brain.reflex._lexicon import (
    CONNECTORS,
    DETERMINERS,
    FAMILY_WORDS,
    FESTIVALS,
    LETTERED_NOUNS,
    NEVER_ALONE,
    PERSON_VERBS_BEFORE,
    PLURAL_VERBS,
    POSSESSIVE_DETERMINERS,
    ROLE_NOUNS,
    SUBJECT_VERBS,
    TITLES_OF_ADDRESS,
    WEEKDAYS,
    is_calendar_word,
)
from bb_brain.reflex._lowercase import (
    PLACE_PREPOSITIONS,
    after_a_title,
    as_typed,
    lowercase,
    ordinary_uses,
    possessive_typed_without_apostrophe,
)
from bb_brain.reflex._notes import dropped_articles
from bb_brain.reflex._ordinary import (
    LOWERCASE_ORDINARY_ZIPF,
    inflections,
    is_ordinary,
    sense,
    unknown_word,
)
from bb_brain.reflex._syntax import MODAL_AS_NAME, MODIFIER, WHEREABOUTS, finite
from bb_brain.reflex._tokens import (
    COMPOUND_HEAD,
    DOMAIN,
    FAMILY_BY_NAME,
    FAMILY_INITIAL,
    GIVEN_INITIAL,
    HANDLE,
    HONORIFIC,
    INITIAL_CAPITAL,
    INITIALS,
    MAILBOX,
    MID_CAPITAL,
    NAME_SUFFIX,
    PERSON_VERB,
    POSSESSIVE,
    ROLE_NEARBY,
    SLUG_LIKE,
    TITLE_CASE,
    Token,
    next_glued,
    opens_its_sentence,
    tokenise,
)

MAX_SPAN_TOKENS: Final = 6
#: Arms a run of capitalised words may match: a name's forms, or a short name of several
#: words ("Copper Yard" for Copper Yard Brewing).
RUN_ARMS: Final = NAME_ARMS | SHORT_NAME_ARMS | {TITLE_PART_ARM}
#: Connectors that are articles: inside a name only after another connector.
ARTICLES: Final = frozenset({"the", "la", "le"})
#: A typo is only meaningful in a word this long (shorter words are other words).
FUZZY_MIN_CHARS: Final = 5
#: Distinct texts kept: a few sessions' worth of turns (each is window input of the next ones).
EXTRACT_CACHE_SIZE: Final = 4096
#: Longer texts (a pasted document) are extracted without being kept in the cache.
EXTRACT_CACHE_MAX_CHARS: Final = 4096


def extract(text: str, text_index: int = 0) -> list[Candidate]:
    """Every candidate mention in ``text``, in no particular order (resolution ranks them).

    Memoised for turn-sized texts: a turn is extracted again as window input of each of the
    next turns, and extraction is a pure function of the text (candidates are immutable).
    """
    if len(text) > EXTRACT_CACHE_MAX_CHARS:
        return _extract(text, text_index)
    found = _extract_cached(text)
    if text_index == 0:
        return list(found)
    # The index only labels the candidates (a window turn moves one place per turn), so the
    # text is extracted once and its candidates are relabelled.
    return [_relabelled(cand, text_index) for cand in found]


def _relabelled(cand: Candidate, text_index: int) -> Candidate:
    """``dataclasses.replace(cand, text_index=...)`` at a seventh of its cost.

    A turn relabels a score of window candidates; ``replace`` runs the generated
    ``__init__`` for each. The fields are copied as they are (Candidate has no
    ``__post_init__``, so ``replace`` would build exactly this object).
    """
    moved = object.__new__(Candidate)
    moved.__dict__.update(cand.__dict__, text_index=text_index)
    return moved


@lru_cache(maxsize=EXTRACT_CACHE_SIZE)
def _extract_cached(text: str) -> tuple[Candidate, ...]:
    return tuple(_extract(text, 0))


def _extract(text: str, text_index: int) -> list[Candidate]:
    found: list[Candidate] = []
    # "SCARROW CHEWED THE REMOTE": capitals there mark the tone, not names; read such a
    # sentence as typed without them (the lowercase channel and its evidence)
    text = _unshouted(text)
    tokens = tokenise(text)
    ordinary = ordinary_uses(tokens)
    maker = Maker(text, tokens, text_index)
    for chunk in _chunks(tokens, text):
        found += _capitalised(chunk, maker)
        found += lowercase(chunk, maker, ordinary)
        for tok in chunk:
            if tok.handle:
                found.append(maker.make(tok.norm, [tok], NAME_ARMS, extra=(HANDLE,)))
            if tok.slug_like:
                norm = slug_suffix_form(tok.raw.lstrip("@"))
                found.append(maker.make(norm, [tok], NAME_ARMS, extra=(SLUG_LIKE,)))
            if tok.suffixed and (whole := _SUFFIX.match(text, tok.end)) is not None:
                # "Seo-ji": a name whose last part is also an honorific ("Gupta-ji") is
                # looked up whole too, as a page writes it
                named = dataclasses.replace(
                    tok, raw=tok.raw + whole.group(0), end=whole.end(), suffixed=False
                )
                found.append(_whole(maker, named))
    for domain in _DOMAIN.finditer(text):
        # "robin@thistletalent.co": the organisation the address belongs to
        label = domain.group("label").casefold()
        if len(label) >= DOMAIN_MIN_CHARS and not sense(label).known_word:
            start, end = domain.start("label"), domain.end("label")
            found.append(
                Candidate(label, start, end, 1, DOMAIN_ARMS, 0.0, text_index, label, (DOMAIN,))
            )
    for mailbox in _PERSONAL_MAILBOX.finditer(text):
        # "oswin.tarr@..." or "oswin.tarr@": the person the address belongs to
        norm = f"{mailbox.group('given')} {mailbox.group('family')}".casefold()
        start, end = mailbox.start("given"), mailbox.end("family")
        found.append(
            Candidate(norm, start, end, 2, _MAILBOX_ARMS, 0.0, text_index, norm, (MAILBOX,))
        )
    found += _relations(tokens, maker)
    found += _family_initials(tokens, maker)
    found += kinds(tokens, maker)
    found += dropped_articles(tokens, maker)
    found += _families(tokens, maker)
    found += _possessive_titles(tokens, maker)
    found += _ampersand_titles(tokens, maker)
    found += _written_forms(tokens, maker)
    code = _code_spans(text)
    return _distinct(cand for cand in found if cand.norm and not _in_code(cand, text, code))


def _family_initials(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """A title of address and a letter alone: "Mrs P at Saltby", "dr p ran the session".

    The letter is a family name's initial, as people call a teacher or a neighbour; looked
    up against the one person of the source whose family name it opens. Not when a name
    follows ("Dr P. Quell": the name says who).
    """
    found: list[Candidate] = []
    for title, letter in zip(tokens, tokens[1:], strict=False):
        if title.norm not in TITLES_OF_ADDRESS or title.possessive or not letter.glued:
            continue
        if len(letter.norm) != 1 or not letter.norm.isalpha() or letter.possessive:
            continue
        after = tokens[letter.index + 1] if letter.index + 1 < len(tokens) else None
        if after is not None and after.glued and after.capitalised:
            continue
        # on evidence only: "Mr T" of television, "Mr B and I" of the user's husband
        found.append(
            maker.make(
                letter.norm,
                [letter],
                _INITIAL_ARMS,
                ambiguity=f"a title and the initial {letter.raw!r}",
            )
        )
    return found


#: Titles of address said before a family name's initial.
_INITIAL_ARMS: Final = frozenset({FAMILY_INITIAL_ARM})


def _families(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """A family by its name in the plural: "the Vantongerens are coming", "quarrows want".

    After "the", capitalised ("the Vantongerens"), or before a plural verb, in any case ("the
    quarrows are back", "okoros want a quote"): typed in lowercase, a plural with no verb
    after it may be a shop's ("the greggs queue"). Not as the first word of a title ("the
    Quarrows Arms": a capitalised word after it, other than "I", a day, a feast or a verb).
    Each way the plural may end is tried ("Reeses", "Fitches"), and a capitalised plural
    spelt as its singular after "the" and before its verb ("the Evans are coming"). Looked up
    as a family name only, and only one no word list has as a word or a place ("the Browns"
    may be colours, "the Hollands" a country).
    """
    found: list[Candidate] = []
    for tok in tokens:
        if (tok.possessive and not tok.apostrophe_only) or len(tok.norm) < _FAMILY_MIN_CHARS:
            continue
        if not tok.capitalised and sense(tok.norm).known_word:
            continue  # not "the browns"
        after = next_glued(tokens, tok.index)
        verb = after is not None and not tok.possessive and after.norm in PLURAL_VERBS
        if after is not None and not verb and _titles_with(tok, after):
            continue  # "drinks at the Quarrows Arms"
        the = tok.index > 0 and tok.glued and tokens[tok.index - 1].norm == "the"
        if not (verb or (the and tok.capitalised)):
            continue
        stems = _family_stems(tok.norm, whole=the and verb and tok.capitalised)
        found += [maker.make(stem, [tok], FAMILY_ARMS, extra=(FAMILY_BY_NAME,)) for stem in stems]
    return found


def _titles_with(tok: Token, after: Token) -> bool:
    """The word after opens a title with the name: a capitalised one, no day, feast or "I"."""
    if tok.apostrophe_only or not after.capitalised or after.norm == "i":
        return False  # "the Quarrows' house": theirs
    word = sense(after.norm)
    return not (word.calendar or after.norm in FESTIVALS or after.raw.isupper())


def _family_stems(plural: str, *, whole: bool) -> list[str]:
    """The family names a plural may be of ("reeses": reese, rees), each a name, not a word."""
    if not plural.isalpha():
        return []
    stems = [plural] if whole else []
    if plural.endswith("s"):
        stems.append(plural[:-1])
    if plural.endswith("es"):
        stems.append(plural[:-2])
    return [stem for stem in dict.fromkeys(stems) if _a_family_name(stem)]


def _a_family_name(stem: str) -> bool:
    meaning = sense(stem)
    return len(stem) >= 2 and not (
        meaning.lexical or meaning.place or meaning.calendar or meaning.function
    )


_FAMILY_MIN_CHARS: Final = 5


def _possessive_titles(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """A title with a possessive inside it, as written: "dinner at Ottavia's Bistro".

    The chunks end at a possessive (what follows it is owned, "Ottilie's son"), so such a
    title is looked up whole here, as a page's title, alias or part of a title only; a
    plural's possessive too ("the Weavers' Hall"), with the article an alias may keep.
    """
    found: list[Candidate] = _lowercase_possessive_titles(tokens, maker)
    for tok in tokens:
        if not (tok.possessive and tok.capitalised):
            continue
        start = tok.index
        while start > 0 and tokens[start - 1].capitalised and tokens[start].glued:
            if tokens[start - 1].possessive:
                break
            start -= 1
        end = tok.index + 1
        while end < len(tokens) and tokens[end].capitalised and tokens[end].glued:
            end += 1
            if tokens[end - 1].possessive or end - start >= MAX_SPAN_TOKENS:
                break
        the = start > 0 and tokens[start - 1].norm == "the" and tokens[start].glued
        for last in range(tok.index + 1, end):
            for first in (start - 1, start) if the else (start,):
                span = tokens[first : last + 1]
                written = normalise(maker.text[span[0].start : span[-1].end])
                found.append(maker.make(written, span, _TITLE_ARMS_AND_PARTS))
    return found


def _lowercase_possessive_titles(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """The same typed in lowercase: "the women's pathway" of alias "women's pathway".

    An everyday word's possessive and the word or two after it, as written, against a
    page's title or alias whole only. Not a relative's ("in nan's kitchen all day", "my
    nan's kitchen scales"): that is the relative's own, whatever a page is called.
    """
    found: list[Candidate] = []
    for tok in tokens:
        if not tok.possessive or tok.capitalised or tok.apostrophe_only:
            continue
        before = tokens[tok.index - 1] if tok.index and tok.glued else None
        if tok.norm in FAMILY_WORDS or (
            before is not None and before.norm in POSSESSIVE_DETERMINERS
        ):
            continue
        for last in range(tok.index + 1, min(tok.index + _OWNED_WORDS + 1, len(tokens))):
            span = tokens[tok.index : last + 1]
            if not all(word.glued and not word.capitalised for word in span[1:]):
                break
            written = normalise(maker.text[span[0].start : span[-1].end])
            found.append(maker.make(written, span, EXACT_ARMS, penalty=LOWERCASE_PENALTY))
            if span[-1].possessive:
                break
    return found


#: Words after a lowercase possessive read as a title's ("women's pathway programme").
_OWNED_WORDS: Final = 2


def _whole(maker: Maker, named: Token) -> Candidate:
    """The candidate of a hyphenated name looked up whole: no honorific was cut off it."""
    tokens = list(maker.tokens)
    tokens[named.index] = named
    cand = maker.make(normalise(named.raw), [named], EXACT_ARMS)
    return dataclasses.replace(cand, span=Span(tokens, named.index, named.index))


#: The hyphenated suffix the tokens cut off a name ("-san", "-ji").
_SUFFIX = re.compile(r"-[^\W\d_]+")
#: An e-mail address or web address: its domain's own label ("thistletalent").
_DOMAIN = re.compile(
    r"(?:@|\bhttps?://(?:www\.)?|\bwww\.)(?P<label>[a-z0-9][a-z0-9-]*)\.[a-z]{2,}", re.I
)
#: A domain label this long may name an organisation (shorter ones are initials).
DOMAIN_MIN_CHARS: Final = 5
#: The mailbox of an address written as a person's names: "oswin.tarr@", "oswin_tarr@" (an
#: initial, "o.tarr@", is too little to go on).
_PERSONAL_MAILBOX = re.compile(
    r"(?<![\w.@-])(?P<given>[A-Za-z]{2,})[._](?P<family>[A-Za-z]{2,})@", re.ASCII
)
#: Arms a mailbox's names may match: a person's full name, as a title or name form.
_MAILBOX_ARMS: Final = frozenset({"title", "name-form", "slug-suffix"})
DOMAIN_ARMS: Final = frozenset({"slug-suffix"})
#: Inline code (`max([])`) and fenced blocks: identifiers there name no one.
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]*`", re.DOTALL)


def _code_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _CODE.finditer(text)] if "`" in text else []


def _in_code(cand: Candidate, text: str, code: list[tuple[int, int]]) -> bool:
    """Inside a code span, or a word called as a function ("max(xs)", "len()")."""
    if cand.text_index != 0:
        return False  # offsets of a window text are not offsets of ``text``
    if text[cand.end : cand.end + 1] == "(":
        return True
    return any(start <= cand.start and cand.end <= end for start, end in code)


#: Words a relation to the speaker follows ("my sister", "our accountant").
_SPEAKERS: Final = frozenset({"my", "our"})
RELATION_ARMS: Final = frozenset({RELATION_ARM})


def _relations(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Who someone is to the user: "my younger sister", "our accountant".

    The key is the one a person's page files its stated relation under
    (:mod:`bb_brain._relations`), so the alias index resolves it like any other name.
    """
    found: list[Candidate] = []
    for tok in tokens:
        for owner in (tok, as_typed(tok)) if _a_name_as_typed(tokens, tok) else (tok,):
            if (relative := _someones_relative(tokens, owner, maker)) is not None:
                found.append(relative)  # "tobiah's mum", "the groom's dad"
            found += _someones_pet(tokens, owner, maker)  # "odiles whippet", "the vask dachshund"
        if (relative := _relative_of_someone(tokens, tok, maker)) is not None:
            found.append(relative)  # "the father of the groom"
        found += _by_their_trade(tokens, tok, maker)  # "the dues lady", "the kiln place"
        if tok.norm in KIN_NAMES and _kin_name(tokens, tok):
            key = relation_key([], tok.norm)
            if key is not None:
                found.append(maker.make(key, [tok], RELATION_ARMS))
            continue
        if tok.norm in ("the", "our") and not tok.possessive:
            if (role := _the_role(tokens, tok, maker)) is not None:
                found.append(role)
            if tok.norm == "the":
                continue
        if tok.norm not in _SPEAKERS or tok.possessive:
            continue
        following: list[Token] = []
        for nxt in tokens[tok.index + 1 : tok.index + 2 + MAX_MODIFIERS]:
            if not nxt.glued:
                break
            following.append(nxt)
        hit = relation_in([nxt.word for nxt in following], possessive=True)
        if hit is not None:
            key, size = hit
            found.append(maker.make(key, [tok, *following[:size]], RELATION_ARMS))
    return found


def _the_role(tokens: list[Token], tok: Token, maker: Maker) -> Candidate | None:
    """A role after "the" or "our" that one person the user knows holds.

    "the accountant needs the payslips", "email the commodore", "email the harbour
    master".
    """
    nxt = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if (
        nxt is not None
        and nxt.glued
        and nxt.norm in SERVICE_ROLES
        and _unplaced(tokens, nxt)
        and not _in_apposition(tokens, tok)
    ):
        key = relation_key([], nxt.norm)  # "the accountant needs the payslips"
        return maker.make(key, [tok, nxt], RELATION_ARMS) if key is not None else None
    if nxt is not None and nxt.glued and _a_known_role(tokens, nxt):
        # "who's the steward", "email the commodore": the one the user knows
        return maker.make(f"the {nxt.norm}", [tok, nxt], RELATION_ARMS)
    if nxt is not None and (compound := _a_compound_role(tokens, nxt)) is not None:
        # "email the harbour master": the one whose page says so
        return maker.make(compound, [tok, nxt, tokens[nxt.index + 1]], RELATION_ARMS)
    if nxt is not None and (described := _a_known_role_described(tokens, nxt)) is not None:
        # "the dog warden rang back": the one whose page opens "... dog warden"
        return maker.make(described, [tok, nxt, tokens[nxt.index + 1]], RELATION_ARMS)
    return None


def _a_known_role_described(tokens: list[Token], what: Token) -> str | None:
    """The key of a known role after a noun that says which: "the dog warden"."""
    if not what.glued or what.possessive or what.index + 1 >= len(tokens):
        return None
    role = tokens[what.index + 1]
    if not role.glued or not _a_known_role(tokens, role):
        return None
    return described_role(what.norm, role.norm)


def _a_name_as_typed(tokens: list[Token], tok: Token) -> bool:
    """An owner whose slip was undone, but which is a given name as typed: "marnie's whippet".

    The tokenizer reads "marnie" as "marine", one slip away; an owner is looked up both ways
    (the index settles which), when the letters as typed are a given name people bear and no
    article or possessive stands before them ("the astor's wife" is the pastor's). Only the
    owner before a possessive is: "mum of marnie" and "the marnie whippet" are not.
    """
    if not tok.typed or not a_given_name(tok.typed):
        return False
    before = tokens[tok.index - 1] if tok.index and tok.glued else None
    return before is None or before.norm not in DETERMINERS


def _someones_relative(tokens: list[Token], owner: Token, maker: Maker) -> Candidate | None:
    """Someone's family word after their possessive: "tobiah's mum", "the groom's dad".

    Keyed as a page that says whose relative its person is files it
    (:func:`bb_brain._relations.relative_keys`).
    """
    if not owner.possessive or not owner.norm.isalpha() or owner.norm in _SPEAKERS:
        return None
    nxt = tokens[owner.index + 1] if owner.index + 1 < len(tokens) else None
    if nxt is None or not nxt.glued or nxt.norm not in RELATIVE_NOUNS:
        return None  # "tobiah's mum's car" is hers too
    before = tokens[owner.index - 1] if owner.index and owner.glued else None
    whose = f"the {owner.norm}" if before is not None and before.norm == "the" else owner.norm
    # the family word alone: the possessor stays a mention of its own ("tobiah" is Tobiah)
    return maker.make(relative_key(whose, nxt.norm), [nxt], RELATION_ARMS)


def _someones_pet(tokens: list[Token], owner: Token, maker: Maker) -> list[Candidate]:
    """An animal by its keeper's name and its kind: "odile's whippet", "the vask dachshund".

    Keyed as a pet's page files its keeper and kind (:func:`bb_brain._relations.pet_keys`):
    the kind is one word or two ("cairn terrier"), typed after the keeper's possessive (with
    or without its apostrophe) or after "the" and the keeper's family name. The span is the
    kind alone, so the keeper's name stays a mention of its own.
    """
    keeper = owner
    if owner.norm == "the" and not owner.possessive:
        family = next_glued(tokens, owner.index)
        if family is None or family.possessive or not family.norm.isalpha():
            return []
        if sense(family.norm).lexical:
            return []  # "the big red bus": a word, no family's name
        keeper, whose = family, f"{family.norm}'s"  # "the vask dachshund": the Vasks' dog
    elif not owner.norm.isalpha() or owner.norm in _SPEAKERS:
        return []
    elif owner.possessive:
        whose = f"{owner.norm}'s"
    elif (stem := possessive_typed_without_apostrophe(tokens, owner)) is not None:
        whose = f"{stem}'s"
    else:
        return []
    kind = _glued_run(tokens, keeper, _PET_KIND_WORDS)
    if kind and not _a_kind_word(kind[0].norm):
        return []  # "kevin's car is": no kind of animal after the keeper
    if len(kind) > 1 and not _a_kind_word(kind[1].norm):
        kind = kind[:1]
    return [
        maker.make(
            " ".join([whose, *(tok.norm for tok in kind[:size])]), kind[:size], RELATION_ARMS
        )
        for size in range(1, len(kind) + 1)
    ]


def _by_their_trade(tokens: list[Token], article: Token, maker: Maker) -> list[Candidate]:
    """Someone known by their trade: "the dues lady", "those gutter people".

    A determiner, a word or two that say what they do, and a noun for a person or an
    outfit (:mod:`bb_brain._described`): keyed by the words as said.
    """
    if article.norm not in TRADE_DETERMINERS or article.possessive:
        return []
    words: list[Token] = []
    for tok in tokens[article.index + 1 : article.index + 2 + _TRADE_WORDS]:
        if not tok.glued or not tok.norm.isalpha():
            return []
        generic = tok.norm in PERSON_WORDS or tok.norm in OUTFIT_WORDS
        if words and generic:
            trade = [word.norm for word in words]  # "ice cream guy": no "cream" one
            return [maker.make(trade_key(trade, tok.norm), [*words, tok], DESCRIBED_ARMS)]
        if generic or tok.possessive or sense(tok.norm).function:
            return []  # "the shop people": a word for any outfit says no trade
        words.append(tok)
    return []


#: The most words saying what someone does before the noun for them ("gutter cleaning guy").
_TRADE_WORDS: Final = 2
DESCRIBED_ARMS: Final = frozenset({DESCRIBED_ARM})


def _a_kind_word(word: str) -> bool:
    """A noun, or a word no dictionary has ("cockapoo"), and no verb's finite form."""
    meaning = sense(word)
    if meaning.function:
        return False
    if not meaning.lexical:
        return True
    return meaning.noun and not (finite(word) and not meaning.plural_noun)


#: The most words of a pet's kind after its keeper's name ("cairn terrier").
_PET_KIND_WORDS: Final = 2


def _glued_run(tokens: list[Token], tok: Token, most: int) -> list[Token]:
    """Up to ``most`` words after ``tok`` in the same phrase, the last a possessive if any."""
    run: list[Token] = []
    for nxt in tokens[tok.index + 1 : tok.index + 1 + most]:
        if not nxt.glued or not nxt.norm.isalpha():
            break
        run.append(nxt)
        if nxt.possessive:
            break
    return run


def _relative_of_someone(tokens: list[Token], noun: Token, maker: Maker) -> Candidate | None:
    """A family word and "of" someone: "the father of the groom", "sister of tobiah".

    The same relation as "the bride's mother", keyed alike. The phrase is one mention: the
    one it names is the relative, not the bride.
    """
    if noun.norm not in RELATIVE_NOUNS or noun.possessive:
        return None
    after = tokens[noun.index + 1 : noun.index + 4]
    if len(after) < 2 or after[0].norm != "of" or not all(tok.glued for tok in after):
        return None
    whose = after[1]
    if whose.norm == "the" and len(after) == 3:
        owner = f"the {after[2].norm}"
        whose = after[2]
    else:
        owner = whose.norm
    if not whose.norm.isalpha() or whose.norm in _SPEAKERS:
        return None
    owned = tokens[whose.index + 1] if whose.index + 1 < len(tokens) else None
    if whose.possessive and owned is not None and owned.norm in ROLE_NOUNS:
        return None  # "the sister of tobiah's flatmate" is the flatmate's, not Tobiah's
    span = tokens[noun.index : whose.index + 1]
    return maker.make(relative_key(owner, noun.norm), span, RELATION_ARMS)


def _in_apposition(tokens: list[Token], article: Token) -> bool:
    """A name right before "the <role>" that the role describes: "Niamh the physio".

    The role says who the name is, not who the user's physio is.
    """
    before = tokens[article.index - 1] if article.index > 0 else None
    if before is None or not before.norm.isalpha():
        return False
    meaning = sense(before.norm)
    return not (meaning.lexical or meaning.function or meaning.calendar)


def _unplaced(tokens: list[Token], role: Token) -> bool:
    """A service role said with nothing placing it elsewhere ("the landlord").

    Not "the landlord of the pub", "the accountant at the bank" or "the lawyer on that tv
    show"; a time after it says when, not whose ("the dentist on friday").
    """
    after = tokens[role.index + 1] if role.index + 1 < len(tokens) else None
    if after is None or not after.glued or after.norm not in _PLACING:
        return True
    if role.possessive or role.contracted:
        return True  # "the landlord's on the phone": its 's is "is", what follows says where
    then = tokens[after.index + 1] if after.index + 1 < len(tokens) else None
    if then is not None and then.glued and then.norm == "the":
        then = tokens[then.index + 1] if then.index + 1 < len(tokens) else None
    return then is not None and (
        is_calendar_word(then.norm)
        or then.norm[:1].isdigit()
        or then.norm in _WHEN
        or then.norm in _TIME_NOUNS
    )


#: Prepositions after a role that place its holder elsewhere.
_PLACING: Final = frozenset("of at for on in from with".split())
#: Verbs of the idiom "keep it mum".
_KEEP: Final = frozenset("keep keeps kept keeping".split())


def _a_compound_role(tokens: list[Token], what: Token | None) -> str | None:
    """The key of "harbour master" after "the", unplaced: the one the user knows."""
    if what is None or not what.glued or what.possessive or what.index + 1 >= len(tokens):
        return None
    role = tokens[what.index + 1]
    if not role.glued or not _unplaced(tokens, role):
        return None
    if what.capitalised and role.capitalised:
        return None  # "we watched The Night Manager": a title
    return compound_role(what.norm, role.norm.removesuffix("'s"))


def _a_known_role(tokens: list[Token], role: Token) -> bool:
    """A role the user knows one person in, said of that one: not "the treasurer of X"."""
    if role.norm not in KNOWN_ROLES or role.norm in SERVICE_ROLES:
        return False
    after = tokens[role.index + 1] if role.index + 1 < len(tokens) else None
    if after is None or not after.glued or role.possessive:
        return True
    # "the treasurer of the golf club" is that club's; "the coach trip" is a trip
    word = sense(after.norm)
    return after.norm != "of" and not (word.noun and not word.function and not _verb_too(word.word))


def _verb_too(word: str) -> bool:
    """The noun is a verb of a singular subject too: "the vicar rang", "the coach wants"."""
    return bool({"VBZ", "VBD"} & inflections(word))


def _kin_name(tokens: list[Token], tok: Token) -> bool:
    """A family word as a name: "mum rang" is the speaker's mother, "her mum" is not.

    Nor is "mum" in the idioms of keeping quiet: "keep it mum", "mum's the word".
    """
    before = tokens[tok.index - 1] if tok.index > 0 and tok.glued else None
    after = tokens[tok.index + 1] if tok.index + 1 < len(tokens) else None
    if tok.norm == "mum" and tok.possessive and after is not None and after.glued:
        following = tokens[after.index + 1] if after.index + 1 < len(tokens) else None
        if after.norm == "the" and following is not None and following.norm == "word":
            return False  # "mum's the word"
    if tok.norm == "mum" and before is not None and before.norm == "it":
        verb = tokens[before.index - 1] if before.index > 0 and before.glued else None
        if verb is not None and verb.norm in _KEEP:
            return False  # "keep it mum"
    if before is None:
        return True
    # "it's mum's birthday": the 's of a pronoun is "is"
    owner = before.possessive and not sense(before.norm).function
    return not (before.norm in DETERMINERS or owner)


def _distinct(found: Iterable[Candidate]) -> list[Candidate]:
    """One candidate per (key, span, ambiguity): arms and evidence of duplicates merged.

    The same word may be offered twice with different needs ("trellis" as an alias outright,
    as a title on evidence only): those stay apart.
    """
    merged: dict[tuple[str, int, int, str], Candidate] = {}
    for cand in found:
        key = (cand.norm, cand.start, cand.end, cand.ambiguity)
        first = merged.get(key)
        if first is None:
            merged[key] = cand
            continue
        # one span, so the same words around it: what the duplicate adds is its own
        # evidence (read only if the candidate is ever judged), unless either was decided
        lazy = first.given is None and cand.given is None and not (first.dropped or cand.dropped)
        merged[key] = dataclasses.replace(
            first,
            arms=first.arms | cand.arms,
            penalty=min(first.penalty, cand.penalty),
            given=None if lazy else tuple(dict.fromkeys((*first.signals, *cand.signals))),
            merged=(*first.merged, *cand.extra) if lazy else (),
            fuzzy=first.fuzzy or cand.fuzzy,
            surname_on_evidence=first.surname_on_evidence or cand.surname_on_evidence,
        )
    return list(merged.values())


def _chunks(tokens: list[Token], text: str) -> list[list[Token]]:
    """Split where anything but whitespace separates tokens, after a possessive, at a line end.

    A pasted list puts one item on each line ("The Old Mill" / "Tue 09:30"): no name runs on.
    An ampersand between two lowercase words joins them ("flax & tansy" may be a title).
    """
    chunks: list[list[Token]] = []
    current: list[Token] = []
    for tok in tokens:
        if current and (
            not (tok.glued or _ampersand(current[-1], tok, text))
            or current[-1].possessive
            or tok.line_start
        ):
            chunks.append(current)
            current = []
        current.append(tok)
    if current:
        chunks.append(current)
    return chunks


def _shouted(text: str) -> bool:
    """Typed in capitals throughout: a few words of letters, not one lowercase letter."""
    words = _WORDS.findall(text)
    return len(words) >= SHOUTED_MIN_WORDS and not any(char.islower() for char in text)


def _unshouted(text: str) -> str:
    """The text with every sentence typed in capitals throughout in lowercase.

    "GUSSIE IS LIMPING AGAIN. vet at four": the shouting stops at the sentence's end.
    """
    if _CAPITALS_RUN.search(text) is None:
        return text  # no three words in capitals in a row: nothing shouted
    if _shouted(text):
        return _uncapitalised(text)
    pieces = [
        _uncapitalised(piece) if _shouted(piece) else _runs_unshouted(piece)
        for piece in _SENTENCES.split(text)
    ]
    return "".join(pieces)


def _runs_unshouted(text: str) -> str:
    """Each run of words typed in capitals in a sentence that goes on in lowercase, lowered.

    "IVO NEEDS THE SLIDES BY NOON fyi, he's chasing": the capitals shout, as a whole
    sentence in capitals does, and the words are read as typed in lowercase. A run is at
    least :data:`SHOUTED_MIN_WORDS` words on one line, two of them longer than a letter
    (a lone "A" or "I" is a capital anyway); a shorter one is left as written ("the NHS
    GP letter"). Lowering keeps every offset where it was (:func:`_uncapitalised`).
    """
    for start, end in _shouted_runs(text):
        text = text[:start] + _uncapitalised(text[start:end]) + text[end:]
    return text


def _shouted_runs(text: str) -> list[tuple[int, int]]:
    """Where the runs of words in capitals are (see :func:`_runs_unshouted`)."""
    runs: list[list[re.Match[str]]] = []
    run: list[re.Match[str]] = []
    for word in _LETTER_RUNS.finditer(text):
        capitals = word.group(0).isupper()
        if run and (not capitals or "\n" in text[run[-1].end() : word.start()]):
            runs.append(run)
            run = []
        if capitals:
            run.append(word)
    runs.append(run)
    return [
        (run[0].start(), run[-1].end())
        for run in runs
        if len(run) >= SHOUTED_MIN_WORDS and sum(len(word.group(0)) > 1 for word in run) > 1
    ]


#: Words of letters, one letter or more ("I" and "A" are words in capitals too).
_LETTER_RUNS = re.compile(r"[^\W\d_]+")


#: Three words in capitals in a row, as any shouted sentence has.
_CAPITALS_RUN = re.compile(r"[A-Z]{2,}[^a-z]+?[A-Z]{2,}[^a-z]+?[A-Z]{2,}")
#: Sentences and lines, each with the marks that end it (joined back, the text again).
_SENTENCES = re.compile(r"(?<=[.!?\n])")


def _uncapitalised(text: str) -> str:
    """The text in lowercase, character for character (offsets stay where they were)."""
    return "".join(low if len(low := char.lower()) == 1 else char for char in text)


#: Words of two letters or more (a lone "A" or "I" is a word in either case).
_WORDS = re.compile(r"[^\W\d_]{2,}")
#: A text of this many words or more in capitals is shouted, not a list of acronyms.
SHOUTED_MIN_WORDS: Final = 3


def _written_forms(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Phrases looked up whole as a title or alias exactly as a page writes it.

    The other channels read a run of capitals or a lowercase stretch; a page's own form may
    be neither: a name and everyday words ("the Quenby itinerary", "the Grisedale show",
    "Pellowe fun run") or a possessive inside it ("nana's 90th", "St Pellowe's").
    Such a phrase matches only a title or an alias, whole: it holds a capital that is not
    the sentence's (or a possessive), opens with a capital, an owner or "the", and ends in a
    word of its own, never a function word. Everyday words with no name among them still
    need evidence (:func:`_written_form`).
    """
    found: list[Candidate] = []
    for first, opening in enumerate(tokens):
        for dropped in _article_dropped(tokens, opening) + _a_times_own(tokens, opening):
            # "Squad was brilliant tonight", "slurry pump's running hot": notes drop the
            # article of "the squad" and "the slurry pump"
            said = " ".join(tok.norm for tok in dropped)
            found.append(maker.make(f"the {said}", dropped, ALIAS_ONLY))
        if opening.norm != "the" and sense(opening.norm).function:
            continue
        if not (_named_capital(opening) or opening.possessive or opening.norm == "the"):
            continue  # a page's form opens with its name, its article or its owner
        if opening.possessive and _a_place_by_its_owner(tokens, opening):
            # "lunch at Ottilie's": a restaurant or a shop named by its owner
            owned = normalise(maker.text[opening.start : opening.end + 2])
            made = maker.make(owned, [opening], _ARTICLE_ARMS)
            written = maker.text[opening.start : opening.end + 2]  # with its "'s"
            found.append(dataclasses.replace(made, end=opening.end + 2, raw=written))
        for last in range(first + 1, min(first + MAX_WRITTEN_TOKENS, len(tokens))):
            span = tokens[first : last + 1]
            inner = span[-1]
            if not inner.glued or inner.line_start or span[-2].possessive and len(span) > 2:
                break  # one possessive at most, and only where the phrase may end or go on
            if sense(inner.norm).function and (inner.norm not in CONNECTORS or inner.norm == "the"):
                break  # "Scarrow to the groomer" is no form of a page's
            possessive = any(tok.possessive for tok in span)
            mixed = any(_a_name(tok) for tok in span) and any(not tok.capitalised for tok in span)
            if span[0].norm == "the" and not span[1].capitalised:
                continue  # "the" opens a page's form only before its capitalised name
            if span[0].norm == "the" and span[0].capitalised and not span[0].sentence_start:
                continue
            if not (possessive or mixed) or sense(span[-1].norm).function:
                continue
            counted = any(any(char.isdigit() for char in tok.norm) for tok in span)
            if not (mixed or counted) and _runs_on(tokens, inner):
                continue  # "my dad's army medals": the phrase goes on past any title
            # "St Pellowe's Day": the possessive opens a longer name, so only the owner's
            # own form is looked up ("Auntie Pat's Christmas do" is still Auntie Pat's)
            found += _written_form(span, maker, owner_only=_name_runs_on(tokens, inner))
    return found


def _written_form(span: list[Token], maker: Maker, *, owner_only: bool = False) -> list[Candidate]:
    """The span looked up as written, its closing "'s" included, and without it as well.

    "the Kell itinerary's ready" may be the itinerary itself; everyday words with no name
    or number among them ("mum's kitchen", not "gran's 80th") are a title on evidence only.
    """
    last = span[-1]
    ends = [last.end + 2, last.end] if last.contracted and not owner_only else [last.end]
    named = any(_a_name(tok) or any(c.isdigit() for c in tok.norm) for tok in span)
    everyday = not named and all(
        sense(tok.norm).lexical or is_ordinary(tok.norm) or tok.norm in FAMILY_WORDS
        for tok in span
        if tok.norm != "the"
    )
    found: list[Candidate] = []
    for end in ends:
        norm = normalise(maker.text[span[0].start : end])
        ambiguity = f"everyday phrase {norm!r}" if everyday else ""
        found.append(maker.make(norm, span, _WRITTEN_ARMS, ambiguity=ambiguity))
    return found


#: What a page's written form may match: its title, an alias, or the short name a place or
#: an event goes by without its kind ("St Pellowe's" of St Pellowe's Hall).
_WRITTEN_ARMS: Final = frozenset({"title", "alias"}) | SHORT_NAME_ARMS


def _name_runs_on(tokens: list[Token], last: Token) -> bool:
    """A capitalised word follows in the same chunk: the name goes on."""
    following = tokens[last.index + 1] if last.index + 1 < len(tokens) else None
    return following is not None and following.glued and following.capitalised


def _runs_on(tokens: list[Token], last: Token) -> bool:
    """A noun follows the phrase in the same chunk of words."""
    after = tokens[last.index + 1] if last.index + 1 < len(tokens) else None
    return after is not None and after.glued and not last.possessive and sense(after.norm).noun


def _article_dropped(tokens: list[Token], tok: Token) -> list[list[Token]]:
    """The subject opening the sentence, one to three words, its article left out.

    Chat and notes drop the article of a subject they open on ("Van's been rattling all
    week", "slurry pump's running hot", "also kneadmaster's making a noise"): a singular noun
    takes none only so, before its verb. The verb may be contracted onto the phrase's last
    word, never a possessive's noun ("Van's engine"); after several words it is an
    auxiliary, a copula or "needs" (:data:`SUBJECT_VERBS`). Each word is a noun or one no
    dictionary has ("gullery"), never a function word.
    """
    if not _opens_the_sentence(tokens, tok):
        return []
    spans: list[list[Token]] = []
    for last in range(tok.index, min(tok.index + _DROPPED_MAX_WORDS, len(tokens))):
        word = tokens[last]
        if last > tok.index and (not word.glued or word.capitalised):
            break
        if not _a_subjects_word(word) or last + 1 >= len(tokens):
            break
        verb = tokens[last + 1]
        if word.possessive:
            if word.contracted and verb.glued and _its_verb(tokens, verb):
                spans.append(tokens[tok.index : last + 1])
            break  # a possessive ends the phrase: "Van's engine" is the engine
        if not verb.glued or verb.capitalised or not finite(verb.norm):
            continue
        if last == tok.index or verb.norm in SUBJECT_VERBS:
            # several words before a bare verb read as a headline of any such thing ("sea
            # wall collapsed"); an auxiliary after them says the one the user has
            spans.append(tokens[tok.index : last + 1])
    return spans


#: The most words a subject with its article dropped runs to ("slurry pump", "bale wrapper").
_DROPPED_MAX_WORDS: Final = 3


def _a_times_own(tokens: list[Token], tok: Token) -> list[list[Token]]:
    """A phrase after a day's or a week's possessive, as after "the": "tonight's quiz".

    A day's "'s" points at the one of a recurring thing the user has, as "the" does
    ("thursday's veg run", "this week's quiz", "last night's quiz" of "the veg run" and "the
    quiz"). The phrase ends there ("sunday's car boot sale" is no "car"), and an "'s" that is
    "is" ("the sun's heating the patio") owns nothing.
    """
    before = tokens[tok.index - 1] if tok.index else None
    if before is None or not tok.glued or not before.possessive or not _a_times(tokens, before):
        return []
    if "VERB" in sense(tok.norm).readings and _its_verb(tokens, tok):
        return []  # "sun's heating the patio": "is heating"
    spans: list[list[Token]] = []
    for last in range(tok.index, min(tok.index + _DROPPED_MAX_WORDS, len(tokens))):
        word = tokens[last]
        if last > tok.index and not word.glued:
            break
        if not _a_subjects_word(word):
            break
        if _the_phrase_ends(tokens, word):
            spans.append(tokens[tok.index : last + 1])
            break
    return spans


def _the_phrase_ends(tokens: list[Token], word: Token) -> bool:
    """No noun goes on with the word, or the next word is its verb ("quiz needs a round")."""
    nxt = tokens[word.index + 1] if word.index + 1 < len(tokens) else None
    if word.possessive or nxt is None or not nxt.glued:
        return True
    if not _only_a_noun(nxt):
        return True  # "barry run now": a word of time, no noun of the phrase
    return "VERB" in sense(nxt.norm).readings and finite(nxt.norm)


def _a_times(tokens: list[Token], owner: Token) -> bool:
    """A day or a span of time that owns what follows: "tonight's", "friday's", "next week's".

    A weekday cut short ("sun", "sat", "wed") owns only capitalised, and no day owns after
    an article ("the sun's").
    """
    before = tokens[owner.index - 1] if owner.index and owner.glued else None
    if before is not None and before.norm in _ARTICLES:
        return False
    if owner.norm in _DAYS_OWNING:
        return True
    if owner.norm in WEEKDAYS:
        return owner.norm.endswith("day") or owner.capitalised
    if owner.norm not in _SPANS_OWNING or before is None:
        return False
    return before.norm in _SPAN_OPENERS or before.norm in WEEKDAYS  # "friday night's"


#: Days that own the one of a recurring thing: "tonight's quiz".
_DAYS_OWNING: Final = frozenset("today tonight tomorrow yesterday".split())
#: Spans that own it after "this", "next", "last" or a day: "next week's", "friday night's".
_SPANS_OWNING: Final = frozenset(
    "week month year weekend term season night morning afternoon evening".split()
)
_SPAN_OPENERS: Final = frozenset("this next last tomorrow yesterday".split())
_ARTICLES: Final = frozenset({"the", "a", "an"})


def _its_verb(tokens: list[Token], verb: Token) -> bool:
    """The word after a contracted "'s" is its verb: "pump's running hot", not "pump's filter".

    A word of its state is too ("blast freezer's down"). A word that describes a noun after it
    is the owner's noun phrase ("pump's new filter",
    "pump's broken seal"). A participle that is a noun as well is the verb when a word that
    is no noun goes on with it ("running hot", "running today"); before a noun ("the pump's
    running costs") or alone ("the fair's planning.") it is the owner's noun.
    """
    meaning = sense(verb.norm)
    after = tokens[verb.index + 1] if verb.index + 1 < len(tokens) else None
    then_a_noun = after is not None and after.glued and _only_a_noun(after)
    if verb.norm in _STATES:
        return not then_a_noun  # "blast freezer's down again", not "pump's down pipe"
    if not meaning.noun:
        if verb.norm in _AUXILIARY_PARTICIPLES:
            return True  # "squad's been training", "pump's got worse"
        # "pump's new filter", "pump's broken seal"; "squad's won promotion" is "has won"
        return not ("ADJ" in meaning.readings and then_a_noun)
    if not {"VBG", "VBN"} & inflections(verb.norm):
        return False
    return after is not None and after.glued and not then_a_noun


#: Words of a thing's state after "'s" ("is"): "blast freezer's down", "van's off the road".
_STATES: Final = frozenset("down up off out back".split())
#: Participles of the auxiliaries after a contracted "has": "squad's been training".
_AUXILIARY_PARTICIPLES: Final = frozenset("been got gotten gone done had".split())


def _only_a_noun(tok: Token) -> bool:
    """A noun that describes or places nothing: "costs", not "today", "fine" or "out"."""
    readings = sense(tok.norm).readings
    return "NOUN" in readings and not readings & {"ADV", "ADJ", "ADP", "PART"}


def _opens_the_sentence(tokens: list[Token], tok: Token) -> bool:
    """The word opens its sentence, or follows in lowercase a word that moves the talk on.

    As its capital or in lowercase at the start ("Gullery has a cut-off"); in lowercase
    after "also", "oh", "anyway" and the like ("also gullery has a cut-off").
    """
    if tok.raw[1:] and not tok.raw[1:].islower():
        return False  # "TV", "McAdam": no word of a phrase its article left
    if tok.sentence_start or tok.line_start:
        return True
    return not tok.capitalised and opens_its_sentence(tokens, tok.index)


def _a_subjects_word(tok: Token) -> bool:
    """A noun, or a word no dictionary has: a word of a subject's phrase."""
    if not all(part.isalpha() for part in tok.norm.split("-")):
        return False
    meaning = sense(tok.norm)
    if meaning.function:
        return False
    return meaning.noun or not meaning.lexical


def _a_place_by_its_owner(tokens: list[Token], owner: Token) -> bool:
    """A possessive that ends its phrase after a preposition of place: "lunch at Ottilie's".

    "Ottilie's son", "Ottilie's back" and "ask Ottilie's team" are the person's.
    """
    if owner.apostrophe_only or owner.index == 0 or not owner.glued:
        return False
    if tokens[owner.index - 1].norm not in PLACE_PREPOSITIONS:
        return False
    after = tokens[owner.index + 1] if owner.index + 1 < len(tokens) else None
    if after is None or not after.glued or sense(after.norm).function:
        return True
    if sense(after.norm).calendar or after.norm in _WHEN:
        return True  # "at Ottilie's tonight"
    if after.norm not in ("last", "next", "this") or after.index + 1 >= len(tokens):
        return False
    when = tokens[after.index + 1]  # "at Ottilie's last night", not "at Ottilie's last gig"
    return when.glued and (when.norm in _TIME_NOUNS or sense(when.norm).calendar)


#: Words of when that may follow a place's name: "we ate at Ottilie's tonight".
_WHEN: Final = frozenset("tonight tomorrow yesterday today later earlier again".split())
#: Times "last", "next" or "this" may open after a place's name.
_TIME_NOUNS: Final = frozenset("night week weekend month year time morning evening".split())


def _a_name(tok: Token) -> bool:
    """Capitalised as a name is: not for the sentence, and no family word ("Mum's kitchen")."""
    return _named_capital(tok) and tok.norm not in FAMILY_WORDS


def _named_capital(tok: Token) -> bool:
    """Capitalised as a name is, not only because it opens a sentence."""
    return tok.capitalised and not (tok.sentence_start and _trimmable(tok))


#: The longest phrase :func:`_written_forms` looks up.
MAX_WRITTEN_TOKENS: Final = 5


def _ampersand_titles(tokens: list[Token], maker: Maker) -> list[Candidate]:
    """Two capitalised words joined by "&" or "and" ("Briar & Sorrel"): a title, spelt as one.

    Each word stays a candidate of its own too, so "Ana & Ben" still names two people.
    """
    found: list[Candidate] = []
    for left, right in itertools.pairwise(tokens):
        if left.capitalised and right.capitalised and _joined_by_ampersand(left, right, maker.text):
            found += _either_joiner(maker, [left, right])
    for left, middle, right in zip(tokens, tokens[1:], tokens[2:], strict=False):
        # "Opal and Finch": the same title with its "&" written out
        joined = middle.norm == "and" and middle.glued and right.glued
        if joined and left.capitalised and right.capitalised:
            found += _either_joiner(maker, [left, middle, right])
    return found


def _either_joiner(maker: Maker, span: list[Token]) -> list[Candidate]:
    """The joined title spelt with "&" and with "and", as a page may write it either way.

    It may be a firm's short name too ("Toller & Sons" of Toller & Sons Haulage).
    """
    left, right = span[0], span[-1]
    forms = (f"{left.raw} & {right.raw}", f"{left.raw} and {right.raw}")
    return [maker.make(normalise(form), span, _JOINED_ARMS) for form in forms]


#: Arms two capitalised words joined by "&" or "and" may match.
_JOINED_ARMS: Final = NAME_ARMS | SHORT_NAME_ARMS


def _joined_by_ampersand(left: Token, right: Token, text: str) -> bool:
    return text[left.end : right.start].strip() == "&"


def _ampersand(left: Token, right: Token, text: str) -> bool:
    """Two lowercase words joined by "&" only."""
    lower = not (left.capitalised or right.capitalised)
    return lower and _joined_by_ampersand(left, right, text)


def _trimmable(tok: Token) -> bool:
    """A sentence-initial word that may be capitalised only because it starts the sentence."""
    word = sense(tok.norm)
    return word.function or word.calendar or word.lexical


def _without_its_opener(run: list[Token]) -> list[Token]:
    """The run without the word that opens its sentence, when an honorific follows it.

    "Does Dr Price know?", "Ask Prof. Best": the opener is capitalised for the sentence,
    and the honorific after it still titles the name.
    """
    if len(run) < 3 or not run[0].sentence_start or not _trimmable(run[0]):
        return run
    return run[1:] if run[1].norm in HONORIFICS else run


def _capitalised(chunk: list[Token], maker: Maker) -> list[Candidate]:
    found: list[Candidate] = _titles_with_a_small_word(chunk, maker)
    found += _with_its_article(chunk, maker)
    for run in _runs(chunk):
        if len(run) >= 2:
            fuzzy = _misspelt_run(run)  # "Harbour Cylces said": the whole run, typo and all
            found.append(maker.make(join(run), run, RUN_ARMS, fuzzy=fuzzy))
        core, extra = _strip_titles(_without_its_opener(run))
        if core is not run and len(core) >= 2:
            found.append(maker.make(join(core), core, RUN_ARMS, extra=extra))
        for part in _split_calendar(core):
            found += _name_run(part, maker, extra)
    return found


def _with_its_article(chunk: list[Token], maker: Maker) -> list[Candidate]:
    """A capitalised run after a lowercase "the", looked up with it: "quiz at the Tankard".

    A pub, a band or a venue goes by its title with the article ("the Tankard" of The
    Leaning Tankard, "the Lamplighters"); the capitals mark the name, and only a title or an alias
    that has the article matches it whole.
    """
    found: list[Candidate] = []
    for run in _runs(chunk):
        first = run[0]
        if first.sentence_start or not first.glued or first.index == 0:
            continue
        the = maker.tokens[first.index - 1]
        if the.norm != "the" or the.capitalised or len(run) >= MAX_SPAN_TOKENS:
            continue
        span = maker.tokens[the.index : run[-1].index + 1]
        found.append(maker.make(join(span), span, _ARTICLE_ARMS))
    return found


#: What a title with its article may match: the page's title or an alias, whole.
_ARTICLE_ARMS: Final = frozenset({"title", "alias"})


def _titles_with_a_small_word(chunk: list[Token], maker: Maker) -> list[Candidate]:
    """A title whose capitalised words a small lowercase word joins: "Tarts on Tour".

    Such a run is no name of a person, so it is looked up as a title or an alias only,
    whole: "Whitby in May" matches nothing, and the runs either side stay candidates.
    """
    found: list[Candidate] = []
    for index, tok in enumerate(chunk):
        if tok.capitalised or tok.norm not in _TITLE_SMALL_WORDS or not tok.glued:
            continue
        left = index
        while left > 0 and chunk[left - 1].capitalised and chunk[left].glued:
            left -= 1
        right = index + 1
        while right < len(chunk) and chunk[right].capitalised and chunk[right].glued:
            right += 1
        # every stretch around the small word, so a title is found beside other capitalised
        # words ("booked Quinta do Sobreiro Monday", "Booked Tarts on Tour")
        for start in range(left, index):
            for end in range(index + 2, right + 1):
                span = chunk[start:end]
                if len(span) <= MAX_SPAN_TOKENS:
                    found.append(maker.make(join(span), span, _TITLE_ARMS))
    return found


#: Small words a title keeps in lowercase between its capitalised words, English and the
#: particles of other languages' names ("Herdade do Alecrim", "Tsuki no Fune", "Iolo ap
#: Heddwyn"), which are English words too often to join a run of names ("Can Sam do Friday").
_TITLE_SMALL_WORDS: Final = frozenset(
    "on in at for with to upon under over and do dos das no ap bin ibn bint ter af zu".split()
)
#: What a title joined by a small word may match: no person's name form.
_TITLE_ARMS: Final = frozenset({"title", "alias"})
#: What a title written with a possessive inside it may match: a title, an alias or a part.
_TITLE_ARMS_AND_PARTS: Final = frozenset({"title", "alias", TITLE_PART_ARM})


def _split_calendar(core: list[Token]) -> list[list[Token]]:
    """A weekday or month inside a run stands alone: "Tuesday Zeynep" is a day and a name.

    The whole run was already a candidate, so a name that starts with a month ("April
    Nguyen") still matches its title exactly.
    """
    if len(core) < 2 or not any(sense(tok.norm).calendar for tok in core):
        return [core]
    parts: list[list[Token]] = []
    current: list[Token] = []
    for tok in core:
        if sense(tok.norm).calendar:
            parts += [current, [tok]] if current else [[tok]]
            current = []
        else:
            current.append(tok)
    return [*parts, current] if current else parts


def _name_run(part: list[Token], maker: Maker, extra: tuple[str, ...]) -> list[Candidate]:
    """Candidates of one run of capitalised words (honorifics and calendar words apart)."""
    if len(part) == 1:
        return _standalone(part[0], maker, extra)
    if len(part[-1].norm) == 1 and part[-1].norm.isalpha():
        # "Lakshmi V": a name and the initial of a family name; the name is what is known,
        # and with the initial's period ("Juniper K. asked") a person's name, as nothing else is
        if part[-1].initial and len(part) == 2 and part[0].norm not in LETTERED_NOUNS:
            extra = (*extra, f"{FAMILY_INITIAL} ({part[-1].raw}.)")
        return _name_run(part[:-1], maker, extra)
    if _given_initial(part):
        # "22. C Quell (Dale AC)": a results list's given initial, bare; the family name
        # is what is known, and the initial must agree with the page's other names
        rest = part[1:]
        while len(rest) > 1 and _given_initial(rest):
            rest = rest[1:]  # "M. J. Ruddle": the first initial is the given name's
        return _name_run(rest, maker, (*extra, f"{GIVEN_INITIAL} ({part[0].raw})"))
    trimmed = _without_connectors(
        part[1:] if part[0].sentence_start and _trimmable(part[0]) else part
    )
    if not trimmed:
        return []
    if len(trimmed) == 1:
        if trimmed is not part and _names_a_kind(part[0], trimmed[0], maker):
            extra = (*extra, COMPOUND_HEAD)  # "Garden Sage: gin, honey": no Sage's
        return _standalone(trimmed[0], maker, extra)
    fuzzy = _misspelt_run(trimmed)
    found = [maker.make(join(trimmed), trimmed, RUN_ARMS, extra=extra, fuzzy=fuzzy)]
    if _coined_head(trimmed):
        # "Kilnworth Winter Market": the coined name modifies the everyday words after it
        # (what is said of the run is said of what it runs, not of someone of that name)
        head = maker.make(trimmed[0].norm, trimmed[:1], ALL_ARMS)
        found.append(dataclasses.replace(head, given=(MODIFIER,)))
    for size in range(min(len(trimmed) - 1, MAX_SPAN_TOKENS), 1, -1):
        for offset in range(len(trimmed) - size + 1):
            span = trimmed[offset : offset + size]
            if span[0].norm in CONNECTORS or span[-1].norm in CONNECTORS:
                continue
            found.append(maker.make(join(span), span, RUN_ARMS, extra=extra))
    return found


def _without_connectors(run: list[Token]) -> list[Token]:
    """The run without the connectors at its ends ("of", "van"), unless one is all of it."""
    if _a_particle_alone(run):
        return run  # "Del wants to lead"
    while run and run[0].norm in CONNECTORS:
        run = run[1:]
    while run and run[-1].norm in CONNECTORS:
        run = run[:-1]
    return run


def _given_initial(part: list[Token]) -> bool:
    """A capital letter alone before a capitalised name ("C Quell", "T.J. Quell").

    Not "I" or "A", words of their own.
    """
    first = part[0]
    return (
        len(part) >= 2
        and INITIALS.fullmatch(first.raw) is not None
        and (first.raw not in _WORD_LETTERS or first.initial)  # "A. Vowles"
        and part[1].capitalised
        and part[1].glued
    )


#: Capital letters that are words of their own ("I think", "A Quell family reunion").
_WORD_LETTERS: Final = frozenset({"I", "A"})


def _coined_head(run: list[Token]) -> bool:
    """A word no dictionary or frequency list knows, then everyday words: a name as a modifier.

    "Kilnworth Winter Market", "Brindlecombe Summer Fete": a firm's, a place's or a
    project's coined name before what it runs ("Widget Company" is a firm's whole name,
    which the run is looked up as). As a modifier it names no person (see
    :func:`bb_brain.reflex._evidence.veto`); a run with a second unknown word is a longer
    name ("Tamsin Okoro"), and a word the lexicon knows is no coined name.
    """
    head, rest = run[0], run[1:]
    if len(run) > MAX_CAPITAL_WORDS or not unknown_word(head.norm) or not head.norm.isalpha():
        return False
    if all(tok.norm in ORG_WORDS for tok in rest):
        return False  # "Widget Company": a firm's whole name, maybe another firm's
    return all(
        _department(tok)
        or (sense(tok.norm).lexical and is_ordinary(tok.norm) and not sense(tok.norm).calendar)
        for tok in rest
    )


def _department(tok: Token) -> bool:
    """A department's acronym after a coined name: its office ("Corvenna HR", "Tolvane IT").

    A club's or a legal form's is another body ("Skelbrant FC", "Corvenna AG"); the head
    office, an officer or a national arm is the firm still ("Corvenna HQ", "Corvenna UK").
    """
    return tok.raw in _DEPARTMENTS


#: Acronyms of an organisation's departments, offices, officers and national arms.
_DEPARTMENTS: Final = frozenset(
    "HR IT PR QA UX CS AP AR BD IR HQ CEO CFO CTO COO MD UK US USA EU".split()
)


#: The longest run read as a coined name and the words it modifies.
MAX_CAPITAL_WORDS: Final = 4


def _names_a_kind(tok: Token, name: Token, maker: Maker) -> bool:
    """A sentence-initial noun that makes a compound of the name after it: "Garden Sage".

    "Yesterday Ivy said", "Poor Ivy", "Ring Ivy" and "Morning Ivy" open a sentence before a
    name; a singular noun makes a name after it the head of a compound ("Garden Sage",
    "Storm Ivy", "Project Hope"): a drink, a storm, a scheme, no one's capital. A noun that
    is also a verb opens an imperative whose object is the name ("Book Hazel for 3pm",
    "Pick Grace up"), unless what follows the name is a colon, a finite verb or a noun
    ("Storm Ivy knocked the fence down", "Desert Rose perfume").
    """
    word = sense(tok.norm)
    if word.function or word.calendar or word.plural_noun or tok.norm in PERSON_VERBS_BEFORE:
        return False
    if tok.norm in _GREETINGS or tok.norm in ROLE_NOUNS or "NOUN" not in word.readings:
        return False
    if not word.readings <= {"NOUN", "VERB"}:
        return False
    if word.readings == {"NOUN"} or name.colon_after:
        return True
    after = maker.tokens[name.index + 1] if name.index + 1 < len(maker.tokens) else None
    if name.possessive or after is None or not after.glued or after.capitalised:
        return False  # "Water Rose's plants": the imperative's object is hers
    following = sense(after.norm)
    if following.plural_noun:
        return False  # "Water Ivy plants too": a noun, or a verb's -s, either way hers
    return finite(after.norm) or following.readings == {"NOUN"}


#: Nouns that greet the one named after them ("Morning Ivy").
_GREETINGS: Final = frozenset("morning evening afternoon night welcome".split())


def _strip_titles(run: list[Token]) -> tuple[list[Token], tuple[str, ...]]:
    """The run without leading honorifics or roles and trailing name suffixes, and what was cut.

    "Dr. Amara Okafor" -> "Amara Okafor" (honorific), "CFO Grace" -> "Grace" (role noun),
    "Martin King Jr." -> "Martin King" (name suffix).
    """
    start, end = 0, len(run)
    cut: list[str] = []
    while start < end - 1 and run[start].norm in HONORIFICS | ROLE_NOUNS:
        cut.append(HONORIFIC if run[start].norm in HONORIFICS else ROLE_NEARBY)
        start += 1
    while end > start + 1 and run[end - 1].norm in NAME_SUFFIXES:
        cut.append(NAME_SUFFIX)
        end -= 1
    extra = tuple(dict.fromkeys(cut))
    return (run[start:end], extra) if extra else (run, ())


def _a_lone_letter(tok: Token, extra: tuple[str, ...]) -> bool:
    """A capital letter standing alone, no title before it: a label ("berth B", "vitamin B").

    After a title or a role it is a family name's letter ("Mrs C", "Coach D"), as a page
    whose alias ends in one ("Tegwen B") writes it; alone it is no one's family name.
    """
    return len(tok.norm) == 1 and tok.norm.isalpha() and not {HONORIFIC, ROLE_NEARBY} & {*extra}


#: What a lone letter may still be: an alias or a title of its own ("X"), not a surname.
_LETTER_ARMS: Final = ALL_ARMS - {"surname"}


def _standalone(tok: Token, maker: Maker, extra: tuple[str, ...]) -> list[Candidate]:
    """A capitalised word on its own: a name unless it is an ordinary word in disguise.

    At the start of a sentence the capital says nothing: any dictionary word in common use
    there needs the same evidence as in lowercase, a well-known place name needs evidence
    that it is not the place, and a function word there ("Will you", "May I") is no
    candidate at all unless a verb of saying or a possessive makes it a person ("Will
    said").
    """
    if tok.norm in NEVER_ALONE:
        return []
    if tok.sentence_start and _counted(maker.tokens, tok):
        return []  # "Max 3 bullet points", "Top 5 risks": a word that counts, no name
    word = sense(tok.norm)
    position = INITIAL_CAPITAL if tok.sentence_start else MID_CAPITAL
    if position == MID_CAPITAL and _title_cased(maker.text, maker.tokens, tok):
        position = TITLE_CASE  # "Salt & Pepper", "Ode to Joy": a capital every word has
    if COMPOUND_HEAD in extra:
        position, extra = COMPOUND_HEAD, tuple(e for e in extra if e != COMPOUND_HEAD)
    candidate = maker.make(
        tok.norm,
        [tok],
        _LETTER_ARMS if _a_lone_letter(tok, extra) else ALL_ARMS,
        extra=(position, *extra),
        ambiguity="",
        calendar=word.calendar,
        place=word.place,
        fuzzy=_misspelt(tok),
    )
    if tok.sentence_start and word.function and not extra and not tok.possessive:
        # an "'s", whether it owns or is "is" or "has", makes the word a noun ("Can's fixing it")
        if not {PERSON_VERB, MODAL_AS_NAME, WHEREABOUTS} & set(candidate.signals):
            return []  # "Will wants the keys" is Will's, "Will you ..." no one's
    # A sentence-initial capital is discounted: the word is as ambiguous as in lowercase,
    # and a well-known place name there is as likely the place as a namesake.
    if (tok.sentence_start or position == COMPOUND_HEAD) and (
        word.lowercase_ordinary or word.place
    ):
        candidate = dataclasses.replace(candidate, ambiguity=word.describe())
    elif word.ordinary:
        candidate = dataclasses.replace(candidate, ambiguity=word.describe())
    return [candidate, *_owner_typed_without_apostrophe(tok, maker, position)]


def _owner_typed_without_apostrophe(tok: Token, maker: Maker, position: str) -> list[Candidate]:
    """The owner in "Tamsyns new van", as in "tamsyns new van": the name without its "s".

    A phone capitalises the sentence's first word, so the possessive typed without its
    apostrophe is read as it is in lowercase (:func:`possessive_typed_without_apostrophe`:
    a word no dictionary has, whose stem is none either, with something of theirs after it).
    After a title of address the stem is a family name only: "Dr Jacobs surgery" is no Jacob's.
    """
    if tok.possessive or not tok.capitalised:
        return []
    stem = possessive_typed_without_apostrophe(maker.tokens, tok)
    if stem is None:
        return []
    arms = FAMILY_ARMS if after_a_title(maker.tokens, tok) else ALL_ARMS
    return [maker.make(stem, [tok], arms, extra=(position, POSSESSIVE), ambiguity="")]


#: Small words a title keeps in lowercase between its capitalised words ("Ode to Joy").
_TITLE_LINK = re.compile(r"\s*(?:(?:&|and|of|to|the|a|an|in|on|for|with|or)\s+)?", re.I)


def _title_cased(text: str, tokens: list[Token], tok: Token) -> bool:
    """A capitalised everyday word stands beside the word: a title, not a name.

    In "Salt & Pepper" or "Ode to Joy" every word has its capital, so the capital says
    nothing about the word; a name beside a name ("Sydney Okoro") is no title.
    """
    for other in tokens[max(tok.index - 2, 0) : tok.index + 3]:
        if other.index == tok.index or not other.capitalised:
            continue
        left, right = (other, tok) if other.index < tok.index else (tok, other)
        link = _TITLE_LINK.fullmatch(text[left.end : right.start])
        if link is None:
            continue
        # a sentence-initial capital counts only across an ampersand ("Salt & Pepper")
        if other.sentence_start and "&" not in link.group(0):
            continue
        meaning = sense(other.norm)
        if meaning.lexical and meaning.zipf >= LOWERCASE_ORDINARY_ZIPF:
            return True
    return False


def _counted(tokens: list[Token], tok: Token) -> bool:
    """A bare number follows the word straight away."""
    following = tok.index + 1
    return following < len(tokens) and tokens[following].glued and tokens[following].norm.isdigit()


def _misspelt(tok: Token) -> bool:
    """Long enough for a typo to matter, and no known word (so possibly a typo)."""
    return len(tok.norm) >= FUZZY_MIN_CHARS and unknown_word(tok.norm)


def _misspelt_run(run: list[Token]) -> bool:
    """A run of names with an unknown word in it ("Shreya Iyar") may carry a typo."""
    long_enough = sum(len(tok.norm) for tok in run) >= FUZZY_MIN_CHARS
    return long_enough and any(len(tok.norm) >= 3 and unknown_word(tok.norm) for tok in run)


def _runs(chunk: list[Token]) -> list[list[Token]]:
    """Maximal capitalised runs, allowing lowercase connectors between capitalised words.

    An article joins a run only after another connector ("Bank of the West"): straight after
    a name it starts a new phrase ("tell David Chen the Nightjar demo ...").
    """
    runs: list[list[Token]] = []
    current: list[Token] = []
    for tok in chunk:
        if tok.capitalised and not (current and _the_pronoun_i(tok)):
            current.append(tok)
        elif current and tok.norm in CONNECTORS and _mayjoin(tok, current[-1]):
            current.append(tok)
        else:
            if current:
                runs.append(current)
            current = []
    if current:
        runs.append(current)
    cleaned = []
    for run in runs:
        if _a_particle_alone(run):
            cleaned.append(run)  # "Del wants to lead": a name, however like a particle
            continue
        while run and run[-1].norm in CONNECTORS:
            run = run[:-1]
        if run:
            cleaned.append(run)
    return cleaned


def _a_particle_alone(run: list[Token]) -> bool:
    """A capitalised name particle that is the whole run ("Del", "Di", "Van"): a short name.

    Written in capitals it is a label ("the DEL key").
    """
    word = run[0].raw if len(run) == 1 else ""
    return word[:1].isupper() and word[1:].islower() and run[0].norm in _PARTICLES


#: Connectors that are given names or short ones as well, capitalised alone.
_PARTICLES: Final = CONNECTORS - ARTICLES - frozenset({"of", "&", "y"})


def _the_pronoun_i(tok: Token) -> bool:
    """The pronoun "I" contracted ("I'll", "I'm"): capitalised, no part of a name before it."""
    return tok.raw in _PRONOUN_I


#: The pronoun's contractions; a bare "I" may be a numeral of a title ("Phase I").
_PRONOUN_I: Final = frozenset({"I'll", "I'm", "I've", "I'd", "I’ll", "I’m", "I’ve", "I’d"})


def _mayjoin(tok: Token, previous: Token) -> bool:
    return tok.norm not in ARTICLES or (not previous.capitalised and previous.norm in CONNECTORS)
