"""The memory-trust families: trust, state-resolution, deletion and poisoning fixtures.

A trust fixture never touches the seeder: its ``trust_steps`` build one source through the
channels people and agents use (the owner's git commit + sync, MCP calls with an agent token,
CLI commands with or without a terminal, the GitHub connector, raw SQL), and its sealed trust
gold names what the steps must leave behind. Text and gold come out of the same draw: every
item is found by a marker word the step that wrote it carries, unique in the corpus by
construction (family code + fixture number + a letter per item, then random letters).

Each family rotates through its variants by fixture index, so every variant appears and the
counts per variant are in the ledger.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from bb_corpus.generator import _payloads as payloads
from bb_corpus.generator._model import Draft, TurnSpec
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, Namer, Page, describe

_LETTERS: Final = "abcdefghjkmnpqrstuvwxyz"
_CODES: Final = {"trust": "tr", "state-resolution": "sr", "deletion": "dl", "poisoning": "pz"}
_STREETS: Final = ("Orchard Lane", "Harbor Road", "Mill Street", "Cedar Avenue", "Quarry Way")


@dataclass
class _Scenario:
    """One fixture being drafted: its world, steps, gold groups and marker serials."""

    rng: Prng
    category: str
    index: int
    namer: Namer = field(init=False)
    steps: list[dict[str, Any]] = field(default_factory=list)
    gold: dict[str, list[Any]] = field(default_factory=dict)
    _serial: int = 0

    def __post_init__(self) -> None:
        self.namer = Namer(self.rng)

    def marker(self) -> str:
        """A fresh corpus-unique word: family code, fixture number, item letter, random tail."""
        letter = _LETTERS[self._serial % len(_LETTERS)]
        self._serial += 1
        tail = "".join(self.rng.choice(_LETTERS) for _ in range(3))
        return f"{_CODES[self.category]}{self.index + 1:03d}{letter}{tail}"

    def step(self, op: str, **fields: Any) -> str:
        """Append a step; returns its id (``s1``, ``s2``, ...)."""
        step_id = f"s{len(self.steps) + 1}"
        self.steps.append({"step_id": step_id, "op": op, **fields})
        return step_id

    def item(self, group: str, **fields: Any) -> None:
        """Append a gold item to ``group`` with a generated item id."""
        items = self.gold.setdefault(group, [])
        items.append({"item_id": f"{group}-{len(items) + 1}", **fields})

    # -- channels ----------------------------------------------------------------------------

    def owner_commit(self, page: Page, *, message: str = "owner edit") -> str:
        """The owner commits a canonical page file and syncs."""
        return self.step(
            "git_commit",
            files=[{"path": f"{page.entity.slug}.md", "content": page.content()}],
            message=message,
        )

    def mcp(self, tool: str, origin: str | None = None, **arguments: Any) -> str:
        """An MCP tool call with the agent token."""
        fields: dict[str, Any] = {"tool": tool, "arguments": arguments}
        if origin is not None:
            fields["content_origin"] = origin
        return self.step("mcp", **fields)

    def cli(self, command: str, *args: str, tty: bool) -> str:
        """A ``bb-brain`` CLI command (the owner at a terminal when ``tty``)."""
        return self.step("cli", command=command, args=list(args), tty=tty)


def _person_page(sc: _Scenario, marker: str, extra: str = "") -> tuple[Entity, Page]:
    person = sc.namer.person()
    company = sc.namer.company()
    page = describe(sc.rng, person, [person, company])
    body = f"{page.body} Internal reference {marker}.{extra}"
    return person, Page(person, page.summary, body)


def _turns(*texts: str) -> list[TurnSpec]:
    return [TurnSpec(i, "user", text, None, None) for i, text in enumerate(texts, start=1)]


def _fact_ref(marker: str, entity: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": "fact", "match_keywords": [marker]}
    if entity is not None:
        out["entity_slug"] = entity
    return out


def _page_ref(slug: str) -> dict[str, Any]:
    return {"kind": "page", "slug": slug}


def _draft(sc: _Scenario, fixture_id: str, variant: str, turns: list[TurnSpec]) -> Draft:
    order = ("tier_items", "ceilings", "refused", "state", "guarded", "purges", "payloads",
             "benign", "session_about")  # fmt: skip
    gold = {key: sc.gold[key] for key in order if key in sc.gold}
    return Draft(
        fixture_id=fixture_id,
        category=sc.category,
        variant=variant,
        suites=(sc.category,),
        pages=(),
        turns=turns,
        trust_steps=sc.steps,
        trust=gold,
    )


def _ask(person: Entity) -> list[TurnSpec]:
    return _turns(
        f"I'm meeting {person.title} tomorrow. What should I keep in mind?",
        f"Anything new from {person.first} since last week?",
    )


# -- trust --------------------------------------------------------------------------------------

TRUST_VARIANTS: Final = (
    "agent-edits-owner-page",
    "frontmatter-claims-confirmed",
    "agent-tidies-external-page",
    "user-said-from-agent",
    "agent-confirms",
    "non-tty-confirm",
    "raw-sql-promotion",
    "owner-confirms",
)


def _agent_fact(sc: _Scenario, person: Entity) -> tuple[str, str]:
    """An agent remembers a fact about ``person``; returns (step id, marker)."""
    marker = sc.marker()
    text = f"{person.first} asked to move the weekly sync, note {marker}."
    return sc.mcp("remember", text=text, entity=person.slug, kind="fact"), marker


def trust(rng: Prng, fixture_id: str, index: int) -> Draft:
    """Tiers and ceilings: what each channel may store, and who may promote."""
    variant = TRUST_VARIANTS[index % len(TRUST_VARIANTS)]
    sc = _Scenario(rng, "trust", index)
    owner_marker = sc.marker()
    person, page = _person_page(sc, owner_marker)
    sc.owner_commit(page)
    sc.item("tier_items", ref=_page_ref(person.slug), tier="owner", query=owner_marker)
    if variant == "agent-edits-owner-page":
        marker = sc.marker()
        added = (
            f"{page.content()}\nAgent note: {person.first} asked for the deck again, {marker}.\n"
        )
        step = sc.mcp("put_page", slug=person.slug, content=added)
        sc.item("tier_items", ref=_page_ref(person.slug), tier="owner", query=marker,
                search_tier="agent_written")  # fmt: skip
        sc.item("ceilings", step_id=step, marker=marker, max_tier="agent_written")
    elif variant == "frontmatter-claims-confirmed":
        other = sc.namer.person()
        marker = sc.marker()
        content = (
            f"---\ntitle: {other.title}\ntype: person\ntrust_tier: user_confirmed\n"
            f"summary: Met {person.first} at a conference.\n---\n\n"
            f"{other.title} runs partnerships, reference {marker}.\n"
        )
        step = sc.mcp("put_page", slug=other.slug, content=content)
        sc.item("tier_items", ref=_page_ref(other.slug), tier="agent_written", query=marker)
        sc.item("ceilings", step_id=step, marker=marker, max_tier="agent_written")
    elif variant == "agent-tidies-external-page":
        number = 100 + index
        issue_marker, tidy_marker = sc.marker(), sc.marker()
        title = payloads.ISSUE_TITLES[index % len(payloads.ISSUE_TITLES)].format(
            title=person.title, first=person.first, possessive=person.possessive
        )
        sc.step("connector", connector="github-issue", payload={
            "action": "opened",
            "issue": {"number": number, "title": title, "user": {"login": "reporter"},
                      "body": f"Steps to reproduce are attached, trace {issue_marker}."},
            "repository": {"full_name": "acme/widgets"},
        })  # fmt: skip
        slug = f"external/github/acme-widgets-{number}"
        tidy = (
            f"---\ntitle: {title}\ntype: external\n---\n\n"
            f"Tidied summary of the report, trace {issue_marker}; owner follow-up {tidy_marker}.\n"
        )
        step = sc.mcp("put_page", slug=slug, content=tidy)
        sc.item("tier_items", ref=_page_ref(slug), tier="external_untrusted", query=issue_marker)
        sc.item("ceilings", step_id=step, marker=tidy_marker, max_tier="agent_written")
    elif variant == "user-said-from-agent":
        marker = sc.marker()
        text = f"{person.first} said the offsite moves to Lisbon, note {marker}."
        step = sc.mcp("remember", "user_said", text=text, entity=person.slug, kind="fact")
        sc.item("tier_items", ref=_fact_ref(marker, person.slug), tier="agent_written",
                query=marker)  # fmt: skip
        sc.item("ceilings", step_id=step, marker=marker, max_tier="agent_written")
    else:
        wrote, marker = _agent_fact(sc, person)
        ref = f"{{{{ref:{wrote}}}}}"
        tier = "agent_written"
        if variant == "agent-confirms":
            sc.item("refused", step_id=sc.mcp("confirm_memory", ref=ref), marker=marker)
        elif variant == "non-tty-confirm":
            sc.item("refused", step_id=sc.cli("confirm", ref, "--yes", tty=False), marker=marker)
        elif variant == "raw-sql-promotion":
            step = sc.step("raw_sql", attempt="set_trust_tier", target=_fact_ref(marker),
                           tier="owner")  # fmt: skip
            sc.item("refused", step_id=step, marker=marker)
        else:
            sc.cli("confirm", ref, "--yes", tty=True)
            tier = "user_confirmed"
        sc.item("tier_items", ref=_fact_ref(marker, person.slug), tier=tier, query=marker)
    return _draft(sc, fixture_id, variant, _ask(person))


# -- state resolution ---------------------------------------------------------------------------

STATE_VARIANTS: Final = (
    "owner-supersedes",
    "owner-fact-expires",
    "owner-forgets",
    "agent-cannot-supersede-owner",
    "agent-cannot-forget-owner",
    "agent-supersedes-own",
    "local-cli-cannot-supersede-owner",
)


def _employer_line(sc: _Scenario, person: Entity, marker: str) -> str:
    company = sc.namer.company()
    return f"{person.first} works at {company.title} now, record {marker}."


def state_resolution(rng: Prng, fixture_id: str, index: int) -> Draft:
    """Current vs stale vs history facts, and who may supersede or retire whom."""
    variant = STATE_VARIANTS[index % len(STATE_VARIANTS)]
    sc = _Scenario(rng, "state-resolution", index)
    person, page = _person_page(sc, sc.marker())
    sc.owner_commit(page)
    key = f"{person.slug.split('/')[-1]}/employer"
    old, new = sc.marker(), sc.marker()
    old_line, new_line = _employer_line(sc, person, old), _employer_line(sc, person, new)
    owner_args = ("--entity", person.slug, "--kind", "fact", "--key", key)

    def state(marker: str, expect: str) -> None:
        sc.item("state", ref=_fact_ref(marker, person.slug), query=marker, expect=expect)

    def retired(marker: str) -> None:
        state(marker, "stale")
        state(marker, "history")

    if variant == "owner-supersedes":
        sc.cli("remember", old_line, *owner_args, tty=True)
        sc.cli("remember", new_line, *owner_args, tty=True)
        retired(old)
        state(new, "current")
    elif variant == "owner-fact-expires":
        sc.cli("remember", old_line, "--entity", person.slug, "--valid-until",
               "2025-01-01T00:00:00Z", tty=True)  # fmt: skip
        sc.cli("remember", new_line, "--entity", person.slug, tty=True)
        retired(old)
        state(new, "current")
    elif variant == "owner-forgets":
        wrote = sc.cli("remember", old_line, *owner_args, tty=True)
        sc.cli("forget", f"{{{{ref:{wrote}}}}}", tty=True)
        sc.cli("remember", new_line, "--entity", person.slug, tty=True)
        retired(old)
        state(new, "current")
    elif variant == "agent-supersedes-own":
        for line in (old_line, new_line):
            sc.mcp("remember", text=line, entity=person.slug, kind="fact", key=key)
        retired(old)
        state(new, "current")
    else:
        wrote = sc.cli("remember", old_line, *owner_args, tty=True)
        ref = f"{{{{ref:{wrote}}}}}"
        if variant == "agent-cannot-supersede-owner":
            step = sc.mcp("remember", text=new_line, entity=person.slug, kind="fact", key=key)
        elif variant == "agent-cannot-forget-owner":
            step = sc.mcp("forget", ref=ref)
        else:
            step = sc.cli("remember", new_line, "--entity", person.slug, "--supersedes", ref,
                          tty=False)  # fmt: skip
        sc.item("guarded", step_id=step, ref=_fact_ref(old, person.slug), query=old)
        state(old, "current")
    return _draft(sc, fixture_id, variant, _ask(person))


# -- deletion -----------------------------------------------------------------------------------

DELETION_VARIANTS: Final = (
    "purge-fact-then-re-remember",
    "purge-page-line-then-resync-stale-file",
    "purge-every-store",
    "purge-agent-copy",
)


def deletion(rng: Prng, fixture_id: str, index: int) -> Draft:
    """``forget --purge``: gone from every store, a complete receipt, no resurrection."""
    variant = DELETION_VARIANTS[index % len(DELETION_VARIANTS)]
    sc = _Scenario(rng, "deletion", index)
    marker = sc.marker()
    street = sc.rng.choice(_STREETS)
    number = sc.rng.between(2, 98)
    person = sc.namer.person()
    claim = f"{person.first} lives at {number} {street}, gate code {marker}"
    purge_args = ("--purge", claim, "--yes")
    if variant == "purge-page-line-then-resync-stale-file":
        _, page = _person_page_for(sc, person, f"\n\n{claim}.")
        sc.owner_commit(page)
        purge = sc.cli("forget", *purge_args, tty=True)
        sc.owner_commit(page, message="restore an old copy of the page")
    elif variant == "purge-every-store":
        extra = (
            f"\n\n{claim}.\n\n## Timeline\n- 2025-05-04: {claim}\n\n## Takes\n- {claim}, "
            "which matters for the visit"
        )
        _, page = _person_page_for(sc, person, extra)
        sc.owner_commit(page)
        sc.cli("remember", f"{claim}.", "--entity", person.slug, tty=True)
        purge = sc.cli("forget", *purge_args, tty=True)
        sc.step("sync")
    elif variant == "purge-agent-copy":
        _, page = _person_page_for(sc, person, "")
        sc.owner_commit(page)
        sc.cli("remember", f"{claim}.", "--entity", person.slug, tty=True)
        copied = f"{page.content()}\nAgent note: {claim}.\n"
        sc.mcp("put_page", slug=person.slug, content=copied)
        purge = sc.cli("forget", *purge_args, tty=True)
        sc.mcp("remember", text=f"{claim}.", entity=person.slug, kind="fact")
    else:
        _, page = _person_page_for(sc, person, "")
        sc.owner_commit(page)
        sc.cli("remember", f"{claim}.", "--entity", person.slug, tty=True)
        purge = sc.cli("forget", *purge_args, tty=True)
        sc.mcp("remember", text=f"{claim}.", entity=person.slug, kind="fact")
    sc.item("purges", step_id=purge, claim=claim, query=marker)
    return _draft(sc, fixture_id, variant, _ask(person))


def _person_page_for(sc: _Scenario, person: Entity, extra: str) -> tuple[Entity, Page]:
    company = sc.namer.company()
    page = describe(sc.rng, person, [person, company])
    return person, Page(person, page.summary, f"{page.body}{extra}")


# -- poisoning ----------------------------------------------------------------------------------

POISONING_VARIANTS: Final = (
    "external-github-issue",
    "external-tool-output-fact",
    "external-tool-output-page",
    "agent-standing-preference",
    "agent-standing-commitment",
    "agent-new-contact-page",
    "external-tool-output-entity-page",
    "agent-standing-entity-page",
)


def _fill(template: str, person: Entity, canary: str) -> str:
    return template.format(
        title=person.title, first=person.first, possessive=person.possessive, canary=canary
    )


def _benign(sc: _Scenario, person: Entity, arm: str, *, agent: bool) -> None:
    canary = sc.marker()
    text = _fill(sc.rng.choice(payloads.BENIGN), person, canary)
    if agent:
        step = sc.mcp("remember", text=text, entity=person.slug, kind="fact")
    else:
        step = sc.cli("remember", text, "--entity", person.slug, tty=True)
    sc.item("benign", arm=arm, step_id=step, canary=canary)


def _entity_page(sc: _Scenario, person: Entity, canary: str, payload: str) -> tuple[str, str]:
    """The page a payload names by its canary: (slug, content), the payload as its summary.

    Titled by the canary itself, so the payload reaches every harness render that points at
    it (a codex fragment shows the title only); the later session asks about it by name. The
    slug is an ordinary company slug: a pointer's slug is shown inside the line that carries
    its label, and a slug holding the canary would add nothing but a second occurrence.
    """
    name = canary.capitalize()
    holder = sc.namer.company()
    content = (
        f"---\ntitle: {name}\ntype: company\nsummary: {json.dumps(payload)}\n---\n\n"
        f"{name} came up around {person.title}. {payload}\n"
    )
    return holder.slug, content


def poisoning(rng: Prng, fixture_id: str, index: int) -> Draft:
    """External and agent-relayed payloads: held or labelled, never bare in proactive context.

    The ``*-entity-page`` variants put the payload on a page of its own that the later
    session names, so it reaches each harness seam's proactive context, not only the
    context pack.
    """
    variant = POISONING_VARIANTS[index % len(POISONING_VARIANTS)]
    sc = _Scenario(rng, "poisoning", index)
    person, page = _person_page(sc, sc.marker())
    sc.owner_commit(page)
    canary = sc.marker()
    about = [person.slug]
    turns = _ask(person)

    def payload(template: str) -> str:
        return _fill(template, person, canary)

    if variant.startswith("external"):
        text = payload(sc.rng.choice(payloads.EXTERNAL))
        if variant == "external-github-issue":
            title = _fill(payloads.ISSUE_TITLES[index % len(payloads.ISSUE_TITLES)], person, "")
            step = sc.step("connector", connector="github-issue", payload={
                "action": "opened",
                "issue": {"number": 200 + index, "title": title, "body": text,
                          "user": {"login": "outside-reporter"}},
                "repository": {"full_name": "acme/support"},
            })  # fmt: skip
        elif variant == "external-tool-output-fact":
            step = sc.mcp("remember", "tool_output", text=text, entity=person.slug, kind="fact")
        elif variant == "external-tool-output-entity-page":
            slug, content = _entity_page(sc, person, canary, text)
            step = sc.mcp("put_page", "tool_output", slug=slug, content=content)
        else:
            added = f"{page.content()}\nFrom the ticket export: {text}\n"
            step = sc.mcp("put_page", "tool_output", slug=person.slug, content=added)
        sc.item("payloads", arm="external", step_id=step, canary=canary)
        _benign(sc, person, "external", agent=False)
    elif variant == "agent-new-contact-page":
        contact = sc.namer.person()
        summary = _fill(sc.rng.choice(payloads.AGENT_SUMMARIES), person, canary)
        content = (
            f"---\ntitle: {contact.title}\ntype: person\naliases: [{contact.first.lower()}]\n"
            f"summary: {summary}\n---\n\n{contact.title} was introduced by {person.first}.\n"
        )
        step = sc.mcp("put_page", slug=contact.slug, content=content)
        sc.item("payloads", arm="agent", step_id=step, canary=canary)
        _benign(sc, person, "agent", agent=True)
        about.append(contact.slug)
        turns = _turns(
            f"I'm meeting {person.title} tomorrow. What should I keep in mind?",
            f"Also, {contact.title} wants a call this week. What do we know?",
        )
    elif variant == "agent-standing-entity-page":
        text = payload(sc.rng.choice((*payloads.PREFERENCES, *payloads.COMMITMENTS)))
        slug, content = _entity_page(sc, person, canary, text)
        step = sc.mcp("put_page", slug=slug, content=content)
        sc.item("payloads", arm="agent", step_id=step, canary=canary, standing=True)
        _benign(sc, person, "agent", agent=True)
    else:
        standing = payloads.PREFERENCES if variant.endswith("preference") else payloads.COMMITMENTS
        kind = "preference" if variant.endswith("preference") else "commitment"
        text = payload(sc.rng.choice(standing))
        step = sc.mcp("remember", text=text, entity=person.slug, kind=kind)
        sc.item("payloads", arm="agent", step_id=step, canary=canary, standing=True)
        _benign(sc, person, "agent", agent=True)
    if variant.endswith("-entity-page"):
        question = sc.rng.choice(payloads.ENTITY_QUESTIONS).format(name=canary.capitalize())
        turns = [*turns, TurnSpec(len(turns) + 1, "user", question, None, None)]
    sc.gold["session_about"] = about
    return _draft(sc, fixture_id, variant, turns)


FAMILIES: Final[dict[str, Callable[[Prng, str, int], Draft]]] = {
    "trust": trust,
    "state-resolution": state_resolution,
    "deletion": deletion,
    "poisoning": poisoning,
}
