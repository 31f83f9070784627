"""Delivery paths: how one harness row hands a turn to memory."""
