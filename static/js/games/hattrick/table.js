// @ts-check
// Hat Trick table (docs/UX.md §3.3). Renders a full view; every tap ends in one element of
// view.legal sent verbatim. The client computes no rules: rings, buttons and numbers come from
// view.legal, view.public (pitch, table, shot) and the log's `contest` events.
// Names go in as text (ctx.h makes text nodes).

import { decision, newDecision, resultInView, stateOf, statsList } from "../common.js";
import { animate, motionFor } from "./motion.js";
import {
  COLS, LETTER, TEAM_CLASS, cardFace, cardId, cardWord, contestPanel, dots, eventLine, isSpectator, label, lastEvent,
  logSection, nationalTeam, soBanner, targetsOf, teamName, teamWord,
} from "./words.js";

// The selection survives re-renders of the same decision (after an ack, a presence message…).
// Each root keeps its own state (stateOf); `ui` points at the one being rendered or tapped.
/** @returns {{key: string, sel: any, last: Parameters<typeof render> | null, spectatorFlip: boolean}} */
const fresh = () => ({ key: "", sel: null, last: null, spectatorFlip: false });
let ui = fresh();

function rerender() {
  if (ui.last) render(...ui.last);
}

function send(ctx, action) {
  if (ctx.busy) return;
  if (ctx.send(action) !== null) ui.sel = null;
}

function select(value) {
  ui.sel = ui.sel === value ? null : value;
  rerender();
}

// --- words ---------------------------------------------------------------------------------

// --- the pitch ------------------------------------------------------------------------------

/** Spectators see Blue at the bottom, with a button to turn the pitch (docs/UX.md §3.3). */
function flipButton(view, ctx) {
  if (!isSpectator(view)) return null;
  return ctx.h("button", { type: "button", class: "btn btn-small flip", "aria-pressed": ui.spectatorFlip ? "true" : "false",
    onclick: () => { ui.spectatorFlip = !ui.spectatorFlip; rerender(); } }, ctx.t("hattrick.flip"));
}

/** Lines from top to bottom and columns from left to right, your own goal at the bottom. */
function frame(view) {
  const flip = isSpectator(view) ? ui.spectatorFlip : view.you === 1;
  const lines = flip ? [1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1];
  const cols = flip ? [4, 3, 2, 1] : [1, 2, 3, 4];
  return { flip, lines, cols };
}

function cell(view, ctx, p, line, col, targets, flip) {
  const { h, t } = ctx;
  const where = t("hattrick.field", { line, col: COLS[col - 1] });
  if (!p) {
    const name = Object.entries(view.public.empty_names).find(([, f]) => f[0] === line && f[1] === col);
    return h("span", { class: "cell empty", role: "img", "aria-label": `${t("hattrick.empty")}, ${where}`, "data-field": `${line}-${col}` }, name ? name[0] : "");
  }
  const carrier = view.public.carrier === p.id;
  const globalLeft = (p.team === 0) === (p.side === "L");
  const stripeLeft = globalLeft !== flip;
  const legal = targets.has(p.id);
  const aria = [
    `${teamWord(ctx, p.team)} ${p.number}`,
    t(`hattrick.role.${p.role}`),
    t("hattrick.attack_n", { n: p.attack }),
    t("hattrick.defence_n", { n: p.defence }),
    t(p.side === "L" ? "hattrick.left_side" : "hattrick.right_side"),
    where,
    p.star ? t("hattrick.star") : null,
    carrier ? t("hattrick.has_ball") : null,
  ].filter(Boolean).join(", ");
  const classes = ["cell", `team-${TEAM_CLASS[p.team]}`, stripeLeft ? "stripe-l" : "stripe-r",
    p.star && "star", carrier && "carrier", legal && "legal", ui.sel === p.id && "sel",
    view.public.moved === p.id && "moved"];
  const body = [
    h("span", { class: "num" }, `${LETTER[p.team]}${p.number}`, p.star ? h("span", { class: "st" }, "★") : null),
    h("span", { class: "ad" }, `A${dots(p.attack)}`),
    h("span", { class: "ad" }, `D${dots(p.defence)}`),
    carrier ? h("span", { class: "ball", "aria-hidden": "true" }) : null,
  ];
  const field = `${line}-${col}`;
  if (!legal) return h("span", { class: classes, role: "img", "aria-label": aria, "data-field": field }, body);
  return h("button", {
    type: "button", class: classes, "aria-label": aria, "aria-pressed": ui.sel === p.id ? "true" : "false", "data-field": field,
    disabled: ctx.busy, onclick: () => select(p.id),
  }, body);
}

