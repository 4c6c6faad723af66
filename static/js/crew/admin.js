// @ts-check
// The admin's card on the crew page: rename the crew, start a new season.

import { h } from "../dom.js";
import { btn } from "../shell.js";
import { section } from "./parts.js";
import { tr } from "./strings.js";

/**
 * The admin's card: `onRename(name)`, `onNewSeason()`.
 * @param {string} crewName
 * @param {(name: string) => void} onRename
 * @param {() => void} onNewSeason
 */
export function adminSection(crewName, onRename, onNewSeason) {
  const name = h("input", { id: "crew-rename", type: "text", maxlength: 40, value: crewName });
  const label = h("label", { for: "crew-rename", class: "sr" }, tr("crew.rename"));
  return section(
    tr("crew.admin_title"),
    null,
    h("div", { class: "row" }, label, name, btn(tr("crew.rename"), { class: "btn btn-small", onclick: () => onRename(name.value) })),
    h("div", { class: "row" }, btn(tr("crew.new_season"), { class: "btn btn-small", onclick: onNewSeason })),
  );
}
