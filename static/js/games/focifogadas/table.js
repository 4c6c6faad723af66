// Focifogadás table (UX.md §3.4). This module draws what every mode shares: the pitch strip
// (five sections, red upper / blue lower circles, the ball), the tracks, the seats row, action
// and bet cards and the log (the shell draws the turn clocks). Each mode's own panels live in a
// module of its own (drukker.js, book.js), registered in MODES; board.js draws the big screen
// (?screen=board).
// The client computes no rules: it shows the view and sends elements of view.legal verbatim.

import { renderBoard } from "./board.js";
import { renderBukmeker, renderLive, renderSettlement } from "./book.js";
import { renderDrukker } from "./drukker.js";
import { ensureStyle } from "./parts.js";

const MODES = { drukker: renderDrukker, bukmeker: renderBukmeker, live: renderLive };
const SECTIONS = ["H16", "HH", "MID", "AH", "A16"];
const KIND_ICON = {
  short_pass: "→", long_pass: "⤳", dribble: "≈", keep: "⟳", clearance: "⇥", throw_in: "↸",
  corner: "⚑", back_pass: "↩", goal_kickout: "⇤", goal_pass: "⊕", shot_pass: "◎",
  penalty_kickout: "◉", foul_half: "!", foul_box: "!",
};

const CSS = `
.table-focifogadas { display: grid; gap: 12px; font-variant-numeric: tabular-nums; }
.table-focifogadas .ff-score { display: flex; justify-content: center; align-items: baseline; gap: 8px; font-weight: 800; }
.table-focifogadas .ff-score .n { font-size: 32px; }
.table-focifogadas .ff-home { color: var(--home); } .table-focifogadas .ff-away { color: var(--away); }
.table-focifogadas .ff-pitch { display: grid; grid-template-columns: repeat(5, 1fr); gap: 2px; background: var(--pitch); color: #fff; border-radius: 8px; padding: 4px; }
.table-focifogadas .ff-sec { display: grid; justify-items: center; gap: 4px; padding: 4px 0; border-radius: 6px; min-height: 96px; }
.table-focifogadas .ff-sec.box { background: rgba(255,255,255,.08); }
.table-focifogadas .ff-circle { width: 30px; height: 30px; border-radius: 50%; border: 2px solid; display: grid; place-items: center; font-weight: 800; font-size: 14px; }
.table-focifogadas .ff-circle.home { border-color: var(--home-fill); }
.table-focifogadas .ff-circle.away { border-color: var(--away-fill); }
.table-focifogadas .ff-circle.ball { background: #fff; color: var(--text); box-shadow: 0 0 0 3px var(--pitch-ring); }
.table-focifogadas .ff-meta { font-size: 12px; opacity: .9; }
.table-focifogadas .ff-tracks { display: flex; flex-wrap: wrap; gap: 8px 16px; font-size: 14px; color: var(--muted); }
.table-focifogadas .ff-time { display: inline-flex; gap: 2px; vertical-align: middle; }
.table-focifogadas .ff-time i { width: 12px; height: 12px; border: 1px solid var(--line); border-radius: 2px; }
.table-focifogadas .ff-time i.on { background: var(--accent); border-color: var(--accent); }
.table-focifogadas .ff-seats { display: flex; flex-wrap: wrap; gap: 8px; }
.table-focifogadas .ff-seat { border: 1px solid var(--line); border-radius: 8px; padding: 4px 8px; font-size: 14px; background: var(--surface); }
.table-focifogadas .ff-seat.turn { box-shadow: 0 0 0 3px var(--sel); }
.table-focifogadas .ff-money { color: var(--gold); font-weight: 600; }
.table-focifogadas .ff-odds { color: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; white-space: nowrap; }
.table-focifogadas .ff-card .ff-odds { display: block; padding: 0 8px 6px; color: #4A5850; }
.table-focifogadas .ff-cards { display: flex; flex-wrap: wrap; gap: 8px; }
.table-focifogadas .ff-card { display: flex; flex-direction: column; align-self: flex-start; min-width: 44px; min-height: 44px; width: 150px; text-align: left; background: var(--paper); color: #15201A; border: 2px solid var(--line); border-radius: 8px; padding: 0; overflow: hidden; font: inherit; }
.table-focifogadas .ff-card[aria-pressed="true"] { border-color: var(--sel); box-shadow: 0 0 0 3px var(--sel); }
.table-focifogadas .ff-card .hd { display: block; padding: 4px 8px; color: #fff; font-weight: 800; font-size: 14px; }
.table-focifogadas .ff-card .bd { display: block; padding: 4px 8px; font-size: 14px; }
.table-focifogadas .ff-card .hu { display: block; font-size: 12px; color: #4A5850; }
.table-focifogadas .hd.red { background: #C0262D; } .table-focifogadas .hd.blue { background: #1D5AB9; }
.table-focifogadas .hd.green { background: #1E6B3A; }
.table-focifogadas .hd.both { background: linear-gradient(135deg, #C0262D 50%, #1D5AB9 50%); }
.table-focifogadas .hd.light { background: #D3EDC9; color: #15201A; } .table-focifogadas .hd.dark { background: #0F4D2A; }
.table-focifogadas .ff-back { display: inline-grid; place-items: center; width: 28px; height: 40px; border-radius: 4px; background: repeating-linear-gradient(45deg, #0F4D2A 0 4px, #1E6B3A 4px 8px); color: #fff; font-size: 10px; }
.table-focifogadas .ff-panel { background: var(--surface); border: 1px solid var(--line); border-radius: 16px; padding: 12px; display: grid; gap: 8px; }
.table-focifogadas .ff-panel h3 { margin: 0; font-size: 16px; }
.table-focifogadas .ff-status.won { color: var(--accent); font-weight: 800; }
.table-focifogadas .ff-status.lost { color: var(--lost); text-decoration: line-through; }
.table-focifogadas .ff-btn { min-height: 44px; min-width: 44px; padding: 0 16px; border-radius: 8px; border: 1px solid var(--line); background: var(--surface); color: var(--text); font: inherit; }
.table-focifogadas .ff-btn.primary, .ff-bar .ff-btn.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
.ff-bar { display: flex; gap: 8px; flex-wrap: wrap; }
.ff-bar .ff-btn { min-height: 44px; padding: 0 16px; border-radius: 8px; font: inherit; flex: 1; }
.table-focifogadas .ff-log { font-size: 14px; color: var(--muted); margin: 0; padding-left: 20px; }
.result-extra .table-focifogadas { text-align: left; }
.ff-goal { position: fixed; left: 50%; top: 40%; transform: translate(-50%, -50%); z-index: 9; padding: 16px 32px; border-radius: 16px; background: var(--pitch); color: #fff; font-size: 48px; font-weight: 800; pointer-events: none; animation: ff-goal 1.4s ease-out forwards; }
@keyframes ff-goal { 0% { transform: translate(-50%, -50%) scale(.6); opacity: 0; } 15% { transform: translate(-50%, -50%) scale(1.1); opacity: 1; } 80% { opacity: 1; } 100% { opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .ff-goal { animation: ff-goal-fade 1.4s linear forwards; } @keyframes ff-goal-fade { 0%, 80% { opacity: 1; } 100% { opacity: 0; } } }
.table-focifogadas .ff-standings { margin: 0; padding-left: 24px; }
.table-focifogadas .ff-offers { display: grid; gap: 6px; }
.table-focifogadas .ff-discs { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; }
.table-focifogadas .ff-disc { display: grid; justify-items: center; min-width: 44px; padding: 4px 0; color: var(--gold); }
.table-focifogadas .ff-disc span { font-size: 12px; letter-spacing: 1px; }
.table-focifogadas .ff-piles { display: grid; grid-template-columns: repeat(5, 1fr); gap: 6px; }
.table-focifogadas .ff-pile { display: grid; justify-items: center; gap: 4px; min-width: 44px; padding: 6px 0; font-weight: 800; }
.table-focifogadas .ff-offer { display: grid; grid-template-columns: auto 1fr auto; grid-template-areas: "id text m" "id st st"; gap: 2px 8px; align-items: center; width: 100%; min-height: 44px; padding: 6px 8px; text-align: left; font: inherit; font-size: 14px; background: var(--paper); color: #15201A; border: 2px solid var(--line); border-radius: 8px; }
.table-focifogadas :is(.ff-offer, .ff-disc, .ff-pile)[aria-pressed="true"] { border-color: var(--sel); box-shadow: 0 0 0 3px var(--sel); }
.table-focifogadas .ff-offer .hd { grid-area: id; align-self: stretch; display: grid; place-items: center; min-width: 44px; padding: 0 6px; border-radius: 6px; color: #fff; font-weight: 800; }
.table-focifogadas .ff-offer .hd.light { color: #15201A; }
.table-focifogadas .ff-offer .tx { grid-area: text; }
.table-focifogadas .ff-offer .m { grid-area: m; color: #7A5B00; font-weight: 800; }
.table-focifogadas .ff-offer .st { grid-area: st; display: flex; flex-wrap: wrap; gap: 4px 10px; color: #4A5850; }
.table-focifogadas .ff-offer .ff-status.won { color: #1E6B3A; }
.table-focifogadas .ff-offer .ff-status.lost { color: #5F6B64; }
`;

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
  return h("button", { type: "button", class: "ff-card", "aria-pressed": String(Boolean(opts.pressed)), disabled: ctx.busy, onclick: opts.onclick, "aria-label": label }, body);
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

