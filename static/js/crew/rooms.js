// @ts-check
// The crew's open rooms: join one with a tap as yourself, or open it.

import { h } from "../dom.js";
import { btn, navigate } from "../shell.js";
import { gameMode, section } from "./parts.js";
import { tr } from "./strings.js";

/**
 * @param {CrewRoom} room
 * @param {GameSpec[]} list
 * @param {Membership | null} held
 * @param {(roomCode: string) => void} onJoin
 */
function roomItem(room, list, held, onJoin) {
  const seated = held && room.seats.some((s) => s.member === held.member);
  const action =
    held && !seated && room.status === "lobby"
      ? btn(tr("crew.join_room"), { class: "btn btn-primary btn-small", onclick: () => onJoin(room.code) })
      : btn(tr("crew.open_room"), { class: "btn btn-small", onclick: () => navigate(`/r/${room.code}`) });
  const who = `${tr(`crew.status.${room.status}`)} · ${room.seats.map((s) => s.name).join(", ")}`;
  return h(
    "li",
    { class: "crew-room", "data-room": room.code },
    h("div", null, h("strong", null, gameMode(list, room.game, room.mode)), h("p", { class: "hint" }, who)),
    action,
  );
}

/**
 * `held` is this phone's membership (or null); `onJoin(roomCode)` takes a seat as it.
 * @param {Crew} crew
 * @param {GameSpec[]} list
 * @param {Membership | null} held
 * @param {(roomCode: string) => void} onJoin
 */
export function roomsSection(crew, list, held, onJoin) {
  const body = crew.rooms.length
    ? h("ul", { class: "crew-rooms" }, crew.rooms.map((room) => roomItem(room, list, held, onJoin)))
    : h("p", { class: "muted" }, tr(held ? "crew.no_rooms" : "crew.no_rooms_guest")); // "below" is the member's form
  return section(tr("crew.open_rooms"), null, body);
}
