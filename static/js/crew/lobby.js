// @ts-check
// A crew room names its crew: the line the room's lobby (and its big screen) shows, and the
// crew page a crew night's "New game" opens. A room tells its crew's name to a member's seat
// only (never the crew's code): the code is the one of this phone's crews that holds the room.

import { crewOfRoom } from "./standings.js";
import { loadCrew, tr } from "./strings.js";

/** {text, href} for the crew room `roomCode` of the crew named `crewName`; `href` is null when
 * this phone holds no token of that crew.
 * @param {string} roomCode
 * @param {string} crewName
 * @returns {Promise<{text: string, href: string | null}>}
 */
export async function crewLine(roomCode, crewName) {
  await loadCrew();
  const code = await crewOfRoom(roomCode, crewName);
  return { text: tr("crew.lobby", { name: crewName }), href: code ? `/c/${code}` : null };
}

/**
 * The crew page of the crew room `roomCode` (its "New night" form in view), or Home.
 * @param {string} roomCode
 * @param {string | null | undefined} crewName
 * @returns {Promise<string>}
 */
export async function crewNewNight(roomCode, crewName) {
  const code = crewName ? await crewOfRoom(roomCode, crewName) : null;
  return code ? `/c/${code}#crew-new` : "/";
}
