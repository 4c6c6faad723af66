// @ts-check
// Small pieces the mode modules share.

import { stateOf } from "../common.js";

/** A bar or panel button that sends `action` (an element of view.legal, unchanged) when tapped,
 * then calls `sent()` if given; disabled while an action is in flight or when there is none.
 * @param {any} ctx
 * @param {string | Node} label
 * @param {Action | null | undefined} action
 * @param {boolean} [primary]
 * @param {(() => void) | null} [sent]
 */
export function button(ctx, label, action, primary = false, sent = null) {
  return ctx.h("button", {
    type: "button", class: ["btn", "ff-btn", primary ? "btn-primary primary" : ""], disabled: ctx.busy || !action,
    onclick: () => {
      if (action && ctx.send(action) && sent) sent();
    },
  }, label);
}

/** A scorer-pad button: like button(), but it stays usable while the phone is offline (the
 * shell queues each entry with its cid and sends them in order on return); it locks only while
 * an action is in flight on a live link. */
export function padButton(ctx, label, action, primary = false) {
  const b = button(ctx, label, action, primary);
  b.disabled = !action || (ctx.busy && ctx.online !== false);
  return b;
}

/** The TV match's minute the live odds were priced at (odds.live_odds: minutes into the half
 * in progress; the 2nd half once the 1st has none left). */
export function tvMinute(odds) {
  const second = odds?.left && odds.left.first_half === 0;
  return Math.round((odds?.elapsed || 0) + (second ? 45 : 0));
}

// --- Odds that are on their way --------------------------------------------------------------
// The odds of a new step arrive after its view (priced off the event loop, app/rooms/follow/odds.py,
// then pushed again). Until they do, the last odds this page saw for a card stand in, marked
// stale (greyed, "pricing…"): the lines never vanish from a stake screen and nothing moves
// under the thumb when they come (issue 36). A step that moved no match prices the same.

const lastOdds = { room: "", cards: new Map() }; // card id -> {est, odds}, for this page's room

/** {est, odds, stale} of a card: the view's own, else (while the view's odds are on their
 * way) the last seen, stale; {pending: true} while the room's odds are on their way and this
 * card has none yet; null where the card has no odds. */
export function knownOdds(view, id) {
  if (lastOdds.room !== location.pathname) {
    lastOdds.room = location.pathname;
    lastOdds.cards = new Map();
  }
  const odds = view.private?.odds?.cards?.[id] ? view.private.odds : view.public?.odds;
  const est = odds?.cards?.[id];
  if (est) {
    lastOdds.cards.set(id, { est, odds });
    return { est, odds, stale: false };
  }
  const coming = view.status === "playing" && !view.public?.odds && !view.private?.odds && lastOdds.cards.size > 0;
  if (!coming) return null;
  const last = lastOdds.cards.get(id);
  return last ? { ...last, stale: true } : { pending: true };
}

// --- No slip costs the night (issue 36 §4) -------------------------------------------------------
// What settles or spends (a stake, a disc, a purchase, live full time) never goes on one tap:
// the tap opens a confirm sheet at the TOP of the screen (the tap was in the bar, at the
// bottom), modal (a second tap of a double tap lands on its backdrop, which does nothing), and
// its confirm only accepts taps ARM_MS after it appeared. Nothing is sent until then.

export const ARM_MS = 600;

/** A button that opens the confirm sheet of `sheet` ({title, lines, ok}) for `action`;
 * `run()` (default: send the action) runs on the sheet's confirm.
 * @param {any} ctx
 * @param {string} label
 * @param {Action | null | undefined} action
 * @param {{title: string, lines: any[], ok: string}} sheet
 * @param {boolean} [primary]
 * @param {(() => unknown) | null} [run]
 */
export function sureButton(ctx, label, action, sheet, primary = true, run = null) {
  return ctx.h("button", {
    type: "button", class: ["btn", "ff-btn", primary ? "btn-primary primary" : ""], disabled: ctx.busy || !action,
    "data-sure": "", "aria-haspopup": "dialog",
    onclick: () => {
      if (action && !ctx.busy) openSure(ctx, action, sheet, run || (() => ctx.send(action)));
    },
  }, label);
}

const sureOf = () => stateOf(document.body, () => ({})).sure ??= { dialog: null, action: null };

/** The open confirm sheet, or null. */
export function sureOpen() {
  return sureOf().dialog;
}

export function closeSure() {
  const st = sureOf();
  const d = st.dialog;
  st.dialog = null;
  st.action = null;
  if (d) {
    if (d.open) d.close();
    d.remove();
  }
}

/** Each render: a sheet whose action the view no longer offers goes (another turn, a new
 * phase). */
export function keepSure(view) {
  const st = sureOf();
  if (!st.dialog) return;
  const want = JSON.stringify(st.action);
  if (!(view.legal || []).some((a) => JSON.stringify(a) === want)) closeSure();
}

function openSure(ctx, action, sheet, run) {
  const { h } = ctx;
  closeSure();
  const st = sureOf();
  const title = h("h2", { id: "ff-sure-title" }, sheet.title);
  const ok = h("button", { type: "button", class: "btn btn-primary ff-sure-ok", disabled: true, "aria-describedby": "ff-sure-title" },
    sheet.ok);
  const cancel = h("button", { type: "button", class: "btn ff-sure-no" }, ctx.t("focifogadas.book.sure_cancel"));
  const dialog = h("dialog", { class: "ff-sure", "aria-labelledby": "ff-sure-title" },
    title,
    (sheet.lines || []).filter(Boolean).map((line) => h("p", { class: "ff-sure-line" }, line)),
    h("div", { class: "ff-sure-row" }, cancel, ok));
  dialog.addEventListener("cancel", () => closeSure());
  cancel.addEventListener("click", () => closeSure());
  ok.addEventListener("click", () => {
    if (ok.disabled) return;
    closeSure();
    run();
  });
  document.body.append(dialog);
  st.dialog = dialog;
  st.action = action;
  dialog.showModal();
  cancel.focus();
  const armed = performance.now() + ARM_MS;
  dialog.dataset.armedAt = String(armed);
  setTimeout(() => {
    if (st.dialog === dialog) {
      ok.disabled = false;
      dialog.dataset.armed = "";
    }
  }, ARM_MS);
  return dialog;
}
