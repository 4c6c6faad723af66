// @ts-check
// HTTP calls of docs/PROTOCOL.md, and what this browser remembers (seat tokens per room, name).

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, 0 when the server could not be reached
   * @param {string} code
   * @param {string} [message]
   */
  constructor(status, code, message) {
    super(message || code);
    this.status = status;
    this.code = code;
  }
}

/**
 * A JSON call; an error answer throws an ApiError with the protocol's code.
 * @param {string} method
 * @param {string} path
 * @param {{body?: any, token?: string | null}} [init]
 * @returns {Promise<any>} the answer's JSON
 */
export async function call(method, path, { body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network", "");
  }
  /** @type {any} */
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(response.status, err.code || String(response.status), err.message);
  }
  return data;
}

/** @param {string} code */
const room = (code) => `/api/rooms/${encodeURIComponent(code)}`;

export const api = {
  /** @returns {Promise<GameSpec[]>} */
  games: () => call("GET", "/api/games"),
  /**
   * @param {string} game
   * @param {string} mode
   * @param {string} name
   * @param {Json} [options]
   * @returns {Promise<{code: string, url: string, seat: number, token: string}>}
   */
  createRoom: (game, mode, name, options) =>
    call("POST", "/api/rooms", { body: { game, mode, name, options } }),
  // With this browser's seat token: `rematch_code` is shown only to the room's seats.
  /**
   * @param {string} code
   * @returns {Promise<RoomInfo>}
   */
  room: (code) => call("GET", room(code), { token: getSeat(code)?.token }),
  /**
   * @param {string} code
   * @param {string} name
   * @returns {Promise<{seat: number, token: string}>}
   */
  join: (code, name) => call("POST", `${room(code)}/join`, { body: { name } }),
  /**
   * @param {string} code
   * @param {string} token the host's
   */
  addBot: (code, token) => call("POST", `${room(code)}/bots`, { token }),
  /**
   * @param {string} code
   * @param {string} token
   * @param {Json} options
   */
  setOptions: (code, token, options) => call("PATCH", `${room(code)}/options`, { body: options, token }),
  /**
   * @param {string} code
   * @param {string} token the host's
   */
  start: (code, token) => call("POST", `${room(code)}/start`, { token }),
  /**
   * @param {string} code
   * @param {string} token the host's
   * @returns {Promise<{code: string, url: string}>}
   */
  rematch: (code, token) => call("POST", `${room(code)}/rematch`, { token }),
  /**
   * @param {string} code
   * @param {string} token
   * @param {number} seat
   * @param {boolean} away
   */
  setAway: (code, token, seat, away) =>
    call("POST", `${room(code)}/seats/${seat}/away`, { body: { away }, token }),
  /** @param {string} code */
  replay: (code) => call("GET", `${room(code)}/replay`),
  recent: () => call("GET", "/api/matches/recent?limit=20"),
  /**
   * @param {string} code
   * @param {number} seq
   * @returns {Promise<{seq: number, view: View}>}
   */
  replayStep: (code, seq) => call("GET", `${room(code)}/replay/${seq}`),
};

// --- what this browser remembers ------------------------------------------------------------

const SEAT = "pitchside.seat.";
const NAME = "pitchside.name";

/**
 * {seat, token, host?} for a room code, or null.
 * @param {string} code
 * @returns {SeatToken | null}
 */
export function getSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(SEAT + code) ?? "null") || null;
  } catch {
    return null;
  }
}

/**
 * @param {string} code
 * @param {SeatToken} seat
 */
export function saveSeat(code, seat) {
  localStorage.setItem(SEAT + code, JSON.stringify({ at: Date.now(), ...seat }));
}

/** Every room this browser holds a seat in, newest first: [{code, seat, token, at}]. */
export function allSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SEAT)) continue;
    const code = key.slice(SEAT.length);
    const seat = getSeat(code);
    if (seat) out.push({ code, ...seat });
  }
  return out.sort((a, b) => (b.at || 0) - (a.at || 0));
}

/** @param {string} code */
export function forgetSeat(code) {
  localStorage.removeItem(SEAT + code);
}

export function getName() {
  return localStorage.getItem(NAME) || "";
}

/** @param {string} name */
export function saveName(name) {
  localStorage.setItem(NAME, name);
}
