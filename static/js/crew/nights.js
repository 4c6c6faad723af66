// @ts-check
// The crew's last nights: game and mode, the score of a match, who played (★ the winners),
// when, and a link to its replay.

import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { gameMode, navLink, section } from "./parts.js";
import { tr } from "./strings.js";

const SCORED = new Set(["duel", "hattrick"]);

/**
 * @param {Night} night
 */
function seats(night) {
  const winners = new Set(night.result?.winners || []);
  return night.seats.map((s, i) => [
    i ? ", " : "",
    h("span", { class: winners.has(s.seat) ? "won" : null }, `${winners.has(s.seat) ? "★ " : ""}${s.name}`),
  ]);
}

/**
 * @param {Night} night
 * @param {GameSpec[]} list
 */
function nightItem(night, list) {
  const when = new Date(night.finished_at).toLocaleString(i18n.getLang(), { dateStyle: "short", timeStyle: "short" });
  const score = night.score && SCORED.has(night.game) ? h("span", { class: "tabnum" }, night.score.join(" : ")) : null;
  return h(
    "li",
    { class: "crew-night" },
    h("div", { class: "row spread" }, h("strong", null, gameMode(list, night.game, night.mode)), score),
    h("p", { class: "crew-night-seats" }, seats(night)),
    h(
      "div",
      { class: "crew-night-foot" },
      h("time", { class: "hint", datetime: night.finished_at }, when),
      navLink(`/r/${night.code}/replay`, { class: "btn btn-small crew-replay" }, tr("crew.replay")),
    ),
  );
}

/**
 * @param {Crew} crew
 * @param {GameSpec[]} list
 */
export function nightsSection(crew, list) {
  const body = crew.nights.length
    ? h("ul", { class: "crew-nights" }, crew.nights.map((n) => nightItem(n, list)))
    : h("p", { class: "muted" }, tr("crew.no_nights"));
  return section(tr("crew.nights"), null, body);
}
