// The big screen at /r/{code}?screen=board (UX §3.5): a spectator socket on a TV, the table
// on the left and, on the right, the room code with its QR code (can be hidden) and, for a
// crew room between matches, the crew's standings. Big type, the screen kept awake, nothing
// private (a spectator's views have none).

import { h } from "../dom.js";
import { shownLink } from "../links.js";
import { btn, t } from "../shell.js";

export function isBoard() {
  return new URLSearchParams(location.search).get("screen") === "board";
}

export function startBoard(room) {
  room.board = { aside: h("aside", { class: "board-aside", id: "board-aside" }), qrHidden: false, crewKey: null };
  document.body.classList.add("big-screen");
  navigator.wakeLock?.request?.("screen").then((lock) => (room.board.lock = lock)).catch(() => {});
}

export function stopBoard(room) {
  if (!room.board) return;
  room.board.lock?.release?.().catch(() => {});
  document.body.classList.remove("big-screen");
}

/** The right-hand column, redrawn with each view. */
export function drawAside(room) {
  const board = room.board;
  const code = room.code;
  const join = shownLink(`/r/${code}`);
  const qr = board.qrHidden
    ? null
    : h("img", { class: "board-qr", src: `/r/${code}/qr.svg`, alt: t("ui.qr_alt", { code }), width: 260, height: 260 });
  const toggle = btn(board.qrHidden ? t("ui.show_qr") : t("ui.hide_qr"), {
    class: "btn btn-small",
    id: "board-qr-toggle",
    onclick: () => {
      board.qrHidden = !board.qrHidden;
      drawAside(room);
    },
  });
  const between = room.view?.status !== "playing";
  board.aside.replaceChildren(
    h("section", { class: "panel board-join" }, h("p", { class: "eyebrow" }, t("ui.join_at")), h("p", { class: "board-code" }, code), qr, h("p", { class: "board-link" }, join), toggle),
    ...(between && room.info?.crew ? [crewStandings(room)] : []),
  );
  return board.aside;
}

function crewStandings(room) {
  const el = h("section", { class: "panel board-crew", id: "board-crew" }, h("h2", null, t("ui.crew_standings")));
  import("/static/js/crew.js")
    .then((mod) => mod.renderStandings?.(el, room.info.crew, { roomCode: room.code }))
    .catch(() => el.remove());
  return el;
}
