"""The callers of the long-game bench (bench/service.py, heavy_pressure): a process of
callers asking a server for one long game, whole and from its start, over and over,
apart from the bench's own process so that their work does not slow the commands it
times.

`python -m bench.heavy` reads its plan as a JSON line on stdin (address, game id, the
token to export with, the game's last version, how many export and how many catch up,
and whether the exports come whole, ExportLog, or in pieces, ExportLogChunks), runs
them until a line comes on stdin, and prints what they did as a JSON line. An export's
messages are taken as bytes; a catch-up's batches are decoded only to see where they
reach (a spectator's stream of a game under way stays open once caught up).
"""

from __future__ import annotations

import json
import os
import sys
import threading

import grpc

from tablerules.v1 import tablerules_pb2 as pb

METHOD = "/tablerules.v1.Tablerules/"
WHOLE_LOG = 256 * 1024 * 1024
"""ExportLog's one reply holds the whole log: gRPC's 4 MB receive default would refuse it."""
DEADLINE = 120


def _caller(address: str, game_id: str, token: str, last: int, exporting: bool, in_pieces: bool,
            stop: threading.Event, done: dict[str, int], lock: threading.Lock) -> None:
    with grpc.insecure_channel(address, options=[("grpc.max_receive_message_length", WHOLE_LOG)]) as channel:
        export = channel.unary_unary(METHOD + "ExportLog", request_serializer=pb.ExportLogRequest.SerializeToString)
        pieces = channel.unary_stream(METHOD + "ExportLogChunks",
                                      request_serializer=pb.ExportLogRequest.SerializeToString)
        follow = channel.unary_stream(METHOD + "StreamEventBatches",
                                      request_serializer=pb.StreamEventsRequest.SerializeToString)
        operator = (("authorization", f"Bearer {token}"),)
        while not stop.is_set():
            received = 0
            try:
                if exporting and in_pieces:
                    received = sum(len(data) for data in pieces(pb.ExportLogRequest(game_id=game_id),
                                                                timeout=DEADLINE, metadata=operator))
                    kind = "exports"
                elif exporting:
                    received = len(export(pb.ExportLogRequest(game_id=game_id), timeout=DEADLINE, metadata=operator))
                    kind = "exports"
                else:
                    kind = "catch_ups"
                    stream = follow(pb.StreamEventsRequest(game_id=game_id), timeout=DEADLINE)
                    for data in stream:
                        received += len(data)
                        if stop.is_set() or pb.EventBatch.FromString(data).events[-1].seq >= last:
                            stream.cancel()  # a game under way: its stream would stay open
                            break
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                    raise
                kind = "refused"
                stop.wait(0.05)
            with lock:
                done[kind] += 1
                done["bytes"] += received


def main() -> None:
    # Strangers' clients run on machines of their own: here, where they share the server's
    # cores, they take only what the server and the timed commands leave.
    os.nice(10)
    address, game_id, token, last, exporters, followers, in_pieces = json.loads(sys.stdin.readline())
    stop, lock = threading.Event(), threading.Lock()
    done = {"exports": 0, "catch_ups": 0, "refused": 0, "bytes": 0}
    """Calls done of each kind (a catch-up counts when it ends, caught up or stopped) and bytes received."""
    callers = [threading.Thread(target=_caller, args=(address, game_id, token, last, n < exporters, in_pieces, stop,
                                                      done, lock))
               for n in range(exporters + followers)]
    for caller in callers:
        caller.start()
    print("started", flush=True)
    sys.stdin.readline()
    stop.set()
    for caller in callers:
        caller.join(DEADLINE + 30)
    print(json.dumps(done), flush=True)


if __name__ == "__main__":
    main()
