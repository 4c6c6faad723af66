// @ts-check
// Who sits where in a room: names, the host, seats the bot plays for an absent player.
// Plain functions of the room screen's state object (screen.js), no state of their own.

import { gameName, modeName } from "../shell.js";

export function seated(room) {
  return room.info.seats.filter((s) => s.name !== null && s.name !== undefined);
}

export function maxSeats(room) {
  return room.spec?.mode?.max_players ?? room.info.seats.length;
}

/** [name of seat 0, name of seat 1, ...] */
export function names(room) {
  const out = [];
  for (const s of room.info?.seats || []) out[s.seat] = s.name ?? "";
  return out;
}

export function isHost(room) {
  return room.seat !== null && room.seat !== undefined && room.seat.seat === 0;
}

export function titleLine(room) {
  return `${gameName(room.spec?.game, room.info.game)} · ${modeName(room.info.game, room.info.mode)}`;
}

/** Seats the bot plays for their absent player: from the clock, or the room's seats. */
export function awaySeats(room, view) {
  if (view.status !== "playing") return new Set();
  const clock = view.public?.clock;
  if (clock) return new Set(clock.away || []); // the view of this very step knows best
  return new Set(room.info.seats.filter((s) => s.away).map((s) => s.seat));
}

/** The lobby view names every seat; presence says who is connected. */
export function lobbySeats(room, seats) {
  const before = new Map(room.info.seats.map((x) => [x.seat, x.connected]));
  room.info.seats = seats.map((x) => ({ ...x, connected: x.bot || before.get(x.seat) || false }));
  mergePresence(room);
}

export function mergePresence(room) {
  if (!room.presence || !room.info) return;
  for (const p of room.presence.seats || []) {
    const s = room.info.seats.find((x) => x.seat === p.seat);
    if (s) s.connected = p.connected;
  }
  room.info.spectators = room.presence.spectators ?? room.info.spectators;
}

/** The same step sent again without new odds: the seats changed (one handed to the bot,
 * or back), so the room's seats are worth a fresh look. Without a clock (whose `away` each
 * view carries) so is every step while the seats say someone is away: the same step sent
 * again may have been overtaken by a newer one (newest view wins). */
export function seatsMayHaveChanged(room, previous, view) {
  const unclocked = view.status === "playing" && !view.public?.clock; // no clock.away to go by
  if (unclocked && room.info?.seats?.some((s) => s.away)) return true;
  if (!previous || previous.seq !== view.seq || view.status !== "playing") return false;
  const odds = (v) => JSON.stringify([v.public?.odds, v.private?.odds]);
  return odds(previous) === odds(view);
}
