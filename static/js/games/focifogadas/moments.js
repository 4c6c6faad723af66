// @ts-check
// Moments told (issue 36 §3): a goal, a corner (with its roll), a card and half time are told
// on every phone as a banner (the shell's flash, which never lies over a control) with what
// the moment did to this player's money ("You: ▲600 P"), a buzz where the phone has one, and
// the log says it in words. Half time stays longer, with the standing of this player's bets.
// Never for moments already in the first view this page saw, nor in replays (common.fresh).

import { flash, fresh } from "../common.js";
import { eventText, logLines } from "./log.js";
import { myNow } from "./story.js";

const GOAL = (e) => e.event === "goal" || (e.event === "entry_made" && e.entry?.startsWith("goal_"));
/** @type {[string, (e: any) => boolean][]} */
const KINDS = [
  ["goal", GOAL],
  ["corner", (e) => e.event === "corner_taken" || (e.event === "entry_made" && e.entry === "corner")],
  ["card", (e) => ["yellow_card", "red_card"].includes(e.event) || (e.event === "entry_made" && ["yellow", "red"].includes(e.entry))],
  ["half_time", (e) => (e.event === "half_ended" && e.half === 1) || (e.event === "entry_made" && e.entry === "half_time")],
];
const HALF_TIME_MS = 4000;
const BUZZ = { goal: [200, 100, 200], corner: 60, card: [60, 60, 60], half_time: [120, 80, 120] };

function buzz(pattern) {
  if (localStorage.getItem("pitchside.haptics") === "off") return;
  if (navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(pattern);
}

/** "You: ▲600 P" against the "if it ended now" before the moment. */
function moneyLine(ctx, before, after) {
  if (typeof before !== "number" || typeof after !== "number") return "";
  const d = after - before;
  const change = d === 0 ? ctx.t("focifogadas.moment.unchanged") : `${d > 0 ? "▲" : "▼"}${ctx.money(Math.abs(d))}`;
  return ctx.t("focifogadas.moment.you", { change, now: ctx.money(after) });
}

/** "Your bets: ✓ L03 · ✗ L06 · ○ L20 L28" for half time: every bet of mine (Drukker: my bets;
 * a bookmakers' table: my stakes and my book) by its standing. */
function standing(view, ctx) {
  const lines = view.mode === "drukker"
    ? (view.private?.bets || []).map((b) => [b.card.id, b.status])
    : (view.public.offers || []).filter((o) => o.bookmaker === view.you || o.stakes?.[view.you] > 0).map((o) => [o.card.id, o.status]);
  if (!lines.length) return "";
  const group = (status, icon) => {
    const ids = lines.filter(([, s]) => s === status).map(([id]) => id);
    return ids.length ? `${icon} ${ids.join(" ")}` : "";
  };
  const list = [group("won", "✓"), group("lost", "✗"), group("alive", "○")].filter(Boolean).join(" · ");
  return ctx.t("focifogadas.moment.bets", { list });
}

export function tellMoments(root, view, ctx, st) {
  const log = view.log || [];
  const now = myNow(view);
  const before = st.moneyNow;
  st.moneyNow = now;
  /** @type {{kind: string, seq: number | null, e: LogEvent} | null} */
  let newest = null;
  for (const e of log) {
    const kind = KINDS.find(([, is]) => is(e));
    if (kind) newest = { kind: kind[0], seq: e.seq ?? null, e };
  }
  // fresh() runs on every view (it records a view without a moment too)
  if (!fresh(root, ctx, "moment", newest ? newest.seq : null) || !newest || view.status === "finished") return;
  const lines = logLines(view, ctx);
  // a corner's or a card's line carries its roll ("Corner! Roll: 6 — …"); half time its own
  const said = newest.kind === "half_time" ? eventText(newest.e, ctx, view) : lines.length ? lines[lines.length - 1] : "";
  const money = view.you === null || view.you === undefined ? "" : moneyLine(ctx, before, now);
  const head = newest.kind === "goal" ? ctx.t("focifogadas.ui.goal_banner") : said;
  const rest = [newest.kind === "half_time" ? standing(view, ctx) : "", money].filter(Boolean);
  const kind = newest.kind === "goal" ? "goal" : "moment";
  if (ctx.flash && ctx.flash.length) {
    // the moment big, what it did to my money under it (a node: the shell's flash takes one)
    const body = ctx.h("div", null, ctx.h("div", { class: "flash-head" }, head), rest.map((line) => ctx.h("div", { class: "flash-sub" }, line)));
    ctx.flash(body, { kind, ms: newest.kind === "half_time" ? HALF_TIME_MS : undefined });
  } else flash(ctx, [head, ...rest].join(" · "), kind);
  buzz(BUZZ[newest.kind]);
}
