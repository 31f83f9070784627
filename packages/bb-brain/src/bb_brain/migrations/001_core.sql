-- Core storage of the reference engine. Every row is namespaced by brain_id: a fresh brain per
-- fixture is a new id, so isolation costs nothing at open time (no truncate, no template copy).
-- Every read is additionally scoped by source: sources are a hard isolation boundary.

-- brain ids are "<fixture_id>-<n>": unique within the run schema, stable for a given open order.
CREATE SEQUENCE brain_seq;

CREATE TABLE brains (
    brain_id    text PRIMARY KEY,
    fixture_id  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pages (
    brain_id     text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source       text NOT NULL,
    slug         text NOT NULL,
    title        text NOT NULL,
    page_type    text,
    summary      text,
    body         text NOT NULL,
    frontmatter  jsonb NOT NULL DEFAULT '{}'::jsonb,
    PRIMARY KEY (brain_id, source, slug)
);

-- The alias index: every normalised surface form a page can be mentioned by, with the arm
-- that produced it (alias, title, slug-suffix, surname) so resolution can order arms.
CREATE TABLE aliases (
    brain_id    text NOT NULL,
    source      text NOT NULL,
    alias_norm  text NOT NULL,
    slug        text NOT NULL,
    arm         text NOT NULL,
    -- The unique index doubles as the lookup index: resolution probes (brain_id, source,
    -- alias_norm = ANY(...)).
    UNIQUE (brain_id, source, alias_norm, slug, arm),
    FOREIGN KEY (brain_id, source, slug) REFERENCES pages (brain_id, source, slug) ON DELETE CASCADE
);

CREATE TABLE facts (
    fact_id               bigserial PRIMARY KEY,
    brain_id              text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source                text NOT NULL,
    fact                  text NOT NULL,
    entity_slug           text,
    kind                  text,
    source_session        text,
    source_markdown_slug  text,
    -- where the fact came from according to whoever wrote it (a seed fact's own `source`
    -- field, e.g. "seed" or "manual"); provenance detail, never an isolation boundary.
    origin                text,
    status                text NOT NULL DEFAULT 'active',
    embedding             real[],
    created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX facts_by_source ON facts (brain_id, source, status);

-- One row per conversation handed to write-back: an audit trail, never counted as a fact.
CREATE TABLE write_back_audit (
    brain_id        text NOT NULL REFERENCES brains (brain_id) ON DELETE CASCADE,
    source          text NOT NULL,
    session_id      text NOT NULL,
    segments        integer NOT NULL,
    facts_written   integer NOT NULL,
    facts_deduped   integer NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
