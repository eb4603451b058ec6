"""The generated protobuf modules, imported in one place.

They are produced from proto/ by `make proto` (grpcio-tools) into ./tablerules/
and never edited by hand. A clear error says so if they are missing.
"""

from __future__ import annotations

try:
    from tablerules.v1 import tablerules_pb2, tablerules_pb2_grpc
except ImportError as missing:  # pragma: no cover - only without a build
    raise ImportError(
        "the generated gRPC code is missing: run `make proto` (or `make run` / `make test`)"
    ) from missing

pb = tablerules_pb2
pb_grpc = tablerules_pb2_grpc

__all__ = ["pb", "pb_grpc"]
