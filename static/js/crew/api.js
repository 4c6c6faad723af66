// @ts-check
// The HTTP calls of docs/PROTOCOL.md "Crews (1.1)" (and the admin's), over the shell's api.js.

import { call } from "../api.js";

const crew = (code) => `/api/crews/${encodeURIComponent(code)}`;
const room = (code) => `/api/rooms/${encodeURIComponent(code)}`;

/** `?game=…&season=…&room=…` from the set ones of `params`. */
function query(params = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const crewApi = {
  get: (code, params) => call("GET", `${crew(code)}${query(params)}`),
  create: (name, member) => call("POST", "/api/crews", { body: { name, member } }),
  join: (code, name) => call("POST", `${crew(code)}/join`, { body: { name } }),
  rename: (code, token, name) => call("PATCH", crew(code), { body: { name }, token }),
  remove: (code, token, member) => call("DELETE", `${crew(code)}/members/${member}`, { token }),
  newSeason: (code, token) => call("POST", `${crew(code)}/seasons`, { token }),
  newRoom: (code, token, game, mode) => call("POST", "/api/rooms", { body: { game, mode, crew: code }, token }),
  joinRoom: (roomCode, token) => call("POST", `${room(roomCode)}/join`, { body: {}, token }),
};
