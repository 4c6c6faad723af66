"""The room layer built once and wired one way (`Rooms.build`): what main.py and app/api hold.

Each piece is handed in its constructor what it calls, and nothing calls back the way it came:

- commands, over this instance's copies of rooms (`cache`): `service` (`act`, `set_away`),
  `lobby`, `rematches`, `replays`;
- pushing views: the broker hands every message to `fanout` (main.py:
  `broker.start(rooms.fanout.on_message)`), which pushes each socket of the `hub` its view;
- what follows a move made here, run by `fanout`: `clock`, `odds`, `bots`. A bot's or the
  clock's move is a new command (`service.act`), which starts again at the top.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.db.rooms import Database
from app.rooms.commands.cache import RoomCache
from app.rooms.commands.lobby import Lobby
from app.rooms.commands.rematch import Rematches
from app.rooms.commands.replays import Replays
from app.rooms.commands.service import RoomService
from app.rooms.fanout import Fanout, Followups
from app.rooms.follow.bots import Bots
from app.rooms.follow.clock import Clock
from app.rooms.follow.odds import OddsJobs, OddsWorker
from app.rooms.push.broker import Publisher
from app.rooms.push.hub import Hub


@dataclass(frozen=True, slots=True)
class Rooms:
    """This instance's room machinery, every piece by its job."""

    db: Database
    publish: Publisher
    cache: RoomCache
    hub: Hub
    service: RoomService
    lobby: Lobby
    rematches: Rematches
    replays: Replays
    fanout: Fanout
    bots: Bots
    clock: Clock
    odds: OddsJobs

    @classmethod
    def build(
        cls,
        db: Database,
        publish: Publisher,
        *,
        hub: Hub | None = None,
        alone: bool = False,
        bot_delay: float = 0.7,
        clock_scale: float = 1.0,
        odds: OddsWorker | None = None,
        odds_sims: int = 2000,
    ) -> Rooms:
        """Built from the database, the broker's `publish` and this instance's hub; hand
        `fanout.on_message` to the broker (`Broker.start`). `alone`: no other instance."""
        hub = hub or Hub()
        cache = RoomCache(db, clock_scale=clock_scale)
        service = RoomService(db, cache, publish)
        snapshot, connected = cache.snapshot, hub.is_connected
        bots = Bots(service.act, snapshot, connected, bot_delay)
        clock = Clock(service.act, snapshot, connected, bots, service.set_away)
        jobs = OddsJobs(odds or OddsWorker(0), odds_sims, snapshot, cache.latest, publish)
        followups = Followups(clock, jobs, bots, lambda: service.closing)
        fanout = Fanout(cache, hub, followups, service.set_away, alone=alone)
        return cls(
            db,
            publish,
            cache,
            hub,
            service,
            Lobby(cache, publish),
            Rematches(cache, publish),
            Replays(cache),
            fanout,
            bots,
            clock,
            jobs,
        )

    async def aclose(self) -> None:
        """SIGTERM: nothing new starts; the commit in flight finishes."""
        self.service.closing = self.db.closing = True
        await self.bots.aclose()
        await self.clock.aclose()
        await self.odds.aclose()
        await self.db.aclose()
