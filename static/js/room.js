// A room at /r/{code}: join, lobby, the game table, the result and the rematch.

import { api, forgetSeat, getName, getSeat, saveName, saveSeat } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { RoomSocket } from "./socket.js";
import {
  bar,
  btn,
  buzz,
  clockChip,
  clockIsLow,
  clockLeft,
  errorText,
  eventText,
  gameName,
  hideBanner,
  loadOptionLabels,
  loadTable,
  main,
  modeName,
  modeSpec,
  navigate,
  setTop,
  showBanner,
  statusText,
  t,
  tableCtx,
  tickClocks,
  toast,
  verifySeed,
} from "./shell.js";

// --- Room: join / lobby / table / result ----------------------------------------------------

const SENDING_AFTER_MS = 300; // UX §4.1: "Sending…" once an action waits this long
const CLOCK_TICK_MS = 250;

export function roomScreen(code) {
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
    clockTimer: null,
    viewAt: 0, // Date.now() when the current view arrived (clocks count from it)
    buzzedAt: null, // the seq whose "10 s left" buzz was given
    bannerTimer: null,
    bannerShown: false,
    lastToAct: false,
    awayToasted: new Set(), // seats whose "is away — the bot plays" was toasted (once per absence)
    rematch: null,
    left: false,
  };
  setTop(code);
  main.replaceChildren(h("p", { class: "muted pad" }, t("ui.loading")));

  function leave() {
    room.left = true;
    room.sock?.stop();
    clearInterval(room.pollTimer);
    clearInterval(room.clockTimer);
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
    room.optionLabels = await loadOptionLabels(room.info.game);
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
          s.seat === 0 ? "♛ " : null,
          s.bot ? "⚙ " : null,
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
        const previous = room.view;
        room.view = { ...msg.view, seq: msg.seq };
        room.viewAt = Date.now();
        if (previous) standInToasts(previous.seq);
        if (seatsMayHaveChanged(previous, room.view)) refreshInfo();
        room.info.status = room.view.status;
        if (room.view.status === "lobby") {
          lobbySeats(room.view.public?.seats);
          if (room.view.public?.options) room.info.options = room.view.public.options;
        }
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
        const known = new Set(room.info.seats.map((x) => x.seat));
        // a new seat, or (during a match) maybe someone came back from away
        if ((msg.seats || []).some((p) => !known.has(p.seat)) || room.view?.status === "playing") refreshInfo();
        mergePresence();
        draw();
      },
      onRematch: (msg) => gotRematch(msg),
      onBadToken: () => badToken(),
      onGone: () => {
        quiet();
        unknownRoom();
      },
      onConnection: (live) => connection(live),
    });
    room.sock.start();
    clearInterval(room.pollTimer);
    room.pollTimer = setInterval(() => {
      if (room.view?.status === "lobby" && document.visibilityState === "visible") refreshInfo();
    }, 10000);
  }

  /** The lobby view names every seat; presence says who is connected. */
  function lobbySeats(seats) {
    if (!Array.isArray(seats)) {
      refreshInfo();
      return;
    }
    const before = new Map(room.info.seats.map((x) => [x.seat, x.connected]));
    room.info.seats = seats.map((x) => ({ ...x, connected: x.bot || before.get(x.seat) || false }));
    mergePresence();
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

  /** The same step sent again without new odds: the seats changed (one handed to the bot,
   * or back), so the room's seats are worth a fresh look. Without a clock (whose `away` each
   * view carries) so is every step while the seats say someone is away: the same step sent
   * again may have been overtaken by a newer one (newest view wins). */
  function seatsMayHaveChanged(previous, view) {
    const unclocked = view.status === "playing" && !view.public?.clock; // no clock.away to go by
    if (unclocked && room.info?.seats?.some((s) => s.away)) return true;
    if (!previous || previous.seq !== view.seq || view.status !== "playing") return false;
    const odds = (v) => JSON.stringify([v.public?.odds, v.private?.odds]);
    return odds(previous) === odds(view);
  }

  /** "⚙ played for Bence" as a toast too: the table moved without anyone's tap. */
  function standInToasts(afterSeq) {
    for (const e of room.view.log || []) {
      if (e.event !== "stand_in" || e.seq <= afterSeq) continue;
      if (e.reason === "away") {
        if (room.awayToasted.has(e.seat)) continue;
        room.awayToasted.add(e.seat);
      }
      const text = eventText(room.view.game, e, names());
      // one toast per sentence at a time: fast clocks must not stack the screen full
      const shown = [...document.querySelectorAll("#toasts .toast")].some((x) => x.textContent === text);
      if (!shown) toast(text, "info");
    }
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

  /** Stops drawing the room's views: for the screens that replace it. */
  function quiet() {
    room.view = null;
    room.sock = null;
    clearTimeout(room.bannerTimer);
    hideBanner();
  }

  function badToken() {
    forgetSeat(code);
    room.seat = null;
    quiet();
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
    if (room.left) return; // the socket's rematch message and the host's own call both land here
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
    if (status === "lobby") renderLobby(room, { maxSeats, seated, titleLine, refreshInfo, draw });
    else tableScreen();
  }

  // Table -------------------------------------------------------------------------------------
  async function ensureTable(game) {
    if (room.table?.game === game) return room.table;
    const module = await loadTable(game);
    bar.replaceChildren();
    room.table = { game, module, root: h("div", { class: `table table-${game}` }) };
    return room.table;
  }

  function makeCtx() {
    const sock = room.sock;
    return tableCtx({
      game: room.view.game,
      send: (action) => {
        const cid = sock ? sock.send(action) : null;
        if (cid) {
          setTimeout(() => draw(), 0);
          setTimeout(() => draw(), SENDING_AFTER_MS + 10);
        }
        return cid;
      },
      busy: !sock || sock.busy,
      names: names(),
      seats: room.info?.seats || [],
      you: room.view.you ?? null,
      bar,
    });
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
      table.statusText = h("span", { class: "status-text" });
      table.helpText = h("p", { class: "status-help", hidden: true });
      table.helpButton = h(
        "button",
        {
          type: "button",
          class: "help-btn",
          "aria-label": t("ui.how_phase_works"),
          "aria-expanded": "false",
          onclick: () => {
            table.helpText.hidden = !table.helpText.hidden;
            table.helpButton.setAttribute("aria-expanded", String(!table.helpText.hidden));
          },
        },
        "?",
      );
      table.statusClock = h("span", { class: "status-clock" });
      table.status = h(
        "div",
        { class: "status-line", id: "status" },
        h(
          "div",
          { class: "status-row" },
          h("span", { class: "status-text-wrap", "aria-live": "polite" }, table.statusText),
          table.statusClock,
          table.helpButton,
        ),
        table.helpText,
      );
      table.seats = h("ul", { class: "seat-strip table-seats", id: "table-seats" });
      table.result = h("div", { class: "result-slot" });
    }
    table.status.dataset.seq = view.seq;
    if (table.status.parentNode !== main) {
      main.replaceChildren(table.status, table.seats, table.result, table.root);
    }
    drawClocks(view, table);
    const pending = room.sock?.pending;
    const sending = pending && Date.now() - pending.at >= SENDING_AFTER_MS;
    table.statusText.textContent = statusText(view, ctx, table.module) + (sending ? ` · ${t("ui.sending")}` : "");
    const helpKey = `${view.game}.help.${view.phase}`;
    table.helpButton.hidden = !i18n.has(helpKey);
    if (table.helpKey !== helpKey) {
      table.helpKey = helpKey;
      table.helpText.hidden = true;
      table.helpButton.setAttribute("aria-expanded", "false");
    }
    table.helpText.textContent = i18n.has(helpKey) ? t(helpKey) : "";
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

  /** The seats of a clocked match (or one with a seat handed to the bot): ⚙, away, and a
   * countdown chip on each seat we wait for; the status line's chip for the seat that matters
   * most here (you, or the one we wait for). */
  function drawClocks(view, table) {
    const left = clockLeft(view, room.viewAt);
    const clock = view.status === "playing" ? view.public?.clock : null;
    const away = awaySeats(view);
    for (const seat of room.awayToasted) if (!away.has(seat)) room.awayToasted.delete(seat);
    const n = names();
    const waiting = Object.keys(left).map(Number);
    const focus = waiting.includes(view.you)
      ? view.you
      : waiting.sort((a, b) => left[a] - left[b])[0];
    const turnMs = (clock?.turn_seconds ?? 0) * 1000;
    table.statusClock.replaceChildren(focus === undefined ? "" : clockChip(focus, left[focus], n[focus], turnMs));
    table.seats.hidden = !clock && !away.size;
    table.seats.replaceChildren();
    if (!table.seats.hidden) {
      const toAct = new Set(view.to_act || []);
      table.seats.replaceChildren(
        ...seated().map((s) =>
          h(
            "li",
            { class: ["table-seat", toAct.has(s.seat) && "to-act", s.seat === view.you && "you"], "data-seat": s.seat },
            h("span", { class: "seat-n" }, String(s.seat + 1)),
            s.bot ? "⚙ " : null,
            h("span", { class: "seat-who" }, s.name),
            away.has(s.seat) ? h("span", { class: "away-tag" }, `⚙ ${t("ui.away_tag")}`) : null,
            left[s.seat] !== undefined ? clockChip(s.seat, left[s.seat], s.name, turnMs) : null,
          ),
        ),
      );
    }
    clearInterval(room.clockTimer);
    room.clockTimer = waiting.length ? setInterval(tick, CLOCK_TICK_MS) : null;
  }

  /** Seats the bot plays for their absent player: from the clock, or the room's seats. */
  function awaySeats(view) {
    if (view.status !== "playing") return new Set();
    const clock = view.public?.clock;
    if (clock) return new Set(clock.away || []); // the view of this very step knows best
    return new Set(room.info.seats.filter((s) => s.away).map((s) => s.seat));
  }

  function tick() {
    const view = room.view;
    if (room.left || !view || !room.table) return;
    const left = clockLeft(view, room.viewAt);
    const mine = left[view.you];
    if (clockIsLow(mine) && mine > 0 && room.buzzedAt !== view.seq) {
      room.buzzedAt = view.seq;
      buzz(15);
    }
    if (!tickClocks(main, left)) clearInterval(room.clockTimer);
  }

  function resultPanel(view, ctx, module) {
    const result = view.result || {};
    const winners = result.winners || [];
    const n = names();
    let headline;
    if (!winners.length || winners.length === n.length) headline = t("ui.draw");
    else if (winners.length === 1) headline = t("ui.wins", { name: n[winners[0]] ?? "?" });
    else headline = t("ui.win_many", { names: winners.map((w) => n[w]).join(", ") });
    const score = view.public?.score;
    let scoreLine = Array.isArray(score) ? h("p", { class: "score big" }, `${score[0]} – ${score[1]}`) : null;
    if (module.resultScore) {
      try {
        scoreLine = module.resultScore(view, ctx) ?? scoreLine; // in the table's own orientation
      } catch (err) {
        console.error(err);
      }
    }
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
      scoreLine,
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
        const ok = await verifySeed(seed, hash);
        if (ok !== null) line.append(ok ? `✓ ${t("ui.verified")}` : `✗ ${t("ui.not_verified")}`);
      })
      .catch(() => {});
    return line;
  }

  load();
  function rerender() {
    if (room.view) draw();
    else if (room.info && !room.sock) joinPanel();
  }

  /** The current phase's help text (the "?" of the status line), for the ☰ menu. */
  function help() {
    const key = room.view && `${room.view.game}.help.${room.view.phase}`;
    return key && i18n.has(key) ? t(key) : null;
  }

  /** The host's ☰ during a match: hand each human seat to the bot, or give it back. */
  function menuRows() {
    const view = room.view;
    if (!isHost() || view?.status !== "playing") return null;
    const away = awaySeats(view);
    const humans = seated().filter((s) => !s.bot);
    return h(
      "div",
      { class: "menu-row", id: "menu-away" },
      h("span", { class: "menu-label" }, t("ui.hand_to_bot")),
      h(
        "div",
        { class: "row" },
        humans.map((s) => {
          const isAway = away.has(s.seat);
          const button = btn(isAway ? t("ui.give_back", { name: s.name }) : t("ui.hand_seat", { name: s.name }), {
            class: ["btn btn-small", isAway && "is-away"],
            "data-seat": s.seat,
            onclick: async () => {
              button.disabled = true;
              try {
                await api.setAway(code, room.seat.token, s.seat, !isAway);
                const mine = room.info.seats.find((x) => x.seat === s.seat);
                if (mine) mine.away = !isAway;
                if (!isAway) room.awayToasted.add(s.seat);
                await refreshInfo();
                draw();
                toast(isAway ? t("ui.give_back", { name: s.name }) : t("ui.stand_in_away", { name: s.name }), "ok");
              } catch (err) {
                toast(errorText(err));
              }
              button.closest("dialog")?.close();
            },
          });
          return button;
        }),
      ),
    );
  }

  return { leave, rerender, help, menuRows };
}

