// @ts-check
// The live match (docs/UX.md §3.4): the betting phases of book.js, then the scorer's pad. The pad is
// one row in the action bar (the thumb zone), the rarer entries behind its "⋯ More" sheet, so it
// is in view for whoever holds the role; a new scorer is told on hand-over (a flash); the lasting Undo, in the
// pad and naming the entry it takes back ("↶ Undo Corner"), is there when view.legal has it:
// the engine offers it only while the last entry is the scorer's own (§11.1, live.can_undo).
// Each of my entries also gets a 5 s toast "GOAL Home ✓ · Undo" above the bar (the pad is in
// the bar, so the toast never lies over it). While offline the shell queues entries with their
// cid, so the pad stays usable (it locks only while an action is in flight on a live link:
// padButton()).

import { flash, fresh, seatName } from "../common.js";
import { bettingPanel, bookDrawers, minePanels, say } from "./book.js";
import { button, padButton, sureButton } from "./parts.js";
import { teams as teamNames } from "./teams.js";

const MATCH_PHASES = ["kickoff", "first_half", "second_half"];
const UNDO_TOAST_MS = 5000; // docs/UX.md §3.4: "each entry has a 5 s Undo toast"

/** The shell's seats row (static/js/games/README.md): during a live match the scorer is not "still
 * choosing" (◌) though the engine waits on them; the row names their part instead.
 * @param {View} view
 * @param {number} seat
 * @returns {string | null}
 */
export function seatRole(view, seat) {
  const scoring = view.mode === "live" && view.status === "playing" && MATCH_PHASES.includes(view.phase);
  return scoring && view.public?.scorer === seat ? "focifogadas.book.role_scorer" : null;
}

function entryLabel(ctx, a, teams) {
  if (a.type === "goal") return say(ctx, "goal", { team: teams[a.team] });
  if (a.type === "set_scorer") return say(ctx, "hand_to", { name: seatName(ctx, a.seat) });
  return say(ctx, a.type);
}

/** An entry of public.entries ("goal_home", "corner", ...) in words. */
function entryName(ctx, entry, teams) {
  if (entry.startsWith("goal_")) return say(ctx, "goal", { team: teams[entry.slice(5)] });
  return say(ctx, entry);
}

const undoOf = (view) => view.legal.find((a) => a.type === "undo") || null;

/** The 5 s Undo toast: shown when the view with this seat's new entry arrives (one at a time),
 * gone once that entry is no longer the last or the view no longer offers its undo. Its Undo
 * sends the undo of the newest view, never a stale one. */
function undoToast(root, view, ctx, st) {
  const entries = view.public.entries || [];
  const made = (view.log || []).filter((e) => e.event === "entry_made");
  const last = made.length ? made[made.length - 1] : null;
  const undo = undoOf(view);
  st.undoNow = undo ? { ctx, undo } : null;
  const offer = st.undoOffer;
  if (offer && (offer.count !== entries.length || !undo)) {
    offer.toast?.remove(); // undone, or another entry came after it
    st.undoOffer = null;
  }
  if (!fresh(root, ctx, "entry", last ? last.seq ?? null : null) || last.seat !== view.you || !undo) return;
  if (entries[entries.length - 1] !== last.entry) return;
  st.undoOffer?.toast?.remove();
  const text = say(ctx, "entered_ok", { entry: entryName(ctx, last.entry, teamNames(ctx, view)) });
  const next = { count: entries.length, toast: null };
  st.undoOffer = next;
  // After this render: the shell measures the bar it grew (--dock-h) before a toast is placed.
  setTimeout(() => {
    if (st.undoOffer !== next) return;
    next.toast = ctx.toast(text, {
      label: say(ctx, "undo_now"),
      ms: UNDO_TOAST_MS,
      run: () => {
        if (st.undoOffer === next && st.undoNow) st.undoNow.ctx.send(st.undoNow.undo);
        st.undoOffer = null;
      },
    });
    setTimeout(() => { if (st.undoOffer === next) st.undoOffer = null; }, UNDO_TOAST_MS);
  }, 0);
}

/** The pad in the bar; returns it (the decision) and fills the table part beside it. */
/** Full time never goes on one tap (issue 36 §4): "Full time" opens a sheet at the top of the
 * screen whose confirm arms after ARM_MS; it sends full_time and, once the engine asks for the
 * confirmation (§11.1), confirm_full_time (autoConfirm). A confirmation found waiting (a
 * reload, a hand-over) has its own sheet. "Not yet" takes it back. */
function fullTimeSheet(view, ctx) {
  const teams = teamNames(ctx, view);
  const [home, away] = view.public.score || [0, 0];
  return {
    title: say(ctx, "confirm_prompt"),
    lines: [say(ctx, "sure_ft_score", { home: teams.home, away: teams.away, score: `${home}:${away}` }), say(ctx, "sure_ft_final")],
    ok: say(ctx, "confirm_full_time"),
  };
}

