// @ts-check
// The big screen at /r/{code}?screen=board (UX §3.5): a spectator socket on a TV, opened at
// once (nobody taps a TV), the table on the left and, on the right, the room code with its QR
// code (can be hidden; smaller once the match is on) and, for a crew room between matches,
// the crew's standings. At full time the result sits beside the table. Big type, the screen
// kept awake, nothing private (a spectator's views have none), no action bar or toast across
// it, and the whole board always on the one screen: fitBoard() zooms the page out until the
// document is no taller than the window.

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
  room.board.unfit = watchFit();
}

export function stopBoard(room) {
  if (!room.board) return;
  room.board.lock?.release?.().catch(() => {});
  room.board.unfit?.();
  document.body.classList.remove("big-screen");
  document.documentElement.style.removeProperty("--board-zoom");
}

const MIN_ZOOM = 0.4; // below this a TV across the room is unreadable anyway

/** The page zoomed out (CSS `zoom` on the body, which lays the board out wider as well as
 * smaller) just enough that the document is no taller than the window: no part of the board
 * below the fold. The largest zoom that fits, by bisection from 1 each time (a wider layout
 * wraps less, so the height is not proportional), so a board that shrinks grows back. */
export function fitBoard() {
  const root = document.documentElement;
  const fits = (zoom) => {
    root.style.setProperty("--board-zoom", zoom.toFixed(3));
    return root.scrollHeight <= innerHeight;
  };
  let zoom = 1;
  if (!fits(1)) {
    let lo = MIN_ZOOM;
    let hi = 1;
    for (let i = 0; i < 8; i += 1) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    zoom = lo;
    fits(zoom);
  }
  root.dataset.boardZoom = zoom.toFixed(3);
}

/** The heights the fit depends on (the header's and each block's of the page), read at the
 * current zoom: a clock's tick changes none of them, and then nothing is fitted again. */
function shape() {
  /** @type {(Partial<HTMLElement> | null)[]} an SVG block has no offsetHeight: 0 */
  const blocks = [document.getElementById("head"), ...(document.getElementById("main")?.children ?? [])];
  return `${innerWidth}x${innerHeight}|${blocks.map((el) => el?.offsetHeight ?? 0).join(",")}`;
}

/** fitBoard() again, at most once a frame, whenever the page or the window changed shape. */
function watchFit() {
  let queued = false;
  let fitted = "";
  const again = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (shape() === fitted) return;
      fitBoard();
      fitted = shape();
    });
  };
  const watcher = new MutationObserver(again);
  watcher.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["class", "hidden", "open", "src"] });
  addEventListener("resize", again);
  document.addEventListener("load", again, true); // a picture (the QR code) arriving
  again();
  return () => {
    watcher.disconnect();
    removeEventListener("resize", again);
    document.removeEventListener("load", again, true);
  };
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
  const status = room.view?.status;
  const between = status !== "playing";
  // nobody joins a finished match: its code and QR give way to the result (and crew standings)
  const invite = status === "finished" ? null
    : h("section", { class: ["panel board-join", status === "playing" && "board-join-small"] }, h("p", { class: "eyebrow" }, t("ui.join_at")), h("p", { class: "board-code" }, code), qr, h("p", { class: "board-link" }, join), toggle);
  board.aside.replaceChildren(
    ...(invite ? [invite] : []),
    ...(between && room.info?.crew_name ? [crewStandings(room)] : []),
  );
  board.aside.hidden = !board.aside.childElementCount;
  return board.aside;
}

function crewStandings(room) {
  const el = h("section", { class: "panel board-crew", id: "board-crew" }, h("h2", null, t("ui.crew_standings")));
  import("/static/js/crew.js")
    .then(async (mod) => {
      const crew = await mod.crewOfRoom?.(room.code, room.info.crew_name); // a member's TV only
      if (crew) await mod.renderStandings?.(el, crew, { roomCode: room.code });
      else el.remove();
    })
    .catch(() => el.remove());
  return el;
}
