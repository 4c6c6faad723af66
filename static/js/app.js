// Pitchside client shell: router and screens (Home, Join, Lobby, table, result, replay).
//
// GAME TABLE CONTRACT (full text: static/js/games/README.md)
// Once a room's status is "playing" or "finished", the shell imports
//   /static/js/games/<game>/table.js
// and calls `render(root, view, ctx)` on every new view (and after an ack or a connection
// change, with the same view). If that module is missing, static/js/games/generic.js is used.
//   root  an element that stays the same for the whole room (class "table table-<game>")
//   view  the PROTOCOL.md view, verbatim, plus `seq`
//   ctx = {
//     send(action)   -> cid | null   sends {"type":"act","cid":<unique>,"action":action};
//                                    pass an element of view.legal unchanged; null while one
//                                    action is in flight; kept and re-sent after a reconnect
//     busy           true while an action is in flight or the socket is down (lock controls)
//     t(key, vars)   shell keys (term.* = UX §5 glossary, ui.*) and "<game>.<key>" from
//                    static/js/games/<game>/i18n.json ({"en":{},"hu":{},"da":{}}, loaded once)
//     names          [seat names], seats [{seat,name,bot,connected}], you (seat | null),
//     lang           "en" | "hu" | "da",   h  the DOM builder of dom.js (text, never HTML)
//     bar            the bottom action-bar element (yours to fill, like root)
//     money(n), eventText(event), toast(text)
//   }
// Optional in table.js: `status(view, ctx)` -> string (overrides the status line) and
// `renderResult(el, view, ctx)` (game totals on the result panel). Optional per game:
// table.css (linked once), i18n.json, options.js (`export const options = {name: {label:
// {en,hu,da}, choices: [...]}}`) for the option labels on Home.

import { ApiError, api, forgetSeat, getName, getSeat, saveName, saveSeat } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { RoomSocket } from "./socket.js";

const t = i18n.t;
const $ = (id) => document.getElementById(id);
const main = $("main");
const bar = $("bar");
const topInfo = $("top-info");
const CODE_RE = /^[A-HJKMNP-Z2-9]{6}$/;

let gamesCache = null;
let current = null; // the active screen: {leave(), rerender()}

// --- small helpers --------------------------------------------------------------------------

function games() {
  gamesCache ??= api.games().catch((err) => {
    gamesCache = null;
    throw err;
  });
  return gamesCache;
}

async function modeSpec(gameId, modeId) {
  try {
    const game = (await games()).find((g) => g.id === gameId);
    return { game, mode: game?.modes.find((m) => m.id === modeId) };
  } catch {
    return { game: null, mode: null };
  }
}

function gameName(game, fallback) {
  return i18n.pick(game?.name, fallback);
}

function modeName(gameId, modeId) {
  for (const key of [`${gameId}.mode.${modeId}`, `term.${modeId}`]) {
    if (i18n.has(key)) return t(key);
  }
  return modeId.charAt(0).toUpperCase() + modeId.slice(1);
}

function range(spec) {
  if (!spec) return "";
  return spec.min_players === spec.max_players
    ? String(spec.min_players)
    : `${spec.min_players}–${spec.max_players}`;
}

