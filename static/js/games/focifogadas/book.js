// Bukméker and live-match panels (UX.md §3.4, §3.5): scouting, the hidden draft, discs,
// stakes, the live scorer pad, the board of offers with their status, and the settlement.
// table.js registers renderBukmeker / renderLive as modes; `renderSettlement(el, view, ctx)`
// fills the result panel (and the big screen's, stepping by itself). The client computes no
// rules: every button is an element of view.legal sent verbatim; statuses, blocks and "if it
// ended now" come from the view.

import { playPanel } from "./drukker.js";
import { button } from "./parts.js";

// Strings: the `book.*` keys of i18n.json (en/hu/da).
function say(ctx, key, vars = {}) {
  return ctx.t(`focifogadas.book.${key}`, vars);
}

const who = (ctx, seat) => ctx.names[seat] ?? `#${seat + 1}`;
const text = (obj, ctx) => (obj && (obj[ctx.lang] || obj.en)) || "";
let chosen = { key: "", value: null };
const pick = (key) => (chosen.key === key ? chosen.value : null);


// --- Betting phases -------------------------------------------------------------------------

const PILES = ["H16", "HH", "MID", "AH", "A16"];

/** Scouting as a set of pile toggles: a pile is enabled only when some legal triple holds it
 * with the piles already chosen; the confirm is the legal action equal to the chosen set. */
function peekPanel(view, ctx, ui, rerender) {
  const { h, t } = ctx;
  const looks = view.legal.filter((a) => a.type === "peek");
  const key = `peek:${view.seq}`;
  const sel = pick(key) || [];
  const holds = (a, piles) => piles.every((p) => a.piles.includes(p));
  const exact = looks.find((a) => a.piles.length === sel.length && holds(a, sel)) || null;
  const toggle = (p) => {
    chosen = { key, value: sel.includes(p) ? sel.filter((x) => x !== p) : [...sel, p] };
    rerender();
  };
  ctx.bar.replaceChildren(looks.length
    ? button(ctx, exact ? say(ctx, "look", { piles: sel.map((p) => t(`focifogadas.section_short.${p}`)).join(" ") }) : say(ctx, "pick_piles"), exact, true)
    : "");
  const rows = [h("h3", null, say(ctx, "scouting"))];
  if (looks.length) {
    rows.push(h("div", { class: "ff-piles" }, PILES.map((p) => {
      const on = sel.includes(p);
      const can = on || looks.some((a) => holds(a, [...sel, p]));
      return h("button", {
        type: "button", class: "btn ff-pile", "aria-pressed": String(on), disabled: ctx.busy || !can,
        "aria-label": t(`focifogadas.section.${p}`), onclick: () => toggle(p),
      }, h("span", { class: "ff-back" }, "▒"), t(`focifogadas.section_short.${p}`));
    })));
  }
  return h("section", { class: "ff-panel" }, rows, scoutedDrawer(view, ctx, ui));
}

function scoutedDrawer(view, ctx, ui) {
  const { h } = ctx;
  const peeked = view.private?.peeked || [];
  if (!peeked.length) return null;
  return h("details", null, h("summary", null, say(ctx, "scouted")),
    peeked.map((p) => h("div", null, h("strong", null, p.pile), h("div", { class: "ff-cards" }, p.cards.map((c) => ui.actionCard(c, ctx))))));
}

function draftPanel(view, ctx, ui, rerender) {
  const { h } = ctx;
  const pub = view.public;
  const picks = view.legal.filter((a) => a.type === "pick");
  const key = `pick:${view.seq}`;
  const sel = pick(key);
  const rows = [h("h3", null, say(ctx, "draft", { round: pub.round }))];
  if (view.you !== null && view.you !== undefined) {
    rows.push(h("div", { class: "ff-meta" }, say(ctx, "passing", { name: who(ctx, (view.you + 1) % pub.players.length) })));
  }
  const hand = view.private?.hand || [];
  rows.push(h("div", { class: "ff-cards" }, hand.map((card) => {
    const action = picks.find((a) => a.card === card.id);
    const odds = ui.oddsChip(view, card.id, ctx);
    return ui.betCard(card, ctx, action ? { odds, pressed: sel === card.id, onclick: () => { chosen = { key, value: card.id }; rerender(); } } : { odds });
  })));
  if (view.private?.pick) rows.push(h("div", null, say(ctx, "chosen"), " ", ui.betCard(view.private.pick, ctx)));
  const action = picks.find((a) => a.card === sel) || null;
  ctx.bar.replaceChildren(picks.length ? button(ctx, action ? say(ctx, "offer_pick") : say(ctx, "pick_card"), action, true) : "");
  return h("section", { class: "ff-panel" }, rows);
}