function pitch(view, ctx) {
  const { h, t } = ctx;
  const { flip, lines, cols } = frame(view);
  const pub = view.public;
  const targets = targetsOf(view);
  const destLines = new Set((view.legal || []).filter((a) => a.type === "destination").map((a) => a.line));
  const topTeam = flip ? 0 : 1;
  const goal = (team) => h("div", { class: ["goal", `team-${TEAM_CLASS[team]}`] },
    t("hattrick.goal_of", { team: teamWord(ctx, team) }), pub.keeper_star[team] ? " ★" : "");
  const rows = lines.map((line) => h("div", { class: ["prow", destLines.has(line) && "dest"] },
    h("span", { class: "lno", "aria-hidden": "true" }, String(line)),
    cols.map((col) => cell(view, ctx, pub.pitch[line - 1][col - 1], line, col, targets, flip))));
  // the columns' letters, as the words name them ("line 6, column b"), beside the lines' numbers
  const letters = h("div", { class: "prow pcols", "aria-hidden": "true" }, h("span"), cols.map((col) => h("span", { class: "cno" }, COLS[col - 1])));
  return h("div", { class: "pitch", role: "group", "aria-label": t("hattrick.pitch") },
    goal(topTeam), rows, letters, goal(1 - topTeam));
}

// --- scoreboard, table strip, contest, shot -------------------------------------------------

function scoreboard(view, ctx) {
  const { h, t } = ctx;
  const pub = view.public;
  const bottom = frame(view).flip ? 1 : 0;
  const top = 1 - bottom;
  const half = pub.half === 4 ? t("hattrick.penalties") : t(`hattrick.half_${pub.half}`);
  const side = (team, cls) => h("span", { class: ["tname", cls, `team-${TEAM_CLASS[team]}`] },
    teamName(view, ctx, team), pub.yellow[team] ? h("span", { class: "yc", "aria-label": t("hattrick.yellow") }) : null);
  const deck = (team) => `${LETTER[team]} ${t("hattrick.deck_n", { n: pub.pile_sizes[team] })}${pub.exhausted[team] ? ` · ${t("hattrick.temp_deck")}` : ""}`;
  const so = pub.shootout;
  // the national team each manager chose in the lobby (§2.6), flag-free with its stars
  const nat = (team, cls) => h("span", { class: ["nat", cls], "data-team": pub.teams[team] }, nationalTeam(ctx, pub.teams[team]));
  return h("div", { class: "hscore" },
    side(bottom),
    h("span", { class: "goals tabnum" }, `${pub.score[bottom]}–${pub.score[top]}`),
    side(top, "right"),
    nat(bottom), h("span", null), nat(top, "right"),
    h("span", { class: "meta muted" }, half,
      so ? ` · ${t("hattrick.shootout_score", { a: so.goals[bottom], b: so.goals[top] })}` : "",
      ` · ${deck(bottom)} · ${deck(top)}`,
      pub.sent_off.length ? ` · ${t("hattrick.sent_off_list", { list: pub.sent_off.map(label).join(" ") })}` : ""));
}

/** Whether this seat picks a card from its hand now (a contest or a goal kick). */
function picksFromHand(view) {
  return (view.legal || []).some((a) => a.type === "play" || a.type === "kick");
}

