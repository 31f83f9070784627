"""brainbench.v1: generated from proto/brainbench/v1 by bb_schema._protogen.

Do not edit: run ``python -m bb_schema._protogen``. Code outside bb_schema reaches
these messages only through bb_schema.convert and bb_schema.rpc.
"""