function humanize(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorText(err) {
  const key = `error.${err.code}`;
  if (i18n.has(key)) return t(key);
  return err.message || t("error.generic");
}

export function toast(text, kind = "error") {
  const box = $("toasts");
  const item = h("div", { class: `toast toast-${kind}`, role: "status" }, text);
  box.appendChild(item);
  setTimeout(() => item.classList.add("out"), 3600);
  setTimeout(() => item.remove(), 4000);
  if (kind === "error") buzz([20, 30, 20]);
}

function buzz(pattern) {
  if (localStorage.getItem("pitchside.haptics") === "off") return;
  if (navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(pattern);
}

function btn(label, attrs = {}) {
  return h("button", { type: "button", class: "btn", ...attrs }, label);
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "offscreen", readonly: true }, text);
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

function setTop(text) {
  topInfo.textContent = text || "";
}

// --- router ---------------------------------------------------------------------------------

export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

function route() {
  current?.leave?.();
  current = null;
  main.replaceChildren();
  bar.replaceChildren();
  bar.hidden = false;
  setTop("");
  window.scrollTo(0, 0);
  const match = location.pathname.match(/^\/r\/([^/]+)(\/replay)?\/?$/);
  if (!match) {
    current = homeScreen();
    return;
  }
  const code = decodeURIComponent(match[1]).toUpperCase();
  current = match[2] ? replayScreen(code) : roomScreen(code);
}

// --- Home -----------------------------------------------------------------------------------

async function loadOptionLabels(gameId) {
  try {
    return (await import(`/static/js/games/${gameId}/options.js`)).options || {};
  } catch {
    return {};
  }
}

function optionField(name, value, meta, onChange) {
  const label = i18n.pick(meta?.label, humanize(name));
  const id = `opt-${name}`;
  let input;
  if (meta?.choices) {
    input = h(
      "select",
      { id, onchange: (e) => onChange(meta.choices[e.target.selectedIndex]) },
      meta.choices.map((choice) =>
        h(
          "option",
          { selected: choice === value },
          i18n.pick(meta.choiceLabels?.[String(choice)], String(choice)),
        ),
      ),
    );
  } else if (typeof value === "boolean") {
    input = h("input", {
      id,
      type: "checkbox",
      checked: value,
      onchange: (e) => onChange(e.target.checked),
    });
  } else if (typeof value === "number") {
    input = h("input", {
      id,
      type: "number",
      inputmode: "numeric",
      value,
      onchange: (e) => onChange(Number(e.target.value)),
    });
  } else {
    input = h("input", { id, type: "text", value, onchange: (e) => onChange(e.target.value) });
  }
  return h("div", { class: "field field-inline" }, h("label", { for: id }, label), input);
}

function homeScreen() {
  const state = { game: null, mode: null, options: {}, labels: {}, list: [] };
  const form = h("div", { class: "home" });
  const nameInput = h("input", {
    id: "name",
    type: "text",
    maxlength: 24,
    autocomplete: "nickname",
    value: getName(),
    placeholder: t("ui.name_placeholder"),
    oninput: () => updateCreate(),
  });
  const create = btn(t("ui.create_room"), {
    class: "btn btn-primary btn-wide",
    id: "create",
    onclick: () => createRoom(),
  });
  bar.replaceChildren(create);

  function updateCreate() {
    create.disabled = !(state.game && state.mode && nameInput.value.trim());
  }

  async function createRoom() {
    const name = nameInput.value.trim();
    if (!name) return;
    saveName(name);
    create.disabled = true;
    try {
      const room = await api.createRoom(state.game.id, state.mode.id, name, state.options);
      saveSeat(room.code, { seat: room.seat, token: room.token });
      navigate(`/r/${room.code}`);
    } catch (err) {
      toast(errorText(err));
      updateCreate();
    }
  }

  function step(n, title, ...body) {
    return h(
      "section",
      { class: "step" },
      h("h2", null, h("span", { class: "step-n" }, String(n)), title),
      ...body,
    );
  }

  function draw() {
    const parts = [];
    parts.push(
      step(
        1,
        t("ui.pick_game"),
        h(
          "div",
          { class: "choices", role: "group" },
          state.list.map((g) => {
            const ranges = [...new Set(g.modes.map(range))].join(", ");
            return h(
              "button",
              {
                type: "button",
                class: "choice",
                "aria-pressed": state.game?.id === g.id ? "true" : "false",
                onclick: () => pickGame(g),
              },
              h("span", { class: "choice-name" }, gameName(g, g.id)),
              h("span", { class: "choice-meta" }, t("ui.players", { n: ranges })),
            );
          }),
        ),
      ),
    );
    if (state.game) {
      parts.push(
        step(
          2,
          t("ui.pick_mode"),
          h(
            "div",
            { class: "chips", role: "group" },
            state.game.modes.map((m) =>
              h(
                "button",
                {
                  type: "button",
                  class: "chip",
                  "aria-pressed": state.mode?.id === m.id ? "true" : "false",
                  onclick: () => pickMode(m),
                },
                `${modeName(state.game.id, m.id)} · ${range(m)}`,
              ),
            ),
          ),
        ),
      );
    }
    if (state.mode && Object.keys(state.mode.options || {}).length) {
      parts.push(
        step(
          3,
          t("ui.options"),
          h(
            "details",
            { class: "options" },
            h("summary", null, t("ui.options_summary")),
            Object.entries(state.options).map(([name, value]) =>
              optionField(name, value, state.labels[name], (v) => {
                state.options[name] = v;
              }),
            ),
          ),
        ),
      );
    }
    parts.push(
      step(
        state.mode && Object.keys(state.mode.options || {}).length ? 4 : 3,
        t("ui.your_name"),
        h("div", { class: "field" }, h("label", { for: "name", class: "sr" }, t("ui.your_name")), nameInput),
      ),
    );
    parts.push(joinByCode());
    form.replaceChildren(...parts);
    updateCreate();
  }

  async function pickGame(g) {
    state.game = g;
    state.mode = null;
    await i18n.loadGame(g.id);
    state.labels = await loadOptionLabels(g.id);
    if (g.modes.length === 1) pickMode(g.modes[0]);
    else draw();
  }

  function pickMode(m) {
    state.mode = m;
    state.options = { ...(m.options || {}) };
    draw();
  }

  main.replaceChildren(form);
  form.replaceChildren(h("p", { class: "muted" }, t("ui.loading")));
  games()
    .then((list) => {
      state.list = list;
      if (list.length === 1) pickGame(list[0]);
      else draw();
    })
    .catch((err) => {
      form.replaceChildren(h("p", { class: "muted" }, t("ui.no_games")), joinByCode());
      toast(errorText(err));
    });
  return { leave() {}, rerender: draw };
}

function joinByCode() {
  const input = h("input", {
    id: "code",
    type: "text",
    maxlength: 6,
    autocapitalize: "characters",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "K7M4QX",
    "aria-describedby": "code-hint",
    oninput: (e) => {
      e.target.value = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, "");
    },
  });
  const go = () => {
    const code = input.value.trim();
    if (!CODE_RE.test(code)) {
      toast(t("ui.code_invalid"));
      return;
    }
    navigate(`/r/${code}`);
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") go();
  });
  return h(
    "section",
    { class: "step join-code" },
    h("h2", null, t("ui.join_by_code")),
    h(
      "div",
      { class: "row" },
      h("label", { for: "code", class: "sr" }, t("ui.room_code")),
      input,
      btn(t("ui.go"), { onclick: go }),
    ),
    h("p", { class: "hint", id: "code-hint" }, t("ui.code_hint")),
  );
}