// Live odds (issue 8): what this seat knows (private) before what everyone knows (public).
function oddsChip(view, cardId, ctx) {
  const est = view.private?.odds?.cards?.[cardId] ?? view.public?.odds?.cards?.[cardId];
  if (!est) return null;
  const pct = new Intl.NumberFormat(ctx.lang, { maximumFractionDigits: 0 }).format(100 * est.p);
  const fair = est.fair == null ? "–" : new Intl.NumberFormat(ctx.lang, { maximumFractionDigits: 1 }).format(est.fair);
  return ctx.h("span", { class: "ff-odds", title: ctx.t("focifogadas.ui.odds_help") },
    ctx.t("focifogadas.ui.odds", { p: pct, fair }));
}

function timeTrack(m, ctx) {
  const cells = [];
  for (let i = 0; i < (m.time_steps || 6); i += 1) cells.push(ctx.h("i", { class: i < m.time ? "on" : "" }));
  return ctx.h("span", { class: "ff-time", "aria-label": ctx.t("focifogadas.ui.time", { time: m.time }) }, cells);
}

function scoreLine(view, ctx) {
  const { h, t } = ctx;
  const [home, away] = view.public.score || [0, 0];
  const m = view.public.match || {};
  const half = m.half ? t(`focifogadas.ui.half${m.half}`) : "";
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

const MERGED_AFTER_ROLL = ["goal", "saved", "corner_taken", "yellow_card", "red_card", "ball_moved"];
const QUIET = ["cards_drawn", "deck_shuffled", "ball_moved"];

/** A log line: nested card objects and team words are flattened into {placeholders} first. */
function eventText(e, ctx, view) {
  const { t } = ctx;
  const who = (seat) => (typeof seat === "number" ? ctx.names[seat] ?? `#${seat + 1}` : "");
  const cardName = (c) => (c && typeof c === "object" ? name(c.name, ctx.lang) || name(c.text, ctx.lang) : "");
  const teams = view?.public?.teams;
  const entryTeam = (entry) => (entry?.startsWith("goal_") ? entry.slice(5) : null);
  const team = e.team || e.kickoff || entryTeam(e.entry);
  const rollFor = e.roll_for ? t(`focifogadas.roll.${e.roll_for}`) : "";
  const vars = {
    ...e,
    name: who(e.seat),
    card: cardName(e.card) || (typeof e.card === "string" ? e.card : ""),
    card_id: typeof e.card === "object" && e.card ? e.card.id : e.card ?? "",
    team: team ? t(`focifogadas.ui.${team}`) : "",
    team_name: e.team_name || (team && teams ? teams[team] : "") || (team ? t(`focifogadas.ui.${team}`) : ""),
    poss: e.poss ? t(`focifogadas.ui.${e.poss}`) : "",
    section: e.section ? t(`focifogadas.section.${e.section}`) : "",
    score: Array.isArray(e.score) ? e.score.join(":") : "",
    kept: Array.isArray(e.kept) ? e.kept.map((c) => c.id).join(", ") : "",
    status: e.status ? t(`focifogadas.status.${e.status}`) : "",
    roll_for: rollFor ? rollFor[0].toLocaleUpperCase(ctx.lang) + rollFor.slice(1) : "",
    cause: e.cause ? t(`focifogadas.cause.${e.cause}`) : "",
    money: typeof e.money === "number" ? ctx.money(e.money) : "",
    paid: typeof e.paid === "number" ? ctx.money(e.paid) : "",
    bookmaker_name: who(e.bookmaker),
    to_name: who(e.to),
    piles: Array.isArray(e.piles) ? e.piles.map((p) => t(`focifogadas.section_short.${p}`)).join(" ") : "",
    cards: Array.isArray(e.cards) ? e.cards.join(", ") : "",
    winners: Array.isArray(e.winners) ? e.winners.map(who).join(", ") : "",
  };
  let key = `focifogadas.event.${e.event}`;
  if (e.event === "entry_made") key = `focifogadas.event.entry.${e.entry}`;
  if (e.event === "entry_undone") {
    vars.entry = t(`focifogadas.event.entry.${e.entry}`, vars);
    key = `focifogadas.event.undone.${entryTeam(e.entry) ? e.entry : "other"}`;
  }
  const text = t(key, vars);
  return text === key ? ctx.eventText(e) : text;
}

/** The log as the table tells it: a roll and its outcome on one line ("Corner! Roll: 6 — …"). */
function logLines(view, ctx) {
  const events = view.log || [];
  const lines = [];
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    if (e.event === "die_rolled" && MERGED_AFTER_ROLL.includes(events[i + 1]?.event)) {
      lines.push(`${eventText(e, ctx, view)} — ${eventText(events[i + 1], ctx, view)}`);
      i += 1;
    } else if (!QUIET.includes(e.event)) {
      lines.push(eventText(e, ctx, view));
    }
  }
  return lines;
}

