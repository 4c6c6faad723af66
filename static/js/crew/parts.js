// @ts-check
// Small pieces the crew screens share.

import { h } from "../dom.js";
import { gameName, modeName, navigate } from "../shell.js";

/**
 * A card of the crew page: a heading and its body.
 * @param {string} title
 * @param {Record<string, any> | null} attrs
 * @param {...any} body
 */
export function section(title, attrs, ...body) {
  return h("section", { class: "step crew-section", ...attrs }, h("h2", null, title), ...body);
}

/**
 * "Football Duel · Match" for a game id and mode id, from the /api/games list.
 * @param {GameSpec[]} list
 * @param {string} game
 * @param {string} mode
 */
export function gameMode(list, game, mode) {
  return `${gameLabel(list, game)} · ${modeName(game, mode)}`;
}

/**
 * @param {GameSpec[]} list
 * @param {string} id
 */
export function gameLabel(list, id) {
  return gameName(list.find((g) => g.id === id), id);
}

/**
 * A group of toggle chips: `items` are {label, pressed, onclick, attrs}.
 * @param {string} label
 * @param {{label: string, pressed: boolean, onclick: () => void, attrs?: Record<string, any>}[]} items
 * @param {string} [cls]
 */
export function chips(label, items, cls = "") {
  return h(
    "div",
    { class: `chips ${cls}`.trim(), role: "group", "aria-label": label },
    items.map((item) =>
      h(
        "button",
        { type: "button", class: "chip", "aria-pressed": item.pressed ? "true" : "false", onclick: item.onclick, ...item.attrs },
        item.label,
      ),
    ),
  );
}

/**
 * A link the shell's router follows without reloading the page.
 * @param {string} href
 * @param {Record<string, any> | null} attrs
 * @param {...any} children
 */
export function navLink(href, attrs, ...children) {
  /** @param {Event} e */
  const follow = (e) => {
    e.preventDefault();
    navigate(href);
  };
  return h("a", { href, onclick: follow, ...attrs }, ...children);
}
