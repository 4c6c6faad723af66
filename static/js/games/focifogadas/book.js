// @ts-check
// Bukméker panels (docs/UX.md §3.4): scouting, the hidden draft, discs and stakes, each the phone's
// decision; the board of offers, "My book", "My bets", "Scouting" and the helper sheet go into
// drawers. live.js reuses the betting phases. The client computes no rules: every button is an
// element of view.legal sent verbatim; statuses, blocks and "if it ended now" come from the view
// (money shown is display arithmetic: markers × the marker value of the view × the disc).

import { seatName } from "../common.js";
import { playPanel } from "./drukker.js";
import { helperSheet } from "./helper.js";
import { button, knownOdds, sureButton, tvMinute } from "./parts.js";
import { deltaWords, fairText } from "./story.js";

// docs/rules/focifogadas.md §10.5: what a marker stands for, from the view.
const marker = (view) => view.public.marker_value;
const PILES = ["H16", "HH", "MID", "AH", "A16"];

export const say = (ctx, key, vars = {}) => ctx.t(`focifogadas.book.${key}`, vars);
const text = (obj, ctx) => (obj && (obj[ctx.lang] || obj.en)) || "";
const pick = (st, key) => (st.chosen?.key === key ? st.chosen.value : null);
const choose = (st, key, value, rerender) => {
  st.chosen = { key, value };
  rerender();
};

/** A bar with a note above its buttons (the stake slip, "if it happens you pay …"). */
function barWith(ctx, note, ...buttons) {
  ctx.bar.replaceChildren(ctx.h("div", { class: "bar-stack" },
    note ? ctx.h("p", { class: "bar-note ff-slip" }, note) : null, ctx.h("div", { class: "ff-bar" }, buttons)));
}

// --- Betting phases -------------------------------------------------------------------------

/** Scouting as pile toggles: a pile is enabled only when some legal triple holds it with the
 * piles already chosen; the confirm is the legal action equal to the chosen set. */
function peekPanel(view, ctx, rerender, st) {
  const { h, t } = ctx;
  const looks = view.legal.filter((a) => a.type === "peek");
  const key = `peek:${view.seq}`;
  const sel = pick(st, key) || [];
  const holds = (a, piles) => piles.every((p) => a.piles.includes(p));
  const exact = looks.find((a) => a.piles.length === sel.length && holds(a, sel)) || null;
  if (looks.length) {
    const piles = sel.map((p) => t(`focifogadas.section_short.${p}`)).join(" ");
    barWith(ctx, null, button(ctx, exact ? say(ctx, "look", { piles }) : say(ctx, "pick_piles"), exact, true));
  }
  return h("section", { class: "ff-panel" }, h("h3", null, say(ctx, "scouting")),
    looks.length ? h("div", { class: "ff-piles" }, PILES.map((p) => {
      const on = sel.includes(p);
      const can = on || looks.some((a) => holds(a, [...sel, p]));
      return h("button", {
        type: "button", class: "btn ff-pile", "aria-pressed": String(on), disabled: ctx.busy || !can,
        "aria-label": `${t(`focifogadas.section_short.${p}`)}, ${t(`focifogadas.section.${p}`)}`, // what it shows, then in full
        onclick: () => choose(st, key, on ? sel.filter((x) => x !== p) : [...sel, p], rerender),
      }, h("span", { class: "ff-back" }, "▒"), t(`focifogadas.section_short.${p}`));
    })) : h("p", { class: "ff-meta" }, say(ctx, "peek_wait")));
}

function fillScouting(view, ctx, ui) {
  return (el) => el.replaceChildren(...(view.private?.peeked || []).map((p) => ctx.h("div", null,
    ctx.h("strong", null, ctx.t(`focifogadas.section.${p.pile}`)),
    ctx.h("div", { class: "ff-cards" }, p.cards.map((c) => ui.actionCard(c, ctx))))));
}

/** The odds of a card as words for a bar note ("~9% · fair ×11"), or "". */
function oddsWords(view, id, ctx) {
  const known = knownOdds(view, id); // (the last seen while this step's are on their way)
  if (!known) return "";
  if (known.pending) return ctx.t("focifogadas.ui.odds_pricing");
  const { est, odds } = known;
  const nf = (n, d) => new Intl.NumberFormat(ctx.lang, { maximumFractionDigits: d }).format(n);
  const tv = view.mode === "live" ? `${ctx.t("focifogadas.ui.odds_tv", { min: tvMinute(odds) })} ` : "";
  const fair = fairText(ctx, est.fair);
  if (!fair) return `${tv}≈${nf(100 * est.p, 0)}%`;
  return `${tv}${ctx.t("focifogadas.ui.odds", { p: nf(100 * est.p, 0), fair })}`;
}

