// History at /history: the rooms this browser holds a seat in (from localStorage), newest first.

import { allSeats, api, forgetSeat } from "./api.js";
import { h } from "./dom.js";
import { bar, btn, gameName, games, main, modeName, navigate, setTop, t } from "./shell.js";

const SHOW = 30;

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
  );
  bar.replaceChildren(btn(t("ui.home"), { class: "btn btn-wide", onclick: () => navigate("/") }));
  return { leave() {}, rerender: () => historyScreen() };
}
