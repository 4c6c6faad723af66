// @ts-check
// Home: pick a game, its mode and options, your name, and create a room; or join by code.

import { api, getName, saveName, saveSeat } from "./api.js";
import { renderMyCrews } from "./crew.js";
import { howToLink, joinByCode, optionField } from "./home-parts.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import {
  bar,
  btn,
  errorText,
  gameName,
  games,
  loadOptionLabels,
  main,
  modeName,
  navigate,
  range,
  t,
  toast,
} from "./shell.js";

// --- Home -----------------------------------------------------------------------------------

/**
 * @returns {ShellScreen}
 */
export function homeScreen() {
  /** @type {{game: GameSpec | null, mode: ModeSpec | null, options: Json, labels: Json, list: GameSpec[]}} */
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
  const why = h("p", { class: "bar-note", id: "create-why", "aria-live": "polite" });
  bar.replaceChildren(h("div", { class: "bar-stack" }, why, create));

  /** "Create room" is enabled once game, mode and name are there; else it says what is missing. */
  function updateCreate() {
    const missing = !state.game ? "ui.create_needs_game" : !state.mode ? "ui.create_needs_mode" : !nameInput.value.trim() ? "ui.create_needs_name" : null;
    create.disabled = missing !== null;
    why.textContent = missing ? t(missing) : "";
    why.hidden = !missing;
    if (missing) create.setAttribute("aria-describedby", "create-why");
    else create.removeAttribute("aria-describedby");
  }

  async function createRoom() {
    const name = nameInput.value.trim();
    if (!name || !state.game || !state.mode) return;
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

  /**
   * @param {number} n
   * @param {string} title
   * @param {...any} body
   */
  function step(n, title, ...body) {
    return h(
      "section",
      { class: "step" },
      h("h2", null, h("span", { class: "step-n" }, String(n)), title),
      ...body,
    );
  }

  /** @type {{lang: string, name: HTMLElement, join: HTMLElement} | null} */
  let fixed = null; // {lang, name, join}: the sections draw() keeps in place

  function draw() {
    const parts = [];
    let n = 1; // steps are numbered as they show: 1 game, 2 mode, 3 options (if any), then name
    parts.push(
      step(
        n++,
        t("ui.pick_game"),
        h(
          "div",
          { class: "choices", role: "group" },
          state.list.map((g) => {
            const ranges = range({
              min_players: Math.min(...g.modes.map((m) => m.min_players)),
              max_players: Math.max(...g.modes.map((m) => m.max_players)),
            });
            return h(
              "button",
              {
                type: "button",
                class: "choice",
                "aria-pressed": state.game?.id === g.id ? "true" : "false",
                onclick: () => pickGame(g),
              },
              h(
                "span",
                { class: "choice-title" },
                h("span", { class: "choice-name" }, gameName(g, g.id)),
                // what the game is, in the server's words, where its own name says it less
                i18n.pick(g.name, g.id) !== gameName(g, g.id) ? h("span", { class: "choice-sub" }, i18n.pick(g.name, g.id)) : null,
              ),
              h("span", { class: "choice-meta" }, t("ui.players", { n: ranges })),
            );
          }),
        ),
        state.game ? howToLink(state.game) : null,
      ),
    );
    if (state.game) {
      parts.push(
        step(
          n++,
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
                `${modeName(state.game?.id, m.id)} · ${range(m)}`,
              ),
            ),
          ),
        ),
      );
    }
    if (state.mode && Object.keys(state.mode.options || {}).length) {
      parts.push(
        step(
          n++,
          t("ui.options"),
          h(
            "details",
            { class: "options" },
            h("summary", null, t("ui.options_summary")),
            // options a seat owns (Hat Trick's teams) are chosen by each player in the lobby
            Object.entries(state.options).filter(([name]) => !(name in (state.mode?.owners || {}))).map(([name, value]) =>
              optionField(name, value, state.labels[name], (v) => {
                state.options[name] = v;
              }),
            ),
          ),
        ),
      );
    }
    const nameNumber = n;
    if (!fixed || fixed.lang !== i18n.getLang()) {
      // The name field and the code field stay in place across redraws: moving a field while
      // someone types in it would drop its focus and the next keystrokes.
      const field = h("div", { class: "field" }, h("label", { for: "name", class: "sr" }, t("ui.your_name")), nameInput);
      fixed = { lang: i18n.getLang(), name: step(nameNumber, t("ui.your_name"), field), join: joinByCode() };
      const crews = h("section", { class: "step my-crews" });
      renderMyCrews(crews);
      form.replaceChildren(fixed.name, fixed.join, crews);
    }
    /** @type {HTMLElement} step() made it */ (fixed.name.querySelector(".step-n")).textContent = String(nameNumber);
    while (form.firstChild && form.firstChild !== fixed.name) form.firstChild.remove();
    fixed.name.before(...parts);
    updateCreate();
  }

  /**
   * @param {GameSpec} g
   */
  async function pickGame(g) {
    state.game = g;
    state.mode = null;
    await i18n.loadGame(g.id);
    state.labels = await loadOptionLabels(g.id);
    if (g.modes.length === 1) pickMode(g.modes[0]);
    else draw();
  }

  /**
   * @param {ModeSpec} m
   */
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
