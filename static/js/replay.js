// The replay at /r/{code}/replay: every step of a finished room, all cards face up.

import { api } from "./api.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { bar, btn, errorText, loadTable, main, navigate, setTop, statusText, t, tableCtx, toast } from "./shell.js";

// --- Replay ---------------------------------------------------------------------------------

export function replayScreen(code) {
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
    state.module = await loadTable(info.game);
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
    const ctx = tableCtx({
      game: state.game,
      send: () => null,
      busy: true,
      names: state.names,
      seats: [],
      you: null,
      bar: h("div"),
    });
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

