// Home: pick a game, its mode and options, your name, and create a room; or join by code.

import { api, getName, saveName, saveSeat } from "./api.js";
import { renderMyCrews } from "./crew.js";
import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import {
  bar,
  btn,
  errorText,
  gameName,
  games,
  humanize,
  loadOptionLabels,
  main,
  modeName,
  navigate,
  range,
  t,
  toast,
} from "./shell.js";

const CODE_RE = /^[A-HJKMNP-Z2-9]{6}$/;
// --- Home -----------------------------------------------------------------------------------

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

export function homeScreen() {
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

  let fixed = null; // {lang, name, join}: the sections draw() keeps in place

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
            // options a seat owns (Hat Trick's teams) are chosen by each player in the lobby
            Object.entries(state.options).filter(([name]) => !(name in (state.mode.owners || {}))).map(([name, value]) =>
              optionField(name, value, state.labels[name], (v) => {
                state.options[name] = v;
              }),
            ),
          ),
        ),
      );
    }
    const nameNumber = state.mode && Object.keys(state.mode.options || {}).length ? 4 : 3;
    if (!fixed || fixed.lang !== i18n.getLang()) {
      // The name field and the code field stay in place across redraws: moving a field while
      // someone types in it would drop its focus and the next keystrokes.
      const field = h("div", { class: "field" }, h("label", { for: "name", class: "sr" }, t("ui.your_name")), nameInput);
      fixed = { lang: i18n.getLang(), name: step(nameNumber, t("ui.your_name"), field), join: joinByCode() };
      const crews = h("section", { class: "step my-crews" });
      renderMyCrews(crews);
      form.replaceChildren(fixed.name, fixed.join, crews);
    }
    fixed.name.querySelector(".step-n").textContent = String(nameNumber);
    while (form.firstChild && form.firstChild !== fixed.name) form.firstChild.remove();
    fixed.name.before(...parts);
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
      btn(`${t("ui.history")} ▸`, { onclick: () => navigate("/history") }),
    ),
    h("p", { class: "hint", id: "code-hint" }, t("ui.code_hint")),
  );
}

