"""The end-to-end ceiling: a server with tablerules' gRPC settings whose
SubmitCommand does no work at all (`python -m bench.echo`)."""

from __future__ import annotations

import asyncio

import grpc

from service.server import SERVICE_NAME, listen, new_server
from tablerules.v1 import tablerules_pb2 as pb


async def echo(request: pb.SubmitCommandRequest, context: grpc.aio.ServicerContext) -> pb.SubmitCommandResponse:
    return pb.SubmitCommandResponse(version=request.expected_version + 1)


async def main() -> None:
    server = new_server()
    handler = grpc.unary_unary_rpc_method_handler(
        echo, request_deserializer=pb.SubmitCommandRequest.FromString,
        response_serializer=pb.SubmitCommandResponse.SerializeToString)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, {"SubmitCommand": handler}),))
    print(f"echo serving on 127.0.0.1:{await listen(server, '127.0.0.1', 0)}", flush=True)
    await server.wait_for_termination()


if __name__ == "__main__":
    asyncio.run(main())
