// @ts-check
// History at /history: the rooms this browser holds a seat in (from localStorage), newest
// first, then those of the server's latest finished matches that this phone played in (the
// server lists everyone's; the client keeps only the codes it holds a seat token for). Any
// other room opens by its code from Home.

import { allSeats, api, forgetSeat } from "./api.js";
import { h } from "./dom.js";
import { bar, btn, gameName, games, main, modeName, navigate, setTop, t } from "./shell.js";

const SHOW = 30;

/**
 * @param {SeatToken & {code: string}} entry
 * @param {HTMLElement} list
 */
function row(entry, list) {
  const line = h("span", { class: "muted small" }, t("ui.loading"));
  const replay = btn(`${t("ui.replay")} ▸`, {
    class: "btn btn-small history-replay",
    hidden: true,
    onclick: () => navigate(`/r/${entry.code}/replay`),
  });
  const item = h(
    "li",
    { class: "history-item" },
    h(
      "button",
      { type: "button", class: "history-open", onclick: () => navigate(`/r/${entry.code}`) },
      h("span", { class: "room-code-small" }, entry.code),
      line,
    ),
    replay,
  );
  Promise.all([api.room(entry.code), games().catch(() => [])])
    .then(([info, list]) => {
      const game = list.find((g) => g.id === info.game);
      const names = info.seats.map((s) => s.name).join(", ");
      line.textContent = `${gameName(game, info.game)} · ${modeName(info.game, info.mode)} · ${t(`ui.status_${info.status}`)} · ${names}`;
      replay.hidden = info.status !== "finished";
    })
    .catch((err) => {
      if (err.status === 404) {
        forgetSeat(entry.code);
        item.remove();
        if (!list.childElementCount) list.replaceWith(h("p", { class: "muted" }, t("ui.history_empty")));
      } else line.textContent = "–";
    });
  return item;
}

// A finished match anyone may look at again: who played, who won, and its replay.
/**
 * @param {Json} match
 * @param {GameSpec[]} list
 */
function recentRow(match, list) {
  const game = list.find((g) => g.id === match.game);
  const names = match.seats.map((s) => s.name);
  const winners = match.result?.winners ?? [];
  const outcome = winners.length
    ? winners.map((seat) => t("ui.wins", { name: names[seat] ?? "?" })).join(" · ")
    : t("ui.draw");
  return h(
    "li",
    { class: "history-item" },
    h(
      "button",
      { type: "button", class: "history-open", onclick: () => navigate(`/r/${match.code}`) },
      h("span", { class: "room-code-small" }, match.code),
      h(
        "span",
        { class: "muted small" },
        `${gameName(game, match.game)} · ${modeName(match.game, match.mode)} · ${names.join(", ")} · ${outcome}`,
      ),
    ),
    btn(`${t("ui.replay")} ▸`, {
      class: "btn btn-small history-replay",
      onclick: () => navigate(`/r/${match.code}/replay`),
    }),
  );
}

/**
 * @param {Set<string>} codes
 */
function recentSection(codes) {
  const section = h(
    "section",
    { class: "panel" },
    h("h2", null, t("ui.history_recent")),
    h("p", { class: "muted small" }, t("ui.loading")),
  );
  Promise.all([api.recent(), games().catch(() => [])])
    .then(([everyone, list]) => {
      const matches = everyone.filter((m) => codes.has(m.code));
      if (!matches.length) {
        section.remove();
        return;
      }
      const body = h("ul", { class: "history history-recent" }, ...matches.map((m) => recentRow(m, list)));
      section.replaceChildren(h("h2", null, t("ui.history_recent")), body);
    })
    .catch(() => section.remove());
  return section;
}

export function historyScreen() {
  setTop(t("ui.history"));
  const seats = allSeats().slice(0, SHOW);
  const list = h("ul", { class: "history" });
  list.append(...seats.map((entry) => row(entry, list)));
  main.replaceChildren(
    h(
      "section",
      { class: "panel" },
      h("h1", null, t("ui.history")),
      seats.length ? list : h("p", { class: "muted" }, t("ui.history_empty")),
    ),
    recentSection(new Set(allSeats().map((s) => s.code))),
  );
  bar.replaceChildren(btn(t("ui.home"), { class: "btn btn-wide", onclick: () => navigate("/") }));
  return { leave() {}, rerender: () => historyScreen() };
}
