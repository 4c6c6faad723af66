// Football Duel table (UX.md §3.2). Renders a full view; every tap ends in one element of
// view.legal sent verbatim. The client computes no rules: rings, buttons and prompts come from
// view.legal and view.public only. Names go in as text (ctx.h makes text nodes).

import { decision, resultInView, stateOf, statsList } from "../common.js";
import { svg } from "/static/js/dom.js";

const SLOTS = 6;
const TEAM_CLASS = ["home", "away"]; // seat 0 red, seat 1 blue
const REVEALS = new Set(["duel", "shot", "penalty"]);
const FRESH_START = new Set(["half_started", "shootout_started"]);

// Selection survives re-renders of the same decision (after an ack, a presence message…).
// Each root keeps its own state (stateOf); `ui` points at the one being rendered or tapped.
const fresh = () => ({ key: "", card: null, slot: null, first: null, flipSeq: 0, lastSeq: null, last: null });
let ui = fresh();

function rerender() {
  if (ui.last) render(...ui.last);
}

function resetIfNewDecision(view) {
  const key = `${view.phase}|${JSON.stringify(view.legal || [])}`;
  if (key === ui.key) return;
  ui.key = key;
  ui.card = null;
  ui.slot = null;
  ui.first = null;
}

function seatName(view, ctx, seat) {
  if (seat === view.you) return ctx.t("duel.you");
  return ctx.names[seat] || ctx.t("duel.seat", { n: seat + 1 });
}

