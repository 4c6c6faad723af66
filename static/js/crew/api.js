// @ts-check
// The HTTP calls of docs/PROTOCOL.md "Crews (1.1)" (and the admin's), over the shell's api.js.

import { call } from "../api.js";

/** @param {string} code */
const crew = (code) => `/api/crews/${encodeURIComponent(code)}`;
/** @param {string} code */
const room = (code) => `/api/rooms/${encodeURIComponent(code)}`;

/**
 * `?game=…&season=…&room=…` from the set ones of `params`.
 * @param {Record<string, string | number | null | undefined>} [params]
 */
function query(params = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const crewApi = {
  /**
   * @param {string} code
   * @param {Record<string, string | number | null | undefined>} [params]
   * @returns {Promise<Crew>}
   */
  get: (code, params) => call("GET", `${crew(code)}${query(params)}`),
  /**
   * @param {string} name the crew's
   * @param {string} member the creator's name
   * @returns {Promise<{code: string, url: string, member: number, token: string}>}
   */
  create: (name, member) => call("POST", "/api/crews", { body: { name, member } }),
  /**
   * @param {string} code
   * @param {string} name
   * @returns {Promise<{member: number, token: string}>}
   */
  join: (code, name) => call("POST", `${crew(code)}/join`, { body: { name } }),
  /**
   * @param {string} code
   * @param {string} token
   * @param {string} name
   */
  rename: (code, token, name) => call("PATCH", crew(code), { body: { name }, token }),
  /**
   * @param {string} code
   * @param {string} token
   * @param {number} member
   */
  remove: (code, token, member) => call("DELETE", `${crew(code)}/members/${member}`, { token }),
  /**
   * @param {string} code
   * @param {string} token
   */
  newSeason: (code, token) => call("POST", `${crew(code)}/seasons`, { token }),
  /**
   * @param {string} code the crew's
   * @param {string} token
   * @param {string} game
   * @param {string} mode
   * @returns {Promise<{code: string, url: string, seat: number, token: string}>}
   */
  newRoom: (code, token, game, mode) => call("POST", "/api/rooms", { body: { game, mode, crew: code }, token }),
  /**
   * @param {string} roomCode
   * @param {string} token the crew token
   * @returns {Promise<{seat: number, token: string}>}
   */
  joinRoom: (roomCode, token) => call("POST", `${room(roomCode)}/join`, { body: {}, token }),
};