function tableStrip(view, ctx) {
  const { h, t } = ctx;
  const pub = view.public;
  // while my hand is the decision the strip holds no face yet: the grid and the hand keep the
  // screen together (the other side's "chosen" is told on the hand's line)
  if (pub.half === 4 || !pub.table.some(Boolean) || picksFromHand(view)) return null;
  const mine = frame(view).flip ? 1 : 0;
  return h("div", { class: "strip" }, [mine, 1 - mine].map((team) => h("div", { class: "slot" },
    h("span", { class: ["who", `team-${TEAM_CLASS[team]}`] }, teamName(view, ctx, team)),
    cardFace(ctx, team === view.you && view.private?.chosen ? view.private.chosen : pub.table[team]),
    pub.chosen[team] ? h("span", { class: "muted small" }, t("hattrick.chosen")) : null)));
}

function shotPanel(view, ctx) {
  const { h, t } = ctx;
  const pub = view.public;
  const s = pub.shot;
  if (!s || !["shot_cards", "save_draw", "kick"].includes(view.phase) && !lastEvent(view, new Set(["shot_result"]))) return null;
  const legal = (view.legal || []).filter((a) => a.type === "shooting_card" || a.type === "keeper_card");
  // the view gives the field in the shooter's own frame (Red's line 6 is the grid's line 1):
  // told as the grid's labels say it, line number and column letter
  const red = String(s.player ?? "")[0] === LETTER[1];
  const at = { line: red ? 7 - s.line : s.line, col: COLS[(red ? 5 - s.col : s.col) - 1] ?? s.col };
  const parts = [h("div", { class: "chead" }, t(s.penalty ? "hattrick.penalty_shot" : "hattrick.shot_from",
    { who: label(s.player), ...at }))];
  // both managers see what the keeper card gives from this field before they choose
  if (s.base !== null && s.base !== undefined) {
    parts.push(h("div", { class: "small kbase-line" }, t("hattrick.keeper_base", { count: s.base })));
  }
  if (legal.length) {
    const faces = legal.map((a) => {
      const face = a.type === "shooting_card" ? pub.shooting_cards.find((c) => c.id === a.card) : pub.keepers[view.you].find((c) => c.id === a.card);
      return cardFace(ctx, face, { legal: true, sel: ui.sel === a.card, base: s.base, onclick: () => select(a.card) });
    });
    parts.push(h("div", { class: "choices" }, faces));
  }
  if (s.power !== null) {
    parts.push(h("div", { class: "small" }, t("hattrick.power_line", { power: s.power, card: s.card_value, mod: s.power - s.card_value })));
    parts.push(h("div", { class: "small" }, t("hattrick.allowance_line",
      { base: s.base, overlay: s.overlay > 0 ? "+1" : s.overlay < 0 ? "−1" : "0", penalty: s.penalty ? "−1" : "0", allowance: s.allowance })));
    const pct = Math.min(100, Math.round((100 * s.total) / Math.max(1, s.power + 1)));
    parts.push(h("div", { class: "gauge", role: "img", "aria-label": t("hattrick.total_of", { total: s.total, power: s.power }) },
      h("span", { class: "fill", style: { width: `${pct}%` } })));
    parts.push(h("div", { class: "small tabnum" }, t("hattrick.drawn_line", { drawn: s.drawn_values.join(" + ") || "–", total: s.total, n: s.drawn_values.length, of: s.allowance })));
    parts.push(h("div", { class: "small muted" }, t("hattrick.save_rule", { p: s.power })));
  }
  if (s.outcome) parts.push(h("div", { class: "cout" }, t(`hattrick.shot.${s.outcome}`)));
  return h("div", { class: "shot" }, parts);
}

// --- your hand and the action bar ----------------------------------------------------------

function hand(view, ctx) {
  const { h, t } = ctx;
  if (view.you === null || view.you === undefined || !view.private) return null;
  const playable = new Map((view.legal || []).filter((a) => a.type === "play" || a.type === "kick").map((a) => [a.card, a]));
  const cards = view.private.hand.map((c) => cardFace(ctx, c, playable.has(c.id)
    ? { legal: true, sel: ui.sel === c.id, onclick: () => select(c.id) } : {}));
  const other = 1 - view.you;
  const theirs = picksFromHand(view) && view.public.chosen?.[other] ? ` · ${teamName(view, ctx, other)}: ${t("hattrick.chosen")}` : "";
  return h("div", { class: "hand" }, h("div", { class: "small muted" }, t("hattrick.your_hand", { n: cards.length }), theirs), h("div", { class: "cards" }, cards));
}

