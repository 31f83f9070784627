"""Delivery paths: how one harness row hands a turn to memory."""

from __future__ import annotations

from bb_adapters.delivery.codex import CodexDelivery
from bb_adapters.delivery.direct import DirectDelivery
from bb_adapters.delivery.hook import HookDelivery
from bb_adapters.delivery.trivial import InjectAllDelivery, SilentDelivery
from bb_adapters.pipeline import DeliveryPath
from bb_adapters.protocol import MemorySystem
from bb_adapters.runner import DeliveryFactory
from bb_adapters.seams import HarnessConfig

__all__ = ["delivery_factory"]


def delivery_factory(socket_path: str, secret: str) -> DeliveryFactory:
    """A factory building each row's delivery path; the hook row needs the served socket.

    A hook row runs its hook as its config's ``hook_exec`` says (in-process by default).
    """

    def make(config: HarnessConfig, system: MemorySystem) -> DeliveryPath:
        if config.delivery == "grpc":
            return DirectDelivery(system)
        if config.delivery == "hook":
            return HookDelivery(socket_path, secret, config.hook_exec)
        if config.delivery == "codex":
            return CodexDelivery(system, config.preamble_pages)
        if config.delivery == "silent":
            return SilentDelivery()
        return InjectAllDelivery(system)

    return make
