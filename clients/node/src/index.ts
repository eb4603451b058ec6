/** @tablerules/client: a TypeScript client for the tablerules.v1 gRPC service. */
export * from "./chain";
export * from "./client";
export * from "./commands";
export * from "./errors";
export { grpcPackage, protoRoot, messageType, LOADER_OPTIONS } from "./protos";

// The generated message types most callers need ("__Output": as received, defaults filled in).
export type { Command, Command__Output } from "./generated/tablerules/v1/Command";
export type { CreateGameResponse__Output as CreateGameResponse } from "./generated/tablerules/v1/CreateGameResponse";
export type { EventEnvelope__Output as EventEnvelope } from "./generated/tablerules/v1/EventEnvelope";
export type { ExportLogResponse__Output as ExportLogResponse } from "./generated/tablerules/v1/ExportLogResponse";
export type { GetViewResponse__Output as GetViewResponse } from "./generated/tablerules/v1/GetViewResponse";
export type { Report__Output as Report } from "./generated/tablerules/v1/Report";
export type { Ruleset__Output as Ruleset } from "./generated/tablerules/v1/Ruleset";
export type { OptionSpec__Output as OptionSpec } from "./generated/tablerules/v1/OptionSpec";
export type { SeatToken__Output as SeatToken } from "./generated/tablerules/v1/SeatToken";
export type { Status__Output as GameStatus } from "./generated/tablerules/v1/Status";
export type { SubmitCommandResponse__Output as SubmitCommandResponse } from "./generated/tablerules/v1/SubmitCommandResponse";
export type { ProtoGrpcType } from "./generated/tablerules";
