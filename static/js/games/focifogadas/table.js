// @ts-check
// Focifogadás table (docs/UX.md §3.4). This module draws what every mode shares: the pitch strip
// (five sections, red upper / blue lower circles, the ball), the tracks, the seats row, action
// and bet cards and the log (the shell draws the turn clocks). Each mode's own panels live in a
// module of its own (drukker.js, book.js, live.js), registered in MODES: each returns a plan
// {top, decision, after, drawers} that place() lays out decision first (client-contract);
// board.js draws the big screen (?screen=board), settle.js the settlement, log.js the log.
// The client computes no rules: it shows the view and sends elements of view.legal verbatim.

import { decision, drawer, moneyRows, resultInView, stateOf } from "../common.js";
import { renderBoard } from "./board.js";
import { recap, renderBukmeker } from "./book.js";
import { renderDrukker } from "./drukker.js";
import { renderLive } from "./live.js";
import { eventText, log, logLines } from "./log.js";
import { closeSure, keepSure, knownOdds, tvMinute } from "./parts.js";
import { renderSettlement } from "./settle.js";
import { tellMoments } from "./moments.js";
import { deltaWords, fairText, fig, story } from "./story.js";
import { teams as teamNames } from "./teams.js";

export { seatRole } from "./live.js"; // the seats row names the live scorer's part

const MODES = { drukker: renderDrukker, bukmeker: renderBukmeker, live: renderLive };
const SECTIONS = ["H16", "HH", "MID", "AH", "A16"];
const KIND_ICON = {
  short_pass: "→", long_pass: "⤳", dribble: "≈", keep: "⟳", clearance: "⇥", throw_in: "↸",
  corner: "⚑", back_pass: "↩", goal_kickout: "⇤", goal_pass: "⊕", shot_pass: "◎",
  penalty_kickout: "◉", foul_half: "!", foul_box: "!",
};


// --- Shared pieces, handed to each mode module ------------------------------------------------

function name(obj, lang) {
  return (obj && (obj[lang] || obj.en)) || "";
}

/** An action card face; `opts.onclick` makes it a button, `opts.pressed` marks the selection. */
function actionCard(card, ctx, opts = {}) {
  const { h } = ctx;
  if (!card || card.id === null) return h("span", { class: "ff-back", role: "img", "aria-label": ctx.t("focifogadas.ui.hidden_card") }, card?.back || "");
  const label = name(card.name, ctx.lang);
  const body = [
    h("span", { class: `hd ${card.colour}` }, `${KIND_ICON[card.kind] || ""} ${label}${card.die ? " · d12" : ""}`),
    h("span", { class: "bd" }, ctx.t(`focifogadas.effect.${card.kind}`), ctx.lang !== "hu" ? h("span", { class: "hu" }, name(card.name, "hu")) : null),
  ];
  if (!opts.onclick) return h("span", { class: "ff-card", role: "img", "aria-label": label }, body);
  return h("button", { type: "button", class: "ff-card", "aria-pressed": String(Boolean(opts.pressed)), disabled: ctx.busy, onclick: opts.onclick }, body);
}

/** A betting card face (light or dark header, id, text). */
function betCard(card, ctx, opts = {}) {
  const { h } = ctx;
  if (!card || card.id === null) return h("span", { class: "ff-back", role: "img", "aria-label": ctx.t("focifogadas.ui.secret_bet") }, "▒");
  const body = [
    h("span", { class: `hd ${card.kind}` }, card.id),
    h("span", { class: "bd" }, name(card.text, ctx.lang)),
    opts.odds || null,
  ];
  if (!opts.onclick) return h("span", { class: "ff-card", role: "img" }, body);
  return h("button", { type: "button", class: "ff-card", "aria-pressed": String(Boolean(opts.pressed)), disabled: ctx.busy, onclick: opts.onclick }, body);
}