function actionText(view, ctx, a) {
  const { t } = ctx;
  const pub = view.public;
  if (a.type === "move") return t(`hattrick.action.move_${a.dir}`, { player: label(a.player) });
  if (a.type === "pass_to") return t("hattrick.action.pass_to", { player: label(a.player) });
  if (a.type === "destination") return t("hattrick.action.destination", { line: a.line });
  if (a.type === "play" || a.type === "kick") {
    const c = view.private.hand.find((x) => x.id === a.card);
    return t(`hattrick.action.${a.type}`, { card: c ? cardWord(ctx, c) : cardId(a.card) });
  }
  if (a.type === "shooting_card") return t("hattrick.action.shooting_card", { card: cardWord(ctx, pub.shooting_cards.find((c) => c.id === a.card)) });
  if (a.type === "keeper_card") return t("hattrick.action.keeper_card", { card: cardWord(ctx, pub.keepers[view.you].find((c) => c.id === a.card)) });
  return t(`hattrick.action.${a.type}`);
}

function button(ctx, text, onclick, primary = false, attrs = {}) {
  return ctx.h("button", { type: "button", class: ["btn", primary && "btn-primary"], disabled: ctx.busy, onclick, ...attrs }, text);
}

const STOP = "__stop"; // ui.sel while the keeper's Stop waits for its confirm

/** The keeper's Stop, confirmed: what stopping now gives (the view's total against the shot's
 * power, the comparison the save rule on the table states), its confirm away from where Stop
 * was, and ✕. */
function stopConfirm(view, ctx, stop) {
  const { h, t } = ctx;
  const s = view.public.shot || {};
  const outcome = s.total < s.power ? "goal" : s.total === s.power ? "parry" : "save";
  const note = h("p", { class: "bar-note stop-note", id: "stop-note" }, t(`hattrick.stop_now.${outcome}`, { total: s.total ?? 0, power: s.power ?? 0 }));
  // Stop sat on the right of "Draw next": the confirm comes up on the left, ✕ where Stop was
  return [note, button(ctx, `${t("hattrick.stop_confirm", { total: s.total ?? 0 })} ✓`, () => send(ctx, stop), true), button(ctx, "✕", () => select(STOP))];
}

function bar(view, ctx) {
  const { h, t } = ctx;
  const legal = view.legal || [];
  if (!legal.length) return [];
  if (ui.sel === STOP && legal.some((a) => a.type === "stop")) return stopConfirm(view, ctx, legal.find((a) => a.type === "stop"));
  const picked = legal.filter((a) => ui.sel !== null && (a.player === ui.sel || a.card === ui.sel));
  if (picked.length) {
    const buttons = picked.map((a) => button(ctx, `${actionText(view, ctx, a)} ✓`, () => send(ctx, a), true));
    return [...buttons, button(ctx, "✕", () => select(ui.sel))];
  }
  const plain = legal.filter((a) => !a.player && !a.card);
  const out = plain.map((a) => (a.type === "stop"
    ? button(ctx, actionText(view, ctx, a), () => select(STOP), false, { "data-asks": "" }) // UX §4.1: Stop always confirms
    : button(ctx, actionText(view, ctx, a), () => send(ctx, a), a.type === "shoot")));
  if (ctx.online === false) {
    // the link is down: the taps are locked, and the bar says why rather than "tap a card"
    out.unshift(h("p", { class: "bar-note", id: "offline-note" }, t(navigator.onLine === false ? "ui.offline" : "ui.reconnecting")));
  } else if (plain.length < legal.length) {
    const first = legal.find((a) => a.player || a.card);
    const hint = first.player ? "hattrick.tap_player" : view.phase === "shot_cards" ? "hattrick.tap_shot_card" : "hattrick.tap_card";
    out.unshift(h("p", { class: "bar-note" }, t(hint)));
  }
  return out;
}

// --- the log -------------------------------------------------------------------------------

// --- motion (docs/UX.md §4.2): CSS keyframes of at most 300 ms, none under reduced motion ------------

// --- entry point ---------------------------------------------------------------------------

