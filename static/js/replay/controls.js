// @ts-check
// The replay's controls in the action bar: the scrubber, first/back/play/next/last, and the
// speed (1×/2×/4×).

import { h } from "../dom.js";
import { bar, btn, t } from "../shell.js";

const STEP_MS = 1000; // one step a second at 1×
const SPEEDS = [1, 2, 4];

/**
 * @param {ReplayState} state
 */
export function makeControls(state) {
  state.label = h("span", { class: "seq tabnum", id: "replay-seq" });
  state.slider = h("input", {
    type: "range",
    class: "scrubber",
    id: "scrubber",
    min: 0,
    value: 0,
    "aria-label": t("ui.replay"),
    oninput: (e) => state.show(Number(e.target.value)),
  });
  state.playButton = btn("▶", { class: "btn btn-small", id: "replay-play", "aria-label": t("ui.play"), onclick: () => togglePlay(state) });
  state.speedButton = btn("1×", { class: "btn btn-small", id: "replay-speed", onclick: () => nextSpeed(state) });
}

/**
 * @param {ReplayState} state
 */
function nextSpeed(state) {
  state.speed = SPEEDS[(SPEEDS.indexOf(state.speed) + 1) % SPEEDS.length];
  drawSpeed(state);
  if (state.timer) startTimer(state);
}

/**
 * @param {ReplayState} state
 */
function drawSpeed(state) {
  state.speedButton.textContent = `${state.speed}×`;
  state.speedButton.setAttribute("aria-label", `${t("ui.speed")} ${state.speed}×`);
}

/**
 * @param {ReplayState} state
 */
export function drawBar(state) {
  const step = (d) => () => state.show(Math.max(0, Math.min(state.last, state.seq + d)));
  drawSpeed(state);
  bar.replaceChildren(
    h(
      "div",
      { class: "bar-stack" },
      h("div", { class: "row scrub-row" }, state.label, state.slider),
      h(
        "div",
        { class: "row spread" },
        btn("|◂", { class: "btn btn-small", "aria-label": t("ui.first"), onclick: () => state.show(0) }),
        btn("◂", { class: "btn btn-small", id: "replay-back", "aria-label": t("ui.back"), onclick: step(-1) }),
        state.playButton,
        btn("▸", { class: "btn btn-small", id: "replay-next", "aria-label": t("ui.next"), onclick: step(1) }),
        btn("▸|", { class: "btn btn-small", "aria-label": t("ui.last"), onclick: () => state.show(state.last) }),
        state.speedButton,
      ),
    ),
  );
}

/**
 * @param {ReplayState} state
 */
function startTimer(state) {
  clearInterval(state.timer);
  state.playButton.textContent = "❚❚";
  state.timer = setInterval(() => {
    if (state.seq >= state.last) stopTimer(state);
    else state.show(state.seq + 1);
  }, STEP_MS / state.speed);
}

/**
 * @param {ReplayState} state
 */
export function stopTimer(state) {
  clearInterval(state.timer);
  state.timer = null;
  state.playButton.textContent = "▶";
}

/**
 * @param {ReplayState} state
 */
function togglePlay(state) {
  if (state.timer) stopTimer(state);
  else {
    if (state.seq >= state.last) state.show(0);
    startTimer(state);
  }
}
