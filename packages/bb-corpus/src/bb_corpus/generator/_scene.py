"""One fixture being written: its cast, its pages, its register and its conversation.

The scene keeps the one invariant the gold depends on: a word that is a name of any page in
the fixture appears in a user turn only where a template put it on purpose (a mention, a
pronoun's antecedent, a shared name, an ordinary use). :meth:`Scene.pick` draws only templates
and fillers whose own words avoid every name of the fixture, and :meth:`Scene.ask` refuses a
turn that breaks the invariant anyway (a generator bug, never a corpus the loader accepts).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bb_corpus._errors import CorpusRuntimeError
from bb_corpus.generator import _asks as asks
from bb_corpus.generator import _chatter as chat
from bb_corpus.generator import _styles as styles
from bb_corpus.generator._cast import (
    Cast,
    fold,
    honorific_for,
    misspell,
    name_words,
    profile,
    words,
)
from bb_corpus.generator._model import Conversation, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._text import (
    Name,
    Role,
    Slot,
    Utterance,
    fill,
    line,
    literal_words,
    lowercase,
    typos,
)
from bb_corpus.generator._universe import Entity, Page, stub


def _parts(word: str) -> list[str]:
    return [word, *word.split("-")] if "-" in word else [word]


@dataclass
class Scene:
    """A fixture in the making; ``world`` holds the active source's pages in order."""

    rng: Prng
    register: styles.Register
    cast: Cast
    world: list[Entity] = field(default_factory=list)
    elsewhere: list[Entity] = field(default_factory=list)
    stubs: list[Entity] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)
    conv: Conversation = field(default_factory=lambda: Conversation(frozenset()))
    #: Templates this fixture already used: drawn again only when nothing else fits.
    spent: set[str] = field(default_factory=set)

    @classmethod
    def new(cls, rng: Prng, register: styles.Register | None = None) -> Scene:
        """A scene with a register drawn from ``rng`` unless one is given."""
        chosen = register if register is not None else rng.choice(styles.REGISTERS)
        return cls(rng, chosen, Cast(rng))

    # pages --------------------------------------------------------------------------------

    def add(self, *entities: Entity, stubs: Sequence[Entity] = ()) -> None:
        """Put entities in the world; :meth:`write_pages` writes their pages.

        ``stubs`` get named-but-empty pages.
        """
        self.world.extend(entities)
        self.world.extend(stubs)
        self.stubs.extend(stubs)

    def write_pages(self) -> None:
        """Write a page for every world entity that has none yet; start the conversation.

        Stubs stay empty; pages a builder wrote itself are kept.
        """
        written = {page.entity.slug for page in self.pages}
        for entity in self.world:
            if entity.slug in written:
                continue  # a builder wrote this one itself (a calendar concept, an outdated page)
            if entity in self.stubs:
                self.pages.append(stub(entity))
            else:
                self.pages.append(profile(self.rng, entity, self.world))
        self.conv = Conversation(frozenset(e.slug for e in self.world))

    def holders(self, word: str) -> list[Entity]:
        """The pages (any source) one of whose names is ``word`` (comparison form)."""
        return [e for e in (*self.world, *self.elsewhere) if word in name_words(e)]

    def page_words(self) -> frozenset[str]:
        """Every name word of every page in the fixture, in comparison form."""
        return frozenset(w for e in (*self.world, *self.elsewhere) for w in name_words(e))

    def _taboo(self) -> frozenset[str]:
        return self.page_words() | frozenset(self.cast.used)

    def _clean(self, text_words: Iterable[str], taboo: frozenset[str]) -> bool:
        return not any(p in taboo for w in text_words for p in _parts(w))

    def pick(self, bank: Sequence[str]) -> str:
        """A template or filler whose own words are no name of the fixture.

        Raises:
            CorpusRuntimeError: Every entry collides (a bank too small: a generator bug).
        """
        taboo = self._taboo()
        free = [t for t in bank if self._clean(literal_words(t), taboo)]
        if not free:
            raise CorpusRuntimeError(f"no usable template left in a bank of {len(bank)}")
        fresh = [t for t in free if t not in self.spent]
        picked = self.rng.choice(fresh or free)
        self.spent.add(picked)
        return picked

    # names --------------------------------------------------------------------------------

    def shared(self, word: str) -> bool:
        """Whether more than one page carries ``word`` as a name."""
        return len(self.holders(word)) > 1

    def forms(self, entity: Entity) -> list[str]:
        """Mention forms that name ``entity`` unambiguously in this fixture.

        Repeated by weight: full names most, the rarer forms (nickname, family name first, no
        accents) whenever the page allows them, a slip of the keyboard now and then.
        """
        if entity.kind != "person":
            out = ["full"] * 4 + ["stem"] * 3 + ["misspelled"] * (len(entity.stem) >= 5)
            if entity.kind == "project":
                out.append("the-project")
            return [f for f in out if f == "full" or not self.shared(words(entity.stem)[0])]
        out = ["full"] * 4 + ["misspelled"]
        if not any(self.shared(w) for w in words(entity.first)):
            out += ["first"] * 2
        if entity.suffix:
            out += ["no-suffix"] * 2
        if not any(self.shared(w) for w in words(entity.last)):
            out += ["surname", "honorific"] + ["san"] * 3 * entity.san
        out += ["family-first"] * 2 * entity.family_first + ["nickname"] * 2 * bool(entity.nickname)
        out += ["folded"] * 2 * (fold(entity.title) != entity.title)
        return out

    def _misspelt(self, entity: Entity) -> str | None:
        own = set(name_words(entity))
        avoid = [w for w in sorted(self._taboo()) if w not in own]
        if entity.kind != "person":
            slip = misspell(self.rng, entity.stem, avoid)
            return None if slip is None else (entity.title.replace(entity.stem, slip, 1)
                                               if self.rng.chance(1, 2) else slip)  # fmt: skip
        options = [(entity.last, "full"), (entity.last, "alone"), (entity.first, "full")]
        for token, shape in self.rng.shuffled(options):
            slip = misspell(self.rng, token, avoid)
            if slip is None:
                continue
            if shape == "alone":
                return slip
            return f"{entity.first} {slip}" if token == entity.last else f"{slip} {entity.last}"
        return None

    def surface(self, entity: Entity, form: str) -> tuple[str, str]:
        """(text, form actually used): a form that cannot be written falls back to ``full``."""
        plain = f"{entity.first} {entity.last}"
        text: str | None = {
            "full": entity.title,
            "first": entity.first,
            "no-suffix": plain,
            "surname": entity.last,
            "family-first": f"{entity.last} {entity.first}",
            "nickname": entity.nickname or None,
            "stem": entity.stem or None,
            "the-project": f"the {entity.stem} project" if entity.kind == "project" else None,
        }.get(form)
        if form == "honorific":
            text = f"{honorific_for(self.rng, entity)} {entity.last}"
        elif form == "san":
            text = f"{entity.last}-san"
        elif form == "folded":
            folded = fold(entity.title if self.rng.chance(2, 3) else entity.last or entity.title)
            text = folded if folded not in (entity.title, entity.last) else None
        elif form == "misspelled":
            text = self._misspelt(entity)
        if not text:
            return entity.title, "full"
        return text, form

    def mention(self, entity: Entity, form: str | None = None, *, possessive: bool = False,
                role: Role = "mention") -> Name:  # fmt: skip
        """A name for ``entity`` in a form drawn from :meth:`forms` unless ``form`` is set."""
        text, used = self.surface(entity, form or self.rng.choice(self.forms(entity)))
        if possessive:
            text += "'" if text.endswith("s") else "'s"
        return Name(text, role, (entity,), used + ("-possessive" if possessive else ""))

    def pronouns(self, entity: Entity) -> dict[str, Slot]:
        """The pronoun slots (sub, Sub, obj, pos, Pos) referring back to ``entity``."""
        sub, obj, pos = chat.PRONOUN_FORMS[entity.pronoun or entity.kind]
        forms = {"sub": sub, "Sub": sub.capitalize(), "obj": obj, "pos": pos,
                 "Pos": pos.capitalize()}  # fmt: skip
        return {key: Name(value, "pronoun", (entity,), "pronoun") for key, value in forms.items()}

    def use(self, sentence: str, word: str, kind: str) -> Utterance:
        """A sentence using ``word`` in its ordinary sense: each occurrence is a ``use``."""
        pieces: list[str | Name] = []
        last = 0
        for match in re.finditer(rf"(?<![\w'-]){re.escape(word)}(?!\w)", sentence, re.I):
            pieces += [sentence[last : match.start()], Name(match.group(), "use", (), kind)]
            last = match.end()
        pieces.append(sentence[last:])
        return Utterance(tuple(p for p in pieces if p != ""), (sentence,))

    # turns --------------------------------------------------------------------------------

    def fill(self, template: str, slots: Mapping[str, Slot]) -> Utterance:
        """``template`` filled; the fillers it uses (``topic``, ``day``) drawn clean."""
        extra: dict[str, Slot] = {}
        if "{topic}" in template:
            extra["topic"] = self.pick(asks.TOPICS)
        if "{day}" in template:
            extra["day"] = self.pick(asks.DAYS)
        return fill(template, {**extra, **slots})

    def antecedent(self) -> Entity | None:
        """The one page the last user turn was about, else None.

        Only when that turn named or referred to exactly one person or thing can a pronoun
        now mean nothing but that page.
        """
        last = next((t.line for t in reversed(self.conv.turns) if t.role == "user"), None)
        if last is None:
            return None
        about = {s.slugs if s.role != "stranger" else ("?",) for s in last.spans
                 if s.role not in ("use",)}  # fmt: skip
        if len(about) != 1:
            return None
        (slugs,) = about
        return next((e for e in self.world if (e.slug,) == slugs), None)

    def styled(self, utterance: Utterance, *, wrap: bool = True) -> Utterance:
        """The register's treatment: a rambling wrapper, lowercase typing, slips."""
        reg = self.register
        short = len(words(line(utterance).text)) < 5
        if wrap and not short and self.rng.below(12) < reg.ramble:
            aside = self.pick(styles.ASIDES)
            wrapper = self.pick(styles.RAMBLE)
            slots: dict[str, Slot] = {"core": utterance, "aside": aside,
                                      "aside_cap": aside[:1].upper() + aside[1:]}  # fmt: skip
            utterance = fill(wrapper, slots)
        if self.rng.below(12) < reg.lowercase:
            utterance = lowercase(utterance)
        if self.rng.below(12) < reg.typos:
            utterance = typos(self.rng, utterance, self._taboo(), self.rng.between(1, 2))
        return utterance

    def _check(self, result: Line) -> None:
        taboo = self.page_words()
        covered = [(s.start, s.end) for s in result.spans]
        for match in re.finditer(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", result.text):
            inside = any(a <= match.start() < b for a, b in covered)
            if not inside and not self._clean(words(match.group()), taboo):
                raise CorpusRuntimeError(
                    f"generator bug: {match.group()!r} in {result.text!r} is a page name "
                    "the template did not put there"
                )

    def ask(self, utterance: Utterance, *, style: bool = True, wrap: bool = True) -> Line:
        """Add a user turn (styled unless ``style`` is off) with its gold; returns the line."""
        result = line(self.styled(utterance, wrap=wrap) if style else utterance)
        self._check(result)
        self.conv.ask(result)
        return result

    def reply(self, chance: tuple[int, int] = (1, 1)) -> None:
        """An assistant turn (with probability ``chance``)."""
        if self.rng.chance(*chance):
            self.conv.say(self.pick(chat.ASSISTANT))
