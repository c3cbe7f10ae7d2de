"""The one error the API answers with: an HTTP status and the reason, in the player's words."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def bad(reason: str) -> ApiError:
    return ApiError(400, reason)


def missing(reason: str) -> ApiError:
    return ApiError(404, reason)


def conflict(reason: str) -> ApiError:
    return ApiError(409, reason)
