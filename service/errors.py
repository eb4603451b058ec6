"""Service-level failures, each mapped to one gRPC status by the server."""

from __future__ import annotations

from typing import Any


def _rebuilt(kind: type[ServiceError], fields: dict[str, Any]) -> ServiceError:
    error = kind.__new__(kind)
    Exception.__init__(error, fields["message"])
    error.__dict__.update(fields)
    return error


class ServiceError(Exception):
    """A request the service refuses; `message` is shown to the caller."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        # Log jobs raise these in another process: every subclass crosses intact,
        # whatever its constructor takes.
        return _rebuilt, (type(self), dict(self.__dict__))


class NotFound(ServiceError):
    pass


class MalformedRequest(ServiceError):
    """Bytes that do not parse as the method's request message."""


class InvalidArgument(ServiceError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.description = message


class Unauthenticated(ServiceError):
    pass


class PermissionDenied(ServiceError):
    pass


class ResourceExhausted(ServiceError):
    """A limit of the server's (not of the request's fields) is reached: retry later or
    ask the operator, as the message says."""


class OutOfRange(ServiceError):
    pass


class Unavailable(ServiceError):
    """The server cannot answer now: it is shutting down, or its store does not answer.
    The message says how to retry (a stream: where to resume)."""


class StaleVersion(ServiceError):
    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected_version is {expected} but the game is at version {actual}")
        self.expected = expected
        self.actual = actual


class Rejected(ServiceError):
    """The rules refuse the command (or a log): cites the rule."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.description = message
