// @ts-check
// Drukker panels (docs/UX.md §3.4): keep 4 of 8, your turn (play 1 of 2), the half-time shop (which
// warns before an already-won bet is replaced) and the "My bets" drawer. Multi-card choices are sent only as the element of view.legal whose card set
// equals the selection, so the client never decides what is legal.

import { button, sureButton } from "./parts.js";

// The selection lives in the root's state (st.selection), never in the module.
function selected(st, key) {
  if (st.selection?.key !== key) st.selection = { key, ids: [] };
  return st.selection.ids;
}

function toggle(st, key, id, max, rerender) {
  const ids = selected(st, key);
  const at = ids.indexOf(id);
  if (at >= 0) ids.splice(at, 1);
  else if (ids.length < max) ids.push(id);
  rerender();
}

/** The legal action of `type` whose `cards` are exactly the selected ids, or null. */
function matching(view, type, ids) {
  const want = [...ids].sort().join(",");
  return view.legal.find((a) => a.type === type && [...a.cards].sort().join(",") === want) || null;
}


/** "My bets": each bet's status, payout and odds, and "if it ended now" (the live P&L). */
function fillBets(view, ctx, ui) {
  return (el) => el.replaceChildren(betsList(view, ctx, ui) || "");
}

function betsList(view, ctx, ui) {
  const { h, t } = ctx;
  const priv = view.private;
  if (!priv || !priv.bets || !priv.bets.length) return null;
  return h("section", { class: "ff-panel", "aria-label": t("focifogadas.ui.my_bets") },
    h("h3", null, t("focifogadas.ui.if_ended_now"), " ", h("span", { class: "ff-money" }, ctx.money(priv.if_ended_now))),
    priv.bets.map((line) => h("div", null,
      ui.statusBadge(line.status, ctx), " ",
      h("strong", null, line.card.id), " ", line.card.text[ctx.lang] || line.card.text.en, " ",
      h("span", { class: "ff-money" }, `+${ctx.money(line.pays)}`), " ",
      ui.oddsChip(view, line.card.id, ctx),
      line.face_up ? ` · ${t("focifogadas.ui.face_up")}` : "")));
}

function choosePanel(view, ctx, ui, rerender, st) {
  const { h, t } = ctx;
  const dealt = view.private?.dealt;
  if (!dealt) return null;
  const key = `choose:${view.you}`;
  const ids = selected(st, key);
  const mine = view.legal.some((a) => a.type === "choose_bets");
  ctx.bar.replaceChildren(mine
    ? button(ctx, t("focifogadas.ui.keep_these", { n: ids.length }), matching(view, "choose_bets", ids), true)
    : h("span", null, t("focifogadas.ui.chosen")));
  return h("section", { class: "ff-panel" },
    h("h3", null, t("focifogadas.ui.keep_4_of_8")),
    h("div", { class: "ff-cards" }, dealt.map((card) => ui.betCard(card, ctx, {
      odds: ui.oddsChip(view, card.id, ctx),
      ...(mine ? { pressed: ids.includes(card.id), onclick: () => toggle(st, key, card.id, 4, rerender) } : {}),
    }))));
}

/** Your turn in a match (Drukker and Bukméker): tap 1 of the 2 drawn cards, confirm in the bar. */
export function playPanel(view, ctx, ui, rerender, st) {
  const { h, t } = ctx;
  const pair = view.private?.pair;
  const plays = view.legal.filter((a) => a.type === "play");
  if (!pair || !plays.length) return null;
  const key = `play:${view.seq}`;
  const ids = selected(st, key);
  if (plays.length === 1) {
    ctx.bar.replaceChildren(button(ctx, t("focifogadas.ui.identical_pair"), plays[0], true));
  } else {
    const chosen = plays.find((a) => a.card === ids[0]) || null;
    const card = pair.find((c) => c.id === ids[0]);
    ctx.bar.replaceChildren(button(ctx, chosen ? t("focifogadas.ui.play_card", { card: card.name[ctx.lang] || card.name.en }) : t("focifogadas.ui.pick_card"), chosen, true));
  }
  return h("section", { class: "ff-panel" },
    h("h3", null, t("focifogadas.ui.your_pair")),
    h("div", { class: "ff-cards" }, pair.map((card) => ui.actionCard(card, ctx, plays.length > 1 ? {
      pressed: ids.includes(card.id),
      onclick: () => { st.selection = { key, ids: [card.id] }; rerender(); },
    } : {}))));
}