function draftPanel(view, ctx, ui, rerender, st) {
  const { h } = ctx;
  const pub = view.public;
  const picks = view.legal.filter((a) => a.type === "pick");
  const key = `pick:${view.seq}`;
  const sel = pick(st, key);
  const hand = view.private?.hand || [];
  const action = picks.find((a) => a.card === sel) || null;
  if (picks.length) {
    const note = action ? `${sel} · ${oddsWords(view, sel, ctx)} · ${say(ctx, "draft_pays", { per: ctx.money(marker(view)) })}` : null;
    barWith(ctx, note, button(ctx, action ? say(ctx, "offer_pick") : say(ctx, "pick_card"), action, true));
  }
  return h("section", { class: "ff-panel" },
    h("h3", null, say(ctx, "draft", { round: pub.round })),
    view.you !== null && pub.round < 3 ? h("div", { class: "ff-meta" }, say(ctx, "passing", { name: seatName(ctx, (view.you + 1) % pub.players.length) })) : null,
    h("div", { class: "ff-cards" }, hand.map((card) => {
      const can = picks.some((a) => a.card === card.id);
      const odds = ui.oddsChip(view, card.id, ctx);
      return ui.betCard(card, ctx, can ? { odds, pressed: sel === card.id, onclick: () => choose(st, key, card.id, rerender) } : { odds });
    })),
    view.private?.pick ? h("div", null, say(ctx, "chosen"), " ", ui.betCard(view.private.pick, ctx)) : null);
}

/** The disc pool as toggles (● = copies left); the bar says what the chosen disc costs. */
function discsPanel(view, ctx, ui, rerender, st) {
  const { h } = ctx;
  const pub = view.public;
  const rev = pub.revealing;
  const discs = view.legal.filter((a) => a.type === "disc");
  const key = `disc:${view.seq}`;
  const sel = pick(st, key);
  const action = discs.find((a) => a.value === sel) || null;
  if (discs.length) {
    const note = action && rev ? null : oddsWords(view, rev?.card.id, ctx); // the sheet says what it pays
    // a disc is money: its sheet says what it costs if the card comes true (issue 36 §4)
    const sheet = action && rev ? {
      title: say(ctx, "sure_disc", { m: sel, card: rev.card.id }),
      lines: [say(ctx, "disc_pays", { card: rev.card.id, pay: ctx.money(marker(view) * sel), m: sel }), oddsWords(view, rev.card.id, ctx)],
      ok: say(ctx, "disc", { value: sel }),
    } : null;
    barWith(ctx, note, action && sheet
      ? sureButton(ctx, say(ctx, "disc", { value: sel }), action, sheet)
      : button(ctx, say(ctx, "pick_disc"), null, true));
  }
  return h("section", { class: "ff-panel" },
    h("h3", null, rev ? say(ctx, "disc_for", { name: seatName(ctx, rev.seat), card: rev.card.id }) : say(ctx, "discs_wait")),
    rev ? ui.betCard(rev.card, ctx, { odds: ui.oddsChip(view, rev.card.id, ctx) }) : null,
    h("div", { class: "ff-discs" }, pub.discs_left.map((d) => h("button", {
      type: "button", class: "btn ff-disc", "aria-pressed": String(sel === d.value),
      disabled: ctx.busy || !discs.some((a) => a.value === d.value),
      "aria-label": `×${d.value}, ${d.left} ${say(ctx, "left")}`,
      onclick: () => choose(st, key, d.value, rerender),
    }, h("strong", { class: "fig", "data-fig": String(d.value) }, `×${d.value}`), h("span", null, "●".repeat(d.left) || "–")))));
}

/**
 * One offer as a row: id, text, disc, status, odds, who staked, and a note for this seat.
 * @param {View} view
 * @param {any} ctx
 * @param {any} ui
 * @param {any} o
 * @param {Node | null} [extra]
 * @param {(() => void) | null} [onclick]
 * @param {boolean} [pressed]
 */
function offerRow(view, ctx, ui, o, extra = null, onclick = null, pressed = false) {
  const { h } = ctx;
  const chips = o.stakes.map((n, s) => (n ? `${seatName(ctx, s)} ${n}` : "")).filter(Boolean).join(" · ");
  const body = [
    h("span", { class: `hd ${o.card.kind}` }, o.card.id),
    h("span", { class: "tx" }, text(o.card.text, ctx)),
    h("span", { class: "m fig", "data-fig": String(o.multiplier) }, say(ctx, "multiplier", { m: o.multiplier })),
    h("span", { class: "st" }, ui.statusBadge(o.status, ctx), ui.oddsChip(view, o.card.id, ctx), h("span", null, chips || "–"), extra),
  ];
  if (!onclick) return h("div", { class: "ff-offer" }, body);
  return h("button", { type: "button", class: "ff-offer", "aria-pressed": String(pressed), disabled: ctx.busy, onclick }, body);
}

