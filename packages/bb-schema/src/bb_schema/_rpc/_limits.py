"""The wire's numeric defaults, in a module that imports nothing.

A command line shows them in its ``--help`` and checks flags against them before it needs a
channel, so reading them must not load grpc (:mod:`bb_schema.rpc` re-exports them).
"""

from __future__ import annotations

from typing import Final

#: The shortest shared secret a server or client accepts (a hex token of 16 random bytes).
MIN_SECRET_BYTES: Final = 32
#: How long a client call may take before it fails, in seconds.
DEFAULT_TIMEOUT_S: Final = 30.0
#: Per-message limit both ways; larger requests are refused with RESOURCE_EXHAUSTED.
DEFAULT_MAX_MESSAGE_BYTES: Final = 16 * 1024 * 1024
