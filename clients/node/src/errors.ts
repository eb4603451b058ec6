/**
 * Typed errors decoded from gRPC failures and their rich details: the
 * `grpc-status-details-bin` trailer holds a google.rpc.Status whose details are
 * google.rpc.BadRequest, PreconditionFailure or ErrorInfo (docs/api.md, "Errors").
 */
import * as grpc from "@grpc/grpc-js";

import type { BadRequest__Output } from "./generated/google/rpc/BadRequest";
import type { ErrorInfo__Output } from "./generated/google/rpc/ErrorInfo";
import type { PreconditionFailure__Output } from "./generated/google/rpc/PreconditionFailure";
import type { Status__Output as RpcStatus__Output } from "./generated/google/rpc/Status";
import { TO_OBJECT_OPTIONS, messageType, protoRoot } from "./protos";

export const STATUS_DETAILS_KEY = "grpc-status-details-bin";

/** One entry of google.rpc.Status.details, unpacked when its type is known. */
export interface StatusDetail {
  /** e.g. "type.googleapis.com/google.rpc.PreconditionFailure" */
  typeUrl: string;
  /** The message's full name, e.g. "google.rpc.PreconditionFailure". */
  typeName: string;
  /** The unpacked message (lowerCamelCase fields), or undefined if the type is unknown here. */
  value: Record<string, unknown> | undefined;
}

/** A decoded google.rpc.Status. */
export interface RichStatus {
  code: number;
  message: string;
  details: StatusDetail[];
}

/** Decodes the bytes of a google.rpc.Status (the `grpc-status-details-bin` trailer). */
export function decodeRichStatus(bytes: Uint8Array): RichStatus {
  const statusType = messageType("google.rpc.Status");
  const status = statusType.toObject(statusType.decode(bytes), TO_OBJECT_OPTIONS) as RpcStatus__Output;
  const details: StatusDetail[] = [];
  for (const any of status.details ?? []) {
    const typeUrl = any.type_url ?? (any as { typeUrl?: string }).typeUrl ?? "";
    const typeName = typeUrl.slice(typeUrl.lastIndexOf("/") + 1);
    let value: Record<string, unknown> | undefined;
    const type = protoRoot().lookup(typeName);
    if (type && "decode" in type && any.value) {
      const inner = messageType(typeName);
      value = inner.toObject(inner.decode(any.value), TO_OBJECT_OPTIONS) as Record<string, unknown>;
    }
    details.push({ typeUrl, typeName, value });
  }
  return { code: status.code ?? 0, message: status.message ?? "", details };
}

/** The name of a gRPC status code, e.g. "FAILED_PRECONDITION". */
export function codeName(code: number): string {
  return grpc.status[code] ?? `CODE_${code}`;
}

/** Any failed call: the gRPC code, the server's message and the decoded details. */
export class TablerulesError extends Error {
  override name = "TablerulesError";
  /** The gRPC status code (grpc.status). */
  readonly code: grpc.status;
  /** The server's message (for a rule: "armory R8: warrior-1 already has a Shield"). */
  readonly details: string;
  /** google.rpc.Status details, unpacked; empty when the server sent none. */
  readonly statusDetails: StatusDetail[];
  /** The response trailers, when there were any. */
  readonly metadata: grpc.Metadata | undefined;

  constructor(code: grpc.status, details: string, statusDetails: StatusDetail[] = [], metadata?: grpc.Metadata) {
    super(`${codeName(code)}: ${details}`);
    this.code = code;
    this.details = details;
    this.statusDetails = statusDetails;
    this.metadata = metadata;
  }

  get codeName(): string {
    return codeName(this.code);
  }

  /** The first detail of the given type, e.g. detail<ErrorInfo__Output>("google.rpc.ErrorInfo"). */
  detail<T>(typeName: string): T | undefined {
    return this.statusDetails.find((d) => d.typeName === typeName)?.value as T | undefined;
  }

  /** The BadRequest detail, if any. */
  get badRequest(): BadRequest__Output | undefined {
    return this.detail<BadRequest__Output>("google.rpc.BadRequest");
  }

  /** The PreconditionFailure detail, if any. */
  get preconditionFailure(): PreconditionFailure__Output | undefined {
    return this.detail<PreconditionFailure__Output>("google.rpc.PreconditionFailure");
  }

  /** The ErrorInfo detail, if any. */
  get errorInfo(): ErrorInfo__Output | undefined {
    return this.detail<ErrorInfo__Output>("google.rpc.ErrorInfo");
  }

  /**
   * True for failures of the way to the server, not of the request, which a retry may
   * cure (RETRYABLE_CODES). The client retries only calls whose repetition is harmless,
   * and never one its caller cancelled.
   */
  get retryable(): boolean {
    return RETRYABLE_CODES.has(this.code);
  }
}

/** INVALID_ARGUMENT: a malformed request; `field` names the first bad field. */
export class InvalidArgumentError extends TablerulesError {
  override name = "InvalidArgumentError";
  readonly fieldViolations: { field: string; description: string }[];

  constructor(code: grpc.status, details: string, statusDetails: StatusDetail[] = [], metadata?: grpc.Metadata) {
    super(code, details, statusDetails, metadata);
    this.fieldViolations = (this.badRequest?.fieldViolations ?? []).map((v) => ({
      field: v.field, description: v.description,
    }));
  }

  /** The first bad field ("ruleset", "options", "command_id", ...), "" if the server named none. */
  get field(): string {
    return this.fieldViolations[0]?.field ?? "";
  }
}

