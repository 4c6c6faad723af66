// @ts-check
// The standings table (docs/PROTOCOL.md "Crews (1.1)"): places, ▲/▼ since the last night, nights,
// wins, draws, points, and money or goals when the nights had them. Also the block the
// full-time screen and the big screen show in a crew room.

import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { crewApi } from "./api.js";
import { getMembership, myCrews } from "./store.js";
import { loadCrew, tr } from "./strings.js";

/** @typedef {{key: string, cell: (r: StandingRow) => string | number, long?: boolean, cls?: string}} Column a column of the table */

/**
 * @param {number | undefined} delta
 */
function moveMark(delta) {
  if (!delta) return h("span", { class: "crew-move same", "aria-label": tr("crew.same") }, "–");
  const up = delta > 0;
  const label = tr(up ? "crew.up" : "crew.down", { n: Math.abs(delta) });
  return h("span", { class: `crew-move ${up ? "up" : "down"}`, "aria-label": label }, `${up ? "▲" : "▼"}${Math.abs(delta)}`);
}

/**
 * The columns shown: money and goals only when some row has them.
 * @param {StandingRow[]} rows
 * @returns {Column[]}
 */
function columns(rows) {
  /**
   * @param {string} key
   * @param {Column["cell"]} cell
   * @param {Partial<Column>} [extra]
   * @returns {Column}
   */
  const col = (key, cell, extra = {}) => ({ key, cell, ...extra });
  return [
    col("nights", (r) => r.nights, { long: true }),
    col("wins", (r) => r.wins, { long: true }),
    col("draws", (r) => r.draws, { long: true }),
    col("points", (r) => r.points, { long: true, cls: "crew-points" }),
    ...extras(rows),
  ].filter(Boolean);
}

/** Money and goals, when some row has them: their own columns in a wide table, a line under
 * the name in a narrow one (static/css/crew.css), so a phone never scrolls sideways.
 * @param {StandingRow[]} rows
 * @returns {Column[]}
 */
function extras(rows) {
  /** @param {StandingRow} r */
  const money = (r) => `${r.money > 0 ? "+" : ""}${i18n.money(r.money)}`;
  /** @param {StandingRow} r */
  const goals = (r) => `${r.goals_for}:${r.goals_against}`;
  return [
    rows.some((r) => r.money) ? { key: "money", cell: money, cls: "crew-wide crew-money" } : null,
    rows.some((r) => r.goals_for || r.goals_against) ? { key: "goals", cell: goals, long: true, cls: "crew-wide" } : null,
  ].filter((c) => c !== null);
}

/**
 * @param {StandingRow} r
 * @param {Column[]} cols
 */
function nameCell(r, cols) {
  const wide = cols.filter((c) => c.cls?.includes("crew-wide"));
  const parts = wide.map((c, i) => [i ? " · " : "", h("span", null, `${tr(`crew.col.${c.key}`)} ${c.cell(r)}`)]);
  const line = wide.length ? h("span", { class: "crew-extra", "aria-hidden": "true" }, parts) : null;
  return h("td", { class: "crew-name-col" }, h("span", { class: "crew-name" }, r.name), line);
}

/**
 * @param {Column[]} cols
 */
function head(cols) {
  return h(
    "tr",
    null,
    h("th", { scope: "col" }, "#"),
    h("th", { scope: "col", class: "crew-name-col" }, tr("crew.col.name")),
    h("th", { scope: "col", class: "crew-move-col" }, h("span", { class: "sr" }, tr("crew.col.move"))),
    cols.map((c) => h("th", { scope: "col", class: c.cls, title: c.long ? tr(`crew.col.${c.key}_long`) : null }, tr(`crew.col.${c.key}`))),
  );
}

/**
 * @param {StandingRow} r
 * @param {number} place
 * @param {Crew} crew
 * @param {Column[]} cols
 * @param {number | null} me
 */
function row(r, place, crew, cols, me) {
  return h(
    "tr",
    { class: r.member === me ? "me" : null, "data-member": r.member },
    h("td", null, String(place)),
    nameCell(r, cols),
    h("td", { class: "crew-move-col" }, moveMark(crew.moved?.[String(r.member)])),
    cols.map((c) => h("td", { class: c.cls }, String(c.cell(r)))),
  );
}

/**
 * The table of `crew.standings`; `me` is this phone's member number (its row in bold).
 * @param {Crew} crew
 * @param {{me?: number | null, compact?: boolean}} [opts]
 */
export function standingsTable(crew, { me = null, compact = false } = {}) {
  const rows = crew.standings || [];
  if (compact && !rows.some((r) => r.nights)) return h("p", { class: "muted" }, tr("crew.no_nights"));
  const cols = columns(rows);
  const table = h(
    "table",
    { class: "crew-table tabnum" },
    h("thead", null, head(cols)),
    h("tbody", null, rows.map((r, i) => row(r, i + 1, crew, cols, me))),
  );
  return h("div", { class: "crew-table-wrap" }, table);
}

/** The crew's standings as they stood after the night of `roomCode` (▲/▼: who moved up or
 * down with that night), for the full-time takeover and the big screen.
 * @param {HTMLElement} el
 * @param {string} crewCode
 * @param {{roomCode?: string}} [opts]
 */
export async function renderStandings(el, crewCode, { roomCode } = {}) {
  await loadCrew();
  let crew;
  try {
    crew = await crewApi.get(crewCode, { room: roomCode });
  } catch {
    el.replaceChildren();
    return;
  }
  const held = getMembership(crewCode);
  el.replaceChildren(
    h(
      "section",
      { class: "crew-after" },
      h("h3", null, h("a", { href: `/c/${crewCode}` }, tr("crew.after_night", { name: crew.name }))),
      standingsTable(crew, { me: held?.member ?? null, compact: true }),
    ),
  );
}

/** The code of a crew room's crew, as far as this phone knows it (issue 37: a room's answer
 * never shows a crew's code, only its name, to a member's seat): the phone's crews of that
 * name first, then its others, the first whose open rooms or nights list the room; null.
 * @param {string} roomCode
 * @param {string} crewName
 * @returns {Promise<string | null>}
 */
export async function crewOfRoom(roomCode, crewName) {
  const mine = myCrews();
  const ordered = [...mine.filter((c) => c.crew === crewName), ...mine.filter((c) => c.crew !== crewName)];
  for (const held of ordered) {
    try {
      const crew = await crewApi.get(held.code, { room: roomCode });
      if ([...(crew.rooms || []), ...(crew.nights || [])].some((r) => r.code === roomCode)) return held.code;
    } catch {
      // a crew gone, or reads refused for a moment: the next one
    }
  }
  return null;
}
