// @ts-check
// The crews' strings (static/i18n/crew.{en,hu,da}.json, kept by i18n.js) and stylesheet.

import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { errorText } from "../shell.js";

export const tr = i18n.t;

/** Loads the crew strings and static/css/crew.css (each once). */
export function loadCrew() {
  if (!document.querySelector("link[data-crew-css]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/crew.css", "data-crew-css": "" }));
  }
  return i18n.loadPack("crew");
}

/**
 * A crew error in words: the crews' own text for its code, else the shell's.
 * @param {{code?: string, message?: string}} err
 * @returns {string}
 */
export function crewError(err) {
  const key = `crew.error.${err.code}`;
  return i18n.has(key) ? tr(key) : errorText(err);
}
