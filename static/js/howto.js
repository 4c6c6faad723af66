// @ts-check
// "How to play" at /?how=<game> (reachable from ☰, Home and the lobby): a short page per
// game in the current language. Each section comes from the game's own i18n.json
// (`<game>.howto.<section>`, the tables' texts) or else the shell's fallback
// (`howto.<game>.<section>` in static/i18n); each phase's help (`<game>.help.<phase>`) follows.

import { h } from "./dom.js";
import * as i18n from "./i18n.js";
import { bar, btn, gameName, games, main, modeName, navigate, setTop, t } from "./shell.js";

const SECTIONS = ["goal", "setup", "turn", "end"];

/**
 * @param {string} game
 * @param {string} key
 */
function text(game, key) {
  for (const full of [`${game}.howto.${key}`, `howto.${game}.${key}`]) if (i18n.has(full)) return t(full);
  return null;
}

/**
 * @param {string} gameId
 * @returns {ShellScreen}
 */
export function howScreen(gameId) {
  /** @type {GameSpec | null} */
  let spec = null;
  async function draw() {
    await i18n.loadGame(gameId);
    spec ??= (await games().catch(() => [])).find((g) => g.id === gameId) ?? null;
    const name = gameName(spec, gameId);
    setTop(t("ui.how_to_play"));
    const sections = SECTIONS.map((key) => [t(`ui.howto_${key}`), text(gameId, key)]).filter(([, body]) => body);
    const modes = (spec?.modes || []).map((m) => [`${modeName(gameId, m.id)} · ${m.min_players}–${m.max_players}`, text(gameId, `mode.${m.id}`)]);
    const phases = i18n.keys(`${gameId}.help.`).map((key) => [phaseTitle(gameId, key.slice(`${gameId}.help.`.length)), t(key)]);
    main.replaceChildren(
      h(
        "article",
        { class: "panel howto", id: "howto" },
        h("p", { class: "eyebrow" }, t("ui.how_to_play")),
        h("h1", null, name),
        sections.length ? null : h("p", { class: "muted" }, t("ui.howto_missing")),
        ...sections.map(([title, body]) => section(title, body)),
        ...modes.filter(([, body]) => body).map(([title, body]) => section(title, body)),
        phases.length ? h("h2", { class: "howto-phases" }, t("ui.howto_phases")) : null,
        phases.length ? h("dl", { class: "howto-list" }, phases.map(([title, body]) => [h("dt", null, title), h("dd", null, body)])) : null,
      ),
    );
    bar.replaceChildren(
      btn(t("ui.back"), { onclick: () => (history.length > 1 ? history.back() : navigate("/")) }),
      btn(t("ui.home"), { class: "btn btn-primary", onclick: () => navigate("/") }),
    );
  }
  draw();
  return { leave() {}, rerender: draw };
}

/**
 * @param {string | null} title
 * @param {string | null} body (pairs of strings: the callers leave out those without one)
 */
function section(title, body) {
  return h("section", { class: "howto-section" }, h("h2", null, title), h("p", null, body));
}

/**
 * @param {string} game
 * @param {string} phase
 */
function phaseTitle(game, phase) {
  const key = `${game}.phase_name.${phase}`;
  if (i18n.has(key)) return t(key);
  const text = phase.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