function log(view, ctx, count = 8) {
  const { h } = ctx;
  const items = logLines(view, ctx).slice(-count);
  if (!items.length) return null;
  return h("ol", { class: "ff-log", "aria-label": ctx.t("ui.log") }, items.map((line) => h("li", null, line)));
}

const UI = { actionCard, betCard, statusBadge, oddsChip, scoreLine, pitch, tracks, seats, log, logLines, name };

// A goal gets a short banner ("GOAL!" / "GÓÓÓL!" / "MÅÅÅL!") when its view arrives; never for
// goals that were already in the first view this page saw, nor in replays.
let goalSeen; // seq of the newest goal in the log; undefined until the first view

function goalBanner(view, ctx) {
  const goals = (view.log || []).filter((e) => e.event === "goal" || (e.event === "entry_made" && e.entry?.startsWith("goal_")));
  const last = goals.length ? goals[goals.length - 1].seq ?? null : null;
  const before = goalSeen;
  goalSeen = last;
  if (before === undefined || last === null || last === before || (ctx.busy && ctx.you === null)) return;
  const el = ctx.h("div", { class: "ff-goal", role: "status" }, ctx.t("focifogadas.ui.goal_banner"));
  document.body.append(el);
  setTimeout(() => el.remove(), 1400);
}