function otherName(view, ctx, seat) {
  return ctx.names[seat] || ctx.t("duel.seat", { n: seat + 1 });
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

/** A card face, a back or an empty slot, as a button (inert ones are role="img"). */
function cardEl(ctx, card, opts = {}) {
  const { h, t } = ctx;
  const classes = ["dcard", opts.team != null && `team-${TEAM_CLASS[opts.team]}`];
  let body;
  let label;
  if (!card) {
    classes.push("empty");
    body = [];
    label = t("duel.empty");
  } else if (card.id === null || card.id === undefined) {
    classes.push("back");
    body = [h("span", { class: "back-label" }, card.back || "")];
    label = t("duel.face_down");
  } else {
    const v = String(card.value);
    const u = card.value === 6 || card.value === 9 ? " u" : ""; // 6 and 9 underlined, as on cards
    body = [
      h("span", { class: `v tl${u}` }, v),
      h("span", { class: `v mid${u}` }, v),
      h("span", { class: `v br${u}` }, v),
      // 1 beats 11: a "⇄" in the free top-right corner (the values sit top-left, bottom-right)
      card.value === 1 || card.value === 11 ? h("span", { class: "badge", title: t("duel.beats_badge"), "aria-hidden": "true" }, "⇄") : null,
    ];
    label = t("duel.card_label", { value: v });
  }
  if (opts.hidden) classes.push("hidden-own");
  if (opts.legal) classes.push("legal");
  if (opts.selected) classes.push("sel");
  if (opts.dim) classes.push("dim");
  if (opts.flip) classes.push("flip");
  const aria = opts.label ? `${opts.label}: ${label}` : label;
  const children = [...body, opts.hidden ? eyeSlash(opts.hidden) : null];
  if (!opts.onclick) return h("span", { class: classes, role: "img", "aria-label": aria }, children);
  return h(
    "button",
    {
      type: "button",
      class: classes,
      "aria-label": aria,
      "aria-pressed": opts.selected ? "true" : "false",
      disabled: ctx.busy || opts.disabled,
      onclick: opts.onclick,
    },
    children,
  );
}

/** The "hidden from Bence" badge on your own face-down cards. */
function eyeSlash(title) {
  return svg(
    "svg",
    { class: "eye", viewBox: "0 0 24 24", "aria-hidden": "true" },
    svg("title", null, title),
    svg("path", { d: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z", fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    svg("circle", { cx: 12, cy: 12, r: 3, fill: "currentColor" }),
    svg("path", { d: "M4 20L20 4", stroke: "currentColor", "stroke-width": 2.5 }),
  );
}

function row(ctx, cls, items) {
  return ctx.h("div", { class: ["drow", cls] }, items);
}

// --- what each seat holds ------------------------------------------------------------------

function holdings(view, seat) {
  const pub = view.public.players[seat];
  const own = seat === view.you ? view.private : view.private?.seats?.[seat]; // replays: REVEAL
  return {
    chain: own?.chain ?? pub.chain,
    hand: own?.hand ?? pub.hand,
    faces: Boolean(own),
    pile: pub.pile,
    used: pub.set_aside.length,
    arranging: pub.arranging,
  };
}

// --- the scoreboard ------------------------------------------------------------------------

function scoreboard(view, ctx) {
  const { h, t } = ctx;
  const pub = view.public;
  const top = topSeat(view);
  const bottom = 1 - top;
  const half = pub.extra_time ? t("duel.extra_time") : t(`duel.half_${pub.half}`);
  const ball = (seat) => (pub.possession === seat ? h("span", { class: "ball", "aria-label": t("duel.ball_with", { name: seatName(view, ctx, seat) }) }, " ◉") : null);
  return h(
    "div",
    { class: "dscore" },
    h("span", { class: ["dname", `team-${TEAM_CLASS[bottom]}`] }, seatName(view, ctx, bottom), ball(bottom)),
    h("span", { class: "dgoals tabnum" }, `${pub.score[bottom]}–${pub.score[top]}`),
    h("span", { class: ["dname", `team-${TEAM_CLASS[top]}`] }, seatName(view, ctx, top), ball(top)),
    h("span", { class: "dhalf muted" }, pub.shootout ? t("duel.penalties") : half),
  );
}

/** The seat drawn at the top: the opponent (spectators: seat 1). */
function topSeat(view) {
  return view.you === 1 ? 0 : 1;
}

// --- the duel zone -------------------------------------------------------------------------

function lastReveal(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (FRESH_START.has(log[i].event)) return null; // a new half or the shoot-out: no old duel
    if (REVEALS.has(log[i].event)) return log[i];
  }
  return null;
}

function outcomeText(view, ctx, e) {
  const { t } = ctx;
  const attacker = e.event === "penalty" ? e.seat : e.attacker;
  const a = (e.attack_card || e.taker)?.value;
  const d = (e.defence_card || e.keeper_card || e.keeper)?.value;
  if (e.event !== "duel") return t(`duel.outcome.${e.outcome}`);
  if (e.outcome !== "defence_wins" && a === 1 && d === 11) return t("duel.outcome.one_beats_eleven");
  if (e.outcome === "defence_wins" && a === 11 && d === 1) return t("duel.outcome.one_beats_eleven");
  return t(`duel.outcome.${e.outcome}`, { a, d, name: otherName(view, ctx, 1 - attacker) });
}

function revealLine(view, ctx, e) {
  const attacker = e.event === "penalty" ? e.seat : e.attacker;
  const vars = {
    attacker: otherName(view, ctx, attacker),
    defender: otherName(view, ctx, 1 - attacker),
    a: (e.attack_card || e.taker)?.value,
    d: (e.defence_card || e.keeper_card || e.keeper)?.value,
    slot: e.slot,
  };
  if (e.event === "duel") return ctx.t("duel.duel_line", vars);
  if (e.event === "penalty") return ctx.t("duel.penalty_line", vars);
  return ctx.t(e.keeper_card ? "duel.shot_line" : "duel.open_goal", vars);
}

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

function legalOf(view, type) {
  return (view.legal || []).filter((a) => a.type === type);
}

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

function sideHead(view, ctx, seat, title, held) {
  const { h, t } = ctx;
  const arranging = view.phase === "arrange"
    ? h("span", { class: "arr" }, t(held.arranging ? "duel.arranging" : "duel.ready", { name: seatName(view, ctx, seat) }))
    : null;
  return h(
    "div",
    { class: "side-head" },
    h("span", { class: "side-title" }, title),
    arranging,
    h(
      "span",
      { class: "side-meta muted tabnum" },
      [t("duel.hand_n", { n: held.hand.length }), t("duel.pile", { n: held.pile }), t("duel.used", { n: held.used })].join(" · "),
    ),
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

/** The swap (if any) in view.legal between two tapped places. */
function swapAction(view, x, y) {
  const [kx, vx] = x.split(":");
  const [ky, vy] = y.split(":");
  for (const a of legalOf(view, "swap")) {
    if (a.slots) {
      if (kx === "s" && ky === "s") {
        const want = [Number(vx), Number(vy)].sort((p, q) => p - q);
        if (a.slots[0] === want[0] && a.slots[1] === want[1]) return a;
      }
    } else if ((kx === "h" && ky === "s" && a.card === vx && a.slot === Number(vy)) ||
               (ky === "h" && kx === "s" && a.card === vy && a.slot === Number(vx))) {
      return a;
    }
  }
  return null;
}

function swapPartners(view, key) {
  const partners = new Set();
  for (const a of legalOf(view, "swap")) {
    const ends = a.slots ? a.slots.map((s) => `s:${s}`) : [`h:${a.card}`, `s:${a.slot}`];
    if (ends.includes(key)) partners.add(ends.find((k) => k !== key));
  }
  return partners;
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

function valueOf(view, cardId) {
  const mine = [...(view.private?.hand || []), ...(view.private?.chain || []).filter(Boolean)];
  const sh = view.private?.shootout;
  if (sh) mine.push(...sh.pool, ...sh.keepers, ...sh.takers);
  return mine.find((c) => c.id === cardId)?.value ?? "?";
}

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

function kickRow(view, ctx, seat) {
  const { h } = ctx;
  const so = view.public.shootout;
  const kicks = so.players[seat].kicks;
  const marks = kicks.map((k) => (k ? "●" : "✗"));
  for (let i = kicks.length; i < 5; i += 1) marks.push("○");
  return h(
    "div",
    { class: ["kick-row", `team-${TEAM_CLASS[seat]}`] },
    h("span", { class: "kick-name" }, seatName(view, ctx, seat)),
    h("span", { class: "kick-marks tabnum", "aria-label": `${so.goals[seat]}` }, marks.join(" ")),
    h("span", { class: "kick-goals tabnum" }, String(so.goals[seat])),
  );
}

function shootoutTable(view, ctx) {
  const { h, t } = ctx;
  const so = view.public.shootout;
  const me = view.you ?? 0;
  const opp = 1 - me;
  const mine = view.private?.shootout;
  const parts = [h("section", { class: "kicks" }, kickRow(view, ctx, me), kickRow(view, ctx, opp))];
  if (so.sudden_death) parts.push(h("p", { class: "muted small" }, t("duel.sudden_death")));
  parts.push(duelZone(view, ctx));
  const oppKeepers = so.players[opp].keepers;
  if (oppKeepers.length) {
    const n = 5 - oppKeepers.length + 1;
    parts.push(
      h(
        "section",
        { class: "side opp" },
        h("div", { class: "side-title" }, t("duel.keeper_next", { name: seatName(view, ctx, opp), n })),
        row(ctx, "chain", [cardEl(ctx, oppKeepers[0], { team: opp })]),
      ),
    );
  }
  if (mine) {
    const orderable = new Set(legalOf(view, "order_keeper").map((a) => a.card));
    const droppable = new Set(legalOf(view, "drop_taker").map((a) => a.card));
    const kickable = new Set(legalOf(view, "penalty").map((a) => a.card));
    const keepers = [
      ...mine.keepers.map((c) => cardEl(ctx, c, { team: me, hidden: t("duel.hidden_from", { name: otherName(view, ctx, opp) }) })),
      ...mine.pool.map((c) => {
        const a = legalOf(view, "order_keeper").find((x) => x.card === c.id);
        return cardEl(ctx, c, { team: me, legal: orderable.has(c.id), dim: true, onclick: a ? () => send(ctx, a) : null });
      }),
    ];
    if (keepers.length) {
      parts.push(
        h(
          "section",
          { class: "side mine" },
          h("div", { class: "side-title" }, mine.pool.length ? t("duel.keepers_to_place") : t("duel.your_keepers")),
          row(ctx, "hand", keepers),
        ),
      );
    }
    const takers = [
      ...mine.takers.map((c) => {
        const usable = droppable.has(c.id) || kickable.has(c.id);
        return cardEl(ctx, c, { team: me, legal: usable, selected: ui.card === c.id, onclick: usable ? () => pick(c.id) : null });
      }),
      ...mine.dropped.map((c) => cardEl(ctx, c, { team: me, dim: true, label: t("duel.dropped") })),
    ];
    parts.push(
      h(
        "section",
        { class: "side mine" },
        h("div", { class: "side-title" }, droppable.size ? t("duel.drop_hint") : t("duel.your_takers")),
        row(ctx, "hand takers", takers),
      ),
    );
  }
  return parts;
}

// --- the log -------------------------------------------------------------------------------

function logSection(view, ctx) {
  const { h, t } = ctx;
  const shown = (view.log || []).filter((e) => e.event !== "refilled").slice(-6).reverse();
  if (!shown.length) return null;
  return h(
    "details",
    { class: "dlog" },
    h("summary", null, t("duel.log")),
    h(
      "ol",
      { class: "log" },
      shown.map((e) =>
        h("li", null, logText(e, ctx, view) || ctx.eventText(e)),
      ),
    ),
  );
}

// --- entry point ---------------------------------------------------------------------------

export function render(root, view, ctx) {
  ui = stateOf(root, fresh);
  ui.last = [root, view, ctx];
  resetIfNewDecision(view);
  const pub = view.public;
  const parts = [scoreboard(view, ctx)];
  if (pub.shootout) parts.push(...shootoutTable(view, ctx));
  else {
    const top = topSeat(view);
    parts.push(opponentChain(view, ctx, top), duelZone(view, ctx), myTable(view, ctx, 1 - top));
  }
  parts.push(ctx.drawer ? null : logSection(view, ctx)); // the shell keeps the log in a drawer
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

/** The replay's log lines: a duel reads "Anna's 9 beats Bence's 7 · attack goes on". */
export function logText(e, ctx, view) {
  if (REVEALS.has(e.event)) return `${revealLine(view, ctx, e)} · ${outcomeText(view, ctx, e)}`;
  return null; // ctx.eventText reads the rest from duel.event.* with the seat's name
}

/** Under the shell's result panel: the shoot-out, if there was one (goals stay in the score). */
export function renderResult(el, view, ctx) {
  const goals = view.result?.shootout;
  const [a, b] = [0, 1].map((seat) => otherName(view, ctx, seat));
  el.replaceChildren(...(goals ? [ctx.h("p", { class: "muted" }, ctx.t("duel.on_penalties", { a, b, x: goals[0], y: goals[1] }))] : []),
    statsList(view, ctx, "duel") || "");
  resultInView(el, ctx, view);
}
