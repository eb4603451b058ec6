"""Service-level failures, each mapped to one gRPC status by the server."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses; `message` is shown to the caller."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    pass


class InvalidArgument(ServiceError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.description = message


class Unauthenticated(ServiceError):
    pass


class PermissionDenied(ServiceError):
    pass


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