function bigScreen(ctx) {
  return ctx.you === null && new URLSearchParams(location.search).get("screen") === "board";
}

export function render(root, view, ctx) {
  ensureStyle("ff-style", CSS);
  root.dataset.seq = String(view.seq ?? "");
  root.dataset.phase = view.phase || "";
  goalBanner(view, ctx);
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
  mode(root, view, ctx, UI);
}

/** A log line for the replay's list (the same sentences as the table's log). */
export function logText(e, ctx, view) {
  return eventText(e, ctx, view);
}

/** The result panel's extra part: standings by money, then the settlement walk-through. */
export function renderResult(el, view, ctx) {
  ensureStyle("ff-style", CSS);
  const { h, t } = ctx;
  const players = view.public.players || [];
  const order = players.map((p, seat) => ({ seat, money: p.money ?? 0 })).sort((a, b) => b.money - a.money);
  const standings = h("ol", { class: "ff-standings" }, order.map((p) => h("li", null,
    h("strong", null, ctx.names[p.seat] ?? `#${p.seat + 1}`), " ", h("span", { class: "ff-money" }, ctx.money(p.money)))));
  const settlement = h("div", { class: "ff-settlement" });
  const walk = view.result?.settlement && !bigScreen(ctx); // the big screen walks it in its board
  if (walk) renderSettlement(settlement, view, ctx);
  el.replaceChildren(h("div", { class: "table-focifogadas" },
    h("h3", null, t("focifogadas.book.standings")), standings, walk ? settlement : null));
}