function shopPanel(view, ctx, ui, rerender, st) {
  const { h, t } = ctx;
  const buyer = view.public.buyer;
  if (!buyer) return null;
  const decks = view.public.bet_decks;
  const rows = [h("h3", null, t("focifogadas.ui.shop", { name: ctx.names[buyer.seat] ?? "" }))];
  const shown = view.public.shown || [];
  if (shown.length) rows.push(h("div", null, t("focifogadas.ui.set_aside"), " ", h("div", { class: "ff-cards" }, shown.map((c) => ui.betCard(c, ctx)))));
  const type = view.legal[0]?.type;
  ctx.bar.replaceChildren();
  if (type === "buy") {
    // buying spends money: a purchase is confirmed on a sheet (issue 36 §4); "none" is not
    ctx.bar.replaceChildren(...view.legal.map((a) => {
      const label = t("focifogadas.ui.buy_n", { n: a.count, price: ctx.money(200 * a.count) });
      return a.count > 0
        ? sureButton(ctx, label, a, { title: t("focifogadas.ui.sure_buy", { n: a.count, price: ctx.money(200 * a.count) }), lines: [], ok: label })
        : button(ctx, label, a, false);
    }));
  } else if (type === "replace" || type === "keep_drawn") {
    const from = type === "replace" ? (view.private.bets || []).map((line) => line.card) : view.private.drawn || [];
    const key = `${type}:${view.you}`;
    const ids = selected(st, key);
    const status = Object.fromEntries((view.private.bets || []).map((line) => [line.card.id, line.status]));
    const won = type === "replace" ? ids.filter((id) => status[id] === "won") : [];
    rows.push(h("div", null, t(`focifogadas.ui.${type}_pick`, { n: buyer.count })),
      h("div", { class: "ff-cards" }, from.map((card) => ui.betCard(card, ctx, {
        odds: status[card.id] ? ui.statusBadge(status[card.id], ctx) : null,
        pressed: ids.includes(card.id), onclick: () => toggle(st, key, card.id, buyer.count, rerender),
      }))));
    const warn = won.length ? h("p", { class: "ff-warn", role: "alert" }, t("focifogadas.ui.replace_won", { cards: won.join(", ") })) : null;
    if (warn) rows.push(warn);
    ctx.bar.replaceChildren(h("div", { class: "bar-stack" },
      warn ? h("p", { class: "bar-note ff-warn" }, t("focifogadas.ui.replace_won_short", { cards: won.join(", ") })) : null,
      button(ctx, t(won.length ? "focifogadas.ui.replace_won_confirm" : `focifogadas.ui.${type}_confirm`, { n: ids.length }), matching(view, type, ids), true)));
  } else if (type === "draw") {
    rows.push(h("div", null, t("focifogadas.ui.draw_from", { left: 2 * buyer.count - buyer.drawn })));
    ctx.bar.replaceChildren(...view.legal.map((a) => button(ctx, t(`focifogadas.ui.deck_${a.deck}`, { n: decks[a.deck] }), a, true)));
  } else {
    rows.push(h("div", null, t("focifogadas.ui.shop_wait", { step: t(`focifogadas.ui.step_${buyer.step}`) })));
  }
  return h("section", { class: "ff-panel" }, rows);
}

function finalPanel(view, ctx, ui) {
  const { h, t } = ctx;
  if (view.phase !== "over") return null;
  return h("section", { class: "ff-panel" },
    h("h3", null, t("focifogadas.ui.final_bets")),
    view.public.players.map((p, seat) => h("div", null,
      h("strong", null, ctx.names[seat] ?? `#${seat + 1}`), " ",
      h("span", { class: "ff-money" }, `+${ctx.money(p.payout || 0)}`),
      h("ul", null, p.bets.map((line) => h("li", null, ui.statusBadge(line.status, ctx), " ", line.card.id, " ", line.card.text[ctx.lang] || line.card.text.en))))));
}

function seatExtra(ctx) {
  return (p) => {
    const bets = p.bets || [];
    if (!p.chosen) return ctx.h("span", { class: "ff-meta" }, " ◌");
    return ctx.h("span", null, " ", bets.map((b) => (b.id === null ? "▒" : b.card ? "" : ` ${b.id}`)).join(""));
  };
}

export function renderDrukker(view, ctx, ui, rerender, st) {
  const m = view.public.match;
  let decision = null;
  if (view.phase === "choose") decision = choosePanel(view, ctx, ui, rerender, st);
  else if (view.phase === "match") decision = playPanel(view, ctx, ui, rerender, st);
  else if (view.phase === "half_time") decision = shopPanel(view, ctx, ui, rerender, st);
  const drawers = [{
    id: "board", label: ctx.t("focifogadas.book.board"),
    fill: (el) => el.replaceChildren(...[view.phase === "choose" ? ui.pitch(m, ctx) : null, ui.seats(view, ctx, seatExtra(ctx)), ui.log(view, ctx)].filter(Boolean)),
  }];
  if (view.private?.bets?.length) drawers.push({ id: "bets", label: ctx.t("focifogadas.ui.my_bets"), fill: fillBets(view, ctx, ui) });
  return {
    top: view.phase === "choose" ? [] : [ui.scoreLine(view, ctx), ui.pitch(m, ctx), ui.tracks(m, ctx)],
    decision,
    after: [view.phase === "over" ? null : ui.lastLine(view, ctx), finalPanel(view, ctx, ui)],
    drawers,
  };
}
