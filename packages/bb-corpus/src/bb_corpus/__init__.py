"""bb_corpus."""
