"""Deterministic maximum bipartite matching with a secondary preference.

Write-back lets each stored row satisfy at most one gold fact. A greedy pass (first gold fact
takes the first row that fits) depends on input order and can strand a fact that another
assignment would have kept, so scores would move when rows are merely reordered. This module
finds a matching of maximum size and, among those, the one with the most preferred edges
(a stored row whose provenance is right), by successive shortest augmenting paths on a unit
flow network (min-cost max-flow). The optimum counts are unique; ties between equally good
assignments are broken by index order, which callers make canonical by sorting first.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class _Arc:
    head: int
    capacity: int
    cost: int
    twin: int


class _Network:
    def __init__(self, size: int) -> None:
        self.arcs: list[list[_Arc]] = [[] for _ in range(size)]

    def add(self, tail: int, head: int, cost: int) -> None:
        forward = _Arc(head, 1, cost, len(self.arcs[head]))
        backward = _Arc(tail, 0, -cost, len(self.arcs[tail]))
        self.arcs[tail].append(forward)
        self.arcs[head].append(backward)

    def shortest(self, source: int, sink: int) -> list[tuple[int, int]] | None:
        """Cheapest residual path as (node, arc index) steps, by queue-based Bellman-Ford."""
        size = len(self.arcs)
        infinity = 1 << 60
        distance = [infinity] * size
        parent: list[tuple[int, int] | None] = [None] * size
        queued = [False] * size
        distance[source] = 0
        queue = deque([source])
        queued[source] = True
        while queue:
            node = queue.popleft()
            queued[node] = False
            for index, arc in enumerate(self.arcs[node]):
                if arc.capacity <= 0:
                    continue
                candidate = distance[node] + arc.cost
                if candidate < distance[arc.head]:
                    distance[arc.head] = candidate
                    parent[arc.head] = (node, index)
                    if not queued[arc.head]:
                        queued[arc.head] = True
                        queue.append(arc.head)
        if distance[sink] == infinity:
            return None
        path: list[tuple[int, int]] = []
        node = sink
        while node != source:
            step = parent[node]
            assert step is not None  # every reached node but the source has a parent
            path.append(step)
            node = step[0]
        path.reverse()
        return path

    def push(self, path: list[tuple[int, int]]) -> None:
        for node, index in path:
            arc = self.arcs[node][index]
            arc.capacity -= 1
            self.arcs[arc.head][arc.twin].capacity += 1


def match(right_count: int, edges: Sequence[Sequence[tuple[int, bool]]]) -> list[int | None]:
    """Match left items to right items, each used at most once.

    Args:
        right_count: how many right-hand items exist (indices ``0 .. right_count-1``).
        edges: for each left item, the right items it may take, each with a flag saying the
            pairing is preferred.

    Returns:
        For each left item, its matched right index or None. The matching has maximum size,
        and among maximum matchings the most preferred pairs.
    """
    left_count = len(edges)
    source, sink = left_count + right_count, left_count + right_count + 1
    network = _Network(left_count + right_count + 2)
    for left in range(left_count):
        network.add(source, left, 0)
    for left, options in enumerate(edges):
        for right, preferred in options:
            if not 0 <= right < right_count:
                raise ValueError(f"right index {right!r} is outside 0..{right_count - 1}")
            network.add(left, left_count + right, -1 if preferred else 0)
    for right in range(right_count):
        network.add(left_count + right, sink, 0)
    while (path := network.shortest(source, sink)) is not None:
        network.push(path)
    result: list[int | None] = [None] * left_count
    for left in range(left_count):
        for arc in network.arcs[left]:
            if left_count <= arc.head < left_count + right_count and arc.capacity == 0:
                result[left] = arc.head - left_count
    return result
