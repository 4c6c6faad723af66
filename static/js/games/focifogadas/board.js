// @ts-check
// The big-screen board (docs/UX.md §3.5): `/r/{code}?screen=board` on a spectator socket. The table
// (pitch or live score) on the left, the board of offered bets with multipliers, status and
// stakes on the right, "if it ended now" along the bottom. Public data only: a spectator's view
// has no private part.

import { shownLink } from "/static/js/links.js";
import { renderSettlement } from "./settle.js";
import { teams as teamNames } from "./teams.js";

const SETTLEMENT_STEP_MS = 2000; // UX §3.5: the big screen steps every 2 s

const who = (ctx, seat) => ctx.names[seat] ?? `#${seat + 1}`;

function head(view, ctx, ui) {
  const { h, t } = ctx;
  const pub = view.public;
  const code = location.pathname.split("/")[2] || "";
  const teams = pub.teams ? teamNames(ctx, view) : null;
  const score = pub.score || [0, 0];
  const line = teams
    ? h("div", { class: "ff-score" }, h("span", { class: "ff-home" }, teams.home), h("span", { class: "n" }, `${score[0]}:${score[1]}`), h("span", { class: "ff-away" }, teams.away))
    : ui.scoreLine(view, ctx, true);
  return h("div", { class: "ff-head" }, line,
    h("span", { class: "ff-meta" }, t("focifogadas.ui.join", { url: shownLink(`/r/${code}`), code })));
}

function stage(view, ctx, ui) {
  const { h, t } = ctx;
  const pub = view.public;
  const m = pub.match;
  const toAct = view.to_act || [];
  const lines = ui.logLines(view, ctx).slice(-3);
  const r = pub.record;
  return h("div", { class: "ff-stage" },
    m && m.decks ? ui.pitch(m, ctx) : null,
    m && m.decks ? ui.tracks(m, ctx) : null,
    !m && r ? h("div", { class: "ff-tracks" }, `⚑ ${r.corners} · ▮ ${r.yellows} · ▮ ${r.reds}`) : null,
    ui.seats(view, ctx),
    toAct.length ? h("div", null, t("focifogadas.ui.turn", { name: toAct.map((s) => who(ctx, s)).join(", ") })) : null,
    lines.length ? h("ol", { class: "ff-log" }, lines.map((x) => h("li", null, x))) : null);
}

function offersTable(view, ctx, ui) {
  const { h, t } = ctx;
  const offers = [...(view.public.offers || [])].sort((a, b) => a.bookmaker - b.bookmaker);
  const rows = offers.map((o) => h("tr", null,
    h("td", null, who(ctx, o.bookmaker)),
    h("td", null, h("strong", null, o.card.id), " ", ui.name(o.card.text, ctx.lang)),
    h("td", { class: "ff-money" }, `×${o.multiplier}`),
    h("td", null, ui.statusBadge(o.status, ctx)),
    h("td", null, o.stakes.map((n, s) => (n ? `${who(ctx, s)} ${n}` : "")).filter(Boolean).join(" · ") || "–")));
  return h("section", { class: "ff-panel" }, h("h3", null, t("focifogadas.ui.board")),
    rows.length ? h("table", null, h("tbody", null, rows)) : h("p", { class: "ff-meta" }, t("focifogadas.ui.no_offers")));
}

/** Drukker has no offers: each seat's bets, face down until bought face up or revealed. */
function betsTable(view, ctx, ui) {
  const { h, t } = ctx;
  const players = view.public.players || [];
  return h("section", { class: "ff-panel" }, h("h3", null, t("focifogadas.ui.bets")),
    players.map((p, seat) => h("div", null, h("strong", null, who(ctx, seat)), " ",
      (p.bets || []).map((b) => {
        const card = b.card || b;
        return card.id === null ? "▒ " : h("span", null, b.status ? ui.statusBadge(b.status, ctx) : "", ` ${card.id} `);
      }))));
}

function endedNow(view, ctx) {
  const { h } = ctx;
  const now = view.public.if_ended_now;
  const players = view.public.players || [];
  const money = now || players.map((p) => p.money);
  return h("div", { class: "ff-now" }, h("strong", null, ctx.t("focifogadas.book.if_now")),
    money.map((m, s) => (m === undefined ? null : h("span", null, who(ctx, s), " ", h("span", { class: "ff-money" }, ctx.money(m))))));
}

export function renderBoard(root, view, ctx, ui) {
  const { h } = ctx;
  root.classList.add("ff-big");
  ctx.bar.replaceChildren();
  const right = h("div", { class: "ff-stage" }, view.mode === "drukker" ? betsTable(view, ctx, ui) : offersTable(view, ctx, ui));
  if (view.result?.settlement) {
    const settlement = h("section", { class: "ff-panel" });
    renderSettlement(settlement, view, ctx, SETTLEMENT_STEP_MS);
    right.append(settlement);
  }
  root.replaceChildren(head(view, ctx, ui), stage(view, ctx, ui), right, endedNow(view, ctx));
}
