// @ts-check
// Football Duel's pieces that hold no state: names, card faces, the scoreboard, the duel's
// words (also the replay's log lines, logText), the legal-action look-ups of the swap step,
// the shoot-out's kick rows and the log. table.js composes them with the selection.

import { svg } from "/static/js/dom.js";

export const SLOTS = 6;

export const TEAM_CLASS = ["home", "away"]; // seat 0 red, seat 1 blue

export const REVEALS = new Set(["duel", "shot", "penalty"]);

export const FRESH_START = new Set(["half_started", "shootout_started"]);

export function seatName(view, ctx, seat) {
  if (seat === view.you) return ctx.t("duel.you");
  return ctx.names[seat] || ctx.t("duel.seat", { n: seat + 1 });
}

export function otherName(view, ctx, seat) {
  return ctx.names[seat] || ctx.t("duel.seat", { n: seat + 1 });
}

/** A card face, a back or an empty slot, as a button (inert ones are role="img"). */
export function cardEl(ctx, card, opts = {}) {
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
      // the corner values repeat the middle one, as printed cards do: drawn by CSS from
      // data-v (table.css), so the card's text, and its name, is its one value
      h("span", { class: `v tl${u}`, "data-v": v, "aria-hidden": "true" }),
      h("span", { class: `v mid${u}` }, v),
      h("span", { class: `v br${u}`, "data-v": v, "aria-hidden": "true" }),
      // 1 beats 11: a small "⇄" in the free bottom-left corner (the values sit top-left and
      // bottom-right, the "hidden" eye top-right), so it never runs into a value
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
export function eyeSlash(title) {
  return svg(
    "svg",
    { class: "eye", viewBox: "0 0 24 24", "aria-hidden": "true" },
    svg("title", null, title),
    svg("path", { d: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z", fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    svg("circle", { cx: 12, cy: 12, r: 3, fill: "currentColor" }),
    svg("path", { d: "M4 20L20 4", stroke: "currentColor", "stroke-width": 2.5 }),
  );
}

export function row(ctx, cls, items) {
  return ctx.h("div", { class: ["drow", cls] }, items);
}

export function holdings(view, seat) {
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

export function scoreboard(view, ctx) {
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
export function topSeat(view) {
  return view.you === 1 ? 0 : 1;
}

export function lastReveal(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (FRESH_START.has(log[i].event)) return null; // a new half or the shoot-out: no old duel
    if (REVEALS.has(log[i].event)) return log[i];
  }
  return null;
}

export function outcomeText(view, ctx, e) {
  const { t } = ctx;
  const attacker = e.event === "penalty" ? e.seat : e.attacker;
  const a = (e.attack_card || e.taker)?.value;
  const d = (e.defence_card || e.keeper_card || e.keeper)?.value;
  if (e.event !== "duel") return t(`duel.outcome.${e.outcome}`);
  if (e.outcome !== "defence_wins" && a === 1 && d === 11) return t("duel.outcome.one_beats_eleven");
  if (e.outcome === "defence_wins" && a === 11 && d === 1) return t("duel.outcome.one_beats_eleven");
  return t(`duel.outcome.${e.outcome}`, { a, d, name: otherName(view, ctx, 1 - attacker) });
}

export function revealLine(view, ctx, e) {
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

export function legalOf(view, type) {
  return (view.legal || []).filter((a) => a.type === type);
}

export function sideHead(view, ctx, seat, title, held) {
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

/** The swap (if any) in view.legal between two tapped places. */
export function swapAction(view, x, y) {
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

export function swapPartners(view, key) {
  const partners = new Set();
  for (const a of legalOf(view, "swap")) {
    const ends = a.slots ? a.slots.map((s) => `s:${s}`) : [`h:${a.card}`, `s:${a.slot}`];
    if (ends.includes(key)) partners.add(ends.find((k) => k !== key));
  }
  return partners;
}

export function valueOf(view, cardId) {
  const mine = [...(view.private?.hand || []), ...(view.private?.chain || []).filter(Boolean)];
  const sh = view.private?.shootout;
  if (sh) mine.push(...sh.pool, ...sh.keepers, ...sh.takers);
  return mine.find((c) => c.id === cardId)?.value ?? "?";
}

export function kickRow(view, ctx, seat) {
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

/** The replay's log lines: a duel reads "Anna's 9 beats Bence's 7 · attack goes on". */
export function logText(e, ctx, view) {
  if (REVEALS.has(e.event)) return `${revealLine(view, ctx, e)} · ${outcomeText(view, ctx, e)}`;
  return null; // ctx.eventText reads the rest from duel.event.* with the seat's name
}

export function logSection(view, ctx) {
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
