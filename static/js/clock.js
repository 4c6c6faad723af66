// @ts-check
// Turn clocks (public.clock): time left per seat, counted down on the phone, and the
// "◔ 0:41" chips (re-exported by shell.js).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const CLOCK_LOW_MS = 10000; // UX §4: the last 10 s pulse

/** Milliseconds left per waited-for seat ({seat: ms}), counted down from `public.clock.now`
 * with our own time since the view arrived (phone clocks may be off; elapsed time is not).
 * @param {View | null | undefined} view
 * @param {number} arrivedAt
 * @param {number} [now]
 * @returns {Record<string, number>}
 */
export function clockLeft(view, arrivedAt, now = Date.now()) {
  const clock = view?.status === "playing" ? view.public?.clock : null;
  const out = {};
  for (const [seat, at] of Object.entries(clock?.deadlines || {})) {
    out[seat] = Math.max(0, at - clock.now - (now - arrivedAt));
  }
  return out;
}

/**
 * @param {number} ms
 */
export function formatClock(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A "◔ 0:41" chip for a seat (the ring empties as the turn runs out; `turnMs` is a full
 * turn); tickClocks() keeps it current.
 * @param {number} seat
 * @param {number} ms
 * @param {string} name
 * @param {number} turnMs
 */
export function clockChip(seat, ms, name, turnMs) {
  const chip = h(
    "span",
    { class: "clock tabnum", "data-seat": seat, "data-turn": turnMs, role: "timer" },
    h("span", { class: "clock-ring", "aria-hidden": "true" }),
    h("span", { class: "clock-time" }),
  );
  setClock(chip, ms, name);
  return chip;
}

/**
 * @param {HTMLElement} chip
 * @param {number} ms
 * @param {string} [name]
 */
function setClock(chip, ms, name) {
  const turn = Number(chip.dataset.turn) || ms || 1;
  chip.style.setProperty("--left", String(Math.min(1, ms / turn)));
  /** @type {Node} the clock-time span */ (chip.lastChild).textContent = formatClock(ms);
  chip.classList.toggle("clock-low", ms <= CLOCK_LOW_MS);
  if (name !== undefined) chip.setAttribute("aria-label", t("ui.clock_left", { name, time: formatClock(ms) }));
}

/**
 * Updates every clock chip under `root` from clockLeft(); returns whether any still runs.
 * @param {ParentNode} root
 * @param {Record<string, number>} left
 * @returns {boolean}
 */
export function tickClocks(root, left) {
  let running = false;
  for (const chip of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".clock[data-seat]"))) {
    const ms = left[chip.dataset.seat ?? ""];
    if (ms === undefined) continue;
    setClock(chip, ms);
    running ||= ms > 0;
  }
  return running;
}

/**
 * @param {number | undefined} ms
 */
export function clockIsLow(ms) {
  return ms !== undefined && ms <= CLOCK_LOW_MS;
}
