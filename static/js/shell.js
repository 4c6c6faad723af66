// What every screen shares: the page's bands, toasts, buttons, names of games and modes,
// the status line, log sentences, and loading a game's table module.

import { api } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";

export const t = i18n.t;
export const $ = (id) => document.getElementById(id);
export const main = $("main");
export const bar = $("bar");
const topInfo = $("top-info");

let gamesCache = null;
let router = () => {};

// --- helpers --------------------------------------------------------------------------------

export function games() {
  gamesCache ??= api.games().catch((err) => {
    gamesCache = null;
    throw err;
  });
  return gamesCache;
}

export async function modeSpec(gameId, modeId) {
  try {
    const game = (await games()).find((g) => g.id === gameId);
    return { game, mode: game?.modes.find((m) => m.id === modeId) };
  } catch {
    return { game: null, mode: null };
  }
}

/** A game's name: the shell's `game.<id>` (Focifogadás keeps its own name in every
 * language), else the server's label. */
export function gameName(game, fallback) {
  const id = game?.id ?? fallback;
  if (id && i18n.has(`game.${id}`)) return t(`game.${id}`);
  return i18n.pick(game?.name, fallback);
}

export function modeName(gameId, modeId) {
  for (const key of [`${gameId}.mode.${modeId}`, `term.${modeId}`]) {
    if (i18n.has(key)) return t(key);
  }
  return modeId.charAt(0).toUpperCase() + modeId.slice(1);
}

export function range(spec) {
  if (!spec) return "";
  return spec.min_players === spec.max_players
    ? String(spec.min_players)
    : `${spec.min_players}–${spec.max_players}`;
}

export function humanize(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function errorText(err) {
  const key = `error.${err.code}`;
  if (i18n.has(key)) return t(key);
  return err.message || t("error.generic");
}

/** A short message at the bottom; returns its element. With `action` ({label, run, ms}), it
 * carries a button that runs `run` and stays `ms` (e.g. a 5 s Undo after the scorer's entry). */
export function toast(text, kind = "error", action = null) {
  const box = $("toasts");
  const item = h("div", { class: `toast toast-${kind}`, role: "status" }, text);
  const shown = action?.ms ?? 4000;
  if (action) {
    item.classList.add("toast-action");
    item.append(btn(action.label, {
      class: "btn btn-small",
      onclick: () => {
        item.remove();
        action.run();
      },
    }));
  }
  box.appendChild(item);
  setTimeout(() => item.classList.add("out"), shown - 400);
  setTimeout(() => item.remove(), shown);
  if (kind === "error") buzz([20, 30, 20]);
  return item;
}

export function buzz(pattern) {
  if (localStorage.getItem("pitchside.haptics") === "off") return;
  if (navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(pattern);
}

export function btn(label, attrs = {}) {
  return h("button", { type: "button", class: "btn", ...attrs }, label);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "offscreen", readonly: true }, text);
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function setTop(text) {
  topInfo.textContent = text || "";
}


/** Goes to a path of this single page (the router was set by app.js). */
export function navigate(path, replace = false) {
  if (replace || path === location.pathname) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  router();
}

export function setRouter(fn) {
  router = fn;
}

// --- status line and events (shared with the replay) ----------------------------------------

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

/** A nested value of an event as a word: a card's or action's name, type or id. */
function objectWord(v) {
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === "object" ? objectWord(x) : x)).join(", ");
  const name = i18n.pick(v.name, null);
  if (typeof name === "string") return name;
  if (v.type) return humanize(v.type);
  return v.id ?? JSON.stringify(v);
}

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

/** The shell's fallback for an event no text names: "Bence: cards drawn — home, count 1". */
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

// --- turn clocks (public.clock) --------------------------------------------------------------

const CLOCK_LOW_MS = 10000; // UX §4: the last 10 s pulse

/** Milliseconds left per waited-for seat ({seat: ms}), counted down from `public.clock.now`
 * with our own time since the view arrived (phone clocks may be off; elapsed time is not). */
export function clockLeft(view, arrivedAt, now = Date.now()) {
  const clock = view?.status === "playing" ? view.public?.clock : null;
  const out = {};
  for (const [seat, at] of Object.entries(clock?.deadlines || {})) {
    out[seat] = Math.max(0, at - clock.now - (now - arrivedAt));
  }
  return out;
}