/** My turn to stake: only the cards open to me, as a slip; the rest of the board is a drawer. */
function stakesPanel(view, ctx, ui, rerender, st) {
  const { h } = ctx;
  const pub = view.public;
  const stakes = view.legal.filter((a) => a.type === "stake");
  if (!stakes.length) return null;
  const key = `stake:${view.seq}`;
  const sel = pick(st, key);
  const open = pub.offers.filter((o) => stakes.some((a) => a.card === o.card.id));
  const offer = open.find((o) => o.card.id === sel);
  if (offer) {
    barWith(ctx, null,
      ...stakes.filter((a) => a.card === offer.card.id).map((a) => {
        const pay = ctx.money(marker(view) * a.n);
        const win = ctx.money(marker(view) * a.n * offer.multiplier);
        return sureButton(ctx, say(ctx, "stake_btn", { n: a.n, pay, win }), a, {
          title: say(ctx, "sure_stake", { n: a.n, card: offer.card.id, m: offer.multiplier }),
          lines: [say(ctx, "sure_stake_pay", { pay, name: seatName(ctx, offer.bookmaker) }), say(ctx, "sure_stake_win", { win, card: offer.card.id }),
            oddsWords(view, offer.card.id, ctx)],
          ok: say(ctx, "sure_stake_ok", { pay }),
        });
      }));
  } else {
    barWith(ctx, say(ctx, "tap_card"));
  }
  return h("section", { class: "ff-panel", "aria-label": say(ctx, "stakes", { n: pub.players[view.you]?.markers ?? 0 }) },
    h("h3", null, say(ctx, "stakes", { n: pub.players[view.you]?.markers ?? 0 })),
    h("div", { class: "ff-offers" }, open.map((o) => offerRow(view, ctx, ui, o,
      h("span", null, seatName(ctx, o.bookmaker)), () => choose(st, key, o.card.id, rerender), sel === o.card.id))));
}

/** The whole board, grouped by bookmaker, with why a card is closed to me and "if it ended now". */
function fillBoard(view, ctx, ui) {
  return (el) => {
    const { h } = ctx;
    const pub = view.public;
    // why a card is closed to me is news only while staking (issue 36 §8: not during the match)
    const blocks = view.phase === "stakes" ? view.private?.stake_blocks || {} : {};
    const now = pub.if_ended_now || [];
    const groups = pub.players.map((_, seat) => (pub.offers || []).filter((o) => o.bookmaker === seat));
    el.replaceChildren(
      ...groups.map((offers, seat) => (offers.length ? h("div", { class: "ff-offers" }, h("strong", null, seatName(ctx, seat)),
        offers.map((o) => offerRow(view, ctx, ui, o, blocks[o.card.id] ? h("span", null, say(ctx, blocks[o.card.id])) : null))) : null)),
      now.length ? h("div", { class: "ff-meta" }, say(ctx, "if_now"), ": ", now.map((m, s) => `${seatName(ctx, s)} ${ctx.money(m)}`).join(" · ")) : null,
      ui.seats(view, ctx, seatExtra(ctx)), ui.log(view, ctx));
  };
}

/** "Now 3 000 P · if it ended now 3 800 P ▲800": this seat's live P&L. */
function pnl(view, ctx) {
  const you = view.you;
  const money = view.public.players[you]?.money;
  const then = view.public.if_ended_now?.[you];
  if (money === undefined || then === undefined) return null;
  const d = then - money;
  return ctx.h("p", { class: "ff-pnl" }, say(ctx, "pnl", { now: ctx.money(money), then: ctx.money(then) }), " ",
    ctx.h("strong", null, deltaWords(ctx, d)));
}

const mine = (view) => (view.public.offers || []).filter((o) => o.bookmaker === view.you);
const myStakes = (view) => (view.public.offers || []).filter((o) => o.stakes[view.you] > 0);

/** My book: my offers, what each has brought in and what I pay if it happens. */
function fillBook(view, ctx, ui, withPnl = true) {
  return (el) => el.replaceChildren((withPnl && pnl(view, ctx)) || "", ...mine(view).map((o) => {
    const staked = o.stakes.reduce((a, b) => a + b, 0);
    return offerRow(view, ctx, ui, o, h2(ctx, staked
      ? say(ctx, o.status === "won" ? "book_paid" : o.status === "lost" ? "book_kept" : "book_pays", { got: ctx.money(marker(view) * staked), pay: ctx.money(marker(view) * staked * o.multiplier) })
      : say(ctx, "book_empty")));
  }));
}

