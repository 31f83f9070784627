-- Blocking keys for bounded fuzzy matching of names (bb_brain.reflex._fuzzy).
--
-- A typo of one or two characters in a surface of five or more characters leaves its first
-- three or its last three characters intact (for one edit always, from six characters on),
-- so the reflex fetches only the alias rows sharing a head or a tail with a mention that has
-- no exact hit, then verifies each with an edit distance. Generated columns keep every writer
-- of alias rows (seeding, owner sync) unchanged; the partial indexes hold only the rows long
-- enough to be fuzzy-matched at all.
ALTER TABLE aliases
    ADD COLUMN fuzzy_head text GENERATED ALWAYS AS
        (CASE WHEN char_length(alias_norm) >= 5 THEN left(alias_norm, 3) END) STORED,
    ADD COLUMN fuzzy_tail text GENERATED ALWAYS AS
        (CASE WHEN char_length(alias_norm) >= 5 THEN right(alias_norm, 3) END) STORED;

CREATE INDEX aliases_by_fuzzy_head ON aliases (brain_id, source, fuzzy_head)
    WHERE fuzzy_head IS NOT NULL;
CREATE INDEX aliases_by_fuzzy_tail ON aliases (brain_id, source, fuzzy_tail)
    WHERE fuzzy_tail IS NOT NULL;