// --- Room: join / lobby / table / result ----------------------------------------------------

function roomScreen(code) {
  const room = {
    code,
    info: null, // GET /api/rooms/{code}
    spec: null, // {game, mode} from /api/games
    seat: getSeat(code), // {seat, token} when this browser is seated
    view: null,
    sock: null,
    presence: null,
    table: null, // {module, root, game}
    pollTimer: null,
    bannerTimer: null,
    bannerShown: false,
    lastToAct: false,
    rematch: null,
    left: false,
  };
  setTop(code);
  main.replaceChildren(h("p", { class: "muted pad" }, t("ui.loading")));

  function leave() {
    room.left = true;
    room.sock?.stop();
    clearInterval(room.pollTimer);
    clearTimeout(room.bannerTimer);
    hideBanner();
  }

  async function load() {
    try {
      room.info = await api.room(code);
    } catch (err) {
      if (room.left) return;
      if (err.status === 404) unknownRoom();
      else {
        main.replaceChildren(
          h("p", { class: "pad" }, errorText(err)),
          btn(t("ui.retry"), { onclick: () => load() }),
        );
      }
      return;
    }
    if (room.left) return;
    if (room.info.rematch_code) room.rematch = { code: room.info.rematch_code };
    room.spec = await modeSpec(room.info.game, room.info.mode);
    await i18n.loadGame(room.info.game);
    if (room.left) return;
    if (room.seat) connect();
    else joinPanel();
  }

  function unknownRoom() {
    main.replaceChildren(
      h(
        "section",
        { class: "panel center" },
        h("h1", null, t("ui.no_such_room", { code })),
        h("p", { class: "muted" }, t("ui.no_such_room_hint")),
      ),
    );
    bar.replaceChildren(
      btn(t("ui.home"), { onclick: () => navigate("/") }),
      btn(t("ui.new_room"), { class: "btn btn-primary", onclick: () => navigate("/") }),
    );
  }

  function maxSeats() {
    return room.spec?.mode?.max_players ?? room.info.seats.length;
  }

  function seated() {
    return room.info.seats.filter((s) => s.name !== null && s.name !== undefined);
  }

  function titleLine() {
    return `${gameName(room.spec?.game, room.info.game)} · ${modeName(room.info.game, room.info.mode)}`;
  }

  function seatStrip() {
    return h(
      "ul",
      { class: "seat-strip" },
      seated().map((s) =>
        h(
          "li",
          null,
          h("span", { class: "seat-n" }, String(s.seat + 1)),
          s.seat === 0 ? "♛" : null,
          s.bot ? "⚙" : null,
          s.name,
        ),
      ),
    );
  }

  // Join: a browser without a seat in this room.
  function joinPanel() {
    const info = room.info;
    const free = maxSeats() - seated().length;
    const canSit = info.status === "lobby" && free > 0;
    const nameInput = h("input", {
      id: "name",
      type: "text",
      maxlength: 24,
      value: getName(),
      autocomplete: "nickname",
      placeholder: t("ui.name_placeholder"),
    });
    const statusText = {
      lobby: canSit
        ? t("ui.lobby_seats", { n: seated().length, max: maxSeats() })
        : t("ui.room_full"),
      playing: t("ui.room_playing"),
      finished: t("ui.room_finished"),
    }[info.status];
    main.replaceChildren(
      h(
        "section",
        { class: "panel" },
        h("h1", null, titleLine()),
        h("p", { class: "muted" }, statusText),
        seatStrip(),
        canSit
          ? h(
              "div",
              { class: "field" },
              h("label", { for: "name" }, t("ui.your_name")),
              nameInput,
            )
          : null,
      ),
    );
    const take = async (button) => {
      const name = nameInput.value.trim();
      if (!name) {
        toast(t("ui.name_needed"));
        nameInput.focus();
        return;
      }
      saveName(name);
      button.disabled = true;
      try {
        const joined = await api.join(code, name);
        room.seat = { seat: joined.seat, token: joined.token };
        saveSeat(code, room.seat);
        room.info = await api.room(code);
        connect();
      } catch (err) {
        toast(errorText(err));
        button.disabled = false;
        if (err.status === 409) load();
      }
    };
    const buttons = [];
    if (canSit) {
      const sit = btn(t("ui.take_seat", { n: seated().length + 1 }), {
        class: "btn btn-primary",
        id: "take-seat",
        onclick: () => take(sit),
      });
      buttons.push(sit, btn(t("ui.just_watch"), { onclick: () => connect() }));
    } else if (info.status === "finished") {
      buttons.push(
        btn(t("ui.result"), { class: "btn btn-primary", onclick: () => connect() }),
        btn(t("ui.replay"), { onclick: () => navigate(`/r/${code}/replay`) }),
      );
    } else {
      buttons.push(btn(t("ui.watch"), { class: "btn btn-primary", onclick: () => connect() }));
    }
    bar.replaceChildren(...buttons);
  }

  // The socket: seated with our token, or a spectator.
  function connect() {
    room.sock?.stop();
    room.sock = new RoomSocket(code, room.seat?.token, {
      onView: (msg) => {
        room.view = { ...msg.view, seq: msg.seq };
        if (room.view.status === "lobby") refreshInfo();
        draw();
        yourTurnBuzz();
      },
      onAck: () => draw(),
      onError: (msg) => {
        toast(errorText(msg));
        draw();
      },
      onPresence: (msg) => {
        room.presence = msg;
        mergePresence();
        if (room.view?.status === "lobby") refreshInfo();
        draw();
      },
      onRematch: (msg) => gotRematch(msg),
      onBadToken: () => badToken(),
      onGone: () => unknownRoom(),
      onConnection: (live) => connection(live),
    });
    room.sock.start();
    clearInterval(room.pollTimer);
    room.pollTimer = setInterval(() => {
      if (room.view?.status === "lobby" && document.visibilityState === "visible") refreshInfo();
    }, 4000);
  }

  async function refreshInfo() {
    try {
      const info = await api.room(code);
      if (room.left) return;
      const changed = JSON.stringify(info.seats) !== JSON.stringify(room.info.seats);
      room.info = info;
      mergePresence();
      if (changed) draw();
    } catch {
      // the socket's reconnect handles outages
    }
  }

  function mergePresence() {
    if (!room.presence || !room.info) return;
    for (const p of room.presence.seats || []) {
      const s = room.info.seats.find((x) => x.seat === p.seat);
      if (s) s.connected = p.connected;
    }
    room.info.spectators = room.presence.spectators ?? room.info.spectators;
  }

  function yourTurnBuzz() {
    const mine = room.view?.you !== null && (room.view?.to_act || []).includes(room.view?.you);
    if (mine && !room.lastToAct) buzz(30);
    room.lastToAct = mine;
  }

  function connection(live) {
    clearTimeout(room.bannerTimer);
    if (live) {
      if (room.bannerShown) {
        showBanner(t("ui.back_up_to_date"), "ok");
        room.bannerTimer = setTimeout(hideBanner, 1500);
      }
      room.bannerShown = false;
    } else {
      room.bannerTimer = setTimeout(() => {
        room.bannerShown = true;
        showBanner(navigator.onLine === false ? t("ui.offline") : t("ui.reconnecting"), "warn");
      }, 1000);
    }
    draw();
  }

  function badToken() {
    forgetSeat(code);
    room.seat = null;
    room.sock = null;
    main.replaceChildren(
      h(
        "section",
        { class: "panel center" },
        h("h1", null, t("ui.not_seated")),
        h("p", { class: "muted" }, t("ui.not_seated_hint")),
      ),
    );
    bar.replaceChildren(
      btn(t("ui.watch"), { class: "btn btn-primary", onclick: () => connect() }),
      btn(t("ui.home"), { onclick: () => navigate("/") }),
    );
  }

  function followRematch(msg) {
    if (room.seat) saveSeat(msg.code, { ...room.seat });
    navigate(`/r/${msg.code}`);
  }

  function gotRematch(msg) {
    room.rematch = msg;
    if (isHost()) followRematch(msg);
    else draw();
  }

  function isHost() {
    return room.seat !== null && room.seat !== undefined && room.seat.seat === 0;
  }

  function names() {
    const out = [];
    for (const s of room.info?.seats || []) out[s.seat] = s.name ?? "";
    return out;
  }

  function draw() {
    if (room.left || !room.view) return;
    const status = room.view.status;
    if (status === "lobby") lobby();
    else tableScreen();
  }

  // Lobby -------------------------------------------------------------------------------------
  function lobby() {
    const info = room.info;
    const you = room.view.you;
    const spec = room.spec?.mode;
    const max = maxSeats();
    const link = `${location.origin}/r/${code}`;
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
            { class: ["presence", online ? "on" : "off"] },
            online ? `● ${t("ui.online")}` : `○ ${t("ui.away")}`,
          ),
        ),
      );
    }
    const seatedCount = seated().length;
    const free = max - seatedCount;
    const host = you === 0;
    const addBot = host && free > 0
      ? btn(t("ui.add_bot"), { class: "btn btn-small", id: "add-bot", onclick: () => doAddBot(addBot) })
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
          h("p", { class: "link muted" }, link.replace(/^https?:\/\//, "")),
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
        h("h2", null, titleLine()),
        h("p", { class: "muted" }, t("ui.seats_range", { range: range(spec) })),
        h("ul", { class: "seats", id: "seats" }, seatRows),
        h(
          "div",
          { class: "row spread" },
          h("span", { class: "muted" }, `◉ ${t("ui.watching", { n: info.spectators ?? 0 })}`),
          addBot,
        ),
        optionsSummary(),
      ),
    );
    if (host) {
      const min = spec?.min_players ?? 1;
      const ok = seatedCount >= min && seatedCount <= (spec?.max_players ?? seatedCount);
      const start = btn(t("ui.start_match"), {
        class: "btn btn-primary btn-wide",
        id: "start",
        disabled: !ok,
        onclick: () => doStart(start),
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

  function optionsSummary() {
    const entries = Object.entries(room.info.options || {});
    if (!entries.length) return null;
    return h(
      "p",
      { class: "muted small" },
      entries.map(([k, v]) => `${humanize(k)}: ${v}`).join(" · "),
    );
  }

  async function doAddBot(button) {
    button.disabled = true;
    try {
      await api.addBot(code, room.seat.token);
      await refreshInfo();
      draw();
    } catch (err) {
      toast(err.code === "no_bot" ? t("error.no_bot") : errorText(err));
      button.disabled = false;
    }
  }

  async function doStart(button) {
    button.disabled = true;
    try {
      await api.start(code, room.seat.token);
    } catch (err) {
      toast(errorText(err));
      button.disabled = false;
    }
  }

  // Table -------------------------------------------------------------------------------------
  async function ensureTable(game) {
    if (room.table?.game === game) return room.table;
    const root = h("div", { class: `table table-${game}` });
    let module;
    try {
      module = await import(`/static/js/games/${game}/table.js`);
    } catch {
      module = await import("/static/js/games/generic.js");
    }
    if (!document.querySelector(`link[data-game="${game}"]`)) {
      document.head.appendChild(
        h("link", { rel: "stylesheet", href: `/static/js/games/${game}/table.css`, "data-game": game }),
      );
    }
    bar.replaceChildren();
    room.table = { game, module, root };
    return room.table;
  }

  function makeCtx() {
    const sock = room.sock;
    return {
      send: (action) => {
        const cid = sock ? sock.send(action) : null;
        if (cid) setTimeout(() => draw(), 0);
        return cid;
      },
      busy: !sock || sock.busy,
      t,
      names: names(),
      seats: room.info?.seats || [],
      you: room.view.you ?? null,
      lang: i18n.getLang(),
      h,
      bar,
      money: i18n.money,
      eventText: (e) => eventText(room.view.game, e, names()),
      toast: (text) => toast(text, "info"),
    };
  }

  let drawing = Promise.resolve();
  function tableScreen() {
    drawing = drawing.then(() => drawTable()).catch((err) => console.error(err));
  }

  async function drawTable() {
    if (room.left) return;
    const view = room.view;
    const table = await ensureTable(view.game);
    if (room.left || view !== room.view) return;
    setTop(code);
    const ctx = makeCtx();
    if (!table.status) {
      table.status = h("div", { class: "status-line", "aria-live": "polite", id: "status" });
      table.result = h("div", { class: "result-slot" });
    }
    if (table.status.parentNode !== main) {
      main.replaceChildren(table.status, table.result, table.root);
    }
    table.status.textContent = statusText(view, ctx, table.module);
    table.status.hidden = view.status === "finished";
    const resultKey = view.status === "finished" ? `${view.seq}|${!!room.rematch}|${i18n.getLang()}` : "";
    if (table.resultKey !== resultKey) {
      table.resultKey = resultKey;
      table.result.replaceChildren(resultKey ? resultPanel(view, ctx, table.module) : "");
    }
    try {
      table.module.render(table.root, view, ctx);
    } catch (err) {
      console.error(err);
      (await import("/static/js/games/generic.js")).render(table.root, view, ctx);
    }
    if (view.status === "finished" && !bar.childElementCount) bar.hidden = true;
    else bar.hidden = false;
  }

  function resultPanel(view, ctx, module) {
    const result = view.result || {};
    const winners = result.winners || [];
    const n = names();
    let headline;
    if (!winners.length || winners.length === n.length) headline = t("term.draw_result");
    else if (winners.length === 1) headline = t("ui.wins", { name: n[winners[0]] ?? "?" });
    else headline = t("ui.win_many", { names: winners.map((w) => n[w]).join(", ") });
    const score = view.public?.score;
    const extra = h("div", { class: "result-extra" });
    if (module.renderResult) {
      try {
        module.renderResult(extra, view, ctx);
      } catch (err) {
        console.error(err);
      }
    }
    const buttons = [];
    if (room.rematch && !isHost()) {
      buttons.push(
        btn(room.seat ? t("ui.follow_rematch") : t("ui.watch_rematch"), {
          class: "btn btn-primary btn-wide",
          id: "follow-rematch",
          onclick: () => (room.seat ? followRematch(room.rematch) : navigate(`/r/${room.rematch.code}`)),
        }),
      );
    } else if (isHost()) {
      const again = btn(`${t("ui.rematch")} ↻`, {
        class: "btn btn-primary btn-wide",
        id: "rematch",
        onclick: async () => {
          again.disabled = true;
          try {
            const next = await api.rematch(code, room.seat.token);
            followRematch(next);
          } catch (err) {
            toast(errorText(err));
            again.disabled = false;
          }
        },
      });
      buttons.push(again);
    }
    buttons.push(
      h(
        "div",
        { class: "row" },
        btn(t("ui.replay"), { onclick: () => navigate(`/r/${code}/replay`) }),
        btn(t("ui.new_game"), { onclick: () => navigate("/") }),
      ),
    );
    if (!room.rematch && !isHost() && room.seat) {
      buttons.push(h("p", { class: "muted small" }, t("ui.others_wait_host")));
    }
    return h(
      "section",
      { class: "panel result", id: "result" },
      h("p", { class: "eyebrow" }, t("ui.full_time")),
      Array.isArray(score) ? h("p", { class: "score big" }, `${score[0]} – ${score[1]}`) : null,
      h("h1", null, headline),
      extra,
      fairShuffle(),
      ...buttons,
    );
  }

  function fairShuffle() {
    const line = h("p", { class: "muted small fair" }, t("ui.fair_shuffle"), " ");
    const hash = room.info?.seed_hash;
    if (!hash) return null;
    api
      .replay(code)
      .then(async (rep) => {
        const seed = String(rep.seed);
        const shown = `${seed.slice(0, 8)}… → SHA-256 ${hash.slice(0, 8)}…`;
        line.append(shown, " ");
        if (!crypto.subtle) return;
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed));
        const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
        line.append(hex === hash ? `✓ ${t("ui.verified")}` : `✗ ${t("ui.not_verified")}`);
      })
      .catch(() => {});
    return line;
  }

  load();
  return { leave, rerender: () => draw() };
}