function statusBadge(status, ctx) {
  const icon = { won: "✓", alive: "○", lost: "✗" }[status] || "";
  return ctx.h("span", { class: `ff-status ${status}` }, `${icon} ${ctx.t(`focifogadas.status.${status}`)}`);
}

// Live odds (issue 8): what this seat knows (private) before what everyone knows (public). In
// live mode they are the live model's (odds.live_odds: the TV match's record and clock), and
// say so ("TV 23′"); each figure is whole (.fig), the chip wraps between them.
// While a new step's odds are on their way, the last ones stay, greyed (knownOdds).
function oddsChip(view, cardId, ctx) {
  const known = knownOdds(view, cardId);
  if (!known) return null;
  const { h, t } = ctx;
  if (known.pending) return h("span", { class: "ff-odds ff-pricing", "aria-busy": "true" }, t("focifogadas.ui.odds_pricing"));
  const { est, odds, stale } = known;
  const pct = new Intl.NumberFormat(ctx.lang, { maximumFractionDigits: 0 }).format(100 * est.p);
  const fair = fairText(ctx, est.fair);
  const tv = view.mode === "live" ? h("span", { class: "ff-tv" }, t("focifogadas.ui.odds_tv", { min: tvMinute(odds) }), " ") : null;
  const help = stale ? t("focifogadas.ui.odds_pricing") : t(view.mode === "live" ? "focifogadas.ui.odds_tv_help" : "focifogadas.ui.odds_help");
  return h("span", { class: ["ff-odds", stale ? "ff-pricing" : ""], title: help, "aria-busy": stale ? "true" : null },
    tv, "≈", fig(ctx, `${pct}%`, est.p),
    fair ? [" · ", t("focifogadas.ui.odds_fair"), " ", fig(ctx, `×${fair}`, est.fair)] : null);
}

function timeTrack(m, ctx) {
  const cells = [];
  for (let i = 0; i < (m.time_steps || 6); i += 1) cells.push(ctx.h("i", { class: i < m.time ? "on" : "" }));
  return ctx.h("span", { class: "ff-time", role: "img", "aria-label": ctx.t("focifogadas.ui.time", { time: m.time }) }, cells);
}

/** The score with the half and the time track; on a phone with the shell's sticky header
 * (which shows the score from header()) only the half and the time track are left here.
 * `full` keeps the score (the big screen). */
function scoreLine(view, ctx, full = false) {
  const { h, t } = ctx;
  const [home, away] = view.public.score || [0, 0];
  const m = view.public.match || {};
  const half = m.half ? t(`focifogadas.ui.half${m.half}`) : "";
  if (ctx.decision && !full) return m.status && m.time !== undefined ? h("div", { class: "ff-score" }, h("span", { class: "ff-meta" }, half, " ", timeTrack(m, ctx))) : null;
  return h("div", { class: "ff-score" },
    h("span", { class: "ff-home" }, t("focifogadas.ui.home")),
    h("span", { class: "n" }, `${home}:${away}`),
    h("span", { class: "ff-away" }, t("focifogadas.ui.away")),
    m.status ? h("span", { class: "ff-meta" }, half, " ", m.time !== undefined ? timeTrack(m, ctx) : null) : null);
}

function pitch(m, ctx) {
  const { h, t } = ctx;
  if (!m || !m.decks) return null;
  const sections = SECTIONS.map((code, i) => {
    const deck = m.decks[i];
    const here = m.ball.section === code;
    const circle = (team) => h("span", {
      class: ["ff-circle", team, here && m.ball.poss === team ? "ball" : ""],
      "aria-label": here && m.ball.poss === team ? t("focifogadas.ui.ball_here", { team: t(`focifogadas.ui.${team}`) }) : null,
    }, here && m.ball.poss === team ? (team === "home" ? "H" : "A") : "");
    return h("div", { class: ["ff-sec", i === 0 || i === 4 ? "box" : ""], "aria-label": t(`focifogadas.section.${code}`) },
      h("strong", null, t(`focifogadas.section_short.${code}`)),
      circle("home"), circle("away"),
      h("span", { class: "ff-meta" }, `▒ ${deck.draw}`),
      deck.top ? h("span", { class: "ff-meta", title: name(deck.top.name, ctx.lang) }, KIND_ICON[deck.top.kind] || "") : null);
  });
  return h("div", { class: "ff-pitch", role: "group", "aria-label": t("focifogadas.ui.pitch") }, sections);
}

