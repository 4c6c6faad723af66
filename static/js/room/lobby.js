// @ts-check
// The lobby of a room: invite (QR, link, share), seats with presence, bots, and Start.

import { api } from "../api.js";
import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { shareLink, shownLink } from "../links.js";
import { howLink } from "./join.js";
import { bar, btn, copyText, errorText, humanize, main, navigate, optionsText, range, setTop, t, toast } from "../shell.js";

export function renderLobby(room, ops) {
  const { maxSeats, seated, titleLine } = ops;
  const code = room.code;
  const info = room.info;
  const you = room.view.you;
  const spec = room.spec?.mode;
  const max = maxSeats();
  const link = shareLink(`/r/${code}`); // a phone can open it, even from a loopback page
  setTop(t("ui.room_code_top", { code }));
  const seatRows = [];
  for (let i = 0; i < max; i += 1) {
    const s = info.seats.find((x) => x.seat === i && x.name);
    if (!s) {
      seatRows.push(
        h(
          "li",
          { class: "seat empty" },
          h("span", { class: "seat-n" }, String(i + 1)),
          h("span", { class: "seat-name muted" }, t("ui.empty_seat")),
          seatOptions(room, i, ops),
        ),
      );
      continue;
    }
    const online = s.bot || s.connected;
    seatRows.push(
      h(
        "li",
        { class: ["seat", s.seat === you && "you"], "data-seat": s.seat },
        h("span", { class: "seat-n" }, String(i + 1)),
        h(
          "span",
          { class: "seat-name" },
          s.seat === 0 ? h("span", { class: "mark", title: t("ui.host") }, "♛ ") : null,
          s.bot ? h("span", { class: "mark", title: t("ui.bot") }, "⚙ ") : null,
          h("span", { class: "name" }, s.name),
          s.seat === 0 ? h("span", { class: "muted" }, ` (${t("ui.host")})`) : null,
          s.seat === you ? h("span", { class: "muted" }, ` (${t("ui.you")})`) : null,
        ),
        h(
          "span",
          { class: ["presence", online ? "on" : "off", !room.sock?.live && "stale"] },
          online ? `● ${t("ui.online")}` : `○ ${t("ui.away")}`,
        ),
        seatOptions(room, i, ops),
      ),
    );
  }
  const seatedCount = seated().length;
  const free = max - seatedCount;
  const host = you === 0;
  const addBot = host && free > 0
    ? btn(t("ui.add_bot"), { class: "btn btn-small", id: "add-bot", onclick: () => doAddBot(room, addBot, ops) })
    : null;
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title: "Pitchside", text: titleLine(), url: link });
        return;
      } catch (err) {
        if (err?.name === "AbortError") return;
      }
    }
    if (await copyText(link)) toast(t("ui.copied"), "ok");
  };
  const focused = document.activeElement?.id; // a redraw must not drop a picker's focus
  main.replaceChildren(
    h(
      "section",
      { class: "panel invite" },
      h("img", {
        class: "qr",
        src: `/r/${code}/qr.svg`,
        alt: t("ui.qr_alt", { code }),
        width: 120,
        height: 120,
      }),
      h(
        "div",
        { class: "invite-side" },
        h("p", { class: "room-code", "aria-label": t("ui.room_code") }, code),
        h("p", { class: "link muted" }, shownLink(`/r/${code}`)),
        h(
          "div",
          { class: "row" },
          btn(t("ui.copy_link"), {
            class: "btn btn-small",
            onclick: async () => toast((await copyText(link)) ? t("ui.copied") : link, "ok"),
          }),
          btn(t("ui.share"), { class: "btn btn-small", onclick: share }),
        ),
      ),
    ),
    h(
      "section",
      { class: "panel" },
      crewLine(room),
      h("h2", null, titleLine()),
      h(
        "p",
        { class: "muted row spread" },
        h("span", null, t("ui.seats_range", { range: range(spec) })),
        h("a", { href: `/?how=${encodeURIComponent(info.game)}`, class: "how-link", id: "lobby-how", onclick: howLink(info.game) }, `${t("ui.how_to_play")} ▸`),
      ),
      h("ul", { class: "seats", id: "seats" }, seatRows),
      Object.keys(owners(room)).length ? h("p", { class: "muted small" }, t("ui.seat_options_hint")) : null,
      h(
        "div",
        { class: "row spread" },
        h(
          "span",
          { class: "muted" },
          `◉ ${t("ui.watching", { n: info.spectators ?? 0 })}`,
          h("span", { id: "lobby-clock" }, ` · ${clockText(room)}`),
        ),
        addBot,
      ),
      optionsSummary(room),
    ),
  );
  if (focused?.startsWith("seat-opt-")) document.getElementById(focused)?.focus();
  if (host) {
    const min = spec?.min_players ?? 1;
    const ok = seatedCount >= min && seatedCount <= (spec?.max_players ?? seatedCount);
    const start = btn(t("ui.start_match"), {
      class: "btn btn-primary btn-wide",
      id: "start",
      disabled: !ok,
      onclick: () => doStart(room, start),
    });
    bar.replaceChildren(
      h(
        "div",
        { class: "bar-stack" },
        ok ? null : h("p", { class: "bar-note" }, t("ui.needs_players", { n: min, m: seatedCount })),
        start,
      ),
    );
  } else {
    bar.replaceChildren(
      h(
        "p",
        { class: "bar-note wait" },
        you === null ? t("ui.watching_lobby") : t("ui.waiting_host"),
      ),
    );
  }
}

