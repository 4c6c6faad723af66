"""Several `python -m app` processes over one PostgreSQL: no sticky sessions, nothing lost."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import httpx
import pytest
import websockets

from tests.support.client import Socket, auth, create_room, play
from tests.support.server import ServerProcess

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres]


def two_instances(
    pg_url: str, processes: list[ServerProcess], **env: str
) -> tuple[ServerProcess, ServerProcess]:
    """Two `python -m app` over the same PostgreSQL (and broker, by `env`)."""
    a = ServerProcess.start(pg_url, **env)
    b = ServerProcess.start(pg_url, **env)
    processes += [a, b]
    return a, b


async def room_on(
    server: ServerProcess, players: int = 2, target: int = 20
) -> tuple[str, list[str]]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, target=target)
        code, tokens = created["code"], [created["token"]]
        for i in range(1, players):
            tokens.append(
                (await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})).json()["token"]
            )
        assert (
            await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
        ).status_code == 200
    return code, tokens


async def test_seats_split_across_two_instances_play_a_whole_match(
    pg_url: str, broker_env: dict[str, str], processes: list[ServerProcess]
) -> None:
    a, b = two_instances(pg_url, processes, **broker_env)
    code, tokens = await room_on(a, players=3)
    sockets = {
        0: await Socket.open(a.ws_url, code, tokens[0]),
        1: await Socket.open(b.ws_url, code, tokens[1]),
        2: await Socket.open(b.ws_url, code, tokens[2]),
    }
    watcher_a = await Socket.open(a.ws_url, code)
    watcher_b = await Socket.open(b.ws_url, code)
    last = await play(sockets)
    assert last["status"] == "finished"
    end_a = await watcher_a.view_where(lambda v: v["status"] == "finished")
    end_b = await watcher_b.view_where(lambda v: v["status"] == "finished")
    assert end_a == end_b and watcher_a.seq == watcher_b.seq == sockets[0].seq


async def test_one_command_sent_to_two_instances_at_once_is_applied_once(
    pg_url: str, processes: list[ServerProcess]
) -> None:
    a, b = two_instances(pg_url, processes)
    code, tokens = await room_on(a)
    on_a = await Socket.open(a.ws_url, code, tokens[0])
    on_b = await Socket.open(b.ws_url, code, tokens[0])
    await on_a.view_where(lambda v: True)
    await on_b.view_where(lambda v: True)
    # The same cid to both instances at the same moment: one application, one seq, two acks.
    same = {"type": "pick", "number": 2}
    answers = await asyncio.gather(on_a.act(same, cid="twin"), on_b.act(same, cid="twin"))
    assert answers[0] == answers[1] == {"type": "ack", "cid": "twin", "seq": 1}
    # Two different commands for the same seat at once: exactly one is applied.
    answers = await asyncio.gather(
        on_a.act({"type": "pick", "number": 1}, cid="left"),
        on_b.act({"type": "pick", "number": 3}, cid="right"),
    )
    assert sorted(x["type"] for x in answers) == ["error", "error"]  # seat 0 already picked
    async with httpx.AsyncClient(base_url=b.url) as http:
        assert (await http.get(f"/api/rooms/{code}")).json()["seq"] == 1
    other = await Socket.open(b.ws_url, code, tokens[1])
    await other.view_where(lambda v: True)
    await other.act({"type": "pick", "number": 1})
    view = await on_a.view_where(lambda v: v["phase"] == "count")
    mover = on_a if view["to_act"] == [0] else other
    twin = mover.latest_view["legal"]  # type: ignore[index]
    duplicate = await Socket.open(
        a.ws_url if mover is other else b.ws_url, code, tokens[view["to_act"][0]]
    )
    await duplicate.view_where(lambda v: True)
    answers = await asyncio.gather(mover.act(twin[0], cid="m1"), duplicate.act(twin[1], cid="m2"))
    assert sorted(x["type"] for x in answers) == ["ack", "error"]
    async with httpx.AsyncClient(base_url=a.url) as http:
        assert (await http.get(f"/api/rooms/{code}")).json()["seq"] == 3


async def test_a_seat_marked_away_at_one_instance_shows_away_at_the_other(
    pg_url: str, broker_env: dict[str, str], processes: list[ServerProcess]
) -> None:
    a, b = two_instances(pg_url, processes, **broker_env)
    async with httpx.AsyncClient(base_url=a.url) as http:
        created = await create_room(http, target=20, turn_seconds=120)
        code = created["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
        bence = await Socket.open(a.ws_url, code, joined["token"])
        assert (await bence.act({"type": "pick", "number": 1}))["seq"] == 1
        host_at_b = await Socket.open(b.ws_url, code, created["token"])
        await host_at_b.view_where(lambda v: v["public"]["clock"]["away"] == [])
        assert host_at_b.seq == 1
        marked = await http.post(
            f"/api/rooms/{code}/seats/1/away", json={"away": True}, headers=auth(created["token"])
        )
        assert marked.status_code == 200, marked.text
    # Bence has nothing to decide, so the room stays at seq 1: instance b must still learn,
    # from the broker alone, that he is away.
    view = await host_at_b.view_where(lambda v: v["public"]["clock"]["away"] == [1])
    assert host_at_b.seq == 1 and view["to_act"] == [0]


async def test_odds_reach_the_sockets_of_every_instance(
    pg_url: str, broker_env: dict[str, str], processes: list[ServerProcess]
) -> None:
    a, b = two_instances(pg_url, processes, **broker_env, ODDS_SIMS="200")
    code, tokens = await room_on(a)
    anna = await Socket.open(a.ws_url, code, tokens[0])
    watcher_b = await Socket.open(b.ws_url, code)
    # Pricing is another process's (its pool starts with the first room): under a loaded CI
    # machine that can take seconds, so these wait on the odds for longer than a view.
    priced = 30.0
    await watcher_b.view_where(lambda v: "odds" in v["public"], priced)  # b priced seq 0
    await anna.view_where(lambda v: True)
    assert (await anna.act({"type": "pick", "number": 3}))["seq"] == 1
    # Committed at a; the watcher at b gets the odds of seq 1 all the same.
    seen = await watcher_b.view_where(
        lambda v: watcher_b.seq == 1 and "odds" in v["public"], priced
    )
    assert seen["public"]["odds"]["cards"] == {"win0": {"p": 0.5}, "win1": {"p": 0.5}}


async def test_presence_counts_the_sockets_of_every_instance(
    pg_url: str, broker_env: dict[str, str], processes: list[ServerProcess]
) -> None:
    a, b = two_instances(pg_url, processes, **broker_env)
    code, tokens = await room_on(a)
    anna = await Socket.open(a.ws_url, code, tokens[0])
    bence = await Socket.open(b.ws_url, code, tokens[1])
    await Socket.open(b.ws_url, code)  # a spectator at b

    def seen(message: dict[str, object], bence_here: bool, spectators: int) -> bool:
        seats = [{"seat": 0, "connected": True}, {"seat": 1, "connected": bence_here}]
        return message == {"type": "presence", "seats": seats, "spectators": spectators}

    while not seen(await anna.expect("presence"), True, 1):
        pass  # Anna at a learns that Bence and a spectator are connected at b
    async with httpx.AsyncClient(base_url=a.url) as http:
        room = (await http.get(f"/api/rooms/{code}")).json()
    assert [s["connected"] for s in room["seats"]] == [True, True] and room["spectators"] == 1
    await bence.close()
    while not seen(await anna.expect("presence"), False, 1):
        pass


async def test_kill_9_mid_match_loses_no_acknowledged_action(
    pg_url: str, processes: list[ServerProcess]
) -> None:
    a = ServerProcess.start(pg_url)
    processes.append(a)
    code, tokens = await room_on(a, target=40)
    acked: list[tuple[str, int]] = []
    sockets = {seat: await Socket.open(a.ws_url, code, t) for seat, t in enumerate(tokens)}

    async def keep_playing() -> None:
        with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
            await play(sockets, acked=acked)

    player = asyncio.create_task(keep_playing())
    while len(acked) < 6:
        await asyncio.sleep(0.005)
    a.kill()  # in the middle of the traffic: some action may be in flight
    await asyncio.wait_for(player, 15)

    restarted = ServerProcess.start(pg_url, port=a.port)
    processes.append(restarted)
    sockets = {seat: await Socket.open(restarted.ws_url, code, t) for seat, t in enumerate(tokens)}
    whole = await sockets[0].view_where(lambda v: True)
    assert sockets[0].seq >= max(seq for _cid, seq in acked)
    assert whole["status"] == "playing"
    await play(sockets, acked=acked)
    async with httpx.AsyncClient(base_url=restarted.url) as http:
        replay = (await http.get(f"/api/rooms/{code}/replay")).json()
    seqs = [x["seq"] for x in replay["actions"]]
    assert seqs == list(range(1, len(seqs) + 1))  # nothing half-applied, no hole
    assert {seq for _cid, seq in acked} <= set(seqs)


async def test_sigterm_closes_sockets_with_1012(
    pg_url: str, processes: list[ServerProcess]
) -> None:
    a = ServerProcess.start(pg_url)
    processes.append(a)
    code, tokens = await room_on(a)
    ws = await websockets.connect(f"{a.ws_url}/ws/{code}")
    await ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
    await ws.recv()
    # uvicorn shuts down gracefully, then re-raises SIGTERM to exit with its status.
    assert a.terminate() in (0, -15)
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012


async def test_an_instance_killed_while_its_odds_worker_starts_leaves_no_worker_behind(
    pg_url: str, processes: list[ServerProcess]
) -> None:
    a = ServerProcess.start(pg_url, ODDS_WORKERS="1", ODDS_SIMS="200")
    processes.append(a)
    await room_on(a)  # the start asks for the odds: the worker process is being started
    workers: set[int] = set()
    for _ in range(100):
        workers = children_of(a.process.pid) - {p for p in children_of(a.process.pid) if tracker(p)}
        if workers:
            break
        await asyncio.sleep(0.01)
    assert workers, "no odds worker was started"
    a.kill()  # before the worker is up: it cannot have asked to die with the server yet
    for _ in range(100):
        if not any(Path(f"/proc/{p}").exists() and not zombie(p) for p in workers):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"odds workers {sorted(workers)} outlived their server")


def children_of(pid: int) -> set[int]:
    tasks = Path(f"/proc/{pid}/task")
    found: set[int] = set()
    for task in tasks.iterdir() if tasks.exists() else ():
        with contextlib.suppress(OSError):
            found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def tracker(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    return False


def zombie(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    return True
