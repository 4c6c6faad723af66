// @ts-check
// ctx.decision(el): the element holding this seat's current decision. When a decision becomes
// mine (I enter to_act, or the control first appears) it is brought into view between the
// sticky header and the action bar; when I scroll it away while it is mine, a "Your turn ▾"
// pill above the bar jumps back to it.

import { h } from "../dom.js";
import { $, t } from "../shell.js";

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function makeDecision() {
  const pill = h("button", { type: "button", class: "turn-pill", id: "turn-pill", hidden: true }, "");
  document.body.appendChild(pill);
  // shown: the decision that was in view when last looked (after a render, or a scroll)
  /** @type {{el: Element | null, next: Element | null, mine: boolean, shown: Element | null, pill: HTMLElement, onScroll: (() => void) | null, bands?: ResizeObserver}} */
  const parts = { el: null, next: null, mine: false, shown: null, pill, onScroll: null };
  pill.addEventListener("click", () => bringIntoView(parts.el, true));
  parts.onScroll = () => {
    parts.shown = parts.mine && inView(parts.el) ? parts.el : null;
    updatePill(parts);
  };
  window.addEventListener("scroll", parts.onScroll, { passive: true });
  window.addEventListener("resize", parts.onScroll, { passive: true });
  // The header or the dock grew after a render (a drawer tab, a longer status line): what was
  // in view may now sit under them.
  if ("ResizeObserver" in window) {
    parts.bands = new ResizeObserver(() => {
      if (parts.mine && parts.shown && parts.shown === parts.el && !inView(parts.el)) bringIntoView(parts.el);
      updatePill(parts);
    });
    parts.bands.observe($("head"));
    parts.bands.observe($("dock"));
  }
  return parts;
}

export function removeDecision(parts) {
  window.removeEventListener("scroll", parts.onScroll);
  window.removeEventListener("resize", parts.onScroll);
  parts.bands?.disconnect();
  parts.pill.remove();
}

export function beginDecision(parts) {
  parts.next = null;
}

/** ctx.decision(el) */
export function markDecision(parts, el) {
  if (el instanceof Element) parts.next = el;
}

/** The visible band between the sticky header and the action bar, in viewport pixels. */
export function band() {
  const head = $("head").getBoundingClientRect();
  const bar = $("dock");
  const barTop = bar.hidden || !bar.offsetHeight ? window.innerHeight : bar.getBoundingClientRect().top;
  return { top: Math.max(0, head.bottom), bottom: Math.min(window.innerHeight, barTop) };
}

export function inView(el) {
  if (!el?.isConnected) return true;
  if ($("dock").contains(el) || $("head").contains(el)) return true;
  const r = el.getBoundingClientRect();
  const { top, bottom } = band();
  if (r.height > bottom - top) return r.top >= top - 1 && r.top <= top + 8;
  return r.top >= top - 1 && r.bottom <= bottom + 1;
}

/** Scrolls the page so that `el` sits in the visible band (its top right under the header
 * when it is taller than the band: with no gap there, a decision that was a few pixels too
 * tall while the header was briefly taller fits whole once the header settles). */
export function bringIntoView(el, smooth = false) {
  if (!el?.isConnected || inView(el)) return;
  const r = el.getBoundingClientRect();
  const { top, bottom } = band();
  const room = bottom - top;
  const margin = Math.min(8, Math.max(0, (room - r.height) / 2)); // never push the other end out
  const delta = r.height > room ? r.top - top : r.top < top ? r.top - top - margin : r.bottom - bottom + margin;
  window.scrollBy({ top: delta, behavior: smooth && !reduced() ? "smooth" : "auto" });
}

/** The render ran: bring a new decision of mine into view, and keep the pill right. */
export function endDecision(parts, view) {
  const mine = view.status === "playing" && view.you !== null && view.you !== undefined && (view.to_act || []).includes(view.you);
  const el = parts.next;
  const fresh = el && (el !== parts.el || (mine && !parts.mine));
  if (parts.el !== el) parts.el?.removeAttribute?.("data-shell-decision");
  if (el && mine) el.setAttribute("data-shell-decision", ""); // toasts keep off it (shell.js)
  else el?.removeAttribute("data-shell-decision");
  parts.el = el;
  parts.mine = mine && !!el;
  parts.pill.textContent = `${t("ui.your_turn_pill")} ▾`;
  // A new decision comes into view; so does one that was in view until this render moved it
  // (a card chosen above it, a longer log line): the player did not scroll it away. One they
  // scrolled away from keeps the "Your turn" pill instead.
  const pushed = mine && el === parts.shown && !inView(el);
  if ((fresh || pushed) && mine) {
    requestAnimationFrame(() => {
      bringIntoView(el);
      parts.shown = inView(el) ? el : null;
      updatePill(parts);
    });
  } else {
    parts.shown = mine && inView(el) ? el : null;
  }
  updatePill(parts);
}

function updatePill(parts) {
  parts.pill.hidden = !parts.mine || !parts.el?.isConnected || inView(parts.el);
  if (!parts.pill.hidden) parts.pill.style.bottom = `${window.innerHeight - band().bottom + 12}px`;
}
