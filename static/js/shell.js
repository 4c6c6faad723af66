// @ts-check
// What every screen shares: the page's bands, toasts, buttons, names of games and modes,
// and loading a game's table module. The status line and log sentences live in words.js, the
// turn clocks in clock.js; both are re-exported here.

import { api } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { eventText, humanize } from "./words.js";

export { clockChip, clockIsLow, clockLeft, formatClock, tickClocks } from "./clock.js";
export { eventText, humanize, statusText } from "./words.js";

export const t = i18n.t;
/**
 * An element of the page by id: the page always has its bands (app/api/pages.py). Typed as
 * the declaration it is assigned to asks (`/** @type {HTMLDialogElement} *\/`), else HTMLElement.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
export const $ = (id) => /** @type {T} */ (document.getElementById(id));
export const main = $("main");
export const bar = $("bar");
const topInfo = $("top-info");

/** @type {Promise<GameSpec[]> | null} */
let gamesCache = null;
let router = () => {};

// --- helpers --------------------------------------------------------------------------------

/** The games this server plays (`GET /api/games`), fetched once. @returns {Promise<GameSpec[]>} */
export function games() {
  gamesCache ??= api.games().catch((err) => {
    gamesCache = null;
    throw err;
  });
  return gamesCache;
}

/**
 * @param {string} gameId
 * @param {string} modeId
 */
export async function modeSpec(gameId, modeId) {
  try {
    const game = (await games()).find((g) => g.id === gameId);
    return { game, mode: game?.modes.find((m) => m.id === modeId) };
  } catch {
    return { game: null, mode: null };
  }
}

/** A game's name: the shell's `game.<id>` (Focifogadás keeps its own name in every
 * language), else the server's label.
 * @param {GameSpec | null | undefined} game
 * @param {string} [fallback]
 * @returns {string}
 */
export function gameName(game, fallback) {
  const id = game?.id ?? fallback;
  if (id && i18n.has(`game.${id}`)) return t(`game.${id}`);
  return i18n.pick(game?.name, fallback);
}

/**
 * @param {string | undefined} gameId
 * @param {string} modeId
 * @returns {string}
 */
export function modeName(gameId, modeId) {
  for (const key of [`${gameId}.mode.${modeId}`, `term.${modeId}`]) {
    if (i18n.has(key)) return t(key);
  }
  return modeId.charAt(0).toUpperCase() + modeId.slice(1);
}

/**
 * @param {{min_players: number, max_players: number} | null | undefined} spec
 */
export function range(spec) {
  if (!spec) return "";
  return spec.min_players === spec.max_players
    ? String(spec.min_players)
    : `${spec.min_players}–${spec.max_players}`;
}

/**
 * @param {{code?: string, message?: string}} err
 * @returns {string}
 */
export function errorText(err) {
  const key = `error.${err.code}`;
  if (i18n.has(key)) return t(key);
  return err.message || t("error.generic");
}

/** A short message at the bottom; returns its element. With `action` ({label, run, ms}), it
 * carries a button that runs `run` and stays `ms` (e.g. a 5 s Undo after the scorer's entry).
 * @param {string} text
 * @param {string} [kind]
 * @param {{label: string, run: () => void, ms?: number} | null} [action]
 */
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
  keepOffDecision(box);
  setTimeout(() => item.classList.add("out"), shown - 400);
  setTimeout(() => item.remove(), shown);
  if (kind === "error") buzz([20, 30, 20]);
  return item;
}

/** Toasts sit above the bar, unless there they would lie over this seat's decision (marked
 * by the room screen): then under the header. */
/** @param {HTMLElement} box */
function keepOffDecision(box) {
  const decision = document.querySelector("[data-shell-decision]");
  box.classList.remove("toasts-top");
  if (!decision) return;
  const d = decision.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  if (d.top < b.bottom && d.bottom > b.top) box.classList.add("toasts-top");
}

/** @param {VibratePattern} pattern */
export function buzz(pattern) {
  if (localStorage.getItem("pitchside.haptics") === "off") return;
  if (navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(pattern);
}

/**
 * @param {string | Node} label
 * @param {Record<string, any>} [attrs]
 */
export function btn(label, attrs = {}) {
  return h("button", { type: "button", class: "btn", ...attrs }, label);
}

/** @param {string} text */
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

/** @param {string} text */
export function setTop(text) {
  topInfo.textContent = text || "";
}


/**
 * Goes to a path of this single page (the router was set by app.js).
 * @param {string} path
 * @param {boolean} [replace]
 */
export function navigate(path, replace = false) {
  if (replace || path === location.pathname) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  router();
}

/** @param {() => void} fn */
export function setRouter(fn) {
  router = fn;
}

// --- fair shuffle ---------------------------------------------------------------------------

/** SHA-256 of the revealed seed, in hex, equals the room's published seed_hash: true/false,
 * or null where the browser has no crypto.subtle (plain http off localhost).
 * @param {string | number} seed
 * @param {string} hash
 * @returns {Promise<boolean | null>}
 */
export async function verifySeed(seed, hash) {
  if (!crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(String(seed)));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === hash;
}

// --- game table modules (contract: static/js/games/README.md) -------------------------------

/**
 * The game's table.js, or the generic table when it has none; links its table.css once.
 * @param {string} game
 * @returns {Promise<TableModule>}
 */
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
  /** @type {Record<number, Record<string, string>>} */
  const choiceLabels = {};
  for (const n of choices) choiceLabels[n] = n ? i18n.all("ui.clock_s", { n }) : i18n.all("ui.clock_off");
  return { label: i18n.all("ui.turn_clock"), choices, choiceLabels };
}

/** A game's optional options.js: {name: {label: {en,hu,da}, choices, choiceLabels}}, with the
 * shell's turn clock unless the game labels it itself.
 * @param {string} gameId
 * @returns {Promise<Record<string, Json>>}
 */
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
/** "Label: value · …" for a room's options; `seatNames` (seat → name) adds who sits in the
 * seat an option names (`seatChoice` in options.js): "Who starts: Seat 2 · Bence".
 * @param {Json | null | undefined} options
 * @param {Record<string, Json> | null | undefined} labels
 * @param {Record<string, string>} [seatNames]
 * @returns {string}
 */
export function optionsText(options, labels, seatNames = {}) {
  return Object.entries(options || {})
    .map(([name, value]) => {
      const meta = labels?.[name];
      const label = i18n.pick(meta?.label, humanize(name));
      let shown =
        typeof value === "boolean" ? (value ? "✓" : "✗") : i18n.pick(meta?.choiceLabels?.[String(value)], String(value));
      if (meta?.seatChoice && Number.isInteger(value) && seatNames[value]) shown += ` · ${seatNames[value]}`;
      return `${label}: ${shown}`;
    })
    .join(" · ");
}

/**
 * The ctx handed to render(root, view, ctx).
 * @param {{game: string, send: TableCtx["send"], busy: boolean, names: string[], seats: Seat[], you: number | null, bar: HTMLElement}} parts
 * @returns {Required<TableCtx>} the optional parts inert: the replay's
 */
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
