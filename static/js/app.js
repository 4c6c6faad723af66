// @ts-check
// Pitchside client shell: router and screens (Home, Join, Lobby, table, result, replay).
//
// GAME TABLE CONTRACT (full text: static/js/games/README.md)
// Once a room's status is "playing" or "finished", the shell imports
//   /static/js/games/<game>/table.js
// and calls `render(root, view, ctx)` on every new view (and after an ack or a connection
// change, with the same view). If that module is missing, static/js/games/generic.js is used.
//   root  an element that stays the same for the whole room (class "table table-<game>")
//   view  the docs/PROTOCOL.md view, verbatim, plus `seq`
//   ctx = {
//     send(action)   -> cid | null   sends {"type":"act","cid":<unique>,"action":action};
//                                    pass an element of view.legal unchanged; null while one
//                                    action is in flight; kept and re-sent after a reconnect
//     busy           true while an action is in flight or the socket is down (lock controls)
//     t(key, vars)   shell keys (term.* = UX §5 glossary, ui.*) and "<game>.<key>" from
//                    static/js/games/<game>/i18n.json ({"en":{},"hu":{},"da":{}}, loaded once)
//     names          [seat names], seats [{seat,name,bot,connected}], you (seat | null),
//     lang           "en" | "hu" | "da",   h  the DOM builder of dom.js (text, never HTML)
//     bar            the bottom action-bar element (yours to fill, like root)
//     money(n), eventText(event), toast(text)
//   }
// Optional in table.js: `status(view, ctx)` -> string (overrides the status line) and
// `renderResult(el, view, ctx)` (game totals on the result panel). Optional per game:
// table.css (linked once), i18n.json, options.js (`export const options = {name: {label:
// {en,hu,da}, choices: [...]}}`) for the option labels on Home.

import { crewScreen } from "./crew.js";
import { h } from "./dom.js";
import { historyScreen } from "./history.js";
import { homeScreen } from "./home.js";
import { howScreen } from "./howto.js";
import * as i18n from "./i18n.js";
import { replayScreen } from "./replay/screen.js";
import { learnOn } from "./room/learn.js";
import { roomScreen } from "./room/screen.js";
import { $, bar, btn, main, navigate, setRouter, setTop, t } from "./shell.js";

/** @type {ShellScreen | null} */
let current = null; // the active screen: {leave(), rerender()}

// --- router ---------------------------------------------------------------------------------

function route() {
  current?.leave?.();
  current = null;
  main.replaceChildren();
  bar.replaceChildren();
  bar.hidden = false;
  setTop("");
  window.scrollTo(0, 0);
  if (location.pathname.replace(/\/$/, "") === "/history") {
    current = historyScreen();
    return;
  }
  const crew = location.pathname.match(/^\/c\/([^/]+)\/?$/);
  if (crew) {
    current = crewScreen(decodeURIComponent(crew[1]).toUpperCase());
    return;
  }
  const match = location.pathname.match(/^\/r\/([^/]+)(\/replay)?\/?$/);
  const how = new URLSearchParams(location.search).get("how");
  if (!match && how) {
    current = howScreen(how);
    return;
  }
  if (!match) {
    current = homeScreen();
    return;
  }
  const code = decodeURIComponent(match[1]).toUpperCase();
  current = match[2] ? replayScreen(code) : roomScreen(code);
}

const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

function applyTheme() {
  const chosen = localStorage.getItem("pitchside.theme");
  const theme = chosen === "light" || chosen === "dark" ? chosen : darkQuery.matches ? "dark" : "light";
  document.documentElement.dataset.theme = theme;
}

function menu() {
  /** @type {HTMLDialogElement} */
  const dialog = $("menu");
  /**
   * @param {string} title
   * @param {...any} controls
   */
  const row = (title, ...controls) =>
    h("div", { class: "menu-row" }, h("span", { class: "menu-label" }, title), h("div", { class: "row" }, ...controls));
  /**
   * @param {string} key
   * @param {string[]} values
   * @param {string[]} labels
   * @param {(value: string) => void} [after]
   */
  const toggle = (key, values, labels, after) => {
    const currentValue = localStorage.getItem(key) ?? values[0];
    return values.map((v, i) =>
      h(
        "button",
        {
          type: "button",
          class: "chip",
          "aria-pressed": currentValue === v ? "true" : "false",
          onclick: () => {
            localStorage.setItem(key, v);
            after?.(v);
            menu();
          },
        },
        labels[i],
      ),
    );
  };
  dialog.replaceChildren(
    h(
      "form",
      { method: "dialog", class: "menu" },
      h("div", { class: "row spread" }, h("h2", null, t("ui.menu")), h("button", { class: "btn btn-small", "aria-label": t("ui.close") }, "✕")),
      row(
        t("ui.language"),
        i18n.LANGS.map((code) =>
          h(
            "button",
            {
              type: "button",
              class: "chip",
              lang: code,
              "data-lang": code,
              "aria-pressed": i18n.getLang() === code ? "true" : "false",
              onclick: () => {
                i18n.setLang(code);
                $("lang-now").textContent = code.toUpperCase();
                menu();
                current?.rerender?.();
              },
            },
            { en: "English", hu: "Magyar", da: "Dansk" }[code],
          ),
        ),
      ),
      row(
        t("ui.theme"),
        toggle("pitchside.theme", ["auto", "light", "dark"], [t("ui.theme_auto"), t("ui.theme_light"), t("ui.theme_dark")], applyTheme),
      ),
      row(t("ui.haptics"), toggle("pitchside.haptics", ["on", "off"], [t("ui.on"), t("ui.off")])),
      row(t("ui.learn_setting"), toggle("pitchside.learn", learnOn() ? ["on", "off"] : ["off", "on"], learnOn() ? [t("ui.on"), t("ui.off")] : [t("ui.off"), t("ui.on")])),
      current?.menuRows?.(),
      current?.game?.()
        ? h(
            "div",
            { class: "menu-row" },
            btn(`${t("ui.how_to_play")} ▸`, {
              class: "btn btn-wide",
              id: "menu-how",
              onclick: () => {
                dialog.close();
                navigate(`/?how=${encodeURIComponent(current?.game?.())}`);
              },
            }),
          )
        : null,
      current?.help?.()
        ? h(
            "div",
            { class: "menu-row" },
            h("span", { class: "menu-label" }, t("ui.how_phase_works")),
            h("p", { class: "status-help" }, current?.help?.()),
          )
        : null,
      h(
        "div",
        { class: "menu-row" },
        btn(t("ui.leave"), {
          class: "btn btn-wide",
          onclick: () => {
            dialog.close();
            navigate("/");
          },
        }),
      ),
    ),
  );
  if (!dialog.open) dialog.showModal();
}

async function boot() {
  applyTheme();
  darkQuery.addEventListener("change", applyTheme);
  await i18n.loadShell();
  $("lang-now").textContent = i18n.getLang().toUpperCase();
  $("menu-btn").addEventListener("click", () => menu());
  $("menu-btn").setAttribute("aria-label", t("ui.menu"));
  $("brand").addEventListener("click", (e) => {
    e.preventDefault();
    navigate("/");
  });
  window.addEventListener("popstate", route);
  setRouter(route);
  route();
}

boot();
