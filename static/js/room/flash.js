// @ts-check
// ctx.flash(text, {kind, ms}): a big transient announcement (GOAL!, "Full time") on every phone,
// just under the sticky header for ~1.5 s (or `ms`). It lets taps through and never lies over the
// action bar or the decision: where the decision sits right under the header, the flash
// covers the header instead.

import { h } from "../dom.js";
import { $ } from "../shell.js";
import { band } from "./decision.js";

export const FLASH_MS = 1500;

export function flash(room, text, { kind = "info", ms = FLASH_MS } = {}) {
  const box = $("flashes");
  const item = h("div", { class: `flash flash-${kind}`, role: "status" }, text instanceof Node ? text : String(text));
  box.replaceChildren(item);
  place(item, room.table?.decision?.el);
  clearTimeout(room.flashTimer);
  room.flashTimer = setTimeout(() => item.remove(), ms);
  return item;
}

function place(item, decision) {
  const { top, bottom } = band();
  item.style.top = `${top + 8}px`;
  const r = item.getBoundingClientRect();
  const d = decision?.isConnected && !$("dock").contains(decision) ? decision.getBoundingClientRect() : null;
  const hitsDecision = d && d.top < r.bottom && d.bottom > r.top;
  if (hitsDecision || r.bottom > bottom) {
    // over the header, which holds nothing one taps at this moment
    item.style.top = `${Math.max(0, top - r.height)}px`;
    item.classList.add("flash-over-head");
  }
}