function tracks(m, ctx) {
  const { h, t } = ctx;
  if (!m || m.corners === undefined) return null;
  const fg = m.first_goal ? t(`focifogadas.ui.${m.first_goal}`) : "–";
  const ht = m.half_time_score ? `${m.half_time_score[0]}:${m.half_time_score[1]}` : "–";
  return h("div", { class: "ff-tracks" },
    h("span", null, `⚑ ${t("focifogadas.ui.corners")} ${m.corners}`),
    h("span", null, `▮ ${t("focifogadas.ui.yellows")} ${m.yellows}`),
    h("span", null, `▮ ${t("focifogadas.ui.reds")} ${m.reds}`),
    h("span", null, `${t("focifogadas.ui.first_goal")}: ${fg}`),
    h("span", null, `${t("focifogadas.ui.half_time")}: ${ht}`));
}

function seats(view, ctx, extra) {
  const { h } = ctx;
  const players = view.public.players || [];
  return h("div", { class: "ff-seats" }, players.map((p, seat) =>
    h("div", { class: ["ff-seat", (view.to_act || []).includes(seat) ? "turn" : ""] },
      h("strong", null, ctx.names[seat] ?? `#${seat + 1}`), " ",
      p.money !== undefined ? h("span", { class: "ff-money" }, ctx.money(p.money)) : null,
      extra ? extra(p, seat) : null)));
}

const UI = { actionCard, betCard, statusBadge, oddsChip, scoreLine, pitch, tracks, seats, log, logLines, lastLine, name };

/** The newest log line, alone: what just happened, for a phone that is waiting. */
function lastLine(view, ctx) {
  const lines = logLines(view, ctx);
  return lines.length ? ctx.h("p", { class: "ff-last", "aria-label": ctx.t("ui.log") }, lines[lines.length - 1]) : null;
}

function bigScreen(ctx) {
  return ctx.you === null && new URLSearchParams(location.search).get("screen") === "board";
}

function section(ctx, d) {
  const el = ctx.h("section", { class: "ff-panel", "data-drawer": d.id, "aria-label": d.label });
  d.fill(el);
  return el;
}

/** Lays a mode's plan out: what stays on top (score, pitch), the decision, then the rest; the
 * drawers go to the shell (or inline <details> below, with an older shell; spectators and
 * replays get their contents as panels on the page). */
function place(root, view, ctx, plan) {
  // a spectator or a replay has no decision: everything is the news, so it stays on the page
  const watching = ctx.you === null || ctx.you === undefined;
  const inline = (plan.drawers || []).map((d) => (watching ? section(ctx, d) : drawer(root, ctx, d.id, d.label, d.fill)));
  root.replaceChildren(...[...(plan.top || []), plan.decision, ...(plan.after || []), ...inline].filter(Boolean));
  const control = plan.control || plan.decision; // the scorer's pad lives in the bar
  if (control && view.legal?.length) decision(ctx, control, view);
}

/**
 * @param {HTMLElement} root
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function render(root, view, ctx) {
  root.dataset.seq = String(view.seq ?? "");
  root.dataset.phase = view.phase || "";
  if (view.status === "finished") closeSure();
  else keepSure(view);
  tellMoments(root, view, ctx, stateOf(root, () => ({})));
  if (bigScreen(ctx)) {
    renderBoard(root, view, ctx, UI);
    return;
  }
  const mode = MODES[view.mode];
  if (!mode) {
    root.replaceChildren(scoreLine(view, ctx), pitch(view.public.match, ctx) || "", seats(view, ctx), log(view, ctx) || "");
    ctx.bar.replaceChildren();
    return;
  }
  const st = stateOf(root, () => ({}));
  ctx.bar.replaceChildren();
  place(root, view, ctx, mode(view, ctx, UI, () => render(root, view, ctx), st, root));
  offlineBar(ctx);
}

/** Offline (issue 36 §8, as Hat Trick's table): every card is locked, so a bar that asked for
 * a tap ("Tap a card to play") says why instead; the scorer's pad stays, usable (the shell
 * queues its entries). */
