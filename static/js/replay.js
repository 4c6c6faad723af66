// The replay at /r/{code}/replay: every step of a finished room, all cards face up. A scrubber,
// step buttons, play at 1×/2×/4×, the log alongside (tap a line to jump to its step), and the
// seed with a Verify button (SHA-256 of the seed against the room's published seed_hash).

import { api } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import {
  bar,
  btn,
  errorText,
  eventText,
  loadTable,
  main,
  navigate,
  setTop,
  statusText,
  t,
  tableCtx,
  toast,
  verifySeed,
} from "./shell.js";

const STEP_MS = 1000; // one step a second at 1×
const SPEEDS = [1, 2, 4];
const LOG_KEEP = 40; // events a view carries (app/rooms/service.py)

// --- Replay ---------------------------------------------------------------------------------

export function replayScreen(code) {
  const state = {
    seq: 0,
    last: 0,
    module: null,
    root: null,
    names: [],
    game: null,
    timer: null,
    speed: 1,
    events: new Map(), // "seq|i" -> event, from every view fetched so far
    rep: null,
    info: null,
  };
  let left = false;
  setTop(t("ui.replay_top", { code }));
  main.replaceChildren(h("p", { class: "muted pad" }, t("ui.loading")));
  const label = h("span", { class: "seq tabnum", id: "replay-seq" });
  const slider = h("input", {
    type: "range",
    class: "scrubber",
    id: "scrubber",
    min: 0,
    value: 0,
    "aria-label": t("ui.replay"),
    oninput: (e) => show(Number(e.target.value)),
  });
  const status = h("div", { class: "status-line", "aria-live": "polite" });
  const logList = h("ol", { class: "log replay-log", id: "replay-log" });
  const playButton = btn("▶", { class: "btn btn-small", id: "replay-play", "aria-label": t("ui.play"), onclick: () => togglePlay() });
  const speedButton = btn("1×", { class: "btn btn-small", id: "replay-speed", onclick: () => nextSpeed() });

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
    state.info = info;
    state.rep = rep;
    state.game = info.game;
    for (const s of info.seats) state.names[s.seat] = s.name ?? "";
    state.last = info.seq ?? (rep.actions.length ? rep.actions[rep.actions.length - 1].seq : 0);
    slider.max = state.last;
    await i18n.loadGame(info.game);
    state.module = await loadTable(info.game);
    if (left) return;
    state.root = h("div", { class: `table table-${info.game}` });
    layout();
    show(0);
    fillLog();
  }

  /** The page around the table: the log and the seed below it, the controls in the bar. */
  function layout() {
    main.replaceChildren(
      status,
      state.root,
      h(
        "section",
        { class: "panel" },
        h("h2", null, t("ui.log")),
        h("p", { class: "muted small" }, t("ui.replay_log_hint")),
        logList,
      ),
      seedPanel(),
    );
    drawBar();
  }

  function nextSpeed() {
    state.speed = SPEEDS[(SPEEDS.indexOf(state.speed) + 1) % SPEEDS.length];
    drawSpeed();
    if (state.timer) startTimer();
  }

  function drawSpeed() {
    speedButton.textContent = `${state.speed}×`;
    speedButton.setAttribute("aria-label", `${t("ui.speed")} ${state.speed}×`);
  }

  function drawBar() {
    const step = (d) => () => show(Math.max(0, Math.min(state.last, state.seq + d)));
    drawSpeed();
    bar.replaceChildren(
      h(
        "div",
        { class: "bar-stack" },
        h("div", { class: "row scrub-row" }, label, slider),
        h(
          "div",
          { class: "row spread" },
          btn("|◂", { class: "btn btn-small", "aria-label": t("ui.first"), onclick: () => show(0) }),
          btn("◂", { class: "btn btn-small", id: "replay-back", "aria-label": t("ui.back"), onclick: step(-1) }),
          playButton,
          btn("▸", { class: "btn btn-small", id: "replay-next", "aria-label": t("ui.next"), onclick: step(1) }),
          btn("▸|", { class: "btn btn-small", "aria-label": t("ui.last"), onclick: () => show(state.last) }),
          speedButton,
        ),
      ),
    );
  }

  function startTimer() {
    clearInterval(state.timer);
    playButton.textContent = "❚❚";
    state.timer = setInterval(() => {
      if (state.seq >= state.last) stopTimer();
      else show(state.seq + 1);
    }, STEP_MS / state.speed);
  }

  function stopTimer() {
    clearInterval(state.timer);
    state.timer = null;
    playButton.textContent = "▶";
  }

  function togglePlay() {
    if (state.timer) stopTimer();
    else {
      if (state.seq >= state.last) show(0);
      startTimer();
    }
  }

  function seedPanel() {
    const { seed } = state.rep;
    const hash = state.rep.seed_hash || state.info.seed_hash;
    const verdict = h("span", { class: "verdict", id: "verdict", "aria-live": "polite" });
    const verify = btn(t("ui.verify"), {
      class: "btn btn-small",
      id: "verify",
      onclick: async () => {
        const ok = await verifySeed(seed, hash);
        verdict.textContent = ok === null ? "–" : ok ? `✓ ${t("ui.verified")}` : `✗ ${t("ui.not_verified")}`;
        verdict.className = `verdict ${ok ? "ok" : "bad"}`;
      },
    });
    return h(
      "section",
      { class: "panel seed-panel" },
      h("h2", null, t("ui.fair_shuffle")),
      h("p", { class: "small mono" }, `${t("ui.seed")}: ${seed}`),
      h("p", { class: "small mono" }, `SHA-256: ${hash}`),
      h("div", { class: "row" }, verify, verdict),
    );
  }

  /** The whole match's log, beside the table from the start: each view carries its newest
   * LOG_KEEP events, so walk back from the last step, one window at a time. */
  async function fillLog() {
    let seq = state.last;
    while (!left) {
      let step;
      try {
        step = await api.replayStep(code, seq);
      } catch {
        return;
      }
      const log = step.view.log || [];
      addEvents(log);
      if (log.length < LOG_KEEP) return; // the window reaches back to the first event
      const first = Math.min(...log.map((e) => e.seq));
      const next = first < seq ? first : seq - 1; // that step again: its events may be cut off
      if (next < 0) return;
      seq = next;
    }
  }

  function addEvents(log) {
    const before = state.events.size;
    const perSeq = new Map();
    const seqs = (log || []).map((e) => e.seq);
    const full = seqs.length >= LOG_KEEP && Math.min(...seqs) < Math.max(...seqs);
    const first = full ? Math.min(...seqs) : -1;
    for (const e of log || []) {
      if (e.seq === first) continue; // a full window may hold only the tail of its first step
      const i = perSeq.get(e.seq) ?? 0;
      perSeq.set(e.seq, i + 1);
      state.events.set(`${e.seq}|${i}`, e);
    }
    if (state.events.size !== before) drawLog();
  }

  /** The ctx of a replay: nobody's seat, nothing to send, a bar that is not on screen. */
  function replayCtx() {
    return tableCtx({
      game: state.game,
      send: () => null,
      busy: true,
      names: state.names,
      seats: state.info.seats,
      you: null,
      bar: h("div"),
    });
  }

  /** A log line: the game's own `logText(event, ctx, view)` when table.js exports one. */
  function lineText(e) {
    const ctx = replayCtx();
    if (state.module?.logText) {
      try {
        const text = state.module.logText(e, ctx, state.view);
        if (text) return text;
      } catch (err) {
        console.error(err);
      }
    }
    return eventText(state.game, e, state.names);
  }

  function drawLog() {
    const items = [...state.events.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    logList.replaceChildren(
      ...items.map((e) =>
        h(
          "li",
          {
            class: ["replay-line", e.seq > state.seq && "future", e.seq === state.seq && "now"],
            "data-seq": e.seq,
          },
          h(
            "button",
            {
              type: "button",
              class: "log-jump",
              "aria-label": `${t("ui.jump_to", { seq: e.seq })}: ${lineText(e)}`,
              onclick: () => {
                stopTimer();
                show(e.seq);
              },
            },
            h("span", { class: "seq" }, String(e.seq ?? "")),
            " ",
            lineText(e),
          ),
        ),
      ),
    );
    markLog();
  }

  function markLog() {
    for (const li of logList.children) {
      const seq = Number(li.dataset.seq);
      li.classList.toggle("future", seq > state.seq);
      li.classList.toggle("now", seq === state.seq);
    }
    // keep the newest line up to this step in the middle of the list (the top at the start)
    const done = [...logList.children].filter((li) => Number(li.dataset.seq) <= state.seq).pop();
    logList.scrollTop = done ? done.offsetTop - logList.clientHeight / 2 : 0;
  }

  async function show(seq) {
    state.seq = seq;
    slider.value = seq;
    label.textContent = `${t("ui.step")} ${seq}/${state.last}`;
    markLog();
    let step;
    try {
      step = await api.replayStep(code, seq);
    } catch (err) {
      toast(errorText(err));
      return;
    }
    if (left || state.seq !== seq) return;
    const view = { ...step.view, seq: step.seq, you: null, legal: [] };
    state.view = view;
    addEvents(view.log);
    const ctx = replayCtx();
    status.textContent = statusText(view, ctx, state.module);
    try {
      state.module.render(state.root, view, ctx);
    } catch (err) {
      console.error(err);
      (await import("/static/js/games/generic.js")).render(state.root, view, ctx);
    }
  }

  start();
  return {
    leave() {
      left = true;
      clearInterval(state.timer);
    },
    rerender: () => {
      if (!state.module) return;
      layout();
      drawLog();
      show(state.seq);
    },
  };
}
