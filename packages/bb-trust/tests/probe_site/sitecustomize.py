"""Loaded by every channel subprocess of a mutation probe (the probe puts this directory on
PYTHONPATH): applies the mutation named by ``BB_TRUST_PROBE`` before the channel runs."""

import os

if os.environ.get("BB_TRUST_PROBE"):
    import bb_trust_mutations

    bb_trust_mutations.apply_in_channels(os.environ["BB_TRUST_PROBE"])
