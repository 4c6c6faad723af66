// @ts-check
// Seats the bot plays for an absent player: the host hands a seat to the bot or gives it back
// (☰), and the player whose seat it is takes it back from their own phone. Taking it back
// needs no host token: the socket opens again with the seat's token, and a seat that says
// hello while away is back (app/rooms/push/hub.py).

import { api } from "../api.js";
import { h } from "../dom.js";
import { btn, errorText, t, toast } from "../shell.js";
import { awaySeats, isHost, seated } from "./seats.js";

/** This phone's seat is played by the bot right now. */
export function myseatAway(room) {
  const view = room.view;
  return !!view && view.you !== null && view.you !== undefined && awaySeats(room, view).has(view.you);
}

/** "Take my seat back": reconnect with this seat's token. */
export function reclaimButton(room) {
  return btn(t("ui.take_back"), {
    class: "btn btn-small btn-primary",
    id: "take-back",
    onclick: () => {
      room.awayToasted.delete(room.view.you);
      room.sock?.restart();
      toast(t("ui.taken_back"), "ok");
    },
  });
}

/** The ☰ rows of a match: the host hands each human seat to the bot or gives it back; a
 * player whose seat the bot plays takes it back. */
export function awayRows(room) {
  const view = room.view;
  if (view?.status !== "playing") return null;
  if (!isHost(room)) {
    if (!myseatAway(room)) return null;
    return h("div", { class: "menu-row", id: "menu-away" }, h("span", { class: "menu-label" }, t("ui.bot_plays_you")), reclaimButton(room));
  }
  const away = awaySeats(room, view);
  const humans = seated(room).filter((s) => !s.bot);
  return h(
    "div",
    { class: "menu-row", id: "menu-away" },
    h("span", { class: "menu-label" }, t("ui.hand_to_bot")),
    h("div", { class: "row" }, humans.map((s) => handButton(room, s, away.has(s.seat)))),
  );
}

function handButton(room, s, isAway) {
  const button = btn(isAway ? t("ui.give_back", { name: s.name }) : t("ui.hand_seat", { name: s.name }), {
    class: ["btn btn-small", isAway && "is-away"],
    "data-seat": s.seat,
    onclick: async () => {
      button.disabled = true;
      try {
        await api.setAway(room.code, room.seat.token, s.seat, !isAway);
        const mine = room.info.seats.find((x) => x.seat === s.seat);
        if (mine) mine.away = !isAway;
        if (!isAway) room.awayToasted.add(s.seat);
        await room.ops.refreshInfo();
        room.ops.draw();
        toast(isAway ? t("ui.give_back", { name: s.name }) : t("ui.stand_in_away", { name: s.name }), "ok");
      } catch (err) {
        toast(errorText(err));
      }
      button.closest("dialog")?.close();
    },
  });
  return button;
}