/** The disc pool as a grid of toggles (● = copies left); the bar confirms the chosen one. */
function discsPanel(view, ctx, ui, rerender) {
  const { h } = ctx;
  const pub = view.public;
  const rev = pub.revealing;
  const discs = view.legal.filter((a) => a.type === "disc");
  const key = `disc:${view.seq}`;
  const sel = pick(key);
  const action = discs.find((a) => a.value === sel) || null;
  ctx.bar.replaceChildren(discs.length ? button(ctx, action ? say(ctx, "disc", { value: sel }) : say(ctx, "pick_disc"), action, true) : "");
  const pool = h("div", { class: "ff-discs" }, pub.discs_left.map((d) => h("button", {
    type: "button", class: "btn ff-disc", "aria-pressed": String(sel === d.value),
    disabled: ctx.busy || !discs.some((a) => a.value === d.value),
    onclick: () => { chosen = { key, value: d.value }; rerender(); },
  }, h("strong", null, `×${d.value}`), h("span", null, "●".repeat(d.left) || "–"))));
  return h("section", { class: "ff-panel" },
    h("h3", null, rev ? say(ctx, "disc_for", { name: who(ctx, rev.seat), card: rev.card.id }) : ""),
    rev ? ui.betCard(rev.card, ctx, { odds: ui.oddsChip(view, rev.card.id, ctx) }) : null,
    pool);
}

function stakeBar(view, ctx, offer) {
  const { h } = ctx;
  const stakes = view.legal.filter((a) => a.type === "stake" && a.card === offer.card.id);
  ctx.bar.replaceChildren(h("div", { class: "bar-stack" },
    h("p", { class: "bar-note" }, say(ctx, "slip", { card: offer.card.id, m: offer.multiplier, name: who(ctx, offer.bookmaker) })),
    h("div", { class: "ff-bar" }, stakes.map((a) => button(ctx,
      say(ctx, "stake", { n: a.n, pay: ctx.money(100 * a.n), win: ctx.money(100 * a.n * offer.multiplier) }), a, true)))));
}

/** Every offer grouped by bookmaker, with its disc, stakes per seat, status and block reason. */
function board(view, ctx, ui, rerender) {
  const { h } = ctx;
  const pub = view.public;
  if (!pub.offers?.length) return null;
  const blocks = view.private?.stake_blocks || {};
  const staking = view.legal.some((a) => a.type === "stake");
  const key = `stake:${view.seq}`;
  const sel = pick(key);
  const groups = pub.players.map((_, seat) => pub.offers.filter((o) => o.bookmaker === seat));
  const row = (o) => {
    const open = staking && view.legal.some((a) => a.type === "stake" && a.card === o.card.id);
    const chips = o.stakes.map((n, s) => (n ? `${who(ctx, s)} ${n}` : "")).filter(Boolean).join(" · ");
    const staked = o.stakes.reduce((a, b) => a + b, 0);
    const mine = o.bookmaker === view.you && staked && o.status !== "lost";
    const block = staking && !open ? blocks[o.card.id] : null;
    const body = [
      h("span", { class: `hd ${o.card.kind}` }, o.card.id),
      h("span", { class: "tx" }, text(o.card.text, ctx)),
      h("span", { class: "m" }, say(ctx, "multiplier", { m: o.multiplier })),
      h("span", { class: "st" }, ui.statusBadge(o.status, ctx), ui.oddsChip(view, o.card.id, ctx), h("span", null, chips || "–"),
        mine ? h("span", null, say(ctx, "pays_if", { pay: ctx.money(100 * staked * o.multiplier) })) : null,
        block ? h("span", null, say(ctx, block)) : null),
    ];
    if (!open) return h("div", { class: "ff-offer" }, body);
    return h("button", {
      type: "button", class: "ff-offer", "aria-pressed": String(sel === o.card.id), disabled: ctx.busy,
      onclick: () => { chosen = { key, value: o.card.id }; rerender(); },
    }, body);
  };
  const rows = groups.map((offers, seat) => offers.length ? h("div", { class: "ff-offers" },
    h("strong", null, who(ctx, seat)), offers.map(row)) : null);
  if (staking) {
    const offer = pub.offers.find((o) => o.card.id === sel);
    if (offer) stakeBar(view, ctx, offer);
    else ctx.bar.replaceChildren(ctx.h("span", null, say(ctx, "tap_card")));
  }
  const now = pub.if_ended_now || [];
  return h("section", { class: "ff-panel", "aria-label": say(ctx, "board") },
    h("h3", null, staking ? say(ctx, "stakes", { n: pub.players[view.you]?.markers ?? 0 }) : say(ctx, "board")),
    rows,
    h("div", { class: "ff-meta" }, say(ctx, "if_now"), ": ", now.map((m, s) => `${who(ctx, s)} ${ctx.money(m)}`).join(" · ")));
}

