// @ts-check
// ctx.flash(text, {kind, ms}): a big transient announcement (GOAL!, "Full time") on every phone,
// just under the sticky header for ~1.5 s (or `ms`). It lets taps through and never lies over the
// action bar or the decision: where the decision sits right under the header, the flash
// covers the header instead.
//
// Where the table's content leaves room below it (a screen that is mostly empty, as the live
// scorer's), the flash goes there instead, over none of the table's text.

import { h } from "../dom.js";
import { $ } from "../shell.js";
import { band } from "./decision.js";

export const FLASH_MS = 1500;

export function flash(room, text, { kind = "info", ms = FLASH_MS } = {}) {
  const box = $("flashes");
  const item = h("div", { class: `flash flash-${kind}`, role: "status" }, text instanceof Node ? text : String(text));
  box.replaceChildren(item);
  // (told mid-render: the table still shows the step before; placed again after it)
  replaceFlash(room);
  clearTimeout(room.flashTimer);
  room.flashTimer = setTimeout(() => item.remove(), ms);
  return item;
}

/** The flash on screen is placed again: now, and two frames on, once the render is drawn and
 * its decision scrolled into view. The shell calls it after every render: a decision that
 * comes while a flash is up (half time's stays 4 s) moves the flash, never under it. */
export function replaceFlash(room) {
  const again = () => {
    const item = $("flashes").firstElementChild;
    if (item) place(item, room.table?.decision?.el, room.table?.root);
  };
  again();
  requestAnimationFrame(() => requestAnimationFrame(again));
}

/** The lowest visible bottom (viewport px) of what the table shows, or null.
 * @param {Element | undefined} table
 * @returns {number | null} */
function contentBottom(table) {
  /** @type {number | null} */
  let low = null;
  for (const el of table?.isConnected ? table.children : []) {
    const r = el.getBoundingClientRect();
    if (r.height > 0) low = Math.max(low ?? r.bottom, r.bottom);
  }
  return low;
}

function place(item, decision, table) {
  const { top, bottom } = band();
  item.classList.remove("flash-over-head");
  item.style.top = `${top + 8}px`;
  const r = item.getBoundingClientRect();
  const below = contentBottom(table);
  if (below !== null && below >= top && below + 8 + r.height <= bottom - 8) {
    item.style.top = `${below + 8}px`; // the free room under the table's content
    return;
  }
  const d = decision?.isConnected && !$("dock").contains(decision) ? decision.getBoundingClientRect() : null;
  const hitsDecision = d && d.top < r.bottom && d.bottom > r.top;
  if (hitsDecision || r.bottom > bottom) {
    // over the header, which holds nothing one taps at this moment
    item.style.top = `${Math.max(0, top - r.height)}px`;
    item.classList.add("flash-over-head");
  }
}
