// Focifogadás table (UX.md §3.4). This module draws what every mode shares: the pitch strip
// (five sections, red upper / blue lower circles, the ball), the tracks, the seats row, action
// and bet cards and the log. Each mode's own panels live in a module of its own, registered in
// MODES: add `bukmeker: renderBukmeker` / `live: renderLive` from their files.
// The client computes no rules: it shows the view and sends elements of view.legal verbatim.

import { renderDrukker } from "./drukker.js";

const MODES = { drukker: renderDrukker };
const SECTIONS = ["H16", "HH", "MID", "AH", "A16"];
const KIND_ICON = {
  short_pass: "→", long_pass: "⤳", dribble: "≈", keep: "⟳", clearance: "⇥", throw_in: "↸",
  corner: "⚑", back_pass: "↩", goal_kickout: "⚽", goal_pass: "⚽", shot_pass: "◎",
  penalty_kickout: "◉", foul_half: "✋", foul_box: "✋",
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
.table-focifogadas .ff-cards { display: flex; flex-wrap: wrap; gap: 8px; }
.table-focifogadas .ff-card { min-width: 44px; min-height: 44px; width: 150px; text-align: left; background: var(--paper); color: #15201A; border: 2px solid var(--line); border-radius: 8px; padding: 0; overflow: hidden; font: inherit; }
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
`;

function ensureStyle() {
  if (document.getElementById("ff-style")) return;
  const style = document.createElement("style");
  style.id = "ff-style";
  style.textContent = CSS;
  document.head.append(style);
}

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
  return h("button", { type: "button", class: "ff-card", "aria-pressed": Boolean(opts.pressed), disabled: ctx.busy, onclick: opts.onclick, "aria-label": label }, body);
}

/** A betting card face (light or dark header, id, text). */
function betCard(card, ctx, opts = {}) {
  const { h } = ctx;
  if (!card || card.id === null) return h("span", { class: "ff-back", role: "img", "aria-label": ctx.t("focifogadas.ui.secret_bet") }, "▒");
  const body = [
    h("span", { class: `hd ${card.kind}` }, card.id),
    h("span", { class: "bd" }, name(card.text, ctx.lang)),
  ];
  if (!opts.onclick) return h("span", { class: "ff-card", role: "img" }, body);
  return h("button", { type: "button", class: "ff-card", "aria-pressed": Boolean(opts.pressed), disabled: ctx.busy, onclick: opts.onclick }, body);
}

function statusBadge(status, ctx) {
  const icon = { won: "✓", alive: "○", lost: "✗" }[status] || "";
  return ctx.h("span", { class: `ff-status ${status}` }, `${icon} ${ctx.t(`focifogadas.status.${status}`)}`);
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

/** A log line: nested card objects and team words are flattened into {placeholders} first. */
function eventText(e, ctx) {
  const key = `focifogadas.event.${e.event}`;
  const cardName = (c) => (c ? name(c.name, ctx.lang) || name(c.text, ctx.lang) : "");
  const vars = {
    ...e,
    name: typeof e.seat === "number" ? ctx.names[e.seat] ?? `#${e.seat + 1}` : "",
    card: cardName(e.card),
    team: e.team ? ctx.t(`focifogadas.ui.${e.team}`) : "",
    poss: e.poss ? ctx.t(`focifogadas.ui.${e.poss}`) : "",
    section: e.section ? ctx.t(`focifogadas.section.${e.section}`) : "",
    score: Array.isArray(e.score) ? e.score.join(":") : "",
    kept: Array.isArray(e.kept) ? e.kept.map((c) => c.id).join(", ") : "",
    status: e.status ? ctx.t(`focifogadas.status.${e.status}`) : "",
    roll_for: e.roll_for ? ctx.t(`focifogadas.roll.${e.roll_for}`) : "",
    cause: e.cause ? ctx.t(`focifogadas.cause.${e.cause}`) : "",
  };
  const text = ctx.t(key, vars);
  return text === key ? ctx.eventText(e) : text;
}

function log(view, ctx) {
  const { h } = ctx;
  const quiet = ["cards_drawn", "deck_shuffled", "ball_moved"];
  const items = (view.log || []).filter((e) => !quiet.includes(e.event)).slice(-8);
  if (!items.length) return null;
  return h("ol", { class: "ff-log", "aria-label": ctx.t("ui.log") }, items.map((e) => h("li", null, eventText(e, ctx))));
}

const UI = { actionCard, betCard, statusBadge, scoreLine, pitch, tracks, seats, log };

export function render(root, view, ctx) {
  ensureStyle();
  const mode = MODES[view.mode];
  if (!mode) {
    root.replaceChildren(scoreLine(view, ctx), pitch(view.public.match, ctx) || "", seats(view, ctx), log(view, ctx) || "");
    ctx.bar.replaceChildren();
    return;
  }
  mode(root, view, ctx, UI);
}
