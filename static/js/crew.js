// Crews (PROTOCOL.md "Crews (1.1)"): the crew page /c/{code}, the "Your crews" list for Home,
// and the standings block the full-time screen and the big screen show in a crew room.
//
//   crewScreen(code)                      the /c/{code} screen ({leave, rerender}, for app.js)
//   renderMyCrews(el)                     Home: the crews this phone holds a token of, + "Start a crew"
//   renderStandings(el, crew, {roomCode}) the table after that room's night, ▲/▼ who moved
//
// A member's crew token lives in localStorage under "pitchside.crew.<CODE>"; it is the only
// way to act as that member (create a crew room, take a seat as yourself, admin).

import { ApiError, saveSeat, getSeat } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { bar, btn, copyText, errorText, gameName, games, main, modeName, navigate, toast } from "./shell.js";

const STORE = "pitchside.crew.";
const POLL_MS = 4000;
const strings = { en: {}, hu: {}, da: {} };
let loading = null;

// --- strings (static/i18n/crew.{en,hu,da}.json) ---------------------------------------------

function loadStrings() {
  loading ??= Promise.all(
    i18n.LANGS.map(async (code) => {
      try {
        const response = await fetch(`/static/i18n/crew.${code}.json`);
        if (response.ok) Object.assign(strings[code], await response.json());
      } catch {
        /* English, then the key, stand in */
      }
    }),
  );
  if (!document.querySelector('link[data-crew-css]')) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/crew.css", "data-crew-css": "" }));
  }
  return loading;
}

function tr(key, vars) {
  const text = strings[i18n.getLang()][key] ?? strings.en[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name) => (vars[name] ?? whole)) : text;
}

// --- HTTP -----------------------------------------------------------------------------------

async function call(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "network", "");
  }
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const err = data?.error || {};
    throw new ApiError(response.status, err.code || String(response.status), err.message);
  }
  return data;
}

const crewPath = (code) => `/api/crews/${encodeURIComponent(code)}`;

// --- what this phone remembers --------------------------------------------------------------

/** {member, token, name, crew (its name), at} for a crew code, or null. */
export function getMembership(code) {
  try {
    return JSON.parse(localStorage.getItem(STORE + code)) || null;
  } catch {
    return null;
  }
}

function saveMembership(code, membership) {
  localStorage.setItem(STORE + code, JSON.stringify({ at: Date.now(), ...membership }));
}

function forgetMembership(code) {
  localStorage.removeItem(STORE + code);
}

/** Every crew this phone holds a token of, newest first: [{code, member, token, name, crew}]. */
export function myCrews() {
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key?.startsWith(STORE)) continue;
    const code = key.slice(STORE.length);
    const held = getMembership(code);
    if (held) out.push({ code, ...held });
  }
  return out.sort((a, b) => (b.at || 0) - (a.at || 0));
}

// --- pieces ---------------------------------------------------------------------------------

function gameLabel(list, id) {
  return gameName(list.find((g) => g.id === id), id);
}

function moveMark(delta) {
  if (!delta) return h("span", { class: "crew-move same", "aria-label": tr("crew.same") }, "–");
  const up = delta > 0;
  return h(
    "span",
    { class: `crew-move ${up ? "up" : "down"}`, "aria-label": tr(up ? "crew.up" : "crew.down", { n: Math.abs(delta) }) },
    `${up ? "▲" : "▼"}${Math.abs(delta)}`,
  );
}

