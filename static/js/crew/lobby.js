// A crew room names its crew: the line the room's lobby (and its big screen) shows, a link
// to the crew page.

import { crewApi } from "./api.js";
import { loadCrew, tr } from "./strings.js";

/** {name, text, href} of the crew `code`, for a crew room's lobby. */
export async function crewLine(code) {
  await loadCrew();
  const crew = await crewApi.get(code);
  return { name: crew.name, text: tr("crew.lobby", { name: crew.name }), href: `/c/${code}` };
}