// --- status line and events (shared with the replay) ----------------------------------------

function statusText(view, ctx, module) {
  if (module?.status) {
    try {
      const custom = module.status(view, ctx);
      if (custom) return custom;
    } catch (err) {
      console.error(err);
    }
  }
  const game = view.game;
  const phaseKey = `${game}.phase.${view.phase}`;
  const toAct = view.to_act || [];
  if (view.status === "finished") return t("ui.full_time");
  if (view.you !== null && view.you !== undefined && toAct.includes(view.you)) {
    const key = [`${phaseKey}.you`, phaseKey].find((k) => i18n.has(k));
    return `▶ ${key ? t(key, { name: ctx.names[view.you] }) : t("ui.your_move")}`;
  }
  if (toAct.length === 1) {
    const name = ctx.names[toAct[0]] ?? "?";
    if (i18n.has(`${phaseKey}.other`)) return t(`${phaseKey}.other`, { name });
    return t("ui.waiting_for", { name });
  }
  if (toAct.length > 1) return t("ui.waiting_for_n", { n: toAct.length });
  return i18n.has(phaseKey) ? t(phaseKey, {}) : humanize(view.phase || "");
}

export function eventText(game, event, names) {
  const key = `${game}.event.${event.event}`;
  const vars = { ...event };
  const who = typeof event.seat === "number" ? names[event.seat] : null;
  if (who) vars.name = who;
  if (i18n.has(key)) return t(key, vars);
  if (event.text) return event.text;
  const rest = Object.entries(event)
    .filter(([k]) => !["event", "seq", "seat"].includes(k))
    .map(([k, v]) => `${humanize(k)}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  const what = `${humanize(event.event)}${rest.length ? ` (${rest.join(", ")})` : ""}`;
  return who ? `${who} · ${what}` : what;
}

// --- Replay ---------------------------------------------------------------------------------

function replayScreen(code) {
  const state = { seq: 0, last: 0, module: null, root: null, names: [], game: null, timer: null };
  let left = false;
  setTop(t("ui.replay_top", { code }));
  main.replaceChildren(h("p", { class: "muted pad" }, t("ui.loading")));
  const label = h("span", { class: "seq tabnum" });
  const slider = h("input", {
    type: "range",
    min: 0,
    value: 0,
    "aria-label": t("ui.replay"),
    oninput: (e) => show(Number(e.target.value)),
  });
  const status = h("div", { class: "status-line", "aria-live": "polite" });

  async function start() {
    let info;
    let rep;
    try {
      [info, rep] = await Promise.all([api.room(code), api.replay(code)]);
    } catch (err) {
      main.replaceChildren(h("section", { class: "panel center" }, h("h1", null, errorText(err))));
      bar.replaceChildren(
        btn(t("ui.back_to_room"), { onclick: () => navigate(`/r/${code}`) }),
        btn(t("ui.home"), { onclick: () => navigate("/") }),
      );
      return;
    }
    state.game = info.game;
    for (const s of info.seats) state.names[s.seat] = s.name ?? "";
    state.last = info.seq ?? (rep.actions.length ? rep.actions[rep.actions.length - 1].seq : 0);
    slider.max = state.last;
    await i18n.loadGame(info.game);
    try {
      state.module = await import(`/static/js/games/${info.game}/table.js`);
    } catch {
      state.module = await import("/static/js/games/generic.js");
    }
    state.root = h("div", { class: `table table-${info.game}` });
    main.replaceChildren(status, state.root);
    const step = (d) => () => show(Math.max(0, Math.min(state.last, state.seq + d)));
    const play = btn("▶", {
      class: "btn btn-small",
      "aria-label": t("ui.play"),
      onclick: () => {
        if (state.timer) {
          clearInterval(state.timer);
          state.timer = null;
          play.textContent = "▶";
          return;
        }
        play.textContent = "❚❚";
        state.timer = setInterval(() => {
          if (state.seq >= state.last) {
            clearInterval(state.timer);
            state.timer = null;
            play.textContent = "▶";
          } else show(state.seq + 1);
        }, 1000);
      },
    });
    bar.replaceChildren(
      h(
        "div",
        { class: "bar-stack" },
        h("div", { class: "row spread" }, label, slider),
        h(
          "div",
          { class: "row spread" },
          btn("|◂", { class: "btn btn-small", "aria-label": t("ui.first"), onclick: () => show(0) }),
          btn("◂", { class: "btn btn-small", "aria-label": t("ui.back"), onclick: step(-1) }),
          play,
          btn("▸", { class: "btn btn-small", "aria-label": t("ui.next"), onclick: step(1) }),
          btn("▸|", { class: "btn btn-small", "aria-label": t("ui.last"), onclick: () => show(state.last) }),
        ),
      ),
    );
    show(0);
  }

  async function show(seq) {
    state.seq = seq;
    slider.value = seq;
    label.textContent = `${t("ui.step")} ${seq}/${state.last}`;
    let step;
    try {
      step = await api.replayStep(code, seq);
    } catch (err) {
      toast(errorText(err));
      return;
    }
    if (left || state.seq !== seq) return;
    const view = { ...step.view, seq: step.seq, you: null, legal: [] };
    const ctx = {
      send: () => null,
      busy: true,
      t,
      names: state.names,
      seats: [],
      you: null,
      lang: i18n.getLang(),
      h,
      bar: h("div"),
      money: i18n.money,
      eventText: (e) => eventText(state.game, e, state.names),
      toast: (text) => toast(text, "info"),
    };
    status.textContent = statusText(view, ctx, state.module);
    state.module.render(state.root, view, ctx);
  }

  start();
  return {
    leave() {
      left = true;
      clearInterval(state.timer);
    },
    rerender: () => show(state.seq),
  };
}

// --- banner, menu, boot ---------------------------------------------------------------------

function showBanner(text, kind) {
  const banner = $("banner");
  banner.textContent = text;
  banner.className = `banner banner-${kind}`;
  banner.hidden = false;
}

function hideBanner() {
  $("banner").hidden = true;
}

const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

function applyTheme() {
  const chosen = localStorage.getItem("pitchside.theme");
  const theme = chosen === "light" || chosen === "dark" ? chosen : darkQuery.matches ? "dark" : "light";
  document.documentElement.dataset.theme = theme;
}

function menu() {
  const dialog = $("menu");
  const row = (title, ...controls) =>
    h("div", { class: "menu-row" }, h("span", { class: "menu-label" }, title), h("div", { class: "row" }, ...controls));
  const toggle = (key, values, labels, after) => {
    const currentValue = localStorage.getItem(key) ?? values[0];
    return values.map((v, i) =>
      h(
        "button",
        {
          type: "button",
          class: "chip",
          "aria-pressed": currentValue === v ? "true" : "false",
          onclick: () => {
            localStorage.setItem(key, v);
            after?.(v);
            menu();
          },
        },
        labels[i],
      ),
    );
  };
  dialog.replaceChildren(
    h(
      "form",
      { method: "dialog", class: "menu" },
      h("div", { class: "row spread" }, h("h2", null, t("ui.menu")), h("button", { class: "btn btn-small", "aria-label": t("ui.close") }, "✕")),
      row(
        t("ui.language"),
        i18n.LANGS.map((code) =>
          h(
            "button",
            {
              type: "button",
              class: "chip",
              lang: code,
              "data-lang": code,
              "aria-pressed": i18n.getLang() === code ? "true" : "false",
              onclick: () => {
                i18n.setLang(code);
                $("lang-now").textContent = code.toUpperCase();
                menu();
                current?.rerender?.();
              },
            },
            { en: "English", hu: "Magyar", da: "Dansk" }[code],
          ),
        ),
      ),
      row(
        t("ui.theme"),
        toggle("pitchside.theme", ["auto", "light", "dark"], [t("ui.theme_auto"), t("ui.theme_light"), t("ui.theme_dark")], applyTheme),
      ),
      row(t("ui.haptics"), toggle("pitchside.haptics", ["on", "off"], [t("ui.on"), t("ui.off")])),
      h(
        "div",
        { class: "menu-row" },
        btn(t("ui.leave"), {
          class: "btn btn-wide",
          onclick: () => {
            dialog.close();
            navigate("/");
          },
        }),
      ),
    ),
  );
  if (!dialog.open) dialog.showModal();
}

async function boot() {
  applyTheme();
  darkQuery.addEventListener("change", applyTheme);
  await i18n.loadShell();
  $("lang-now").textContent = i18n.getLang().toUpperCase();
  $("menu-btn").addEventListener("click", () => menu());
  $("menu-btn").setAttribute("aria-label", t("ui.menu"));
  $("brand").addEventListener("click", (e) => {
    e.preventDefault();
    navigate("/");
  });
  window.addEventListener("popstate", route);
  route();
}

boot();
