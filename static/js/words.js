// @ts-check
// The words of a table screen: the status line from phase + to_act + you (UX §1.4), and a
// log event as a sentence (the game's text, else the event's own, else a readable fallback).
// Shared by the room screen, the replay and the tables (re-exported by shell.js).

import * as i18n from "./i18n.js";

const t = i18n.t;

/**
 * @param {unknown} name
 */
export function humanize(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {TableModule | null} [module]
 * @returns {string}
 */
export function statusText(view, ctx, module) {
  if (module?.status) {
    try {
      const custom = module.status(view, ctx);
      if (custom) return custom;
    } catch (err) {
      console.error(err);
    }
  }
  const game = view.game;
  const phaseKey = `${game}.phase.${view.phase}`;
  const toAct = view.to_act || [];
  if (view.status === "finished") return t("ui.full_time");
  if (view.you !== null && view.you !== undefined && toAct.includes(view.you)) {
    const key = [`${phaseKey}.you`, phaseKey].find((k) => i18n.has(k));
    return `▶ ${key ? t(key, { name: ctx.names[view.you] }) : t("ui.your_move")}`;
  }
  if (toAct.length === 1) {
    const name = ctx.names[toAct[0]] ?? "?";
    if (i18n.has(`${phaseKey}.other`)) return t(`${phaseKey}.other`, { name });
    return t("ui.waiting_for", { name });
  }
  if (toAct.length > 1) return t("ui.waiting_for_n", { n: toAct.length });
  return i18n.has(phaseKey) ? t(phaseKey, {}) : humanize(view.phase || "");
}

/**
 * A nested value of an event as a word: a card's or action's name, type or id.
 * @param {any} v
 * @returns {string}
 */
function objectWord(v) {
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === "object" ? objectWord(x) : x)).join(", ");
  const name = i18n.pick(v.name, null);
  if (typeof name === "string") return name;
  if (v.type) return humanize(v.type);
  return v.id ?? JSON.stringify(v);
}

/**
 * @param {string} game
 * @param {LogEvent} event
 * @param {string[]} names
 * @returns {string}
 */
export function eventText(game, event, names) {
  const key = `${game}.event.${event.event}`;
  const vars = {};
  for (const [k, v] of Object.entries(event)) vars[k] = v && typeof v === "object" ? objectWord(v) : v;
  const who = typeof event.seat === "number" ? names[event.seat] : null;
  if (who) vars.name = who;
  // The room's own event: the bot moved for a human seat (its clock ran out, or it is away).
  const standIn = `ui.stand_in_${event.reason}`;
  if (event.event === "stand_in" && i18n.has(standIn)) return t(standIn, { name: who ?? "?" });
  if (i18n.has(key)) return t(key, vars);
  if (event.text) return event.text;
  return readableEvent(event, who, names);
}

const SEAT_KEYS = new Set(["to", "from", "winner", "loser", "scorer", "player", "by", "target", "next"]);

/**
 * The shell's fallback for an event no text names: "Bence: cards drawn — home, count 1".
 * @param {LogEvent} event
 * @param {string | null} who
 * @param {string[]} names
 */
function readableEvent(event, who, names) {
  const bits = [];
  for (const [k, v] of Object.entries(event)) {
    if (["event", "seq", "seat", "text", "name"].includes(k) || v === null || v === undefined) continue;
    bits.push(eventWord(k, v, names));
  }
  const what = humanize(event.event || "").toLowerCase();
  const sentence = `${what}${bits.length ? ` — ${bits.join(", ")}` : ""}`;
  return who ? `${who}: ${sentence}` : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * @param {string} key
 * @param {unknown} value
 * @param {string[]} names
 */
function eventWord(key, value, names) {
  const label = humanize(key).toLowerCase();
  if (key === "team" && (value === 0 || value === 1)) return t(value === 0 ? "ui.team_home" : "ui.team_away").toLowerCase();
  if (SEAT_KEYS.has(key) && typeof value === "number" && names[value]) return `${label} ${names[value]}`;
  if (typeof value === "boolean") return value ? label : `${t("ui.not_word")} ${label}`;
  if (Array.isArray(value) && value.length === 2 && value.every((x) => typeof x === "number")) return `${label} ${value[0]}–${value[1]}`;
  if (typeof value === "number") return `${label} ${value}`;
  if (typeof value === "string") return `${label} ${humanize(value).toLowerCase()}`;
  return `${label} ${objectWord(value)}`;
}
