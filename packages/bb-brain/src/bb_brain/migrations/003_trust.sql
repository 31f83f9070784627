-- Memory trust: tiers on every content row, chunks (so a lower-tier addition to a page is its
-- own row), timeline entries and takes, the search index, the write gate's quarantine, flags,
-- agent tokens, tombstones, and the outbox of post-commit effects.
--
-- A row's trust_tier never changes in place: the trigger below refuses any UPDATE that would
-- change it, whoever sends it. Promotion (confirm) writes a new row and retires the old one.
-- Rows written before this migration (seeded pages and facts, write-back) are the owner's.

CREATE FUNCTION trust_tier_rank(tier text) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT
    RETURN CASE tier WHEN 'owner' THEN 4 WHEN 'user_confirmed' THEN 3
        WHEN 'agent_written' THEN 2 WHEN 'external_untrusted' THEN 1 ELSE 0 END;

CREATE FUNCTION refuse_trust_tier_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'trust_tier is immutable: refused to change %.trust_tier from % to %',
        TG_TABLE_NAME, OLD.trust_tier, NEW.trust_tier
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'only the owner can promote, with `bb-brain confirm REF` at a terminal';
END;
$$;

ALTER TABLE pages
    ADD COLUMN trust_tier text NOT NULL DEFAULT 'owner'
        CHECK (trust_tier_rank(trust_tier) > 0),
    ADD COLUMN written_by text,
    -- the frontmatter block exactly as the canonical file holds it (round trip without churn)
    ADD COLUMN header text;

ALTER TABLE facts
    ADD COLUMN trust_tier text NOT NULL DEFAULT 'owner'
        CHECK (trust_tier_rank(trust_tier) > 0),
    ADD COLUMN written_by text,
    ADD COLUMN fact_key text,
    ADD COLUMN valid_until timestamptz,
    ADD COLUMN superseded_by bigint,
    ADD COLUMN status_reason text;
CREATE INDEX facts_by_key ON facts (brain_id, source, fact_key) WHERE fact_key IS NOT NULL;

-- A persistence-enabled brain: its write-gate settings, and a git repository per source.
CREATE TABLE trust_settings (
    brain_id          text PRIMARY KEY REFERENCES brains (brain_id) ON DELETE CASCADE,
    external_mode     text NOT NULL DEFAULT 'flag' CHECK (external_mode IN ('flag', 'quarantine')),
    agent_activation  text NOT NULL DEFAULT 'allow' CHECK (agent_activation IN ('allow', 'suppress'))
);

CREATE TABLE trust_sources (
    brain_id   text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source     text NOT NULL,
    repo_path  text NOT NULL,
    PRIMARY KEY (brain_id, source)
);

-- A page's content in order: runs of the author's text and fenced lower-tier additions.
CREATE TABLE chunks (
    chunk_id    bigserial PRIMARY KEY,
    brain_id    text NOT NULL,
    source      text NOT NULL,
    slug        text NOT NULL,
    ord         integer NOT NULL,
    fenced      boolean NOT NULL,
    trust_tier  text NOT NULL CHECK (trust_tier_rank(trust_tier) > 0),
    written_by  text NOT NULL,
    body        text NOT NULL,
    FOREIGN KEY (brain_id, source, slug) REFERENCES pages (brain_id, source, slug) ON DELETE CASCADE
);
CREATE INDEX chunks_by_page ON chunks (brain_id, source, slug, ord);

CREATE TABLE timeline_entries (
    entry_id    bigserial PRIMARY KEY,
    brain_id    text NOT NULL,
    source      text NOT NULL,
    slug        text NOT NULL,
    chunk_id    bigint NOT NULL REFERENCES chunks (chunk_id) ON DELETE CASCADE,
    occurred    text NOT NULL,
    body        text NOT NULL,
    trust_tier  text NOT NULL CHECK (trust_tier_rank(trust_tier) > 0)
);
CREATE INDEX timeline_by_page ON timeline_entries (brain_id, source, slug);