function standingsTable(crew, { me = null, compact = false } = {}) {
  const rows = crew.standings || [];
  if (!rows.some((r) => r.nights) && compact) return h("p", { class: "muted" }, tr("crew.no_nights"));
  const hasMoney = rows.some((r) => r.money);
  const hasGoals = rows.some((r) => r.goals_for || r.goals_against);
  const head = [
    h("th", { scope: "col" }, "#"),
    h("th", { scope: "col", class: "crew-name-col" }, tr("crew.col.name")),
    h("th", { scope: "col", class: "crew-move-col" }, h("span", { class: "sr" }, tr("crew.col.move"))),
    h("th", { scope: "col", title: tr("crew.col.nights_long") }, tr("crew.col.nights")),
    h("th", { scope: "col", title: tr("crew.col.wins_long") }, tr("crew.col.wins")),
    h("th", { scope: "col", title: tr("crew.col.draws_long") }, tr("crew.col.draws")),
    h("th", { scope: "col", title: tr("crew.col.points_long") }, tr("crew.col.points")),
    hasMoney ? h("th", { scope: "col" }, tr("crew.col.money")) : null,
    hasGoals ? h("th", { scope: "col", title: tr("crew.col.goals_long") }, tr("crew.col.goals")) : null,
  ];
  return h(
    "table",
    { class: "crew-table tabnum" },
    h("thead", null, h("tr", null, head)),
    h(
      "tbody",
      null,
      rows.map((r, i) =>
        h(
          "tr",
          { class: r.member === me ? "me" : null, "data-member": r.member },
          h("td", null, String(i + 1)),
          h("td", { class: "crew-name-col" }, r.name),
          h("td", { class: "crew-move-col" }, moveMark(crew.moved?.[String(r.member)])),
          h("td", null, String(r.nights)),
          h("td", null, String(r.wins)),
          h("td", null, String(r.draws)),
          h("td", { class: "crew-points" }, String(r.points)),
          hasMoney ? h("td", null, `${r.money > 0 ? "+" : ""}${i18n.money(r.money)}`) : null,
          hasGoals ? h("td", null, `${r.goals_for}:${r.goals_against}`) : null,
        ),
      ),
    ),
  );
}

function nightItem(night, list) {
  const winners = new Set(night.result?.winners || []);
  const when = new Date(night.finished_at).toLocaleString(i18n.getLang(), { dateStyle: "short", timeStyle: "short" });
  return h(
    "li",
    { class: "crew-night" },
    h(
      "div",
      { class: "row spread" },
      h("strong", null, `${gameLabel(list, night.game)} · ${modeName(night.game, night.mode)}`),
      night.score && (night.game === "duel" || night.game === "hattrick") ? h("span", { class: "tabnum" }, night.score.join(" : ")) : null,
    ),
    h(
      "p",
      { class: "crew-night-seats" },
      night.seats.map((s, i) => [
        i ? ", " : "",
        h("span", { class: winners.has(s.seat) ? "won" : null }, `${winners.has(s.seat) ? "★ " : ""}${s.name}`),
      ]),
    ),
    h("p", { class: "hint" }, h("time", { datetime: night.finished_at }, when), " · ", h("a", { href: `/r/${night.code}/replay` }, tr("crew.replay"))),
  );
}

function section(title, ...body) {
  return h("section", { class: "step crew-section" }, h("h2", null, title), ...body);
}

// --- the crew page --------------------------------------------------------------------------

