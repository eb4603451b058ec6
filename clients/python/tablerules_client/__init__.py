"""A Python client for tablerules.v1, built on the stubs generated from proto/."""

from tablerules_client.chain import BrokenChain, ChainCheck, envelope_hash
from tablerules_client.client import (
    Client,
    RetryPolicy,
    RuleError,
    SeatClient,
    ServiceCallError,
    StaleVersionError,
    command,
    command_json,
)

__all__ = ["BrokenChain", "ChainCheck", "Client", "RetryPolicy", "RuleError", "SeatClient", "ServiceCallError",
           "StaleVersionError", "command", "command_json", "envelope_hash"]