/** My bets: the cards I staked on, and what each wins me. */
function fillBets(view, ctx, ui, withPnl = true) {
  return (el) => el.replaceChildren((withPnl && pnl(view, ctx)) || "", ...myStakes(view).map((o) => offerRow(view, ctx, ui, o,
    h2(ctx, say(ctx, o.status === "lost" ? "bet_lost" : o.status === "won" ? "bet_won" : "bet_wins",
      { n: o.stakes[view.you], name: seatName(ctx, o.bookmaker), win: ctx.money(marker(view) * o.stakes[view.you] * o.multiplier) })))));
}

const h2 = (ctx, words) => ctx.h("span", { class: "ff-note" }, words);

export function seatExtra(ctx) {
  return (p) => (p.markers || p.pick ? ctx.h("span", { class: "ff-meta" }, ` · ${"■".repeat(p.markers)}${p.pick ? " ▒" : ""}`) : null);
}

/** While a live match runs, a bettor's table would be nearly empty: my bets and my book are
 * on it, each with its status and odds (the header has the money story). */
export function minePanels(view, ctx, ui) {
  const { h } = ctx;
  if (view.you === null || view.you === undefined) return [];
  const panel = (label, fill) => {
    const el = h("section", { class: "ff-panel ff-mine", "aria-label": label });
    fill(el);
    el.prepend(h("h3", null, label));
    return el;
  };
  return [
    myStakes(view).length ? panel(ctx.t("focifogadas.ui.my_bets"), fillBets(view, ctx, ui, false)) : null,
    mine(view).length ? panel(say(ctx, "my_book"), fillBook(view, ctx, ui, false)) : null,
  ];
}

/** The drawers of a betting night (Bukméker and live alike). */
export function bookDrawers(view, ctx, ui, withSheet) {
  const drawers = [{ id: "board", label: say(ctx, "board"), fill: fillBoard(view, ctx, ui) }];
  if (view.you !== null && mine(view).length) drawers.push({ id: "book", label: say(ctx, "my_book"), fill: fillBook(view, ctx, ui) });
  if (view.you !== null && myStakes(view).length) drawers.push({ id: "bets", label: ctx.t("focifogadas.ui.my_bets"), fill: fillBets(view, ctx, ui) });
  if (view.private?.peeked?.length) drawers.push({ id: "scouting", label: say(ctx, "scouting_short"), fill: fillScouting(view, ctx, ui) });
  if (withSheet) drawers.push({ id: "help", label: say(ctx, "sheet"), fill: (el) => helperSheet(el, ctx) });
  return drawers;
}

/** The decision of a betting phase, or null. */
export function bettingPanel(view, ctx, ui, rerender, st) {
  if (view.phase === "peek") return peekPanel(view, ctx, rerender, st);
  if (view.phase === "draft") return draftPanel(view, ctx, ui, rerender, st);
  if (view.phase === "discs") return discsPanel(view, ctx, ui, rerender, st);
  if (view.phase === "stakes") return stakesPanel(view, ctx, ui, rerender, st);
  return null;
}

export function renderBukmeker(view, ctx, ui, rerender, st) {
  const m = view.public.match;
  const match = view.phase === "match" && m && m.decks;
  const decision = view.phase === "match" ? playPanel(view, ctx, ui, rerender, st) : bettingPanel(view, ctx, ui, rerender, st);
  const waiting = !decision && view.phase === "stakes"; // the others' turn: the board is the news
  return {
    top: match ? [ui.scoreLine(view, ctx), ui.pitch(m, ctx), ui.tracks(m, ctx)] : [],
    decision,
    after: [ui.lastLine(view, ctx), waiting ? fillInto(ctx, fillBoard(view, ctx, ui)) : null],
    drawers: bookDrawers(view, ctx, ui, true),
  };
}

function fillInto(ctx, fill) {
  const el = ctx.h("section", { class: "ff-panel" });
  fill(el);
  return el;
}

/** The result's recap for this seat: my book and my bets in one line each. */
export function recap(view, ctx) {
  if (view.you === null || view.you === undefined) return null;
  const own = view.private?.bets; // Drukker: my own bets, revealed at the end
  if (own?.length) {
    const n = own.filter((b) => b.status === "won").length;
    return ctx.h("p", { class: "ff-recap" }, say(ctx, "recap_bets", { won: n, lost: own.length - n }));
  }
  if (!view.public.offers) return null;
  const book = mine(view);
  const bets = myStakes(view);
  const won = (list) => list.filter((o) => o.status === "won").length;
  return ctx.h("p", { class: "ff-recap" },
    book.length ? say(ctx, "recap_book", { won: won(book), n: book.length }) : "", book.length && bets.length ? " · " : "",
    bets.length ? say(ctx, "recap_bets", { won: won(bets), lost: bets.length - won(bets) }) : "");
}