/**
 * @param {HTMLElement} root
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function render(root, view, ctx) {
  const { h } = ctx;
  ui = stateOf(root, fresh);
  ui.last = [root, view, ctx];
  if (newDecision(ui, view)) ui.sel = null;
  const parts = [scoreboard(view, ctx)];
  const so = soBanner(view, ctx);
  // the banner and the pitch come into view together: the banner never sits under the header
  if (view.public.half !== 4) parts.push(so ? h("div", { class: "so-pitch" }, so, pitch(view, ctx)) : pitch(view, ctx), flipButton(view, ctx));
  else parts.push(so);
  // the log stays collapsed at the foot (the shell also has it in its "What happened" drawer)
  parts.push(tableStrip(view, ctx), contestPanel(view, ctx), shotPanel(view, ctx), hand(view, ctx), logSection(view, ctx));
  const motion = motionFor(view, ui);
  root.replaceChildren(...parts.filter(Boolean));
  animate(root, motion);
  ctx.bar.replaceChildren(...bar(view, ctx));
  decision(ctx, decisionEl(root, view), view);
}

/** The part of the table this seat decides with now: its hand, the shooting or keeper cards,
 * or the pitch (moves, passes, long balls); null when the bar alone holds the choice. */
function decisionEl(root, view) {
  const legal = view.legal || [];
  if (legal.some((a) => a.type === "play" || a.type === "kick")) return root.querySelector(".hand");
  if (legal.some((a) => a.type === "shooting_card" || a.type === "keeper_card")) return root.querySelector(".shot") || root.querySelector(".hand");
  if (legal.some((a) => a.player !== undefined || a.type === "destination")) return root.querySelector(".so-pitch") || root.querySelector(".pitch");
  // a scoring opportunity's bar choices (Shoot, Hold, Decline): its banner and the pitch in view
  if (legal.length) return root.querySelector(".so-pitch");
  return null;
}

/** The sticky header (client-contract): your team first, like the scoreboard, by name. */
export function header(view, ctx) {
  const pub = view.public;
  const bottom = frame(view).flip ? 1 : 0;
  const top = 1 - bottom;
  // names only: "You (Blue) 0 – 0 Bot 1 (Red)" and the phase do not fit 390 px; the teams'
  // words are on the scoreboard right under it
  const short = (team) => (team === view.you ? ctx.t("hattrick.you") : ctx.names[team]) ?? teamWord(ctx, team);
  return { teams: [short(bottom), short(top)], score: [pub.score[bottom], pub.score[top]] };
}

/** The replay's log lines: the same sentences as the table's log. */
export function logText(event, ctx, view) {
  return eventLine(view, ctx, event);
}

/** The result's score line, oriented like the scoreboard: your team (or, for spectators,
 * the team at the bottom) first, with the same names (issue 6: it read Blue–Red for Red). */
export function resultScore(view, ctx) {
  const { h } = ctx;
  const pub = view.public;
  const bottom = frame(view).flip ? 1 : 0;
  const top = 1 - bottom;
  const side = (team, cls) => h("span", { class: ["tname", cls], style: { color: `var(--${TEAM_CLASS[team]})` } },
    teamName(view, ctx, team));
  return h("div", { class: "hresult", id: "result-score" },
    side(bottom),
    h("p", { class: "score big tabnum" }, `${pub.score[bottom]} – ${pub.score[top]}`),
    side(top, "right"));
}

/** Under the shell's result panel: the shoot-out, if there was one (goals stay in the score),
 * and the match's stats where the view has them (`result.stats`: {name: [blue, red]}), your
 * side first as in the score line (`resultScore`).
 * @param {HTMLElement} el
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function renderResult(el, view, ctx) {
  const so = view.public.shootout;
  const bottom = frame(view).flip ? 1 : 0;
  el.replaceChildren(...(so ? [ctx.h("p", { class: "muted" },
    ctx.t("hattrick.on_penalties", { blue: so.goals[0], red: so.goals[1] }))] : []),
  statsList(view, ctx, "hattrick", [bottom, 1 - bottom]) || "");
  resultInView(el, ctx, view);
}