/** FAILED_PRECONDITION: the rules refused the command; `rule` cites the rule ("armory R4"). */
export class RuleError extends TablerulesError {
  override name = "RuleError";
  /** The rule, from PreconditionFailure.violations[0].subject (e.g. "armory R4"). */
  readonly rule: string;
  /** The sentence a player understands. */
  readonly description: string;
  /** PreconditionFailure.violations[0].type ("RULE"). */
  readonly violationType: string;

  constructor(code: grpc.status, details: string, statusDetails: StatusDetail[] = [], metadata?: grpc.Metadata) {
    super(code, details, statusDetails, metadata);
    const violation = this.preconditionFailure?.violations?.[0];
    // Without details, fall back on the message's "<rule>: <sentence>" form.
    const colon = details.indexOf(": ");
    this.rule = violation?.subject ?? (colon > 0 ? details.slice(0, colon) : "");
    this.description = violation?.description ?? (colon > 0 ? details.slice(colon + 2) : details);
    this.violationType = violation?.type ?? "";
  }
}

/** ABORTED: `expected_version` was not the game's version. */
export class StaleVersionError extends TablerulesError {
  override name = "StaleVersionError";
  /** The expected_version that was sent (NaN if the server sent no ErrorInfo). */
  readonly expected: number;
  /** The game's version when the command arrived (NaN if unknown). */
  readonly actual: number;

  constructor(code: grpc.status, details: string, statusDetails: StatusDetail[] = [], metadata?: grpc.Metadata) {
    super(code, details, statusDetails, metadata);
    const info = this.errorInfo;
    this.expected = Number(info?.metadata?.["expected"] ?? Number.NaN);
    this.actual = Number(info?.metadata?.["actual"] ?? Number.NaN);
  }
}

/** NOT_FOUND: no such game. */
export class NotFoundError extends TablerulesError {
  override name = "NotFoundError";
}

/** UNAUTHENTICATED: the token belongs to no seat of the game, or is malformed. */
export class UnauthenticatedError extends TablerulesError {
  override name = "UnauthenticatedError";
}

/** PERMISSION_DENIED: e.g. a spectator submits, a seat exports an unfinished game. */
export class PermissionDeniedError extends TablerulesError {
  override name = "PermissionDeniedError";
}

/** UNAVAILABLE / DEADLINE_EXCEEDED: the server could not be reached or did not answer in time. */
export class UnavailableError extends TablerulesError {
  override name = "UnavailableError";
}

/** The server broke the protocol (e.g. a stream skipped or repeated a version). */
export class ProtocolError extends Error {
  override name = "ProtocolError";
}

/**
 * UNAVAILABLE (no connection, a replica shutting down, a store that did not answer),
 * DEADLINE_EXCEEDED, and CANCELLED, which a caller that did not cancel gets from a
 * server that stopped as its call arrived (the Python client retries the same codes).
 */
export const RETRYABLE_CODES: ReadonlySet<grpc.status> = new Set([
  grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED, grpc.status.CANCELLED,
]);

type ErrorClass = new (code: grpc.status, details: string, statusDetails?: StatusDetail[],
  metadata?: grpc.Metadata) => TablerulesError;

function errorClass(code: grpc.status, details: StatusDetail[]): ErrorClass {
  const has = (typeName: string) => details.some((d) => d.typeName === typeName);
  switch (code) {
    case grpc.status.INVALID_ARGUMENT:
      return InvalidArgumentError;
    case grpc.status.FAILED_PRECONDITION:
      return RuleError;
    case grpc.status.ABORTED:
      return has("google.rpc.ErrorInfo") &&
        details.some((d) => d.typeName === "google.rpc.ErrorInfo" &&
          (d.value as ErrorInfo__Output | undefined)?.reason === "STALE_VERSION")
        ? StaleVersionError : TablerulesError;
    case grpc.status.NOT_FOUND:
      return NotFoundError;
    case grpc.status.UNAUTHENTICATED:
      return UnauthenticatedError;
    case grpc.status.PERMISSION_DENIED:
      return PermissionDeniedError;
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED:
      return UnavailableError;
    default:
      return TablerulesError;
  }
}

/** What @grpc/grpc-js rejects a call with. */
export interface GrpcErrorLike {
  code: number;
  details?: string;
  message?: string;
  metadata?: grpc.Metadata;
}

function isGrpcError(error: unknown): error is GrpcErrorLike {
  return typeof error === "object" && error !== null && typeof (error as GrpcErrorLike).code === "number";
}

/**
 * A typed error from whatever a call failed with. gRPC errors become the subclass
 * their code and google.rpc.Status details call for; an undecodable details trailer
 * is ignored (the code and message still stand). Anything else is returned as is.
 */
export function decodeError(error: unknown): Error {
  if (error instanceof TablerulesError || error instanceof ProtocolError) return error;
  if (!isGrpcError(error)) return error instanceof Error ? error : new Error(String(error));
  const metadata = error.metadata;
  let details: StatusDetail[] = [];
  const raw = metadata?.get(STATUS_DETAILS_KEY)?.[0];
  if (raw !== undefined) {
    try {
      details = decodeRichStatus(typeof raw === "string" ? Buffer.from(raw, "base64") : raw).details;
    } catch {
      details = [];
    }
  }
  const message = error.details ?? error.message ?? "";
  const Class = errorClass(error.code as grpc.status, details);
  const typed = new Class(error.code as grpc.status, message, details, metadata);
  typed.cause = error;
  return typed;
}
