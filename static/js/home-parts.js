// @ts-check
// Home's parts: a room option's field, the "How to play" link of the picked game, and
// joining a room by its code.

import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { btn, gameName, humanize, navigate, t, toast } from "./shell.js";

const CODE_RE = /^[A-HJKMNP-Z2-9]{6}$/;

/**
 * @param {string} name
 * @param {unknown} value
 * @param {Json | undefined} meta
 * @param {(value: any) => void} onChange
 */
export function optionField(name, value, meta, onChange) {
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
    // a text option's default in the reader's language where options.js names it
    // (choiceLabels: Focifogadás's "Home" → "Hazai"); the default itself is sent back
    // unless the host types something else
    const shown = i18n.pick(meta?.choiceLabels?.[String(value)], String(value ?? ""));
    input = h("input", { id, type: "text", value: shown, onchange: (e) => onChange(e.target.value === shown ? value : e.target.value) });
  }
  return h("div", { class: "field field-inline" }, h("label", { for: id }, label), input);
}

/**
 * @param {GameSpec} game
 */
export function howToLink(game) {
  return h(
    "p",
    { class: "how-row" },
    h(
      "a",
      {
        href: `/?how=${encodeURIComponent(game.id)}`,
        class: "how-link",
        id: "how-link",
        onclick: (e) => {
          e.preventDefault();
          navigate(`/?how=${encodeURIComponent(game.id)}`);
        },
      },
      `${t("ui.how_to_play")}: ${gameName(game, game.id)} ▸`,
    ),
  );
}

export function joinByCode() {
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

