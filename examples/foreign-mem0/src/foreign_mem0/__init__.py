"""mem0 behind BrainBench's TurnContext + BenchControl gRPC services (an example integration).

Not one of the project's packages: it shows how a memory system written elsewhere plugs into
the benchmark's seam and is scored as its own row. See the README beside ``src/``.
"""

__version__ = "0.1.0"
