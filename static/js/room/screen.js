// @ts-check
// A room at /r/{code}: the state of one room screen and the socket that feeds it. What is
// drawn lives next door: join.js (no seat yet), lobby.js, table.js (the match and its three
// bands), result.js (the full-time takeover), offline.js (banner and catching up).
//
// All state of a room screen is in the `room` object made here; the modules are functions
// of it, so two room screens (a rematch) never share anything.

import { api, getSeat, saveSeat } from "../api.js";
import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { linksReady } from "../links.js";
import { RoomSocket } from "../socket.js";
import { buzz, errorText, eventText, loadOptionLabels, main, modeSpec, navigate, setTop, t, toast } from "../shell.js";
import { awayRows } from "./away.js";
import { isBoard, startBoard, stopBoard } from "./board.js";
import { badToken, joinPanel, unknownRoom } from "./join.js";
import { renderLobby } from "./lobby.js";
import { connection, quiet } from "./offline.js";
import * as seats from "./seats.js";
import { closeTable, drawTable } from "./table.js";

export function roomScreen(code) {
  const room = {
    code,
    /** @type {RoomInfo | null} */
    info: null, // GET /api/rooms/{code}
    spec: null, // {game, mode} from /api/games
    seat: getSeat(code), // {seat, token} when this browser is seated
    /** @type {View | null} */
    view: null,
    sock: null,
    presence: null,
    table: null, // {module, root, game, ...} once a match is drawn
    pollTimer: null,
    clockTimer: null,
    viewAt: 0, // Date.now() when the current view arrived (clocks count from it)
    buzzedAt: null, // the seq whose "10 s left" buzz was given
    bannerTimer: null,
    bannerShown: false,
    lastToAct: false,
    awayToasted: new Set(), // seats whose "is away — the bot plays" was toasted (once per absence)
    rematch: null,
    left: false,
    drawing: Promise.resolve(),
  };
  room.ops = {
    maxSeats: () => seats.maxSeats(room),
    seated: () => seats.seated(room),
    titleLine: () => seats.titleLine(room),
    refreshInfo: () => refreshInfo(room),
    draw: () => draw(room),
    connect: () => connect(room),
    load: () => load(room),
    followRematch: (msg) => followRematch(room, msg),
  };
  if (isBoard()) {
    room.seat = null; // the big screen watches: a spectator socket, never a seat's view
    startBoard(room);
  }
  setTop(code);
  main.replaceChildren(h("p", { class: "muted pad" }, t("ui.loading")));
  load(room);

  return {
    leave: () => leave(room),
    rerender: () => {
      if (room.view) draw(room);
      else if (room.info && !room.sock) joinPanel(room);
    },
    help: () => {
      const key = room.view && `${room.view.game}.help.${room.view.phase}`;
      return key && i18n.has(key) ? t(key) : null;
    },
    menuRows: () => awayRows(room),
    game: () => room.info?.game ?? null,
  };
}

function leave(room) {
  room.left = true;
  room.sock?.stop();
  clearInterval(room.pollTimer);
  clearInterval(room.clockTimer);
  closeTable(room);
  stopBoard(room);
  quiet(room);
}

async function load(room) {
  const links = linksReady();
  try {
    room.info = await api.room(room.code);
  } catch (err) {
    if (room.left) return;
    if (err.status === 404) unknownRoom(room);
    else {
      main.replaceChildren(
        h("p", { class: "pad" }, errorText(err)),
        h("button", { type: "button", class: "btn", onclick: () => load(room) }, t("ui.retry")),
      );
    }
    return;
  }
  if (room.left) return;
  if (room.info.rematch_code) room.rematch = { code: room.info.rematch_code };
  room.spec = await modeSpec(room.info.game, room.info.mode);
  await i18n.loadGame(room.info.game);
  room.optionLabels = await loadOptionLabels(room.info.game);
  await links; // the lobby's link and the big screen's name an address phones can open
  if (room.left) return;
  if (room.seat || room.board) connect(room); // the big screen watches at once: nobody taps a TV
  else joinPanel(room);
}

/** The socket: seated with our token, or a spectator. */
function connect(room) {
  room.sock?.stop();
  room.sock = new RoomSocket(room.code, room.seat?.token, {
    onView: (msg) => gotView(room, msg),
    onAck: () => draw(room),
    onError: (msg) => {
      toast(errorText(msg));
      draw(room);
    },
    onPresence: (msg) => {
      room.presence = msg;
      const known = new Set(room.info.seats.map((x) => x.seat));
      // a new seat, or (during a match) maybe someone came back from away
      if ((msg.seats || []).some((p) => !known.has(p.seat)) || room.view?.status === "playing") refreshInfo(room);
      seats.mergePresence(room);
      draw(room);
    },
    onRematch: (msg) => gotRematch(room, msg),
    onBadToken: () => badToken(room),
    onGone: () => {
      quiet(room);
      room.view = null;
      unknownRoom(room);
    },
    onConnection: (live, dead) => connection(room, live, dead),
  });
  room.sock.start();
  clearInterval(room.pollTimer);
  room.pollTimer = setInterval(() => {
    if (room.view?.status === "lobby" && document.visibilityState === "visible") refreshInfo(room);
  }, 10000);
}

function gotView(room, msg) {
  const previous = room.view;
  room.view = { ...msg.view, seq: msg.seq };
  room.viewAt = Date.now();
  if (previous) standInToasts(room, previous.seq);
  if (seats.seatsMayHaveChanged(room, previous, room.view)) refreshInfo(room);
  room.info.status = room.view.status;
  if (room.view.status === "lobby") {
    if (Array.isArray(room.view.public?.seats)) seats.lobbySeats(room, room.view.public.seats);
    else refreshInfo(room);
    if (room.view.public?.options) room.info.options = room.view.public.options;
  }
  draw(room);
  const mine = room.view.you !== null && (room.view.to_act || []).includes(room.view.you);
  if (mine && !room.lastToAct) buzz(30);
  room.lastToAct = mine;
}

async function refreshInfo(room) {
  try {
    const info = await api.room(room.code);
    if (room.left) return;
    const changed = JSON.stringify(info.seats) !== JSON.stringify(room.info.seats);
    room.info = info;
    seats.mergePresence(room);
    if (changed) draw(room);
  } catch {
    // the socket's reconnect handles outages
  }
}

/** "⚙ played for Bence" as a toast too: the table moved without anyone's tap. */
function standInToasts(room, afterSeq) {
  for (const e of room.view.log || []) {
    if (e.event !== "stand_in" || e.seq <= afterSeq) continue;
    if (e.reason === "away") {
      if (room.awayToasted.has(e.seat)) continue;
      room.awayToasted.add(e.seat);
    }
    const text = eventText(room.view.game, e, seats.names(room));
    // one toast per sentence at a time: fast clocks must not stack the screen full
    const shown = [...document.querySelectorAll("#toasts .toast")].some((x) => x.textContent === text);
    if (!shown) toast(text, "info");
  }
}

function followRematch(room, msg) {
  if (room.left) return; // the socket's rematch message and the host's own call both land here
  if (room.seat) saveSeat(msg.code, { ...room.seat });
  navigate(`/r/${msg.code}`);
}

function gotRematch(room, msg) {
  room.rematch = msg;
  if (seats.isHost(room)) followRematch(room, msg);
  else draw(room);
}

function draw(room) {
  if (room.left || !room.view) return;
  if (room.view.status === "lobby") {
    closeTable(room);
    renderLobby(room, room.ops);
    return;
  }
  room.drawing = room.drawing.then(() => drawTable(room)).catch((err) => console.error(err));
}
