// @ts-check
// The sticky header of a table screen (UX §1.1, ../games/README.md): score with team names,
// phase, whose turn (avatars ✓ done / ◌ still choosing, clocks), my money, and the status
// line (the aria-live region). It sits in #head-game, under the top bar, and never scrolls.

import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { $, clockChip, humanize, statusText, t } from "../shell.js";
import { myseatAway, reclaimButton } from "./away.js";
import { awaySeats, names, seated } from "./seats.js";

export const SENDING_AFTER_MS = 300; // UX §4.1: "Sending…" once an action waits this long
// Two clocks this close are one turn's: seats waited for from steps a moment apart (the
// status line's "1:36" and a seat's "1:38" read as two clocks that disagree, issue 36); the
// status line's stands for them all. A seat's own shows only when it is really another turn.
export const SAME_CLOCK_MS = 10000;

/** The header's nodes, made once per table screen. */
export function makeHeader(room) {
  const help = h("p", { class: "status-help", id: "status-help", hidden: true });
  const helpButton = h(
    "button",
    {
      type: "button",
      class: "help-btn",
      "aria-label": t("ui.how_phase_works"),
      "aria-expanded": "false",
      "aria-controls": "status-help",
      onclick: () => {
        help.hidden = !help.hidden;
        helpButton.setAttribute("aria-expanded", String(!help.hidden));
      },
    },
    "?",
  );
  const parts = {
    score: h("div", { class: "head-score tabnum", id: "head-score" }),
    text: h("span", { class: "status-text" }),
    clock: h("span", { class: "status-clock" }),
    help,
    helpButton,
    // every seat whole: the row wraps onto a second line rather than scrolling sideways
    seats: h("ul", { class: "seat-strip table-seats", id: "table-seats", "aria-label": t("ui.seats") }),
    money: h("span", { class: "head-money tabnum", id: "head-money" }),
    away: h("div", { class: "head-away", hidden: true }),
    // the table's own always-visible line (header().story: Focifogadás's money story)
    story: h("div", { class: "head-story", id: "head-story", hidden: true }),
    actors: new Set(), // seats that were to act in this phase (✓ once they are done)
    phase: null,
  };
  parts.status = h(
    "div",
    { class: "status-line", id: "status" },
    h(
      "div",
      { class: "status-row" },
      h("span", { class: "status-text-wrap", "aria-live": "polite" }, parts.text),
      parts.clock,
      helpButton,
    ),
    help,
  );
  parts.who = h("div", { class: "head-who", hidden: true }, parts.seats, parts.money);
  parts.root = h("div", { class: "head-table" }, parts.score, parts.status, parts.who, parts.story, parts.away);
  return parts;
}

export function showHeader(room) {
  const slot = $("head-game");
  if (slot.firstChild !== room.table.header.root) slot.replaceChildren(room.table.header.root);
  slot.hidden = false;
  document.body.classList.add("in-table");
}

export function hideHeader() {
  const slot = $("head-game");
  slot.replaceChildren();
  slot.hidden = true;
  document.body.classList.remove("in-table");
}

/** {teams: [a, b], score: [x, y] | null, note?}: the table's own header(), else the view's. */
export function headerInfo(view, ctx, module) {
  const score = Array.isArray(view.public?.score) ? view.public.score : null;
  let info = { teams: [t("ui.team_home"), t("ui.team_away")], score };
  if (module.header) {
    try {
      info = { ...info, ...(module.header(view, ctx) || {}) };
    } catch (err) {
      console.error(err);
    }
  }
  return info;
}

function phaseName(view) {
  for (const key of [`${view.game}.phase_name.${view.phase}`, `${view.game}.phase.${view.phase}.title`]) {
    if (i18n.has(key)) return t(key);
  }
  return view.status === "finished" ? t("ui.full_time") : humanize(view.phase || "");
}