function offlineBar(ctx) {
  if (ctx.online !== false || !ctx.bar.firstChild || ctx.bar.querySelector(".ff-pad")) return;
  const why = ctx.t(navigator.onLine === false ? "ui.offline" : "ui.reconnecting");
  ctx.bar.replaceChildren(ctx.h("p", { class: "bar-note", id: "offline-note" }, why));
}

/** The status line while a live full time waits for its confirmation: in the second person
 * on the scorer's phone (issue 36 §4), naming the scorer on the others'.
 * @param {View} view
 * @param {TableCtx} ctx
 * @returns {string | null}
 */
export function status(view, ctx) {
  const pub = view.public || {};
  if (view.mode !== "live" || !pub.confirming_full_time || view.status !== "playing") return null;
  const scorer = pub.scorer === view.you;
  return ctx.t(`focifogadas.event.full_time_requested${scorer ? "_you" : ""}`, { name: ctx.names[pub.scorer] ?? "" });
}

/** A log line for the replay's list (the same sentences as the table's log). */
export function logText(e, ctx, view) {
  return eventText(e, ctx, view);
}

/** The sticky header's teams and score (client-contract): live mode's real team names. */
export function header(view, ctx) {
  const pub = view.public || {};
  const m = pub.match;
  const { home, away } = teamNames(ctx, view);
  const teams = [home, away];
  const playing = (m && m.status) || view.mode === "live" ? pub.score || null : null;
  const note = m?.half ? `${ctx.t(`focifogadas.ui.half${m.half}`)} ${m.time}/${m.time_steps || 6}` : undefined;
  return { teams, score: playing, note, story: bigScreen(ctx) ? null : story(view, ctx) };
}

/** Each friend's money at full time, with ▲/▼ against the start where the view has it. */
export function resultRows(view, ctx) {
  const money = view.result?.money ?? (view.public?.players || []).map((p) => p.money ?? 0);
  return moneyRows(view, ctx, money);
}

/** The result's own part: standings (with an older shell, which has no rows of its own), my
 * book and my bets in one line each, and the settlement walk-through with balances.
 * @param {HTMLElement} el
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function renderResult(el, view, ctx) {
  const { h, t } = ctx;
  const rows = resultRows(view, ctx).sort((a, b) => b.money - a.money);
  const standings = ctx.decision ? null : h("ol", { class: "ff-standings" }, rows.map((r) => h("li", null,
    h("strong", null, r.name), " ", h("span", { class: "ff-money" }, ctx.money(r.money)), " ", typeof r.delta === "number" ? deltaWords(ctx, r.delta) : "")));
  const settlement = h("div", { class: "ff-settlement" });
  const walk = view.result?.settlement && !bigScreen(ctx); // the big screen walks it in its board
  if (walk) renderSettlement(settlement, view, ctx);
  // the shell's takeover must fit one screen: the walk-through is one tap away there
  const steps = view.result?.settlement?.length ?? 0;
  const folded = walk && ctx.decision
    ? h("details", { class: "ff-walk" }, h("summary", null, t("focifogadas.book.settlement"), ` · ${t("focifogadas.book.steps", { count: steps })}`), settlement)
    : settlement;
  el.replaceChildren(h("div", { class: "table-focifogadas" },
    standings ? h("h3", null, t("focifogadas.book.standings")) : null, standings,
    recap(view, ctx), walk ? folded : null));
  if (!bigScreen(ctx)) resultInView(el, ctx, view);
}