function seatExtra(ctx) {
  return (p) => (p.markers || p.pick ? ctx.h("span", { class: "ff-meta" }, ` · ${"■".repeat(p.markers)}${p.pick ? " ▒" : ""}`) : null);
}

// --- Bukméker match -------------------------------------------------------------------------

function bettingPanel(view, ctx, ui, rerender) {
  if (view.phase === "draft") return draftPanel(view, ctx, ui, rerender);
  if (view.phase === "discs") return discsPanel(view, ctx, ui, rerender);
  return null;
}

export function renderBukmeker(root, view, ctx, ui) {
  const rerender = () => renderBukmeker(root, view, ctx, ui);
  ctx.bar.replaceChildren();
  const m = view.public.match;
  let panel = bettingPanel(view, ctx, ui, rerender);
  if (view.phase === "peek") panel = peekPanel(view, ctx, ui, rerender);
  if (view.phase === "match") panel = playPanel(view, ctx, ui, rerender);
  root.replaceChildren(...[
    ui.scoreLine(view, ctx),
    m && m.decks ? ui.pitch(m, ctx) : null,
    m && m.decks ? ui.tracks(m, ctx) : null,
    ui.seats(view, ctx, seatExtra(ctx)),
    panel,
    view.phase !== "peek" ? board(view, ctx, ui, rerender) : null,
    view.phase !== "peek" ? scoutedDrawer(view, ctx, ui) : null,
    ui.log(view, ctx),
  ].filter(Boolean));
}

// --- Live match -----------------------------------------------------------------------------

function entryLabel(ctx, a, teams) {
  if (a.type === "goal") return say(ctx, "goal", { team: teams[a.team] });
  if (a.type === "set_scorer") return say(ctx, "hand_to", { name: who(ctx, a.seat) });
  return say(ctx, a.type);
}

/** An entry of public.entries ("goal_home", "corner", ...) in words. */
function entryName(ctx, entry, teams) {
  if (entry.startsWith("goal_")) return say(ctx, "goal", { team: teams[entry.slice(5)] });
  return say(ctx, entry);
}

// Entries a 5 s toast offers to take back at once (UX.md, live): every entry but full time,
// which asks to confirm and then settles.
const UNDOABLE = new Set(["kick_off", "goal", "corner", "yellow", "red", "half_time"]);
const UNDO_TOAST_MS = 5000;

let undoOffer = null; // {toast, entries}: the 5 s Undo on screen, for the list of that length

/** A pad button: sends the entry, then offers a 5 s Undo (the lasting one stays in the bar).
 * One offer at a time, and only while its entry is still the last: an Undo must never take
 * back a later entry than the one it names. */
function entryButton(ctx, label, action, primary, teams, entries) {
  if (!UNDOABLE.has(action.type)) return button(ctx, label, action, primary);
  return button(ctx, label, action, primary, () => {
    undoOffer?.toast.remove();
    const toast = ctx.toast(say(ctx, "entered", { entry: entryLabel(ctx, action, teams) }), {
      label: say(ctx, "undo_now"),
      run: () => ctx.send({ type: "undo" }),
      ms: UNDO_TOAST_MS,
    });
    undoOffer = { toast, entries: entries + 1 };
  });
}

function scorerPad(view, ctx) {
  const { h } = ctx;
  const pub = view.public;
  const teams = pub.teams || { home: "Home", away: "Away" };
  const pad = view.legal.filter((a) => a.type !== "set_scorer" && a.type !== "undo");
  // The role goes to people only: a bot cannot watch the match (it would hand it back).
  const bots = new Set((ctx.seats || []).filter((s) => s.bot).map((s) => s.seat));
  const handovers = view.legal.filter((a) => a.type === "set_scorer" && !bots.has(a.seat));
  const undo = view.legal.find((a) => a.type === "undo") || null;
  const last = pub.entries?.length ? pub.entries[pub.entries.length - 1] : null;
  const entries = pub.entries?.length ?? 0;
  if (undoOffer && undoOffer.entries !== entries && !ctx.busy) {
    undoOffer.toast.remove(); // undone, or another entry came after it
    undoOffer = null;
  }
  ctx.bar.replaceChildren(...(undo ? [button(ctx, say(ctx, "undo"), undo)] : []));
  const counts = { corner: pub.record?.corners, yellow: pub.record?.yellows, red: pub.record?.reds };
  return h("section", { class: "ff-panel" },
    h("h3", null, say(ctx, "scorer", { name: who(ctx, pub.scorer) })),
    pub.confirming_full_time ? h("p", { class: "ff-confirm" }, say(ctx, "confirm_prompt")) : null,
    pad.length ? h("div", { class: "ff-bar" }, pad.map((a) => entryButton(ctx,
      `${entryLabel(ctx, a, teams)}${counts[a.type] !== undefined ? ` ${counts[a.type]}` : ""}`, a,
      a.type === "goal" || a.type === "confirm_full_time", teams, entries))) : null,
    last ? h("div", { class: "ff-meta" }, say(ctx, "last", { entry: entryName(ctx, last, teams) })) : null,
    handovers.length ? h("details", null, h("summary", null, say(ctx, "hand_to", { name: "…" })),
      h("div", { class: "ff-bar" }, handovers.map((a) => button(ctx, entryLabel(ctx, a, teams), a)))) : null);
}