function autoConfirm(view, ctx, st) {
  const confirm = view.legal.find((a) => a.type === "confirm_full_time");
  if (!view.public.confirming_full_time || !confirm) {
    if (!view.public.confirming_full_time && view.phase !== "second_half") st.ftConfirm = false;
    return false;
  }
  if (!st.ftConfirm || ctx.busy) return false;
  st.ftConfirm = false;
  setTimeout(() => ctx.send(confirm), 0);
  return true;
}

// The pad keeps the dock one row (issue 36 §6: at most ~140 px at 390×844 with the drawer
// tabs): what a scorer enters again and again (the goals, a corner) or must answer now
// (kick-off, the full-time confirmation) is in the bar; the rarer entries (cards, half time,
// full time, the lasting Undo) are behind "⋯ More", a bottom sheet whose buttons take no tap
// for MORE_ARM_MS after it opens (the second tap of a double tap on "⋯" enters nothing).
const IN_ROW = new Set(["goal", "corner", "kick_off", "confirm_full_time", "cancel_full_time"]);
const MORE_ARM_MS = 400;

function padEntry(view, ctx, st, a) {
  const { h } = ctx;
  const pub = view.public;
  const counts = { corner: pub.record?.corners, yellow: pub.record?.yellows, red: pub.record?.reds };
  if (a.type === "full_time" || a.type === "confirm_full_time") {
    const run = () => {
      st.ftConfirm = true;
      return ctx.send(a);
    };
    const b = sureButton(ctx, say(ctx, a.type), a, fullTimeSheet(view, ctx), a.type === "confirm_full_time", run);
    b.classList.add("wide");
    return b;
  }
  // each team's GOAL in its own colour (home red, away blue: never two alike buttons), and
  // a counter says what it counts ("Corner · 2 so far", not "Corner 2")
  const counted = counts[a.type] !== undefined
    ? [entryLabel(ctx, a, teamNames(ctx, view)), " ", h("span", { class: "ff-so-far" }, say(ctx, "so_far", { n: counts[a.type] }))]
    : entryLabel(ctx, a, teamNames(ctx, view));
  const b = padButton(ctx, counted, a, ["goal", "kick_off", "confirm_full_time"].includes(a.type));
  if (a.type === "goal") b.classList.add("ff-goal", `ff-goal-${a.team}`);
  if (a.type === "half_time") b.classList.add("wide"); // (in the "⋯ More" sheet, as full time)
  b.classList.add(`ff-entry-${a.type}`);
  return b;
}

/** The "⋯ More" sheet (one per page, kept in st across renders): refilled on each view while
 * open, closed once nothing is left in it. */
function moreSheet(ctx, st) {
  if (st.more?.dialog.isConnected) return st.more;
  const { h } = ctx;
  const body = h("div", { class: "ff-pad ff-more-pad" });
  const close = h("button", { type: "button", class: "btn btn-small", "aria-label": ctx.t("ui.close") }, "✕");
  const dialog = h("dialog", { class: "sheet ff-more", "aria-labelledby": "ff-more-title" },
    h("div", { class: "ff-more-head" }, h("h2", { id: "ff-more-title" }, say(ctx, "more_events_title")), close), body);
  const more = { dialog, body, armedAt: 0 };
  close.addEventListener("click", () => dialog.close());
  // a tap before the sheet is armed is the second tap of the one that opened it: dropped
  dialog.addEventListener("click", (e) => {
    if (performance.now() < more.armedAt) {
      e.stopPropagation();
      e.preventDefault();
      return;
    }
    if (e.target === dialog) dialog.close(); // the backdrop
  }, true);
  // an entry made (or full time's confirm sheet opened) closes this sheet
  body.addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.closest("button")) setTimeout(() => dialog.open && dialog.close(), 0);
  });
  document.body.append(dialog);
  st.more = more;
  return more;
}

function closeMore(st) {
  if (st.more?.dialog.open) st.more.dialog.close();
}