CREATE TABLE takes (
    take_id     bigserial PRIMARY KEY,
    brain_id    text NOT NULL,
    source      text NOT NULL,
    slug        text NOT NULL,
    chunk_id    bigint NOT NULL REFERENCES chunks (chunk_id) ON DELETE CASCADE,
    body        text NOT NULL,
    trust_tier  text NOT NULL CHECK (trust_tier_rank(trust_tier) > 0)
);
CREATE INDEX takes_by_page ON takes (brain_id, source, slug);

-- The search index: rebuilt per page by a post-commit effect, so it can lag a commit briefly.
CREATE TABLE search_index (
    brain_id    text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source      text NOT NULL,
    slug        text NOT NULL,
    chunk_id    bigint NOT NULL,
    trust_tier  text NOT NULL CHECK (trust_tier_rank(trust_tier) > 0),
    title       text NOT NULL,
    snippet     text NOT NULL,
    document    tsvector NOT NULL
);
CREATE INDEX search_index_by_page ON search_index (brain_id, source, slug);
CREATE INDEX search_index_document ON search_index USING gin (document);

-- Writes the gate held back (write_gate.external_mode = quarantine): outside every live store.
CREATE TABLE quarantine (
    quarantine_id  bigserial PRIMARY KEY,
    brain_id       text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source         text NOT NULL,
    kind           text NOT NULL CHECK (kind IN ('page', 'fact')),
    slug           text,
    payload        jsonb NOT NULL,
    written_by     text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- The owner's review queue: one flag per agent / external write that landed live.
CREATE TABLE trust_flags (  -- refs only, never content
    flag_id     bigserial PRIMARY KEY,
    brain_id    text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source      text NOT NULL,
    ref         text NOT NULL,
    trust_tier  text NOT NULL CHECK (trust_tier_rank(trust_tier) > 0),
    written_by  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trust_flags_by_ref ON trust_flags (brain_id, source, ref);

CREATE TABLE trust_tokens (
    token_sha256  text PRIMARY KEY,
    brain_id      text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    name          text NOT NULL,
    sources       text[],
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- What purge leaves behind: a hash of the claim's token sequence, never the claim itself.
CREATE TABLE trust_tombstones (
    tombstone_id  bigserial PRIMARY KEY,
    brain_id      text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source        text NOT NULL,
    claim_sha256  text NOT NULL,
    token_count   integer NOT NULL,
    stores        jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (brain_id, source, claim_sha256)
);

-- Every refused or performed trust action (no content: refs and reasons only).
CREATE TABLE trust_events (
    event_id    bigserial PRIMARY KEY,
    brain_id    text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source      text NOT NULL,
    channel     text NOT NULL,
    actor       text NOT NULL,
    action      text NOT NULL,
    ref         text,
    outcome     text NOT NULL,
    reason      text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- The outbox of post-commit effects (rewrite a canonical file, re-index a page), written in
-- the same transaction as the change; applied after commit by whoever committed it, or by
-- anyone waiting for the brain to settle.
CREATE TABLE trust_effects (
    effect_id    bigserial PRIMARY KEY,
    brain_id     text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source       text NOT NULL,
    slug         text NOT NULL,
    enqueued_at  timestamptz NOT NULL DEFAULT now(),
    applied_at   timestamptz
);
CREATE INDEX trust_effects_pending ON trust_effects (brain_id, effect_id) WHERE applied_at IS NULL;

CREATE TRIGGER pages_trust_tier_immutable BEFORE UPDATE ON pages FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
CREATE TRIGGER facts_trust_tier_immutable BEFORE UPDATE ON facts FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
CREATE TRIGGER chunks_trust_tier_immutable BEFORE UPDATE ON chunks FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
CREATE TRIGGER timeline_trust_tier_immutable BEFORE UPDATE ON timeline_entries FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
CREATE TRIGGER takes_trust_tier_immutable BEFORE UPDATE ON takes FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
CREATE TRIGGER search_index_trust_tier_immutable BEFORE UPDATE ON search_index FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
CREATE TRIGGER flags_trust_tier_immutable BEFORE UPDATE ON trust_flags FOR EACH ROW
    WHEN (OLD.trust_tier IS DISTINCT FROM NEW.trust_tier) EXECUTE FUNCTION refuse_trust_tier_change();
