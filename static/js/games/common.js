// @ts-check
// Pieces every game table shares (Focifogadás, Hat Trick, Duel): per-root state, drawers,
// the decision hand-off, flashes, result rows. The shell's newer ctx fields (ctx.drawer,
// ctx.decision, ctx.flash; client-contract) are used when present; without them each piece
// falls back to something that works on its own (an inline <details>, a banner), so a table
// runs with both the old and the new shell.

/** @type {WeakMap<Element, any>} */
const states = new WeakMap();

/**
 * This root's own state object, made by `init()` the first time (no module-level state).
 * @template T
 * @param {Element} root
 * @param {() => T} init
 * @returns {T & Record<string, any>} what init() made, and what callers keep there besides
 */
export function stateOf(root, init) {
  let state = states.get(root);
  if (!state) {
    state = init();
    states.set(root, state);
  }
  return state;
}

/** True, once, when `view` asks this root's seat for a new decision (another phase or another
 * set of legal actions): the caller then clears its selection. A re-render of the same
 * decision (after an ack, a presence message) keeps it.
 * @param {{key?: string}} state
 * @param {View} view
 * @returns {boolean}
 */
export function newDecision(state, view) {
  const key = `${view.phase}|${JSON.stringify(view.legal || [])}`;
  if (key === state.key) return false;
  state.key = key;
  return true;
}

/** A drawer one tap from the bar (`ctx.drawer`), or, with an older shell, an inline <details>
 * (returned, for the caller to append below the decision) that stays open across renders.
 * @param {HTMLElement} root
 * @param {TableCtx} ctx
 * @param {string} id
 * @param {string} label
 * @param {(el: HTMLElement) => void} fill
 * @returns {HTMLElement | null}
 */
export function drawer(root, ctx, id, label, fill) {
  if (ctx.drawer) {
    ctx.drawer(id, label, fill);
    return null;
  }
  const open = stateOf(root, () => ({})).openDrawers ??= new Set();
  const body = ctx.h("div", { class: "tdrawer-body" });
  fill(body);
  return ctx.h("details", {
    class: "panel tdrawer", "data-drawer": id, open: open.has(id),
    ontoggle: (e) => (e.target.open ? open.add(id) : open.delete(id)),
  }, ctx.h("summary", null, label), body);
}

/** Hands this seat's current decision control to the shell, which brings a new one into view.
 * The table itself keeps it there when a re-render of the same view (a local selection) grows
 * the bar over it; with an older shell it also brings each new view's decision into view.
 * @param {TableCtx} ctx
 * @param {HTMLElement | null | undefined} el
 * @param {View | null | undefined} view
 */
export function decision(ctx, el, view) {
  if (!el || ctx.you === null || ctx.you === undefined) return;
  for (const old of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-decision]"))) if (old !== el) delete old.dataset.decision;
  el.dataset.decision = view?.phase || "1"; // what tests and the shell look for
  const key = `${view?.seq}|${JSON.stringify(view?.legal ?? null)}`;
  const seen = stateOf(ctx.bar, () => ({}));
  const again = seen.decision === key;
  seen.decision = key;
  ctx.decision?.(el);
  if (ctx.decision ? again : !again) requestAnimationFrame(() => keepInView(ctx, el, !ctx.decision));
}

/** Scrolls `el` between the header and the bar when it is not there: all of it when it fits,
 * else (only when `tall` is allowed) its top.
 * @param {TableCtx} ctx
 * @param {HTMLElement} el
 * @param {boolean} tall
 */
function keepInView(ctx, el, tall) {
  if (!el.isConnected || ctx.bar.contains(el)) return;
  const head = document.querySelector('[data-band="head"]')?.getBoundingClientRect();
  // the dock holds the drawer tabs above the bar: its top is where the covered part begins
  const dock = document.getElementById("dock") ?? document.getElementById("bar");
  const bar = dock?.getBoundingClientRect() ?? ctx.bar.getBoundingClientRect();
  const top = head && head.bottom > 0 ? head.bottom : 0;
  const bottom = bar.height && bar.top > 0 ? Math.min(bar.top, innerHeight) : innerHeight;
  const box = el.getBoundingClientRect();
  if (box.height > bottom - top) {
    if (tall && (box.top < top || box.top > bottom - 44)) window.scrollBy({ top: box.top - top });
    return;
  }
  const margin = Math.min(8, (bottom - top - box.height) / 2); // never push the other end out
  if (box.top < top) window.scrollBy({ top: box.top - top - margin });
  else if (box.bottom > bottom) window.scrollBy({ top: box.bottom - bottom + margin });
}