function liveScore(view, ctx) {
  const { h } = ctx;
  const pub = view.public;
  const teams = pub.teams || { home: "Home", away: "Away" };
  const [home, away] = pub.score || [0, 0];
  const r = pub.record || {};
  const ht = pub.half_time_score ? ` · HT ${pub.half_time_score[0]}:${pub.half_time_score[1]}` : "";
  return h("div", null,
    h("div", { class: "ff-score" }, h("span", { class: "ff-home" }, teams.home), h("span", { class: "n" }, `${home}:${away}`), h("span", { class: "ff-away" }, teams.away)),
    h("div", { class: "ff-tracks" }, `⚑ ${r.corners ?? 0} · ▮ ${r.yellows ?? 0} · ▮ ${r.reds ?? 0}${ht}`));
}

export function renderLive(root, view, ctx, ui) {
  const rerender = () => renderLive(root, view, ctx, ui);
  ctx.bar.replaceChildren();
  const matchPhases = ["kickoff", "first_half", "second_half"];
  let panel = bettingPanel(view, ctx, ui, rerender);
  if (matchPhases.includes(view.phase) && view.public.scorer === view.you) panel = scorerPad(view, ctx);
  root.replaceChildren(...[
    liveScore(view, ctx),
    ui.seats(view, ctx, seatExtra(ctx)),
    panel,
    board(view, ctx, ui, rerender),
    ui.log(view, ctx),
  ].filter(Boolean));
}

// --- Settlement (result.settlement: ordered groups) -------------------------------------------

let walk = { key: "", step: 0, all: false };

/** The settlement walk-through: one group per step (Back / Next / Show all), in server order;
 * with `autoMs` (the big screen) it steps on by itself. */
export function renderSettlement(el, view, ctx, autoMs = 0) {
  const { h } = ctx;
  const groups = view.result?.settlement;
  if (!groups) return;
  if (!groups.length) {
    el.replaceChildren(h("h3", null, say(ctx, "settlement")), h("p", null, say(ctx, "nothing")));
    return;
  }
  const key = `${view.seq}`;
  if (walk.key !== key) walk = { key, step: 0, all: false };
  const redraw = (change) => { Object.assign(walk, change); renderSettlement(el, view, ctx, autoMs); };
  if (autoMs && !walk.all && walk.step < groups.length - 1) {
    const at = { ...walk };
    setTimeout(() => {
      if (el.isConnected && walk.key === at.key && walk.step === at.step) redraw({ step: at.step + 1 });
    }, autoMs);
  }
  const group = (g, i) => h("div", { class: "ff-group" },
    h("strong", null, `${i + 1}. ${say(ctx, "group", { disc: g.disc, markers: g.markers })} · ${g.cards.join(", ")}`),
    h("ul", null, g.transfers.map((t) => h("li", null,
      `${t.card}: `, say(ctx, "paid", { payer: who(ctx, t.payer), payee: who(ctx, t.payee), paid: ctx.money(t.paid), owed: ctx.money(t.owed) }),
      t.forgiven ? ` · ${say(ctx, "forgiven", { n: ctx.money(t.forgiven) })}` : ""))));
  const shown = walk.all ? groups.map(group) : [group(groups[walk.step], walk.step)];
  const nav = walk.all ? null : h("div", { class: "ff-bar" },
    h("button", { type: "button", class: "btn ff-btn", disabled: walk.step === 0, onclick: () => redraw({ step: walk.step - 1 }) }, say(ctx, "back")),
    h("button", { type: "button", class: "btn ff-btn", onclick: () => redraw({ all: true }) }, say(ctx, "all")),
    h("button", { type: "button", class: "btn btn-primary ff-btn", disabled: walk.step >= groups.length - 1, onclick: () => redraw({ step: walk.step + 1 }) }, say(ctx, "next")));
  el.replaceChildren(
    h("h3", null, say(ctx, "settlement"), " · ", walk.all ? `${groups.length}` : say(ctx, "step", { i: walk.step + 1, n: groups.length })),
    h("div", { class: "ff-meta" }, say(ctx, "order")),
    ...shown, nav);
}
