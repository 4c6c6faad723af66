// @ts-check
// Football Duel table (docs/UX.md §3.2). Renders a full view; every tap ends in one element of
// view.legal sent verbatim. The client computes no rules: rings, buttons and prompts come from
// view.legal and view.public only. Names go in as text (ctx.h makes text nodes).

import { decision, newDecision, resultInView, stateOf, statsList } from "../common.js";
import {
  SLOTS, TEAM_CLASS, cardEl, holdings, lastReveal, legalOf, logSection, otherName, outcomeText, revealLine, row,
  scoreboard, seatName, sideHead, swapAction, swapPartners, topSeat, valueOf,
} from "./parts.js";

import { shootoutTable } from "./shootout.js";

export { logText } from "./parts.js";

// Selection survives re-renders of the same decision (after an ack, a presence message…).
// Each root keeps its own state (stateOf); `ui` points at the one being rendered or tapped.
/** @returns {{key: string, card: string | null, slot: number | null, first: string | null, flipSeq: number, lastSeq: number | null, last: Parameters<typeof render> | null}} */
const fresh = () => ({ key: "", card: null, slot: null, first: null, flipSeq: 0, lastSeq: null, last: null });
let ui = fresh();

function rerender() {
  if (ui.last) render(...ui.last);
}

function send(ctx, action) {
  if (ctx.busy) return;
  if (ctx.send(action) !== null) {
    ui.card = null;
    ui.slot = null;
    ui.first = null;
  }
}

// --- cards ---------------------------------------------------------------------------------

// --- what each seat holds ------------------------------------------------------------------

// --- the scoreboard ------------------------------------------------------------------------

// --- the duel zone -------------------------------------------------------------------------

function duelZone(view, ctx) {
  const { h, t } = ctx;
  const e = lastReveal(view);
  const attack = view.public.attack;
  const parts = [];
  if (e) {
    const flip = e.seq > ui.flipSeq && !manyNew(view);
    if (e.seq > ui.flipSeq) ui.flipSeq = e.seq;
    const attacker = e.event === "penalty" ? e.seat : e.attacker;
    const a = e.attack_card || e.taker;
    const d = e.defence_card || e.keeper_card || e.keeper;
    const good = e.outcome === "attack_wins" || e.outcome === "goal";
    parts.push(
      h(
        "div",
        { class: "reveal" },
        cardEl(ctx, a, { team: attacker, flip }),
        h("span", { class: "vs" }, "vs"),
        cardEl(ctx, d || null, { team: 1 - attacker, flip }),
        h(
          "div",
          { class: "reveal-text" },
          h("span", { class: "small muted" }, revealLine(view, ctx, e)),
          h("span", { class: ["chip-out", good ? "good" : e.outcome === "tie" ? "tie" : "bad"] }, outcomeText(view, ctx, e)),
        ),
      ),
    );
  }
  if (attack && attack.next) {
    const status = [t("duel.won_of", { n: attack.wins, of: attack.wins_for_shot })];
    if (attack.next === "shot" || attack.next === "goalkeeper") status.push(t("duel.next_shot"));
    parts.push(h("p", { class: "attack-line" }, status.join(" · ")));
  }
  if (!parts.length) parts.push(h("p", { class: "muted small" }, t("duel.no_duel_yet")));
  return h("section", { class: "duel-zone", "aria-live": "polite" }, parts);
}

/** More than 3 events at once (a reconnect, a hidden tab): skip the animation. */
function manyNew(view) {
  const log = view.log || [];
  const newest = log.length ? log[log.length - 1].seq : 0;
  const before = ui.lastSeq;
  return before !== null && newest - before > 3;
}

// --- the match table -----------------------------------------------------------------------