export function crewScreen(code) {
  const state = { crew: null, game: null, season: null, list: [], newGame: null, newMode: null, timer: null, seen: "" };
  const root = h("div", { class: "crew-page" });
  const data = h("div", { class: "crew-data" });
  const forms = h("div", { class: "crew-forms" });
  root.append(data, forms);
  main.replaceChildren(root);
  bar.replaceChildren();
  bar.hidden = true;
  let alive = true;

  const me = () => getMembership(code);

  async function refresh() {
    const params = new URLSearchParams();
    if (state.game) params.set("game", state.game);
    if (state.season) params.set("season", String(state.season));
    try {
      const crew = await call("GET", `${crewPath(code)}${params.toString() ? `?${params}` : ""}`);
      if (!alive) return;
      const held = me();
      if (held && !crew.members.some((m) => m.member === held.member && m.name === held.name)) {
        forgetMembership(code); // removed by the admin: this token no longer acts
        toast(tr("crew.removed"));
      } else if (held && held.crew !== crew.name) {
        saveMembership(code, { ...held, crew: crew.name });
      }
      const seen = JSON.stringify(crew);
      if (seen !== state.seen || !state.crew) {
        state.seen = seen;
        state.crew = crew;
        draw();
      }
    } catch (err) {
      if (!alive) return;
      if (err.status === 404) {
        data.replaceChildren(h("p", { class: "muted" }, tr("crew.unknown", { code })));
        forms.replaceChildren();
        return;
      }
      toast(errorText(err));
    }
  }

  function poll() {
    clearTimeout(state.timer);
    if (!alive) return;
    state.timer = setTimeout(async () => {
      if (document.visibilityState === "visible") await refresh();
      poll();
    }, POLL_MS);
  }

  function onVisible() {
    if (document.visibilityState === "visible") refresh();
  }

  function draw() {
    const crew = state.crew;
    if (!crew) return;
    const held = me();
    const link = `${location.origin}/c/${crew.code}`;
    const admin = held?.member === 0;
    const filters = h(
      "div",
      { class: "chips crew-filter", role: "group", "aria-label": tr("crew.filter") },
      [null, ...state.list.map((g) => g.id)].map((id) =>
        h(
          "button",
          {
            type: "button",
            class: "chip",
            "data-game": id || "all",
            "aria-pressed": state.game === id ? "true" : "false",
            onclick: () => {
              state.game = id;
              refresh();
            },
          },
          id ? gameLabel(state.list, id) : tr("crew.all_games"),
        ),
      ),
    );
    const seasons =
      crew.seasons.length > 1
        ? h(
            "div",
            { class: "chips crew-seasons", role: "group", "aria-label": tr("crew.seasons") },
            crew.seasons.map((s) =>
              h(
                "button",
                {
                  type: "button",
                  class: "chip",
                  "aria-pressed": crew.season === s.season ? "true" : "false",
                  onclick: () => {
                    state.season = s.season === crew.seasons.at(-1).season ? null : s.season;
                    refresh();
                  },
                },
                tr("crew.season_n", { n: s.season }),
              ),
            ),
          )
        : null;
    const rooms = crew.rooms.length
      ? h(
          "ul",
          { class: "crew-rooms" },
          crew.rooms.map((room) => {
            const seated = held && room.seats.some((s) => s.member === held.member);
            const canJoin = held && !seated && room.status === "lobby";
            return h(
              "li",
              { class: "crew-room", "data-room": room.code },
              h(
                "div",
                null,
                h("strong", null, `${gameLabel(state.list, room.game)} · ${modeName(room.game, room.mode)}`),
                h("p", { class: "hint" }, `${tr(`crew.status.${room.status}`)} · ${room.seats.map((s) => s.name).join(", ")}`),
              ),
              canJoin
                ? btn(tr("crew.join_room"), { class: "btn btn-primary btn-small", onclick: () => joinRoom(room.code) })
                : btn(tr("crew.open_room"), { class: "btn btn-small", onclick: () => navigate(`/r/${room.code}`) }),
            );
          }),
        )
      : h("p", { class: "muted" }, tr("crew.no_rooms"));
    data.replaceChildren(
      h(
        "header",
        { class: "crew-head" },
        h("h1", { class: "crew-title" }, crew.name),
        h("p", { class: "muted" }, tr("crew.season_n", { n: crew.season }), held ? ` · ${tr("crew.you_are", { name: held.name })}` : ""),
      ),
      section(tr("crew.standings"), filters, seasons, standingsTable(crew, { me: held?.member ?? null })),
      section(tr("crew.open_rooms"), rooms),
      section(
        tr("crew.nights"),
        crew.nights.length ? h("ul", { class: "crew-nights" }, crew.nights.map((n) => nightItem(n, state.list))) : h("p", { class: "muted" }, tr("crew.no_nights")),
      ),
      section(
        tr("crew.members"),
        h(
          "ul",
          { class: "crew-members" },
          crew.members.map((m) =>
            h(
              "li",
              null,
              h("span", null, m.name, m.member === 0 ? h("span", { class: "hint" }, ` · ${tr("crew.admin")}`) : null),
              admin && m.member !== 0
                ? btn("✕", { class: "btn btn-small", "aria-label": tr("crew.remove", { name: m.name }), onclick: () => removeMember(m) })
                : null,
            ),
          ),
        ),
      ),
      section(
        tr("crew.invite"),
        h(
          "div",
          { class: "invite" },
          h("img", { class: "qr", src: `/c/${crew.code}/qr.svg`, alt: tr("crew.qr_alt", { name: crew.name }), width: 120, height: 120 }),
          h(
            "div",
            { class: "invite-side" },
            h("p", { class: "room-code" }, crew.code),
            h("p", { class: "link muted" }, link.replace(/^https?:\/\//, "")),
            btn(tr("crew.copy_link"), {
              class: "btn btn-small",
              onclick: async () => toast((await copyText(link)) ? tr("crew.copied") : link, "ok"),
            }),
          ),
        ),
      ),
    );
    drawForms(held, admin);
  }

  let formsFor = null; // redraw the forms only when who I am changes (keep focus while typing)

  function drawForms(held, admin) {
    const key = `${held?.member ?? "-"}:${admin}:${i18n.getLang()}:${state.newGame}:${state.newMode}:${state.crew.name}`;
    if (key === formsFor) return;
    formsFor = key;
    if (!held) {
      const input = h("input", { id: "crew-name-input", type: "text", maxlength: 24, autocomplete: "nickname", placeholder: tr("crew.your_name") });
      const go = btn(tr("crew.join"), { class: "btn btn-primary", id: "crew-join", onclick: () => joinCrew(input.value) });
      input.addEventListener("keydown", (e) => e.key === "Enter" && joinCrew(input.value));
      forms.replaceChildren(
        section(tr("crew.join_title", { name: state.crew.name }), h("div", { class: "row" }, h("label", { for: "crew-name-input", class: "sr" }, tr("crew.your_name")), input, go)),
      );
      return;
    }
    const game = state.list.find((g) => g.id === state.newGame);
    const parts = [
      section(
        tr("crew.new_night"),
        h(
          "div",
          { class: "chips", role: "group", "aria-label": tr("crew.pick_game") },
          state.list.map((g) =>
            h(
              "button",
              {
                type: "button",
                class: "chip",
                "data-new-game": g.id,
                "aria-pressed": state.newGame === g.id ? "true" : "false",
                onclick: () => {
                  state.newGame = g.id;
                  state.newMode = g.modes.length === 1 ? g.modes[0].id : null;
                  drawForms(held, admin);
                },
              },
              gameName(g, g.id),
            ),
          ),
        ),
        game && game.modes.length > 1
          ? h(
              "div",
              { class: "chips", role: "group", "aria-label": tr("crew.pick_mode") },
              game.modes.map((m) =>
                h(
                  "button",
                  {
                    type: "button",
                    class: "chip",
                    "data-new-mode": m.id,
                    "aria-pressed": state.newMode === m.id ? "true" : "false",
                    onclick: () => {
                      state.newMode = m.id;
                      drawForms(held, admin);
                    },
                  },
                  modeName(game.id, m.id),
                ),
              ),
            )
          : null,
        btn(tr("crew.create_room"), {
          class: "btn btn-primary btn-wide",
          id: "crew-new-night",
          disabled: !(state.newGame && state.newMode),
          onclick: () => newNight(),
        }),
      ),
    ];
    if (admin) {
      const name = h("input", { id: "crew-rename", type: "text", maxlength: 40, value: state.crew.name });
      parts.push(
        section(
          tr("crew.admin_title"),
          h("div", { class: "row" }, h("label", { for: "crew-rename", class: "sr" }, tr("crew.rename")), name, btn(tr("crew.rename"), { class: "btn btn-small", onclick: () => rename(name.value) })),
          h("div", { class: "row" }, btn(tr("crew.new_season"), { class: "btn btn-small", onclick: () => newSeason() })),
        ),
      );
    }
    forms.replaceChildren(...parts);
  }

  async function act(work) {
    try {
      await work();
    } catch (err) {
      if (err.code === "bad_token") forgetMembership(code);
      toast(tr(`crew.error.${err.code}`) !== `crew.error.${err.code}` ? tr(`crew.error.${err.code}`) : errorText(err));
      formsFor = null;
      await refresh();
    }
  }

  const joinCrew = (raw) =>
    act(async () => {
      const name = raw.trim();
      if (!name) return;
      const joined = await call("POST", `${crewPath(code)}/join`, { body: { name } });
      saveMembership(code, { member: joined.member, token: joined.token, name, crew: state.crew?.name });
      formsFor = null;
      await refresh();
      draw();
    });

  const joinRoom = (roomCode) =>
    act(async () => {
      const existing = getSeat(roomCode);
      if (!existing) {
        const seat = await call("POST", `/api/rooms/${roomCode}/join`, { body: {}, token: me().token });
        saveSeat(roomCode, { seat: seat.seat, token: seat.token });
      }
      navigate(`/r/${roomCode}`);
    });

  const newNight = () =>
    act(async () => {
      const room = await call("POST", "/api/rooms", { body: { game: state.newGame, mode: state.newMode, crew: code }, token: me().token });
      saveSeat(room.code, { seat: room.seat, token: room.token, host: true });
      navigate(`/r/${room.code}`);
    });

  const rename = (name) =>
    act(async () => {
      await call("PATCH", crewPath(code), { body: { name }, token: me().token });
      formsFor = null;
      await refresh();
    });

  const removeMember = (member) =>
    act(async () => {
      if (!confirm(tr("crew.remove_confirm", { name: member.name }))) return;
      await call("DELETE", `${crewPath(code)}/members/${member.member}`, { token: me().token });
      await refresh();
    });

  const newSeason = () =>
    act(async () => {
      if (!confirm(tr("crew.new_season_confirm"))) return;
      await call("POST", `${crewPath(code)}/seasons`, { token: me().token });
      state.season = null;
      await refresh();
    });

  data.replaceChildren(h("p", { class: "muted" }, i18n.t("ui.loading")));
  loadStrings()
    .then(() => games().catch(() => []))
    .then((list) => {
      state.list = list;
      return refresh();
    })
    .then(poll);
  document.addEventListener("visibilitychange", onVisible);
  return {
    leave() {
      alive = false;
      clearTimeout(state.timer);
      document.removeEventListener("visibilitychange", onVisible);
    },
    rerender() {
      formsFor = null;
      draw();
    },
  };
}

// --- Home: your crews -----------------------------------------------------------------------

/** Fills `el` with the crews this phone belongs to (links to their pages) and "Start a crew". */
export async function renderMyCrews(el) {
  await loadStrings();
  const held = myCrews();
  const crewName = h("input", { id: "new-crew-name", type: "text", maxlength: 40, placeholder: tr("crew.crew_name") });
  const yourName = h("input", {
    id: "new-crew-member",
    type: "text",
    maxlength: 24,
    autocomplete: "nickname",
    placeholder: tr("crew.your_name"),
    value: localStorage.getItem("pitchside.name") || "",
  });
  const start = async () => {
    try {
      const created = await call("POST", "/api/crews", { body: { name: crewName.value, member: yourName.value } });
      saveMembership(created.code, { member: 0, token: created.token, name: yourName.value.trim(), crew: crewName.value.trim() });
      navigate(created.url);
    } catch (err) {
      toast(errorText(err));
    }
  };
  el.replaceChildren(
    h("h2", null, tr("crew.your_crews")),
    held.length
      ? h(
          "ul",
          { class: "crew-mine" },
          held.map((c) => h("li", null, h("a", { href: `/c/${c.code}`, onclick: (e) => { e.preventDefault(); navigate(`/c/${c.code}`); } }, c.crew || c.code), h("span", { class: "hint" }, ` · ${c.name}`))),
        )
      : h("p", { class: "hint" }, tr("crew.none_yet")),
    h(
      "details",
      { class: "crew-start" },
      h("summary", null, tr("crew.start")),
      h("div", { class: "field" }, h("label", { for: "new-crew-name" }, tr("crew.crew_name")), crewName),
      h("div", { class: "field" }, h("label", { for: "new-crew-member" }, tr("crew.your_name")), yourName),
      btn(tr("crew.start_button"), { class: "btn btn-primary btn-wide", id: "new-crew", onclick: start }),
    ),
  );
}

// --- at the table ---------------------------------------------------------------------------

/** The crew's standings as they stood after the night of `roomCode` (▲/▼: who moved up or
 * down with that night), for the full-time takeover and the big screen. */
export async function renderStandings(el, crewCode, { roomCode } = {}) {
  await loadStrings();
  const query = roomCode ? `?room=${encodeURIComponent(roomCode)}` : "";
  let crew;
  try {
    crew = await call("GET", `${crewPath(crewCode)}${query}`);
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
