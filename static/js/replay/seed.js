// @ts-check
// The fair-shuffle panel of a replay: the revealed seed, the room's published seed_hash, and
// Verify (SHA-256 of the seed in the browser; a check, not a rule).

import { h } from "../dom.js";
import { btn, t, verifySeed } from "../shell.js";

/**
 * @param {ReplayState} state
 */
export function seedPanel(state) {
  const { seed } = state.rep;
  const hash = state.rep.seed_hash || state.info.seed_hash;
  const verdict = h("span", { class: "verdict", id: "verdict", "aria-live": "polite" });
  const verify = btn(t("ui.verify"), {
    class: "btn btn-small",
    id: "verify",
    onclick: async () => {
      const ok = await verifySeed(seed, hash);
      verdict.textContent = ok === null ? "–" : ok ? `✓ ${t("ui.verified")}` : `✗ ${t("ui.not_verified")}`;
      verdict.className = `verdict ${ok ? "ok" : "bad"}`;
    },
  });
  return h(
    "section",
    { class: "panel seed-panel" },
    h("h2", null, t("ui.fair_shuffle")),
    h("p", { class: "small mono" }, `${t("ui.seed")}: ${seed}`),
    h("p", { class: "small mono" }, `SHA-256: ${hash}`),
    h("div", { class: "row" }, verify, verdict),
  );
}