export function updateHeader(room, view, ctx, module) {
  const parts = room.table.header;
  const info = headerInfo(view, ctx, module);
  const [a, b] = info.teams;
  parts.score.replaceChildren(
    info.score
      ? h("span", { class: "head-line" }, h("b", { class: "team-a" }, a), ` ${info.score[0]} – ${info.score[1]} `, h("b", { class: "team-b" }, b))
      : h("span", { class: "head-line" }, ""),
    h("span", { class: "head-phase" }, info.note || phaseName(view)),
  );
  const pending = room.sock?.pending;
  const sending = pending && room.sock.live && Date.now() - pending.at >= SENDING_AFTER_MS;
  parts.text.textContent = statusText(view, ctx, module) + (sending ? ` · ${t("ui.sending")}` : "");
  updateHelp(parts, view);
  const money = view.you !== null && view.you !== undefined ? view.public?.players?.[view.you]?.money : undefined;
  parts.money.textContent = typeof money === "number" ? ctx.money(money) : "";
  parts.money.setAttribute("aria-label", typeof money === "number" ? t("ui.your_money", { money: ctx.money(money) }) : "");
  showWho(parts);
  const story = info.story instanceof Node ? info.story : null;
  parts.story.replaceChildren(...(story ? [story] : []));
  parts.story.hidden = !story;
  const mineAway = myseatAway(room);
  parts.away.hidden = !mineAway;
  parts.away.replaceChildren(...(mineAway ? [h("span", null, t("ui.bot_plays_you")), reclaimButton(room)] : []));
}

function updateHelp(parts, view) {
  const key = `${view.game}.help.${view.phase}`;
  parts.helpButton.hidden = !i18n.has(key);
  if (parts.helpKey !== key) {
    parts.helpKey = key;
    parts.help.hidden = true;
    parts.helpButton.setAttribute("aria-expanded", "false");
  }
  parts.help.textContent = i18n.has(key) ? t(key) : "";
}

/** The seats row: each friend with ◌ while we wait for them, ✓ once they are done in this
 * phase, ⚙ away; the status line's clock for the seat that matters most (mine, else the one
 * that runs out first). A seat's own countdown shows in the row only where it tells something
 * the status line does not: a clock at least SAME_CLOCK_MS away (a seat waited for since much
 * later). The same time again, or one a second or two off, would read as a second clock. */
export function updateSeats(room, view, left, turnMs) {
  const parts = room.table.header;
  const toAct = new Set(view.to_act || []);
  const phaseKey = `${view.seq > 0 ? view.phase : ""}|${view.status}`;
  if (parts.phase !== phaseKey) {
    parts.phase = phaseKey;
    parts.actors = new Set();
  }
  for (const s of toAct) parts.actors.add(s);
  const away = awaySeats(room, view);
  const n = names(room);
  const waiting = Object.keys(left).map(Number);
  const focus = waiting.includes(view.you) ? view.you : waiting.sort((x, y) => left[x] - left[y])[0];
  parts.clock.replaceChildren(focus === undefined ? "" : clockChip(focus, left[focus], n[focus], turnMs));
  const own = {}; // the clocks the status line does not already show
  for (const s of waiting) if (Math.abs(left[s] - left[focus]) >= SAME_CLOCK_MS) own[s] = left[s];
  const playing = view.status === "playing";
  const role = room.table.module?.seatRole; // a seat's part, told instead of ◌ (static/js/games/README.md)
  parts.seats.replaceChildren(...(playing ? seated(room).map((s) => seatChip(s, view, toAct, parts.actors, away, own, turnMs, role)) : []));
  showWho(parts);
}

/** The row of seats and my money takes no room while it has neither (set here, where they are
 * filled: WebKit does not re-evaluate a `:has(:empty)` rule when children arrive). */
function showWho(parts) {
  parts.who.hidden = !parts.seats.hasChildNodes() && !parts.money.hasChildNodes();
}

function seatChip(s, view, toAct, actors, away, left, turnMs, seatRole) {
  const role = seatRole?.(view, s.seat) || null; // an i18n key: this seat is not choosing, it has a part
  const choosing = toAct.has(s.seat) && !role;
  const mark = choosing ? "◌" : actors.has(s.seat) && !role ? "✓" : "";
  const state = choosing ? t("ui.still_choosing") : actors.has(s.seat) && !role ? t("ui.done") : "";
  return h(
    "li",
    {
      class: ["table-seat", choosing && "to-act", s.seat === view.you && "you"],
      "data-seat": s.seat,
    },
    h("span", { class: "seat-n", "aria-hidden": "true" }, String(s.seat + 1)),
    s.bot ? "⚙ " : null,
    h("span", { class: "seat-who" }, s.name),
    mark ? h("span", { class: ["seat-mark", mark === "✓" && "done"], "aria-hidden": "true" }, mark) : null,
    state ? h("span", { class: "sr" }, `, ${state}`) : null,
    role ? h("span", { class: "seat-role" }, t(role)) : null,
    away.has(s.seat) ? h("span", { class: "away-tag" }, `⚙ ${t("ui.away_tag")}`) : null,
    left[s.seat] !== undefined ? clockChip(s.seat, left[s.seat], s.name, turnMs) : null,
  );
}
