// @ts-check
// The crew page /c/{code}, phone first: the header (name, season, who you are, a jump to the
// invite QR), then for a phone without the crew's token the join form, the open rooms, "New
// night" for a member, the standings (filter by game, old seasons), the last nights, the
// invite, the members and the admin's card. It polls, so it follows crew rooms opening and
// finishing. All its state lives in the `page` object of one visit.

import { h } from "../dom.js";
import { linksReady } from "../links.js";
import * as i18n from "../i18n.js";
import { bar, btn, games, main, toast } from "../shell.js";
import * as actions from "./actions.js";
import { adminSection } from "./admin.js";
import { INVITE_ID, inviteSection } from "./invite.js";
import { joinSection } from "./join.js";
import { membersSection } from "./members.js";
import { newNightSection } from "./newnight.js";
import { nightsSection } from "./nights.js";
import { chips, gameLabel, section } from "./parts.js";
import { roomsSection } from "./rooms.js";
import { standingsTable } from "./standings.js";
import { crewApi } from "./api.js";
import { forgetMembership, getMembership, saveMembership } from "./store.js";
import { crewError, loadCrew, tr } from "./strings.js";

const POLL_MS = 4000;
const SLOTS = ["head", "join", "rooms", "newNight", "standings", "nights", "invite", "members", "admin"];

/**
 * @param {Crew} crew
 * @param {Membership | null} held
 */
