// @ts-check
// The join form of the crew page, for a phone without the crew's token: a name, and the
// phone becomes a member.

import { h } from "../dom.js";
import { btn } from "../shell.js";
import { section } from "./parts.js";
import { tr } from "./strings.js";

/**
 * `onJoin(name)` joins the crew under that name.
 * @param {string} crewName
 * @param {(name: string) => void} onJoin
 */
export function joinSection(crewName, onJoin) {
  const input = h("input", { id: "crew-name-input", type: "text", maxlength: 24, autocomplete: "nickname", placeholder: tr("crew.your_name") });
  const go = btn(tr("crew.join"), { class: "btn btn-primary", id: "crew-join", onclick: () => onJoin(input.value) });
  input.addEventListener("keydown", (e) => e.key === "Enter" && onJoin(input.value));
  const label = h("label", { for: "crew-name-input", class: "sr" }, tr("crew.your_name"));
  return section(tr("crew.join_title", { name: crewName }), { class: "step crew-section crew-join" }, h("div", { class: "row" }, label, input, go));
}