/** A big transient announcement ("GOAL!") under the header on every phone; with an older shell
 * (whose status line and score scroll with the page) a banner of our own a third of the way
 * down, clear of the status line and of the bar (pointer-events: none).
 * @param {TableCtx} ctx
 * @param {string | Node} text
 * @param {string} [kind]
 */
export function flash(ctx, text, kind = "info") {
  if (ctx.flash) {
    ctx.flash(text, { kind });
    return;
  }
  const el = ctx.h("div", {
    class: `tflash tflash-${kind}`, role: "status",
    style: {
      position: "fixed", left: "50%", top: "30%", transform: "translateX(-50%)", "z-index": "9", "pointer-events": "none",
      width: "max-content", "max-width": "90vw", "text-align": "center", padding: "12px 28px", "border-radius": "16px",
      background: "var(--pitch)", color: "#fff", "font-size": kind === "goal" ? "36px" : "20px", "font-weight": "800",
    },
  }, text);
  document.body.append(el);
  setTimeout(() => el.remove(), 1500);
}

/** True once per new element of `keys` (newest log seq of some kind) on this root: the first
 * view a page sees only records, later ones report a change. Replays (busy spectators) never
 * report.
 * @param {Element} root
 * @param {TableCtx} ctx
 * @param {string} name
 * @param {unknown} key
 * @returns {boolean}
 */
export function fresh(root, ctx, name, key) {
  const seen = stateOf(root, () => ({})).seen ??= {};
  const before = seen[name];
  seen[name] = key;
  if (before === undefined || key === null || key === before) return false;
  return !(ctx.busy && ctx.you === null);
}

/** The full-time takeover's rows: each seat's money and its change against the start, where
 * the view says what the start was (`start_money`); `delta` is null when it does not.
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {number[]} money
 * @returns {{seat: number, name: string, money: number, delta: number | null}[]}
 */
export function moneyRows(view, ctx, money) {
  const pub = view.public || {};
  const starts = view.result?.start_money ?? pub.start_money;
  return money.map((m, seat) => {
    const start = Array.isArray(starts) ? starts[seat] : (pub.players?.[seat]?.start_money ?? starts);
    return { seat, name: ctx.names[seat] ?? `#${seat + 1}`, money: m, delta: typeof start === "number" ? m - start : null };
  });
}

/**
 * "▲1 200" / "▼300" / "═" for a money change.
 * @param {TableCtx} ctx
 * @param {number | null | undefined} delta
 * @returns {string}
 */
export function deltaText(ctx, delta) {
  if (delta === null || delta === undefined) return "";
  if (delta === 0) return "═";
  return `${delta > 0 ? "▲" : "▼"}${ctx.money(Math.abs(delta))}`;
}

/**
 * A seat's name for the table ("#3" when the room has none).
 * @param {TableCtx} ctx
 * @param {number} seat
 * @returns {string}
 */
export function seatName(ctx, seat) {
  return ctx.names[seat] ?? `#${seat + 1}`;
}

/** The match's stats for a result (`view.result.stats`: {name: [seat 0, seat 1]}), one row a
 * stat: its label from `<game>.stats.<name>` and each side's count, in the table's orientation
 * `order` (the takeover's score line: [left, right]); the table.css lays a row out as
 * "3  Shots  5". Scoped under `.table-<game>`, as the takeover is outside the table. Null when
 * the view has none.
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {string} game
 * @param {number[]} [order]
 */
export function statsList(view, ctx, game, order = [0, 1]) {
  const stats = view.result?.stats;
  if (!stats || typeof stats !== "object") return null;
  const rows = Object.entries(stats).filter(([, v]) => Array.isArray(v));
  if (!rows.length) return null;
  return ctx.h("div", { class: `table-${game}` }, ctx.h("dl", { class: "tstats" }, rows.map(([k, v]) => ctx.h("div", null,
    ctx.h("dt", null, ctx.t(`${game}.stats.${k}`)), ...order.map((seat) => ctx.h("dd", null, String(v[seat])))))));
}

/** The result's own part is drawn: with an older shell (no full-time takeover), whose result
 * panel stands at the top of the page above the table, scroll back up to it, so every phone
 * sees it without scrolling.
 * @param {HTMLElement} el
 * @param {TableCtx} ctx
 * @param {View} view
 */
export function resultInView(el, ctx, view) {
  if (ctx.decision || ctx.you === null || ctx.you === undefined) return;
  const seen = stateOf(ctx.bar, () => ({}));
  if (seen.result === view.seq) return; // once per final view: later re-renders leave the scroll
  seen.result = view.seq;
  requestAnimationFrame(() => {
    if (el.closest("#result")) window.scrollTo({ top: 0 });
  });
}
