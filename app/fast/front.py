"""`Pitchside`: FastAPI, with the busiest paths of a match's start served in front of the
framework's middleware stack (its error and body-limit layers, then ours), where every
request and socket of a start paid for each layer's call and send wrapper:

- with FAST_SOCKET, every WebSocket goes first to `guard` (`socket.SocketGuard`), which
  serves `/ws/{code}` itself and hands any other socket path to the framework;
- with FAST_LANE, every HTTP request to `lane` (`lane.LobbyLane`), which answers the plain
  create, join and start with the security headers and the body limit the stack would apply,
  and hands everything else to the framework (the stack, in full).

Either left None: the framework serves it (the guard is then a middleware of the stack:
app/main.py). The client address they see is the one uvicorn's proxy headers middleware,
outside the app, has already put in the scope."""

from __future__ import annotations

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from app.fast.lane import LobbyLane
from app.fast.socket import SocketGuard


class Pitchside(FastAPI):
    guard: SocketGuard | None = None
    lane: LobbyLane | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        front: ASGIApp | None = None
        if kind == "websocket":
            front = self.guard
        elif kind == "http":
            front = self.lane
        if front is None:
            await super().__call__(scope, receive, send)
            return
        if self.root_path:  # as FastAPI's own call does
            scope["root_path"] = self.root_path
        scope["app"] = self  # as Starlette's does: the app's state, for the guard and lane
        await front(scope, receive, send)

    async def framework(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The framework's middleware stack and routes (what serves every other path)."""
        await super().__call__(scope, receive, send)
