// @ts-check
// Hat Trick's words and drawing pieces that hold no state: player labels, team names, card
// faces, the contest strip, the log's sentences (also the replay's, via logText) and the
// scoring-opportunity banner. table.js composes them.

import { TEAMS } from "./options.js";

export const TEAM_CLASS = ["away", "home"]; // Blue uses the blue token, Red the red one (docs/UX.md §2)

export const LETTER = ["B", "R"];

export const ICON = { short_pass: "→", long_ball: "⤴", dribbling: "≈" };


export const COLS = "abcd";

export const QUIET = new Set(["card_laid", "cards_drawn", "deck_shuffled", "coin_toss"]);

export function label(player) {
  if (!player) return "–";
  return `${player[0]}${Number(player.slice(2))}`;
}

export function teamWord(ctx, team) {
  return ctx.t(team === 0 ? "hattrick.blue" : "hattrick.red");
}

export function teamName(view, ctx, team) {
  const who = team === view.you ? ctx.t("hattrick.you") : ctx.names[team];
  return who ? `${who} (${teamWord(ctx, team)})` : teamWord(ctx, team);
}

/** "Brazil ★6" in the current language; Regulars say they have no stars. */
export function nationalTeam(ctx, code) {
  const labels = TEAMS[code];
  return labels ? labels[ctx.lang] ?? labels.en : String(code ?? "");
}

export function cardWord(ctx, card) {
  if (!card) return "–";
  if (card.id === null) return ctx.t("hattrick.face_down");
  if (card.kind === "shooting") return `${ctx.t(`hattrick.target.${card.target}`)} +${card.modifier}`;
  if (card.kind === "keeper") return ctx.t("hattrick.keeper_covers", { third: ctx.t(`hattrick.target.${card.covers}`) });
  return `${ctx.t(`hattrick.type.${card.type}`)} ${card.value}`;
}

export function cardId(id) {
  // "B-SP3L-a" → "SP 3" (event fields carry ids only)
  if (!id || id.startsWith("SH-") || id.includes("-GK")) return id || "–";
  return `${id.slice(2, 4)} ${id[4]}`;
}

export function isSpectator(view) {
  return view.you === null || view.you === undefined;
}

export function dots(n) {
  return "●".repeat(n) + "○".repeat(Math.max(0, 5 - n));
}

export function targetsOf(view) {
  const out = new Map();
  for (const a of view.legal || []) {
    if ((a.type === "move" || a.type === "pass_to") && a.player) {
      if (!out.has(a.player)) out.set(a.player, []);
      out.get(a.player).push(a);
    }
  }
  return out;
}

export function cardFace(ctx, card, opts = {}) {
  const { h, t } = ctx;
  if (!card) return h("span", { class: "hcard none", role: "img", "aria-label": t("hattrick.no_card") }, "–");
  if (card.id === null) return h("span", { class: ["hcard", "back", `team-${card.back === "blue" ? "away" : "home"}`], role: "img", "aria-label": t("hattrick.face_down") }, "▒");
  let body;
  let cls;
  if (card.kind === "action") {
    cls = `t-${card.type}`;
    body = [
      h("span", { class: "hd" }, `${ICON[card.type]} ${t(`hattrick.type_short.${card.type}`)}`),
      h("span", { class: ["val", card.side === "L" ? "left" : "right"] }, "●".repeat(card.value)),
      h("span", { class: "side" }, t(card.side === "L" ? "hattrick.left" : "hattrick.right")),
    ];
  } else if (card.kind === "shooting") {
    cls = `t-${card.colour}`;
    body = [h("span", { class: "hd" }, t(`hattrick.type_short.${card.colour}`)),
      h("span", { class: "big" }, `${{ L: "←", C: "↑", R: "→" }[card.target]} +${card.modifier}`)];
  } else {
    cls = "keeper";
    body = [h("span", { class: "hd" }, t("hattrick.keeper"), card.star ? " ★" : ""),
      h("span", { class: "big" }, { L: "▲··", C: "·▲·", R: "··▲" }[card.covers]),
      // §2.5: what this card prints for the shooter's field
      opts.base !== undefined && opts.base !== null
        ? h("span", { class: "kbase tabnum" }, t("hattrick.base_badge", { count: opts.base })) : null];
  }
  const classes = ["hcard", cls, opts.legal && "legal", opts.sel && "sel"];
  const aria = cardWord(ctx, card) + (card.side ? `, ${t(card.side === "L" ? "hattrick.left" : "hattrick.right")}` : "");
  if (!opts.onclick) return h("span", { class: classes, role: "img", "aria-label": aria }, body);
  // the name begins with the words printed on the face ("SHORT right"), then says it in full
  const printed = body.map((part) => (part instanceof Element ? part.textContent : "")).join(" ").replace(/[^\p{L}\p{N}+ ]/gu, "").replace(/\s+/g, " ").trim();
  const named = printed && !aria.toLowerCase().includes(printed.toLowerCase()) ? `${printed}: ${aria}` : aria;
  return h("button", { type: "button", class: classes, "aria-label": named, "aria-pressed": opts.sel ? "true" : "false",
    disabled: ctx.busy, onclick: opts.onclick }, body);
}

