// @ts-check
// The match on a phone: the three bands (the sticky header, the table, the action bar), the
// ctx handed to the game's render(root, view, ctx), and what follows each render: drawers,
// the decision brought into view, learn-as-you-play, the full-time takeover, the clocks.

import { h } from "../dom.js";
import { $, bar, btn, buzz, clockIsLow, clockLeft, loadTable, main, setTop, t, tableCtx, tickClocks } from "../shell.js";
import { beginDecision, endDecision, makeDecision, markDecision, removeDecision } from "./decision.js";
import { beginDrawers, endDrawers, makeDrawers, registerDrawer, removeDrawers } from "./drawers.js";
import { drawAside } from "./board.js";
import { flash, replaceFlash } from "./flash.js";
import { hideHeader, makeHeader, SENDING_AFTER_MS, showHeader, updateHeader, updateSeats } from "./header.js";
import { learn } from "./learn.js";
import { resultKey, takeover } from "./result.js";
import { awaySeats, names } from "./seats.js";

const CLOCK_TICK_MS = 250;

async function ensureTable(room, game) {
  if (room.table?.game === game) return room.table;
  closeTable(room);
  const module = await loadTable(game);
  const drawers = makeDrawers();
  room.table = {
    game,
    module,
    root: h("div", { class: `table table-${game}` }),
    resultSlot: h("div", { class: "result-slot" }),
    header: makeHeader(room),
    drawers,
    decision: makeDecision(),
    phase: null,
    takeover: true, // shown once the match is over, until "See the table"
  };
  room.ops.setTakeover = (on) => setTakeover(room, on);
  bar.replaceChildren();
  $("dock").prepend(drawers.tabs);
  watchHead();
  return room.table;
}

/** --head-h / --dock-h: the sticky header's and the dock's heights, for what is laid out
 * against them (takeover, flash, toasts). */
function measureBands() {
  document.documentElement.style.setProperty("--head-h", `${$("head").offsetHeight}px`);
  document.documentElement.style.setProperty("--dock-h", `${$("dock").offsetHeight}px`);
}

function watchHead() {
  measureBands();
  if (!watchHead.observer && "ResizeObserver" in window) {
    watchHead.observer = new ResizeObserver(measureBands);
    watchHead.observer.observe($("head"));
    watchHead.observer.observe($("dock"));
  }
}
/** @type {ResizeObserver | null} the bands' observer, made once */
watchHead.observer = null;

export function closeTable(room) {
  const table = room.table;
  if (!table) return;
  removeDrawers(table.drawers);
  removeDecision(table.decision);
  hideHeader();
  bar.classList.remove("offline");
  document.body.classList.remove("finished", "takeover-on");
  clearInterval(room.clockTimer);
  room.table = null;
}

/**
 * @param {any} room
 * @returns {Required<TableCtx>} the shell's ctx with every optional part the room screen has
 */
function makeCtx(room) {
  const sock = room.sock;
  const table = room.table;
  const online = !!sock?.live;
  return {
    ...tableCtx({
      game: room.view.game,
      send: (action) => {
        const cid = sock ? sock.send(action) : null;
        if (cid) {
          setTimeout(() => room.ops.draw(), 0);
          setTimeout(() => room.ops.draw(), SENDING_AFTER_MS + 10);
        }
        return cid;
      },
      busy: !sock || sock.busy,
      names: names(room),
      seats: room.info?.seats || [],
      you: room.view.you ?? null,
      bar,
    }),
    online,
    decision: (el) => markDecision(table.decision, el),
    drawer: (id, label, fill) => registerDrawer(table.drawers, id, label, fill),
    flash: (text, opts) => flash(room, text, opts),
    learn: (phase) => learn(room, room.view.game, phase),
  };
}

export async function drawTable(room) {
  if (room.left) return;
  const view = room.view;
  const table = await ensureTable(room, view.game);
  if (room.left || view !== room.view) return;
  setTop(room.code);
  const ctx = makeCtx(room);
  showHeader(room);
  if (table.root.parentNode !== main) main.replaceChildren(table.resultSlot, table.root, ...(room.board ? [room.board.aside] : []));
  if (room.board) drawAside(room);
  table.header.status.dataset.seq = view.seq;
  drawClocks(room, view);
  updateHeader(room, view, ctx, table.module);
  beginDrawers(table.drawers);
  beginDecision(table.decision);
  try {
    table.module.render(table.root, view, ctx);
  } catch (err) {
    console.error(err);
    (await import("/static/js/games/generic.js")).render(table.root, view, ctx);
  }
  endDrawers(room, view, ctx, table.module);
  bar.classList.toggle("offline", !ctx.online);
  drawResult(room, view, ctx);
  endDecision(table.decision, view);
  measureBands(); // now, not at the next frame: a toast the render asked for is placed by them
  replaceFlash(room); // a flash still up keeps off the decision this render drew
  if (table.phase !== view.phase && view.status === "playing") {
    table.phase = view.phase;
    if (view.you !== null && view.you !== undefined && !room.board) ctx.learn(view.phase); // players, not the TV
  }
}

function drawResult(room, view, ctx) {
  const table = room.table;
  const key = resultKey(room, view);
  if (table.resultKey !== key) {
    table.resultKey = key;
    table.resultSlot.replaceChildren(key ? takeover(room, view, ctx, table.module) : "");
    if (key && !table.finishedSeen) {
      table.finishedSeen = true;
      window.scrollTo(0, 0);
    }
  }
  const finished = view.status === "finished";
  document.body.classList.toggle("finished", finished);
  setTakeover(room, finished && table.takeover);
}

function setTakeover(room, on) {
  const table = room.table;
  if (!table) return;
  if (room.view?.status === "finished") table.takeover = on;
  document.body.classList.toggle("takeover-on", on);
  table.resultSlot.hidden = !on;
  const back = table.drawers.tabs.querySelector("#show-result");
  if (!on && room.view?.status === "finished" && !back) {
    table.drawers.tabs.hidden = false;
    table.drawers.tabs.prepend(btn(t("ui.result"), { class: "btn btn-small bar-tab", id: "show-result", onclick: () => setTakeover(room, true) }));
  } else if (on) back?.remove();
  if (on) $("result")?.focus?.();
}

/** Countdown chips on the seats we wait for, ticking until the next view. */
function drawClocks(room, view) {
  const left = clockLeft(view, room.viewAt);
  const clock = view.status === "playing" ? view.public?.clock : null;
  const away = awaySeats(room, view);
  for (const seat of room.awayToasted) if (!away.has(seat)) room.awayToasted.delete(seat);
  updateSeats(room, view, left, (clock?.turn_seconds ?? 0) * 1000);
  clearInterval(room.clockTimer);
  room.clockTimer = Object.keys(left).length ? setInterval(() => tick(room), CLOCK_TICK_MS) : null;
}

function tick(room) {
  const view = room.view;
  if (room.left || !view || !room.table) return;
  const left = clockLeft(view, room.viewAt);
  const mine = left[view.you];
  if (clockIsLow(mine) && mine > 0 && room.buzzedAt !== view.seq) {
    room.buzzedAt = view.seq;
    buzz(15);
  }
  if (!tickClocks($("head-game"), left)) clearInterval(room.clockTimer);
}