/** A crew room names its crew (to a member's seat, which alone is told its name), with a link
 * to the crew page when this phone holds the crew's token; looked up once. */
function crewLine(room) {
  const name = room.info?.crew_name;
  if (!name) return null;
  const line = h("p", { class: "lobby-crew", id: "lobby-crew" });
  const fill = ({ text, href }) =>
    line.replaceChildren(href ? h("a", { href, onclick: (e) => (e.preventDefault(), navigate(href)) }, text) : h("strong", null, text));
  if (room.crewLine?.name === name) fill(room.crewLine);
  else {
    import("/static/js/crew.js")
      .then((mod) => mod.crewLine(room.code, name))
      .then((crew) => {
        room.crewLine = { ...crew, name };
        fill(room.crewLine);
      })
      .catch(() => line.remove());
  }
  return line;
}

/** "Turn clock: 60 s" (or off), said next to who is watching (UX §3.1). */
function clockText(room) {
  return optionsText({ turn_seconds: room.info.options?.turn_seconds ?? 0 }, room.optionLabels);
}

/** Options owned by a seat (`GET /api/games` mode `owners`): {name: seat}. */
function owners(room) {
  return room.spec?.mode?.owners || {};
}

/** The room's options now: the lobby view carries them, so a change shows up live. */
function currentOptions(room) {
  return room.view?.public?.options || room.info.options || {};
}

function optionsSummary(room) {
  const { turn_seconds: _clock, ...gameOptions } = currentOptions(room);
  for (const name of Object.keys(owners(room))) delete gameOptions[name]; // shown on the seats
  const seats = room.view?.public?.seats || room.info.seats || [];
  const seatNames = Object.fromEntries(seats.map((s) => [s.seat, s.name]));
  const text = optionsText(gameOptions, room.optionLabels, seatNames);
  return text ? h("p", { class: "muted small" }, text) : null;
}

/** The options a seat owns (Hat Trick: its national team), under its row: a picker for the
 * seat's own player and for the host (bots, empty seats), plain text for everyone else. */
function seatOptions(room, seat, ops) {
  const names = Object.entries(owners(room)).filter(([, s]) => s === seat).map(([name]) => name);
  if (!names.length) return null;
  const you = room.view.you;
  const mayEdit = room.seat && (you === seat || you === 0);
  const options = currentOptions(room);
  return h(
    "div",
    { class: "seat-opts" },
    names.map((name) => {
      const meta = room.optionLabels?.[name];
      const label = i18n.pick(meta?.label, humanize(name));
      const value = options[name];
      const shown = (v) => i18n.pick(meta?.choiceLabels?.[String(v)], String(v));
      const id = `seat-opt-${name}`;
      if (!mayEdit || !meta?.choices) {
        return h(
          "span",
          { class: "seat-opt", "data-option": name },
          h("span", { class: "muted" }, `${label}: `),
          h("strong", { class: "seat-opt-value" }, shown(value)),
        );
      }
      const select = h(
        "select",
        {
          id,
          "data-option": name,
          onchange: (e) => setOption(room, select, name, meta.choices[e.target.selectedIndex], ops),
        },
        meta.choices.map((choice) => h("option", { selected: choice === value }, shown(choice))),
      );
      return h("label", { class: "seat-opt", for: id }, h("span", { class: "muted" }, label), select);
    }),
  );
}

/** Sends the choice; the lobby view that every socket gets next (published after the change
 * was committed, so never older than it) redraws the seats. A refusal redraws the old value. */
async function setOption(room, select, name, value, { draw }) {
  select.disabled = true;
  try {
    await api.setOptions(room.code, room.seat.token, { [name]: value });
    select.disabled = false;
  } catch (err) {
    toast(errorText(err));
    draw();
  }
}

async function doAddBot(room, button, { refreshInfo, draw }) {
  button.disabled = true;
  try {
    await api.addBot(room.code, room.seat.token);
    await refreshInfo();
    draw();
  } catch (err) {
    toast(err.code === "no_bot" ? t("error.no_bot") : errorText(err));
    button.disabled = false;
  }
}

async function doStart(room, button) {
  button.disabled = true;
  try {
    await api.start(room.code, room.seat.token);
  } catch (err) {
    toast(errorText(err));
    button.disabled = false;
  }
}
