// @ts-check
// The Focifogadás log in the table's own sentences (docs/UX.md §3.4: "Szöglet! Dobás: 6 — …"),
// shared by the table, the replay's list (logText) and the big screen.

import { seatName } from "../common.js";
import { teamName } from "./teams.js";

const name = (obj, lang) => (obj && (obj[lang] || obj.en)) || "";

const MERGED_AFTER_ROLL = ["goal", "saved", "corner_taken", "yellow_card", "red_card", "ball_moved"];
const QUIET = ["cards_drawn", "deck_shuffled", "ball_moved"];

/** A log line: nested card objects and team words are flattened into {placeholders} first. */
export function eventText(e, ctx, view) {
  const { t } = ctx;
  const who = (seat) => (typeof seat === "number" ? seatName(ctx, seat) : "");
  const cardName = (c) => (c && typeof c === "object" ? name(c.name, ctx.lang) || name(c.text, ctx.lang) : "");
  const teams = view?.public?.teams;
  const entryTeam = (entry) => (entry?.startsWith("goal_") ? entry.slice(5) : null);
  const team = e.team || e.kickoff || entryTeam(e.entry);
  const rollFor = e.roll_for ? t(`focifogadas.roll.${e.roll_for}`) : "";
  const vars = {
    ...e,
    name: who(e.seat),
    card: cardName(e.card) || (typeof e.card === "string" ? e.card : ""),
    card_id: typeof e.card === "object" && e.card ? e.card.id : e.card ?? "",
    team: team ? t(`focifogadas.ui.${team}`) : "",
    team_name: team === "home" || team === "away" ? teamName(ctx, team, e.team_name || teams?.[team]) : e.team_name || "",
    poss: e.poss ? t(`focifogadas.ui.${e.poss}`) : "",
    section: e.section ? t(`focifogadas.section.${e.section}`) : "",
    score: Array.isArray(e.score) ? e.score.join(":") : "",
    kept: Array.isArray(e.kept) ? e.kept.map((c) => c.id).join(", ") : "",
    status: e.status ? t(`focifogadas.status.${e.status}`) : "",
    roll_for: rollFor ? rollFor[0].toLocaleUpperCase(ctx.lang) + rollFor.slice(1) : "",
    cause: e.cause ? t(`focifogadas.cause.${e.cause}`) : "",
    money: typeof e.money === "number" ? ctx.money(e.money) : "",
    paid: typeof e.paid === "number" ? ctx.money(e.paid) : "",
    bookmaker_name: who(e.bookmaker),
    to_name: who(e.to),
    piles: Array.isArray(e.piles) ? e.piles.map((p) => t(`focifogadas.section_short.${p}`)).join(" ") : "",
    cards: Array.isArray(e.cards) ? e.cards.join(", ") : e.cards ?? "", // deck_shuffled: a count
    winners: Array.isArray(e.winners) ? e.winners.map(who).join(", ") : "",
  };
  let key = `focifogadas.event.${e.event}`;
  if (e.event === "entry_made") key = `focifogadas.event.entry.${e.entry}`;
  if (e.event === "entry_undone") {
    vars.entry = t(`focifogadas.event.entry.${e.entry}`, vars);
    key = `focifogadas.event.undone.${entryTeam(e.entry) ? e.entry : "other"}`;
  }
  // the reader's own acts in the second person ("You entered full time: …"), where the
  // sentence has a form for it (key_you; key_to_you when the act is handed to the reader)
  const you = view?.you;
  const personal = typeof you === "number" ? (e.to === you ? `${key}_to_you` : e.seat === you ? `${key}_you` : null) : null;
  if (personal) {
    const own = t(personal, vars);
    if (own !== personal) return own;
  }
  const text = t(key, vars);
  return text === key ? ctx.eventText(e) : text;
}

/** The log as the table tells it: a roll and its outcome on one line ("Corner! Roll: 6 — …"). */
export function logLines(view, ctx) {
  const events = view.log || [];
  const lines = [];
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    if (e.event === "die_rolled" && MERGED_AFTER_ROLL.includes(events[i + 1]?.event)) {
      lines.push(`${eventText(e, ctx, view)} — ${eventText(events[i + 1], ctx, view)}`);
      i += 1;
    } else if (!QUIET.includes(e.event)) {
      lines.push(eventText(e, ctx, view));
    }
  }
  return lines;
}

export function log(view, ctx, count = 8) {
  const { h } = ctx;
  const items = logLines(view, ctx).slice(-count);
  if (!items.length) return null;
  return h("ol", { class: "ff-log", "aria-label": ctx.t("ui.log") }, items.map((line) => h("li", null, line)));
}
