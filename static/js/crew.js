// @ts-check
// Crews (docs/PROTOCOL.md "Crews (1.1)"): the entry the shell imports. The pieces live in
// static/js/crew/ (page, standings, nights, rooms, members, invite, join, newnight, admin,
// actions, home, api, store, strings, parts).
//
//   crewScreen(code)                      the /c/{code} screen ({leave, rerender}, for app.js)
//   renderMyCrews(el)                     Home: the crews this phone holds a token of, + "Start a crew"
//   renderStandings(el, crew, {roomCode}) the table after that room's night, ▲/▼ who moved
//   crewOfRoom(roomCode, crewName)       the code of a crew room's crew, from this phone's crews
//   crewLine(roomCode, crewName)          {text, href}: a crew room's lobby names its crew
//   crewNewNight(roomCode, crewName)      where a crew night's "New game" goes: its crew's page

export { renderMyCrews } from "./crew/home.js";
export { crewLine, crewNewNight } from "./crew/lobby.js";
export { crewScreen } from "./crew/page.js";
export { crewOfRoom, renderStandings } from "./crew/standings.js";
export { getMembership, myCrews } from "./crew/store.js";
