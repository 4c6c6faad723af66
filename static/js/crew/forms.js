// The crew page's forms: join the crew (a phone without its token), a new night (pick game
// and mode; the room link and QR follow in the room's lobby), and the admin's rename and
// new season. The page redraws them only when what they show changes, so typing keeps focus.

import { h } from "../dom.js";
import { btn, gameName, modeName } from "../shell.js";
import { chips, section } from "./parts.js";
import { tr } from "./strings.js";

export const NEW_NIGHT_ID = "crew-new";

/** `onJoin(name)` joins the crew under that name. */
export function joinSection(crewName, onJoin) {
  const input = h("input", { id: "crew-name-input", type: "text", maxlength: 24, autocomplete: "nickname", placeholder: tr("crew.your_name") });
  const go = btn(tr("crew.join"), { class: "btn btn-primary", id: "crew-join", onclick: () => onJoin(input.value) });
  input.addEventListener("keydown", (e) => e.key === "Enter" && onJoin(input.value));
  const label = h("label", { for: "crew-name-input", class: "sr" }, tr("crew.your_name"));
  return section(tr("crew.join_title", { name: crewName }), { class: "step crew-section crew-join" }, h("div", { class: "row" }, label, input, go));
}

function gameChips(list, pick, onPick) {
  const first = (g) => (g.modes.length === 1 ? g.modes[0].id : null);
  const items = list.map((g) => ({
    label: gameName(g, g.id),
    pressed: pick.game === g.id,
    attrs: { "data-new-game": g.id },
    onclick: () => onPick(g.id, first(g)),
  }));
  return chips(tr("crew.pick_game"), items);
}

function modeChips(game, pick, onPick) {
  if (!game || game.modes.length < 2) return null;
  const items = game.modes.map((m) => ({
    label: modeName(game.id, m.id),
    pressed: pick.mode === m.id,
    attrs: { "data-new-mode": m.id },
    onclick: () => onPick(game.id, m.id),
  }));
  return chips(tr("crew.pick_mode"), items);
}

/** `pick` is {game, mode}; `onPick(game, mode)` changes it; `onCreate()` opens the room. */
export function newNightSection(list, pick, onPick, onCreate) {
  const game = list.find((g) => g.id === pick.game);
  const create = btn(tr("crew.create_room"), {
    class: "btn btn-primary btn-wide",
    id: "crew-new-night",
    disabled: !(pick.game && pick.mode),
    onclick: onCreate,
  });
  return section(tr("crew.new_night"), { id: NEW_NIGHT_ID }, gameChips(list, pick, onPick), modeChips(game, pick, onPick), create);
}

/** The admin's card: `onRename(name)`, `onNewSeason()`. */
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
