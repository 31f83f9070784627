-- Facts by conversation page and by entity. Write-back deduplicates against every fact of a
-- conversation (each fact carries its segment's session label, but all of them name the one
-- conversation page), and a pointer line carries the latest conversation facts about the
-- page it points at; recall reads a page's facts newest first.
CREATE INDEX facts_by_conversation ON facts (brain_id, source, source_markdown_slug);
CREATE INDEX facts_by_entity ON facts (brain_id, source, entity_slug, fact_id);

-- Recall's full-text arm matches a question's content words against fact text; the same
-- expression here lets it use the index instead of computing a vector per stored fact.
CREATE INDEX facts_fulltext ON facts USING gin (to_tsvector('english', fact));
