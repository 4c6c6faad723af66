// @ts-check
// The replay at /r/{code}/replay: every step of a finished room, all cards face up. A scrubber,
// step buttons, play at 1×/2×/4× (controls.js), the log alongside, tap a line to jump to its
// step (log.js), and the seed with a Verify button (seed.js). All state of one replay screen
// lives in the `state` object made here.

import { api } from "../api.js";
import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { bar, btn, errorText, loadTable, main, navigate, setTop, statusText, t, tableCtx, toast } from "../shell.js";
import { drawBar, makeControls } from "./controls.js";
import { addEvents, drawLog, fillLog, markLog } from "./log.js";
import { seedPanel } from "./seed.js";

/**
 * @param {string} code
 * @returns {ShellScreen}
 */
export function replayScreen(code) {
  // filled in by makeControls() and start() before anything reads it
  const state = /** @type {ReplayState} */ (/** @type {unknown} */ ({
    code,
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
    view: null,
    left: false,
    status: h("div", { class: "status-line", "aria-live": "polite" }),
    logList: h("ol", { class: "log replay-log", id: "replay-log" }),
  }));
  state.show = (seq) => show(state, seq);
  state.ctx = () => replayCtx(state);
  makeControls(state);
  setTop(t("ui.replay_top", { code }));
  main.replaceChildren(h("p", { class: "muted pad" }, t("ui.loading")));
  start(state);
  return {
    leave() {
      state.left = true;
      clearInterval(state.timer);
    },
    rerender: () => {
      if (!state.module) return;
      layout(state);
      drawLog(state);
      show(state, state.seq);
    },
    game: () => state.game,
  };
}

/**
 * @param {ReplayState} state
 */
async function start(state) {
  let info;
  let rep;
  try {
    [info, rep] = await Promise.all([api.room(state.code), api.replay(state.code)]);
  } catch (err) {
    main.replaceChildren(h("section", { class: "panel center" }, h("h1", null, errorText(err))));
    bar.replaceChildren(
      btn(t("ui.back_to_room"), { onclick: () => navigate(`/r/${state.code}`) }),
      btn(t("ui.home"), { onclick: () => navigate("/") }),
    );
    return;
  }
  state.info = info;
  state.rep = rep;
  state.game = info.game;
  for (const s of info.seats) state.names[s.seat] = s.name ?? "";
  state.last = info.seq ?? (rep.actions.length ? rep.actions[rep.actions.length - 1].seq : 0);
  state.slider.max = String(state.last);
  await i18n.loadGame(info.game);
  state.module = await loadTable(info.game);
  if (state.left) return;
  state.root = h("div", { class: `table table-${info.game}` });
  layout(state);
  show(state, 0);
  fillLog(state);
}

/**
 * The page around the table: the log and the seed below it, the controls in the bar.
 * @param {ReplayState} state
 */
function layout(state) {
  main.replaceChildren(
    state.status,
    state.root,
    h(
      "section",
      { class: "panel" },
      h("h2", null, t("ui.log")),
      h("p", { class: "muted small" }, t("ui.replay_log_hint")),
      state.logList,
    ),
    seedPanel(state),
  );
  drawBar(state);
}

/**
 * The ctx of a replay: nobody's seat, nothing to send, a bar that is not on screen.
 * @param {ReplayState} state
 */
function replayCtx(state) {
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

/**
 * @param {ReplayState} state
 * @param {number} seq
 */
async function show(state, seq) {
  state.seq = seq;
  state.slider.value = String(seq);
  state.label.textContent = `${t("ui.step")} ${seq}/${state.last}`;
  markLog(state);
  let step;
  try {
    step = await api.replayStep(state.code, seq);
  } catch (err) {
    toast(errorText(err));
    return;
  }
  if (state.left || state.seq !== seq) return;
  const view = { ...step.view, seq: step.seq, you: null, legal: [] };
  state.view = view;
  addEvents(state, view.log);
  const ctx = replayCtx(state);
  state.status.textContent = statusText(view, ctx, state.module);
  try {
    state.module.render(state.root, view, ctx);
  } catch (err) {
    console.error(err);
    (await import("/static/js/games/generic.js")).render(state.root, view, ctx);
  }
}

