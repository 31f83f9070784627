"""The typed gRPC edges behind :mod:`bb_schema.rpc`."""