function header(crew, held) {
  const who = held ? ` · ${tr("crew.you_are", { name: held.name })}` : "";
  const jump = () => document.getElementById(INVITE_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  return h(
    "header",
    { class: "crew-head" },
    h("h1", { class: "crew-title" }, crew.name),
    h("div", { class: "crew-head-row" }, h("p", { class: "muted" }, tr("crew.season_n", { n: crew.season }), who), btn(tr("crew.invite"), { class: "btn btn-small", id: "crew-to-invite", onclick: jump })),
  );
}

/**
 * @param {CrewPage} page
 */
function filters(page) {
  /** @param {string | null} game */
  const choose = (game) => () => {
    page.game = game;
    page.refresh();
  };
  const items = [null, ...page.list.map((g) => g.id)].map((id) => ({
    label: id ? gameLabel(page.list, id) : tr("crew.all_games"),
    pressed: page.game === id,
    attrs: { "data-game": id || "all" },
    onclick: choose(id),
  }));
  return chips(tr("crew.filter"), items, "crew-filter");
}

/**
 * @param {CrewPage & {crew: Crew}} page
 */
function seasons(page) {
  const { crew } = page;
  if (crew.seasons.length < 2) return null;
  const newest = crew.seasons.at(-1)?.season;
  const items = crew.seasons.map((s) => ({
    label: tr("crew.season_n", { n: s.season }),
    pressed: crew.season === s.season,
    onclick: () => {
      page.season = s.season === newest ? null : s.season;
      page.refresh();
    },
  }));
  return chips(tr("crew.seasons"), items, "crew-seasons");
}

/**
 * @param {CrewPage & {crew: Crew}} page
 * @param {Membership | null} held
 */
function standingsSection(page, held) {
  const table = standingsTable(page.crew, { me: held?.member ?? null });
  return section(tr("crew.standings"), null, filters(page), seasons(page), table);
}

/** Fills a form slot only when `key` (what the form shows) changed since it was drawn: a
 * poll does not take the focus, or the half-typed name, from someone typing.
 * @param {CrewPage} page
 * @param {string} slot
 * @param {string | null} key
 * @param {() => Node} build
 */
function form(page, slot, key, build) {
  if (page.forms[slot] === key) return;
  page.forms[slot] = key;
  page.slots[slot].replaceChildren(...(key === null ? [] : [build()]));
}

/**
 * @param {CrewPage & {crew: Crew}} page
 * @param {Membership | null} held
 * @param {boolean} admin
 */
function drawForms(page, held, admin) {
  const lang = i18n.getLang();
  const { crew, pick } = page;
  form(page, "join", held ? null : `${lang}:${crew.name}`, () => joinSection(crew.name, (name) => actions.joinCrew(page, name)));
  const onPick = (game, mode) => {
    page.pick = { game, mode };
    drawForms(page, held, admin);
  };
  const night = held ? `${lang}:${held.member}:${pick.game}:${pick.mode}:${page.list.length}` : null;
  form(page, "newNight", night, () => newNightSection(page.list, pick, onPick, () => actions.newNight(page)));
  const adminKey = admin ? `${lang}:${crew.name}` : null;
  form(page, "admin", adminKey, () =>
    adminSection(crew.name, (name) => actions.rename(page, name), () => actions.newSeason(page)),
  );
}

/**
 * @param {CrewPage} page
 */
function draw(page) {
  const { crew, list, slots } = page;
  if (!crew) return;
  const held = getMembership(page.code);
  const admin = held?.member === 0;
  slots.head.replaceChildren(header(crew, held));
  slots.rooms.replaceChildren(roomsSection(crew, list, held, (room) => actions.joinRoom(page, room)));
  slots.standings.replaceChildren(standingsSection(/** @type {CrewPage & {crew: Crew}} */ (page), held));
  slots.nights.replaceChildren(nightsSection(crew, list));
  slots.invite.replaceChildren(inviteSection(crew));
  slots.members.replaceChildren(membersSection(crew, admin, (member) => actions.removeMember(page, member)));
  drawForms(/** @type {CrewPage & {crew: Crew}} */ (page), held, admin);
}

/**
 * Keeps this phone's membership in step with the crew: a removed member forgets its token.
 * @param {CrewPage} page
 * @param {Crew} crew
 */
function checkMembership(page, crew) {
  const held = getMembership(page.code);
  if (held && !crew.members.some((m) => m.member === held.member && m.name === held.name)) {
    forgetMembership(page.code);
    toast(tr("crew.removed"));
  } else if (held && held.crew !== crew.name) {
    saveMembership(page.code, { ...held, crew: crew.name });
  }
}

/**
 * @param {CrewPage} page
 */
function showUnknown(page) {
  for (const slot of SLOTS) page.slots[slot].replaceChildren();
  page.forms = {};
  page.slots.head.replaceChildren(h("p", { class: "muted" }, tr("crew.unknown", { code: page.code })));
}

/**
 * @param {CrewPage} page
 */
async function refresh(page) {
  try {
    const crew = await crewApi.get(page.code, { game: page.game, season: page.season });
    if (!page.alive) return;
    checkMembership(page, crew);
    const seen = JSON.stringify([page.game, page.season, crew]); // a filter tap redraws its chips
    if (seen === page.seen) return;
    page.seen = seen;
    page.crew = crew;
    draw(page);
    if (location.hash === "#crew-new" && !page.jumped) {
      page.jumped = true; // "New game" from a crew night's result: the form, in view
      document.getElementById("crew-new")?.scrollIntoView({ block: "start" });
    }
  } catch (err) {
    if (!page.alive) return;
    if (err.status === 404) showUnknown(page);
    else toast(crewError(err));
  }
}

/**
 * @param {CrewPage} page
 */
function poll(page) {
  clearTimeout(page.timer);
  if (!page.alive) return;
  page.timer = setTimeout(async () => {
    if (document.visibilityState === "visible") await page.refresh();
    poll(page);
  }, POLL_MS);
}

/**
 * @param {string} code
 */
function newPage(code) {
  const slots = Object.fromEntries(SLOTS.map((name) => [name, h("div", { class: `crew-slot crew-slot-${name}` })]));
  // the rest of a CrewPage is set just below
  const page = /** @type {CrewPage} */ (/** @type {unknown} */ ({ code, slots, crew: null, list: [], game: null, season: null, pick: { game: null, mode: null } }));
  Object.assign(page, { seen: "", forms: {}, timer: null, alive: true });
  page.refresh = () => refresh(page);
  page.draw = () => draw(page);
  return page;
}

/**
 * The /c/{code} screen ({leave, rerender}, for app.js).
 * @param {string} code
 * @returns {ShellScreen}
 */
export function crewScreen(code) {
  const page = newPage(code);
  main.replaceChildren(h("div", { class: "crew-page" }, SLOTS.map((name) => page.slots[name])));
  bar.replaceChildren();
  bar.hidden = true;
  page.slots.head.replaceChildren(h("p", { class: "muted" }, i18n.t("ui.loading")));
  const onVisible = () => document.visibilityState === "visible" && page.refresh();
  Promise.all([loadCrew(), linksReady()])
    .then(() => games().catch(() => []))
    .then((list) => {
      page.list = list;
      return page.refresh();
    })
    .then(() => poll(page));
  document.addEventListener("visibilitychange", onVisible);
  return {
    leave() {
      page.alive = false;
      clearTimeout(page.timer);
      document.removeEventListener("visibilitychange", onVisible);
    },
    rerender() {
      page.forms = {};
      draw(page);
    },
  };
}