export function lastEvent(view, names) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (log[i].event === "cards_revealed" || log[i].event === "half_started") return null;
    if (names.has(log[i].event)) return log[i];
  }
  return null;
}

export function contestPanel(view, ctx) {
  const { h, t } = ctx;
  const e = lastEvent(view, new Set(["contest"]));
  if (!e) return null;
  const part = (s) => h("div", { class: ["cside", `team-${TEAM_CLASS[s.team]}`] },
    h("div", { class: "small" }, s.players.map((p) => `${label(p.id)} ${p.value}`).join(" · ") || "–"),
    h("div", { class: "small" }, t("hattrick.card_plus", { n: s.card_value })),
    h("div", { class: "total tabnum" }, String(s.total)));
  return h("div", { class: "contest", "aria-live": "polite" },
    h("div", { class: "chead" }, t("hattrick.contest_head", { kind: t(`hattrick.type.${e.kind}`), line: e.line })),
    h("div", { class: "crow" }, part(e.attack), h("span", { class: "vs" }, "vs"), part(e.defence)),
    h("div", { class: "cout" }, t(`hattrick.outcome.${e.outcome}`),
      e.tie_break ? ` · ${t(e.outcome === "foul" ? "hattrick.tie_foul" : "hattrick.tie_break")}` : ""));
}

export function eventLine(view, ctx, e) {
  const vars = { ...e };
  if (e.team !== undefined && e.team !== null) vars.team = teamWord(ctx, e.team);
  if (e.winner !== undefined) vars.winner = e.winner === null ? ctx.t("hattrick.nobody") : teamWord(ctx, e.winner);
  for (const k of ["player", "to", "from", "carrier", "ball_to", "fouler", "swapped_with"]) if (k in e) vars[k] = label(e[k]);
  if (typeof e.card === "string") vars.card = cardId(e.card);
  if (Array.isArray(e.score)) vars.score = e.score.join("–");
  if (Array.isArray(e.goals)) vars.goals = e.goals.join("–");
  if (e.event === "contest") {
    vars.kind = ctx.t(`hattrick.type.${e.kind}`);
    vars.a = e.attack.total;
    vars.d = e.defence.total;
    vars.outcome = ctx.t(`hattrick.outcome.${e.outcome}`);
  }
  if (e.outcome && e.event === "shot_result") vars.outcome = ctx.t(`hattrick.shot.${e.outcome}`);
  if (e.event === "shot_cards_revealed") vars.count = e.allowance;
  const key = `hattrick.event.${e.event}`;
  const text = ctx.t(key, vars);
  return text === key ? ctx.eventText(e) : text;
}

export function logSection(view, ctx) {
  const { h, t } = ctx;
  const shown = (view.log || []).filter((e) => !QUIET.has(e.event)).slice(-8).reverse();
  if (!shown.length) return null;
  return h("details", { class: "hlog" }, h("summary", null, t("hattrick.log")),
    h("ol", { class: "log" }, shown.map((e) => h("li", null, eventLine(view, ctx, e)))));
}

export function soBanner(view, ctx) {
  const pub = view.public;
  if (!pub.scoring_opportunity) return null;
  return ctx.h("div", { class: "so", role: "status" }, ctx.t("hattrick.so_banner",
    { round: pub.so_round, count: pub.hand_sizes[pub.attacker], team: teamWord(ctx, pub.attacker) }));
}
