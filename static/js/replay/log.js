// @ts-check
// The replay's log beside the table: the whole match's events, fetched window by window, each
// line a sentence (room/log.js) that jumps to its step when tapped.

import { api } from "../api.js";
import { h } from "../dom.js";
import { logText } from "../room/log.js";
import { t } from "../shell.js";
import { stopTimer } from "./controls.js";

const LOG_KEEP = 40; // events a view carries (app/rooms/commands/service.py)

/** Each view carries its newest LOG_KEEP events, so walk back from the last step, one
 * window at a time.
 * @param {ReplayState} state
 */
export async function fillLog(state) {
  let seq = state.last;
  while (!state.left) {
    let step;
    try {
      step = await api.replayStep(state.code, seq);
    } catch {
      return;
    }
    const log = step.view.log || [];
    addEvents(state, log);
    if (log.length < LOG_KEEP) return; // the window reaches back to the first event
    const first = Math.min(...log.map((e) => e.seq));
    const next = first < seq ? first : seq - 1; // that step again: its events may be cut off
    if (next < 0) return;
    seq = next;
  }
}

/**
 * @param {ReplayState} state
 * @param {LogEvent[]} log
 */
export function addEvents(state, log) {
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
  if (state.events.size !== before) drawLog(state);
}

/**
 * @param {ReplayState} state
 */
export function drawLog(state) {
  const ctx = state.ctx();
  const items = [...state.events.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  state.logList.replaceChildren(...items.map((e) => line(state, e, logText(e, state.view, ctx, state.module))));
  markLog(state);
}

/**
 * @param {ReplayState} state
 * @param {LogEvent} e
 * @param {string} text
 */
function line(state, e, text) {
  return h(
    "li",
    { class: ["replay-line", e.seq > state.seq && "future", e.seq === state.seq && "now"], "data-seq": e.seq },
    h(
      "button",
      {
        type: "button",
        class: "log-jump",
        "aria-label": `${t("ui.jump_to", { seq: e.seq })}: ${text}`,
        onclick: () => {
          stopTimer(state);
          state.show(e.seq);
        },
      },
      h("span", { class: "seq" }, String(e.seq ?? "")),
      " ",
      text,
    ),
  );
}

/**
 * @param {ReplayState} state
 */
export function markLog(state) {
  const list = state.logList;
  for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (list.children)) {
    const seq = Number(li.dataset.seq);
    li.classList.toggle("future", seq > state.seq);
    li.classList.toggle("now", seq === state.seq);
  }
  // keep the newest line up to this step in the middle of the list (the top at the start)
  const done = [.../** @type {HTMLCollectionOf<HTMLElement>} */ (list.children)].filter((li) => Number(li.dataset.seq) <= state.seq).pop();
  list.scrollTop = done ? done.offsetTop - list.clientHeight / 2 : 0;
}
