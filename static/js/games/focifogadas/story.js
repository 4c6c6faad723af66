// @ts-check
// The money story on the table (issue 36 §1): in the sticky header, so it is in view at every
// moment of the match without scrolling — my cash, what my bets and my book would pay if it
// ended now (▲/▼ against the cash), and what the next goal, corner or card would change
// ("next ⚽ Home ▲600 L05"). Spectators get every player's cash and "if it ended now".
// Every figure is a .fig (white-space: nowrap, data-fig = the view's number): a line wraps
// between figures, never inside one. The numbers are the view's (public.if_ended_now and
// public.next for a bookmakers' table, private.if_ended_now and private.next in Drukker).

import { seatName } from "../common.js";
import { teamName } from "./teams.js";

const say = (ctx, key, vars = {}) => ctx.t(`focifogadas.story.${key}`, vars);
const ICON = { corner: "⚑", yellow: "▮", red: "▮" };

/** This seat's money were the match to end now (null: no bets of mine, or a spectator). */
export function myNow(view) {
  if (view.you === null || view.you === undefined) return null;
  return mine(view)?.now ?? null;
}

/** A figure: whole, never cut or wrapped; `value` is the number of the view it shows. */
export function fig(ctx, text, value, cls = "") {
  return ctx.h("span", { class: ["fig", cls], "data-fig": String(value) }, text);
}

/** "▲800 P" / "▼800 P" / "±0 P": a money change in words (no change is "±0 P", never "═"). */
export function deltaWords(ctx, d) {
  return `${d > 0 ? "▲" : d < 0 ? "▼" : "±"}${ctx.money(Math.abs(d))}`;
}

/** "▲800 P" / "▼800 P" / "±0 P" as a figure (the value is the signed change). */
export function deltaFig(ctx, d) {
  return fig(ctx, deltaWords(ctx, d), d, d > 0 ? "up" : d < 0 ? "down" : "even");
}

/** A fair multiplier as shown ("11", "142,9", "2000": no thousands mark inside a multiplier),
 * or null when it would read as ×1 or less (a sure thing pays nothing) or there is none. */
export function fairText(ctx, fair) {
  if (typeof fair !== "number" || !Number.isFinite(fair)) return null;
  const rounded = Math.round(fair * 10) / 10;
  if (rounded <= 1) return null;
  return new Intl.NumberFormat(ctx.lang, { maximumFractionDigits: 1, useGrouping: false }).format(rounded);
}

/** This seat's money numbers: {cash, now, next: {event: money}, cards: {event: [my ids]}}. */
function mine(view) {
  const you = view.you;
  const pub = view.public || {};
  const cash = pub.players?.[you]?.money;
  if (typeof cash !== "number") return null;
  if (view.mode === "drukker") {
    const priv = view.private || {};
    if (!priv.bets?.length || typeof priv.if_ended_now !== "number" || view.phase === "over") return null;
    const next = priv.next || null;
    return { cash, now: priv.if_ended_now, next, at: 0, ids: new Set(priv.bets.map((b) => b.card.id)) };
  }
  const offers = pub.offers || [];
  const ids = new Set(offers.filter((o) => o.bookmaker === you || o.stakes[you] > 0).map((o) => o.card.id));
  if (!ids.size || !Array.isArray(pub.if_ended_now) || view.phase === "over") return null;
  return { cash, now: pub.if_ended_now[you], next: pub.next || null, at: you, ids };
}

function teamWord(view, ctx, event) {
  const team = event === "goal_home" ? "home" : "away";
  return teamName(ctx, team, view.public.teams?.[team]);
}

/** One event of `next` as a chip: "⚽ Home ▲600 L05 L12", or null when it touches nothing of mine. */
function nextChip(view, ctx, m, event) {
  const { h } = ctx;
  const e = m.next[event];
  if (!e) return null;
  const d = e.if_ended_now[m.at] - m.now;
  const cards = e.cards.filter((c) => m.ids.has(c));
  if (!d && !cards.length) return null;
  const what = event.startsWith("goal_") ? say(ctx, "goal", { team: teamWord(view, ctx, event) }) : say(ctx, event);
  return h("span", { class: ["ff-next", event], "data-event": event },
    ICON[event] ? [h("span", { "aria-hidden": "true", class: `ff-ico ${event}` }, ICON[event]), " "] : null, what, " ", deltaFig(ctx, d),
    cards.length ? h("span", { class: "ff-next-cards" }, ` ${cards.join(" ")}`) : null);
}

/** The header's story for a seat, or for a spectator every player's line; null when none. */
export function story(view, ctx) {
  const { h } = ctx;
  if (view.you === null || view.you === undefined) return spectatorStory(view, ctx);
  const m = mine(view);
  if (!m) return null;
  const d = m.now - m.cash;
  const nowLine = h("p", { class: "ff-story-now" },
    h("span", { class: "ff-story-label" }, say(ctx, "if_now")), " ", fig(ctx, ctx.money(m.now), m.now, "ff-then"), " ", deltaFig(ctx, d));
  let nextLine = null;
  if (m.next) {
    const chips = Object.keys(m.next).map((ev) => nextChip(view, ctx, m, ev)).filter(Boolean);
    nextLine = h("p", { class: "ff-story-next" }, h("span", { class: "ff-story-label" }, say(ctx, "next")), " ",
      chips.length ? chips : h("span", { class: "ff-meta" }, say(ctx, "next_none")));
  }
  return h("div", { class: "ff-story", "data-story": "seat" }, nowLine, nextLine);
}

function spectatorStory(view, ctx) {
  const { h } = ctx;
  const pub = view.public || {};
  const players = pub.players || [];
  const then = view.mode === "drukker" ? null : pub.if_ended_now;
  if (!players.length || !players.some((p) => typeof p.money === "number") || view.status !== "playing") return null;
  const ended = Array.isArray(then) && then.length === players.length;
  return h("div", { class: "ff-story", "data-story": "all" },
    h("p", { class: "ff-story-all" },
      ended ? h("span", { class: "ff-story-label" }, say(ctx, "cash_then")) : null,
      players.map((p, seat) => h("span", { class: "ff-story-seat" },
        h("strong", null, seatName(ctx, seat)), " ", fig(ctx, ctx.money(p.money), p.money),
        ended ? [" → ", fig(ctx, ctx.money(then[seat]), then[seat], "ff-then"),
          then[seat] !== p.money ? [" ", deltaFig(ctx, then[seat] - p.money)] : null] : null))));
}