function scorerPad(view, ctx, st) {
  const { h } = ctx;
  const pub = view.public;
  const teams = teamNames(ctx, view);
  const pad = view.legal.filter((a) => !["set_scorer", "undo"].includes(a.type));
  const undo = undoOf(view);
  const last = pub.entries?.length ? pub.entries[pub.entries.length - 1] : null;
  const rest = [
    ...pad.filter((a) => !IN_ROW.has(a.type)).map((a) => padEntry(view, ctx, st, a)),
    undo && last ? Object.assign(padButton(ctx, say(ctx, "undo_entry", { entry: entryName(ctx, last, teams) }), undo),
      { className: "btn ff-btn wide ff-undo" }) : null,
  ].filter(Boolean);
  const more = rest.length ? moreSheet(ctx, st) : null;
  if (more) more.body.replaceChildren(...rest);
  else closeMore(st);
  const open = more ? h("button", {
    type: "button", class: "btn ff-btn ff-more-btn", "aria-haspopup": "dialog", "aria-label": say(ctx, "more_events_title"),
    onclick: () => {
      if (more.dialog.open) return;
      more.armedAt = performance.now() + MORE_ARM_MS;
      delete more.dialog.dataset.armed;
      more.dialog.showModal();
      setTimeout(() => { more.dialog.dataset.armed = ""; }, MORE_ARM_MS);
    },
  }, h("span", { class: "ff-more-dots", "aria-hidden": "true" }, "⋯"), h("span", { class: "ff-so-far" }, say(ctx, "more_events"))) : null;
  const el = h("div", { class: "ff-pad ff-pad-row", role: "group", "aria-label": say(ctx, "scorer", { name: seatName(ctx, pub.scorer) }) },
    pad.filter((a) => IN_ROW.has(a.type)).map((a) => padEntry(view, ctx, st, a)), open);
  ctx.bar.replaceChildren(el);
  return el;
}

/** "Hand scorer role to …": a <details> that stays open across renders (st.handOpen). */
function handOver(view, ctx, st) {
  const { h } = ctx;
  // The role goes to people only: a bot cannot watch the match (it would hand it back).
  const bots = new Set((ctx.seats || []).filter((s) => s.bot).map((s) => s.seat));
  const to = view.legal.filter((a) => a.type === "set_scorer" && !bots.has(a.seat));
  if (!to.length) return null;
  return h("details", { class: "ff-handover", open: Boolean(st.handOpen), ontoggle: (e) => { st.handOpen = e.target.open; } },
    h("summary", null, say(ctx, "hand_to", { name: "…" })),
    h("div", { class: "ff-bar" }, to.map((a) => button(ctx, entryLabel(ctx, a, teamNames(ctx, view)), a))));
}

function liveScore(view, ctx) {
  const { h } = ctx;
  const pub = view.public;
  const teams = teamNames(ctx, view);
  const [home, away] = pub.score || [0, 0];
  const r = pub.record || {};
  const ht = pub.half_time_score ? ` · ${ctx.t("focifogadas.ui.half_time")} ${pub.half_time_score[0]}:${pub.half_time_score[1]}` : "";
  return h("div", null, // the shell's sticky header has the score with the team names
    ctx.decision ? null : h("div", { class: "ff-score" }, h("span", { class: "ff-home" }, teams.home), h("span", { class: "n" }, `${home}:${away}`), h("span", { class: "ff-away" }, teams.away)),
    h("div", { class: "ff-tracks" }, `⚑ ${r.corners ?? 0} · ▮ ${r.yellows ?? 0} · ▮ ${r.reds ?? 0}${ht}`));
}

/** The role moved to this seat: say so on this phone (once per hand-over). */
function toldScorer(root, view, ctx) {
  const handovers = (view.log || []).filter((e) => e.event === "scorer_handed_over");
  const last = handovers.length ? handovers[handovers.length - 1] : null;
  if (fresh(root, ctx, "scorer", last ? last.seq ?? null : null) && last.to === view.you) {
    flash(ctx, say(ctx, "you_score_long", { name: seatName(ctx, last.seat) }), "turn");
  }
}

export function renderLive(view, ctx, ui, rerender, st, root) {
  const pub = view.public;
  const teams = teamNames(ctx, view);
  const inMatch = MATCH_PHASES.includes(view.phase);
  toldScorer(root, view, ctx);
  const scoring = inMatch && pub.scorer === view.you && view.legal.length > 0;
  undoToast(root, view, ctx, st);
  if (scoring) autoConfirm(view, ctx, st);
  else closeMore(st);
  const decision = scoring ? scorerPad(view, ctx, st) : bettingPanel(view, ctx, ui, rerender, st);
  const last = pub.entries?.length ? pub.entries[pub.entries.length - 1] : null;
  const { h } = ctx;
  const top = inMatch || view.phase === "over" ? [liveScore(view, ctx)] : [];
  const after = [
    inMatch ? h("p", { class: "ff-meta" }, pub.scorer === view.you ? say(ctx, "scorer_you") : say(ctx, "scorer", { name: seatName(ctx, pub.scorer) }),
      last ? ` · ${say(ctx, "last", { entry: entryName(ctx, last, teams) })}` : "") : null,
    pub.confirming_full_time && scoring ? h("p", { class: "ff-confirm" }, say(ctx, "confirm_prompt")) : null,
    scoring ? handOver(view, ctx, st) : null,
    ui.lastLine(view, ctx),
    ...(inMatch && !scoring ? minePanels(view, ctx, ui) : []),
  ];
  return { top, decision: scoring ? null : decision, control: scoring ? decision : null, after, drawers: bookDrawers(view, ctx, ui, false) };
}