function opponentChain(view, ctx, seat) {
  const { h, t } = ctx;
  const held = holdings(view, seat);
  const challenges = legalOf(view, "challenge");
  const slotsLegal = new Set(challenges.filter((a) => !ui.card || a.card === ui.card).map((a) => a.slot));
  const owner = t("duel.chain_of", { name: seatName(view, ctx, seat) });
  const cells = [];
  for (let s = 1; s <= SLOTS; s += 1) {
    const card = held.chain[s - 1];
    const legal = slotsLegal.has(s);
    cells.push(
      cardEl(ctx, card, {
        team: seat,
        legal,
        selected: ui.slot === s,
        label: t("duel.slot_label", { owner, slot: s }),
        onclick: legal
          ? () => {
              ui.slot = ui.slot === s ? null : s;
              rerender();
            }
          : null,
      }),
    );
  }
  return h(
    "section",
    { class: ["side", "opp", `team-${TEAM_CLASS[seat]}`] },
    sideHead(view, ctx, seat, owner, held),
    row(ctx, "chain", cells),
    held.faces ? row(ctx, "hand", held.hand.map((c) => cardEl(ctx, c, { team: seat }))) : null,
  );
}

function myTable(view, ctx, seat) {
  const { h, t } = ctx;
  const held = holdings(view, seat);
  const opp = 1 - seat;
  const arranging = legalOf(view, "swap").length > 0;
  const keeperCards = new Set(legalOf(view, "goalkeeper").map((a) => a.card));
  const attackers = new Set(legalOf(view, "challenge").filter((a) => !ui.slot || a.slot === ui.slot).map((a) => a.card));
  const shooters = new Set(legalOf(view, "shoot").map((a) => a.card));
  const hiddenNote = held.faces && view.you === seat ? t("duel.hidden_from", { name: otherName(view, ctx, opp) }) : null;

  const chainCells = [];
  for (let s = 1; s <= SLOTS; s += 1) {
    const card = held.chain[s - 1];
    const key = `s:${s}`;
    const pickKeeper = card && keeperCards.has(card.id);
    chainCells.push(
      cardEl(ctx, card, {
        team: seat,
        hidden: card && card.id ? hiddenNote : null,
        legal: pickKeeper || (arranging && swapPartners(view, key).size > 0),
        selected: ui.first === key || (pickKeeper && ui.card === card.id),
        label: t("duel.slot_label", { owner: t("duel.your_chain"), slot: s }),
        onclick: arranging ? () => tapSwap(view, ctx, key) : pickKeeper ? () => pick(card.id) : null,
      }),
    );
  }
  const handCells = held.hand.map((card) => {
    const key = `h:${card.id}`;
    const usable = attackers.has(card.id) || shooters.has(card.id) || keeperCards.has(card.id);
    return cardEl(ctx, card, {
      team: seat,
      legal: usable || (arranging && swapPartners(view, key).size > 0),
      selected: Boolean(card.id) && (ui.card === card.id || ui.first === key),
      onclick: arranging ? () => tapSwap(view, ctx, key) : usable ? () => pick(card.id) : null,
    });
  });
  return h(
    "section",
    { class: ["side", "mine", `team-${TEAM_CLASS[seat]}`] },
    sideHead(view, ctx, seat, view.you === seat ? t("duel.your_chain") : t("duel.chain_of", { name: seatName(view, ctx, seat) }), held),
    row(ctx, "chain", chainCells),
    h("div", { class: "side-title small" }, view.you === seat ? t("duel.your_hand") : t("duel.hand_of", { name: seatName(view, ctx, seat) })),
    row(ctx, "hand", handCells),
  );
}

function pick(cardId) {
  ui.card = ui.card === cardId ? null : cardId;
  rerender();
}

function tapSwap(view, ctx, key) {
  if (!ui.first || ui.first === key) {
    ui.first = ui.first === key ? null : key;
    rerender();
    return;
  }
  const action = swapAction(view, ui.first, key);
  if (action) send(ctx, action); // private and reversible: one tap, sent at once
  else {
    ctx.toast(ctx.t("duel.cannot_swap"));
    ui.first = key;
    rerender();
  }
}

// --- the action bar ------------------------------------------------------------------------

function confirmButton(ctx, label, action) {
  return ctx.h(
    "button",
    { type: "button", class: "btn btn-primary btn-wide", disabled: ctx.busy || !action, onclick: () => action && send(ctx, action) },
    action ? `${label} ✓` : label,
  );
}

