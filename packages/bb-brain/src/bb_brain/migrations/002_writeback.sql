-- Write-back: the audit row names the extractor and the conversation page it wrote, and the
-- per-session dedup lookup (brain, source, session) gets its own index.

ALTER TABLE write_back_audit
    ADD COLUMN extractor          text,
    ADD COLUMN conversation_slug  text;

CREATE INDEX facts_by_session ON facts (brain_id, source, source_session);
