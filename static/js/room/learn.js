// @ts-check
// Learn as you play: the first time a phase comes up in a match on this phone, a one-screen
// explanation from `<game>.learn.<phase>` (the tables' i18n.json), dismissable for good
// ("Don't show again", localStorage). ☰ turns it off and on ("pitchside.learn").
// Under automation (navigator.webdriver) it stays off unless "pitchside.learn" is "on", so
// browser tests that do not look for it are not stopped by a sheet they did not expect.

import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { btn, humanize, t } from "../shell.js";

const NEVER = "pitchside.learned."; // + <game>.<phase>: dismissed for good

export function learnOn() {
  const setting = localStorage.getItem("pitchside.learn");
  if (setting) return setting !== "off";
  return !navigator.webdriver;
}

/** ctx.learn(phase); the shell calls it on each phase change. Returns whether it showed. */
export function learn(room, game, phase) {
  const key = `${game}.learn.${phase}`;
  const seen = (room.learned ??= new Set());
  if (!phase || seen.has(key) || !i18n.has(key) || !learnOn()) return false;
  seen.add(key);
  if (localStorage.getItem(NEVER + `${game}.${phase}`)) return false;
  show(game, phase, key);
  return true;
}

function show(game, phase, key) {
  document.getElementById("learn")?.remove();
  const titleKey = `${game}.phase_name.${phase}`;
  const dialog = h(
    "dialog",
    { class: "sheet learn", id: "learn", "aria-labelledby": "learn-title" },
    h(
      "form",
      { method: "dialog", class: "menu" },
      h("p", { class: "eyebrow" }, t("ui.learn_new_phase")),
      h("h2", { id: "learn-title" }, i18n.has(titleKey) ? t(titleKey) : humanize(phase)),
      h("p", { class: "learn-text" }, t(key)),
      h(
        "div",
        { class: "row" },
        btn(t("ui.learn_never"), {
          class: "btn",
          id: "learn-never",
          onclick: () => {
            localStorage.setItem(NEVER + `${game}.${phase}`, "1");
            dialog.close();
          },
        }),
        h("button", { class: "btn btn-primary", id: "learn-ok", autofocus: true }, t("ui.learn_ok")),
      ),
    ),
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.appendChild(dialog);
  dialog.showModal();
}
