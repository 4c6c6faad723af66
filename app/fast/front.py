"""`Pitchside`: FastAPI, with the plain create, join and start of a match's lobby served in
front of the framework's middleware stack (its error and body-limit layers, then ours),
where every request of a start paid for each layer's call and send wrapper: with
FAST_LANE, every HTTP request goes first to `lane` (`lane.LobbyLane`), which answers those
three with the security headers and the body limit the stack would apply, and hands
everything else to the framework (the stack, in full). Left None: the framework serves it.
The client address the lane sees is the one uvicorn's proxy headers middleware, outside the
app, has already put in the scope."""

from __future__ import annotations

from fastapi import FastAPI
from starlette.types import Receive, Scope, Send

from app.fast.lane import LobbyLane


class Pitchside(FastAPI):
    lane: LobbyLane | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.lane is None or scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        if self.root_path:  # as FastAPI's own call does
            scope["root_path"] = self.root_path
        scope["app"] = self  # as Starlette's does: the app's state, for the lane
        await self.lane(scope, receive, send)

    async def framework(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The framework's middleware stack and routes (what serves every other path)."""
        await super().__call__(scope, receive, send)