function matchBar(view, ctx) {
  const { h, t } = ctx;
  const legal = view.legal || [];
  if (!legal.length) {
    const waiting = (view.to_act || []).map((s) => otherName(view, ctx, s));
    return waiting.length ? [h("p", { class: "bar-note wait" }, t("duel.waiting", { name: waiting.join(", ") }))] : [];
  }
  const type = legal[0].type;
  if (type === "challenge") {
    const action = legal.find((a) => a.card === ui.card && a.slot === ui.slot);
    const label = action
      ? t("duel.attack_slot", { slot: ui.slot, value: valueOf(view, ui.card) })
      : t(ui.card ? "duel.pick_slot" : "duel.pick_attacker");
    return [confirmButton(ctx, label, action)];
  }
  if (type === "shoot" || type === "penalty" || type === "goalkeeper") {
    const action = legal.find((a) => a.card === ui.card);
    const word = type === "goalkeeper" ? "duel.keeper_pick" : "duel.shoot_with";
    // the same words as the status line ("Shot! Pick a card against the keeper")
    const prompt = { goalkeeper: "duel.pick_keeper", shoot: "duel.phase.shot.you", penalty: "duel.pick_taker" }[type];
    const label = action ? t(word, { value: valueOf(view, ui.card) }) : t(prompt);
    return [confirmButton(ctx, label, action)];
  }
  const done = legal.find((a) => a.type === "done");
  if (done) {
    return [
      h(
        "div",
        { class: "bar-stack" },
        h("p", { class: "bar-note" }, t("duel.swap_hint")),
        h("button", { type: "button", class: "btn btn-primary btn-wide", disabled: ctx.busy, onclick: () => send(ctx, done) }, `${t("duel.done")} ✓`),
      ),
    ];
  }
  const drop = legal.find((a) => a.type === "drop_taker" && a.card === ui.card);
  if (legal.some((a) => a.type === "drop_taker")) {
    return [confirmButton(ctx, drop ? t("duel.drop", { value: valueOf(view, ui.card) }) : t("duel.drop_hint"), drop)];
  }
  return [h("p", { class: "bar-note" }, t("duel.keepers_to_place"))];
}

// --- the shoot-out screen ------------------------------------------------------------------

// --- the log -------------------------------------------------------------------------------

// --- entry point ---------------------------------------------------------------------------

/**
 * @param {HTMLElement} root
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function render(root, view, ctx) {
  ui = stateOf(root, fresh);
  ui.last = [root, view, ctx];
  if (newDecision(ui, view)) Object.assign(ui, { card: null, slot: null, first: null });
  const pub = view.public;
  const parts = [scoreboard(view, ctx)];
  if (pub.shootout) parts.push(...shootoutTable(view, ctx, { selected: ui.card, pick, send, zone: duelZone }));
  else {
    const top = topSeat(view);
    parts.push(opponentChain(view, ctx, top), duelZone(view, ctx), myTable(view, ctx, 1 - top));
  }
  parts.push(logSection(view, ctx)); // collapsed; the shell also has it in its "What happened" drawer
  root.replaceChildren(...parts.filter(Boolean));
  ctx.bar.replaceChildren(...matchBar(view, ctx));
  const log = view.log || [];
  ui.lastSeq = log.length ? log[log.length - 1].seq : ui.lastSeq;
  decision(ctx, decisionEl(root, view), view);
}

/** What this seat decides with now: its own chain and hand, or the shoot-out part that holds
 * a card it may tap. */
function decisionEl(root, view) {
  if (!(view.legal || []).length) return null;
  return root.querySelector(".side.mine") || root.querySelector("button.legal")?.closest("section") || null;
}

/** The sticky header (client-contract): the two players, you first. */
export function header(view, ctx) {
  const top = topSeat(view);
  const bottom = 1 - top;
  return { teams: [seatName(view, ctx, bottom), seatName(view, ctx, top)], score: [view.public.score[bottom], view.public.score[top]] };
}

/** Under the shell's result panel: the shoot-out, if there was one (goals stay in the score),
 * and the match's stats, you first as in the score line (`header`).
 * @param {HTMLElement} el
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function renderResult(el, view, ctx) {
  const goals = view.result?.shootout;
  const [a, b] = [0, 1].map((seat) => otherName(view, ctx, seat));
  const top = topSeat(view);
  el.replaceChildren(...(goals ? [ctx.h("p", { class: "muted" }, ctx.t("duel.on_penalties", { a, b, x: goals[0], y: goals[1] }))] : []),
    statsList(view, ctx, "duel", [1 - top, top]) || "");
  resultInView(el, ctx, view);
}
