/** Decoding google.rpc.Status details into typed errors, without a server. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import * as grpc from "@grpc/grpc-js";

import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  RuleError,
  STATUS_DETAILS_KEY,
  StaleVersionError,
  TablerulesError,
  UnauthenticatedError,
  UnavailableError,
  decodeError,
  decodeRichStatus,
  messageType,
} from "../src";

function pack(typeName: string, value: Record<string, unknown>): { type_url: string; value: Uint8Array } {
  const type = messageType(typeName);
  return { type_url: `type.googleapis.com/${typeName}`, value: type.encode(type.fromObject(value)).finish() };
}

function statusBytes(code: number, message: string, details: { type_url: string; value: Uint8Array }[]): Buffer {
  const status = messageType("google.rpc.Status");
  return Buffer.from(status.encode(status.fromObject({ code, message, details })).finish());
}

/** What @grpc/grpc-js rejects a call with: code, details and the trailers. */
function grpcError(code: grpc.status, details: string, trailer?: Buffer | string): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  if (trailer !== undefined) metadata.set(STATUS_DETAILS_KEY, typeof trailer === "string" ? Buffer.from(trailer) : trailer);
  return Object.assign(new Error(`${code} ${grpc.status[code]}: ${details}`), { code, details, metadata });
}

describe("decodeError", () => {
  test("FAILED_PRECONDITION + PreconditionFailure: RuleError naming the rule", () => {
    const message = "armory R8: warrior-1 already has a Shield";
    const bytes = statusBytes(grpc.status.FAILED_PRECONDITION, message, [pack("google.rpc.PreconditionFailure", {
      violations: [{ type: "RULE", subject: "armory R8", description: "warrior-1 already has a Shield" }],
    })]);
    const error = decodeError(grpcError(grpc.status.FAILED_PRECONDITION, message, bytes));
    assert.ok(error instanceof RuleError);
    assert.ok(error instanceof TablerulesError);
    assert.equal(error.code, grpc.status.FAILED_PRECONDITION);
    assert.equal(error.codeName, "FAILED_PRECONDITION");
    assert.equal(error.rule, "armory R8");
    assert.equal(error.description, "warrior-1 already has a Shield");
    assert.equal(error.violationType, "RULE");
    assert.equal(error.details, message);
    assert.equal(error.message, `FAILED_PRECONDITION: ${message}`);
    assert.equal(error.name, "RuleError");
    assert.equal(error.retryable, false);
    assert.equal(error.statusDetails[0]?.typeName, "google.rpc.PreconditionFailure");
  });

  test("ABORTED + ErrorInfo STALE_VERSION: StaleVersionError with expected and actual", () => {
    const bytes = statusBytes(grpc.status.ABORTED, "expected_version is 6 but the game is at version 7", [
      pack("google.rpc.ErrorInfo", { reason: "STALE_VERSION", domain: "tablerules", metadata: { expected: "6", actual: "7" } }),
    ]);
    const error = decodeError(grpcError(grpc.status.ABORTED, "expected_version is 6 but the game is at version 7", bytes));
    assert.ok(error instanceof StaleVersionError);
    assert.equal(error.expected, 6);
    assert.equal(error.actual, 7);
    assert.equal(error.errorInfo?.domain, "tablerules");
  });

  test("ABORTED for another reason stays a plain TablerulesError", () => {
    const bytes = statusBytes(grpc.status.ABORTED, "busy", [pack("google.rpc.ErrorInfo", { reason: "OTHER" })]);
    const error = decodeError(grpcError(grpc.status.ABORTED, "busy", bytes));
    assert.ok(error instanceof TablerulesError);
    assert.ok(!(error instanceof StaleVersionError));
  });

  test("INVALID_ARGUMENT + BadRequest: InvalidArgumentError with the field violations", () => {
    const bytes = statusBytes(grpc.status.INVALID_ARGUMENT, "ruleset: no ruleset named 'x'", [
      pack("google.rpc.BadRequest", { fieldViolations: [{ field: "ruleset", description: "no ruleset named 'x'" }] }),
    ]);
    const error = decodeError(grpcError(grpc.status.INVALID_ARGUMENT, "ruleset: no ruleset named 'x'", bytes));
    assert.ok(error instanceof InvalidArgumentError);
    assert.equal(error.field, "ruleset");
    assert.deepEqual(error.fieldViolations, [{ field: "ruleset", description: "no ruleset named 'x'" }]);
  });

  test("several details, one of an unknown type: all listed, the known ones unpacked", () => {
    const bytes = statusBytes(grpc.status.FAILED_PRECONDITION, "aod Play: no", [
      { type_url: "type.googleapis.com/example.Unknown", value: Uint8Array.from([8, 1]) },
      pack("google.rpc.PreconditionFailure", { violations: [{ type: "RULE", subject: "aod Play", description: "no" }] }),
    ]);
    const status = decodeRichStatus(bytes);
    assert.equal(status.code, grpc.status.FAILED_PRECONDITION);
    assert.equal(status.message, "aod Play: no");
    assert.deepEqual(status.details.map((d) => [d.typeName, d.value === undefined]),
      [["example.Unknown", true], ["google.rpc.PreconditionFailure", false]]);
    const error = decodeError(grpcError(grpc.status.FAILED_PRECONDITION, "aod Play: no", bytes));
    assert.ok(error instanceof RuleError);
    assert.equal(error.rule, "aod Play");
  });

  test("no details, or undecodable ones: the code and message still decide", () => {
    const plain = decodeError(grpcError(grpc.status.FAILED_PRECONDITION, "swordplay Combat: not now"));
    assert.ok(plain instanceof RuleError);
    assert.equal(plain.rule, "swordplay Combat", "the rule is read from the message's '<rule>: ' prefix");
    assert.equal(plain.description, "not now");
    assert.deepEqual(plain.statusDetails, []);
    const garbled = decodeError(grpcError(grpc.status.ABORTED, "stale", Buffer.from([0xff, 0xff, 0xff, 0x0f])));
    assert.ok(garbled instanceof TablerulesError);
    assert.deepEqual(garbled.statusDetails, []);
    const stale = decodeError(grpcError(grpc.status.INVALID_ARGUMENT, "bad"));
    assert.ok(stale instanceof InvalidArgumentError);
    assert.equal(stale.field, "");
  });

  test("the other codes", () => {
    const cases: [grpc.status, new (...args: never[]) => TablerulesError][] = [
      [grpc.status.NOT_FOUND, NotFoundError],
      [grpc.status.UNAUTHENTICATED, UnauthenticatedError],
      [grpc.status.PERMISSION_DENIED, PermissionDeniedError],
      [grpc.status.UNAVAILABLE, UnavailableError],
      [grpc.status.DEADLINE_EXCEEDED, UnavailableError],
      [grpc.status.CANCELLED, TablerulesError],
      [grpc.status.INTERNAL, TablerulesError],
      [grpc.status.RESOURCE_EXHAUSTED, TablerulesError],
    ];
    const retryable = [grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED, grpc.status.CANCELLED];
    for (const [code, Class] of cases) {
      const error = decodeError(grpcError(code, "x"));
      assert.ok(error instanceof Class, `${grpc.status[code]} -> ${Class.name}`);
      assert.equal((error as TablerulesError).retryable, retryable.includes(code), grpc.status[code]);
    }
  });

  test("errors that are not gRPC errors pass through", () => {
    const error = new TypeError("boom");
    assert.equal(decodeError(error), error);
    const typed = decodeError(grpcError(grpc.status.NOT_FOUND, "x"));
    assert.equal(decodeError(typed), typed);
    assert.ok(decodeError("text") instanceof Error);
  });
});