export function formatClock(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A "◔ 0:41" chip for a seat (the ring empties as the turn runs out; `turnMs` is a full
 * turn); tickClocks() keeps it current. */
export function clockChip(seat, ms, name, turnMs) {
  const chip = h(
    "span",
    { class: "clock tabnum", "data-seat": seat, "data-turn": turnMs, role: "timer" },
    h("span", { class: "clock-ring", "aria-hidden": "true" }),
    h("span", { class: "clock-time" }),
  );
  setClock(chip, ms, name);
  return chip;
}

function setClock(chip, ms, name) {
  const turn = Number(chip.dataset.turn) || ms || 1;
  chip.style.setProperty("--left", String(Math.min(1, ms / turn)));
  chip.lastChild.textContent = formatClock(ms);
  chip.classList.toggle("clock-low", ms <= CLOCK_LOW_MS);
  if (name !== undefined) chip.setAttribute("aria-label", t("ui.clock_left", { name, time: formatClock(ms) }));
}

/** Updates every clock chip under `root` from clockLeft(); returns whether any still runs. */
export function tickClocks(root, left) {
  let running = false;
  for (const chip of root.querySelectorAll(".clock[data-seat]")) {
    const ms = left[chip.dataset.seat];
    if (ms === undefined) continue;
    setClock(chip, ms);
    running ||= ms > 0;
  }
  return running;
}

export function clockIsLow(ms) {
  return ms !== undefined && ms <= CLOCK_LOW_MS;
}

// --- fair shuffle ---------------------------------------------------------------------------

/** SHA-256 of the revealed seed, in hex, equals the room's published seed_hash: true/false,
 * or null where the browser has no crypto.subtle (plain http off localhost). */
export async function verifySeed(seed, hash) {
  if (!crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(String(seed)));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === hash;
}

// --- game table modules (contract: static/js/games/README.md) -------------------------------

/** The game's table.js, or the generic table when it has none; links its table.css once. */
export async function loadTable(game) {
  try {
    const module = await import(`/static/js/games/${game}/table.js`);
    if (!document.querySelector(`link[data-game="${game}"]`)) {
      document.head.appendChild(
        h("link", { rel: "stylesheet", href: `/static/js/games/${game}/table.css`, "data-game": game }),
      );
    }
    return module;
  } catch (err) {
    console.warn(`no table module for ${game}; using the generic table`, err);
    return import("/static/js/games/generic.js");
  }
}

/** The labels of the turn clock, a room option of every game (`turn_seconds`). */
function clockOption() {
  const choices = [0, 30, 60, 120];
  const choiceLabels = {};
  for (const n of choices) choiceLabels[n] = n ? i18n.all("ui.clock_s", { n }) : i18n.all("ui.clock_off");
  return { label: i18n.all("ui.turn_clock"), choices, choiceLabels };
}

/** A game's optional options.js: {name: {label: {en,hu,da}, choices, choiceLabels}}, with the
 * shell's turn clock unless the game labels it itself. */
export async function loadOptionLabels(gameId) {
  let own = {};
  try {
    own = (await import(`/static/js/games/${gameId}/options.js`)).options || {};
  } catch {
    // a game without options.js shows raw option names
  }
  return { turn_seconds: clockOption(), ...own };
}

/** "Extra time: ✗ · Copies: 3", in the current language where options.js has labels. */
export function optionsText(options, labels) {
  return Object.entries(options || {})
    .map(([name, value]) => {
      const meta = labels?.[name];
      const label = i18n.pick(meta?.label, humanize(name));
      const shown =
        typeof value === "boolean" ? (value ? "✓" : "✗") : i18n.pick(meta?.choiceLabels?.[String(value)], String(value));
      return `${label}: ${shown}`;
    })
    .join(" · ");
}

/** The ctx handed to render(root, view, ctx). */
export function tableCtx({ game, send, busy, names, seats, you, bar: actionBar }) {
  return {
    send,
    busy,
    t,
    names,
    seats,
    you,
    lang: i18n.getLang(),
    h,
    bar: actionBar,
    money: i18n.money,
    eventText: (e) => eventText(game, e, names),
    toast: (text, action = null) => toast(text, "info", action),
    // the room screen's own (room/table.js); inert elsewhere (the replay)
    online: true,
    decision: () => {},
    drawer: () => {},
    flash: () => null,
    learn: () => false,
  };
}
