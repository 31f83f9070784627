-- Indexes the hot paths need once a brain holds many pages (benchmarks/scale.py prints the
-- plans that rely on them, on a brain of 100,000 pages and 1,000,000 facts).

-- Aliases by page. Replacing a page deletes its alias rows (store_pages, and the cascade of
-- write-back's conversation-page replace through the aliases -> pages foreign key), and the
-- entity index asks whether a page has alias rows (and an explicit-alias row). The unique
-- index leads with alias_norm after the source, so without this each of those scanned every
-- alias row of the source: O(pages) per replaced page.
CREATE INDEX aliases_by_page ON aliases (brain_id, source, slug, arm);

-- Closing a brain cascades to its audit rows; without an index on brain_id that is a scan of
-- the whole audit table per closed brain, which grows with every write-back of the run.
CREATE INDEX write_back_audit_by_brain ON write_back_audit (brain_id);
