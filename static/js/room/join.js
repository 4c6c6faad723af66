// @ts-check
// A room this browser holds no seat in: take a seat, watch, or see the result; and the dead
// ends made into ways on (an unknown room, a token the room no longer knows).

import { api, forgetSeat, getName, saveName, saveSeat } from "../api.js";
import { h } from "../dom.js";
import { bar, btn, errorText, main, navigate, t, toast } from "../shell.js";
import { quiet } from "./offline.js";
import { maxSeats, seated, titleLine } from "./seats.js";

function seatStrip(room) {
  return h(
    "ul",
    { class: "seat-strip" },
    seated(room).map((s) =>
      h("li", null, h("span", { class: "seat-n" }, String(s.seat + 1)), s.seat === 0 ? "♛ " : null, s.bot ? "⚙ " : null, s.name),
    ),
  );
}

export function joinPanel(room) {
  const info = room.info;
  const free = maxSeats(room) - seated(room).length;
  const canSit = info.status === "lobby" && free > 0;
  const nameInput = h("input", {
    id: "name",
    type: "text",
    maxlength: 24,
    value: getName(),
    autocomplete: "nickname",
    placeholder: t("ui.name_placeholder"),
  });
  const statusText = {
    lobby: canSit ? t("ui.lobby_seats", { n: seated(room).length, max: maxSeats(room) }) : t("ui.room_full"),
    playing: t("ui.room_playing"),
    finished: t("ui.room_finished"),
  }[info.status];
  main.replaceChildren(
    h(
      "section",
      { class: "panel" },
      h("h1", null, titleLine(room)),
      h("p", { class: "muted" }, statusText),
      seatStrip(room),
      canSit ? h("div", { class: "field" }, h("label", { for: "name" }, t("ui.your_name")), nameInput) : null,
      h("p", null, h("a", { href: `/?how=${info.game}`, class: "small how-link", onclick: howLink(info.game) }, t("ui.how_to_play"))),
    ),
  );
  bar.replaceChildren(...joinButtons(room, canSit, nameInput));
}

export function howLink(game) {
  return (e) => {
    e.preventDefault();
    navigate(`/?how=${encodeURIComponent(game)}`);
  };
}

function joinButtons(room, canSit, nameInput) {
  const take = async (button) => {
    const name = nameInput.value.trim();
    if (!name) {
      toast(t("ui.name_needed"));
      nameInput.focus();
      return;
    }
    saveName(name);
    button.disabled = true;
    try {
      const joined = await api.join(room.code, name);
      room.seat = { seat: joined.seat, token: joined.token };
      saveSeat(room.code, room.seat);
      room.info = await api.room(room.code);
      room.ops.connect();
    } catch (err) {
      toast(errorText(err));
      button.disabled = false;
      if (err.status === 409) room.ops.load();
    }
  };
  if (canSit) {
    const sit = btn(t("ui.take_seat", { n: seated(room).length + 1 }), {
      class: "btn btn-primary",
      id: "take-seat",
      onclick: () => take(sit),
    });
    return [sit, btn(t("ui.just_watch"), { onclick: () => room.ops.connect() })];
  }
  if (room.info.status === "finished") {
    return [
      btn(t("ui.result"), { class: "btn btn-primary", onclick: () => room.ops.connect() }),
      btn(t("ui.replay"), { onclick: () => navigate(`/r/${room.code}/replay`) }),
    ];
  }
  return [btn(t("ui.watch"), { class: "btn btn-primary", onclick: () => room.ops.connect() })];
}

export function unknownRoom(room) {
  main.replaceChildren(
    h(
      "section",
      { class: "panel center" },
      h("h1", null, t("ui.no_such_room", { code: room.code })),
      h("p", { class: "muted" }, t("ui.no_such_room_hint")),
    ),
  );
  bar.replaceChildren(
    btn(t("ui.home"), { onclick: () => navigate("/") }),
    btn(t("ui.new_room"), { class: "btn btn-primary", onclick: () => navigate("/") }),
  );
}

export function badToken(room) {
  forgetSeat(room.code);
  room.seat = null;
  room.view = null;
  room.sock = null;
  quiet(room);
  main.replaceChildren(
    h(
      "section",
      { class: "panel center" },
      h("h1", null, t("ui.not_seated")),
      h("p", { class: "muted" }, t("ui.not_seated_hint")),
    ),
  );
  bar.replaceChildren(
    btn(t("ui.watch"), { class: "btn btn-primary", onclick: () => room.ops.connect() }),
    btn(t("ui.home"), { onclick: () => navigate("/") }),
  );
}
