/**
 * The generated protos, loaded once: the gRPC service definition (for @grpc/grpc-js)
 * and a protobufjs Root (for google.rpc.Status details and generic command helpers).
 *
 * Everything here comes from src/generated/, which `npm run generate` builds from the
 * repository's proto/ directory and google-proto-files. Nothing is written by hand.
 */
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import * as protobuf from "protobufjs";

import { DESCRIPTORS_JSON } from "./generated/descriptors";
import type { ProtoGrpcType } from "./generated/tablerules";

/** Must match the options in scripts/generate.mjs (the generated types assume them). */
export const LOADER_OPTIONS = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
} as const;

/** Options for protobufjs `toObject`, equivalent to LOADER_OPTIONS. */
export const TO_OBJECT_OPTIONS: protobuf.IConversionOptions = {
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

let cachedRoot: protobuf.Root | undefined;
let cachedGrpc: ProtoGrpcType | undefined;

/** The protobufjs reflection root of every message (tablerules.v1.* and google.rpc.*). */
export function protoRoot(): protobuf.Root {
  if (!cachedRoot) {
    cachedRoot = protobuf.Root.fromJSON(JSON.parse(DESCRIPTORS_JSON) as protobuf.INamespace);
    cachedRoot.resolveAll();
  }
  return cachedRoot;
}

/** The typed gRPC package object: `grpcPackage().tablerules.v1.Tablerules` is the client constructor. */
export function grpcPackage(): ProtoGrpcType {
  if (!cachedGrpc) {
    const definition = protoLoader.fromJSON(JSON.parse(DESCRIPTORS_JSON) as protobuf.INamespace, LOADER_OPTIONS);
    cachedGrpc = grpc.loadPackageDefinition(definition) as unknown as ProtoGrpcType;
  }
  return cachedGrpc;
}

/** A message type by its full name, e.g. "google.rpc.PreconditionFailure". */
export function messageType(fullName: string): protobuf.Type {
  return protoRoot().lookupType(fullName.replace(/^\./, ""));
}
