// @ts-check
// "New night" on the crew page: pick the game and the mode, and the crew room opens (its
// lobby shows the room's link and QR code for the others).

import { btn, gameName, modeName } from "../shell.js";
import { chips, section } from "./parts.js";
import { tr } from "./strings.js";

const NEW_NIGHT_ID = "crew-new";

/**
 * @param {GameSpec[]} list
 * @param {{game: string | null, mode: string | null}} pick
 * @param {(game: string, mode: string | null) => void} onPick
 */
function gameChips(list, pick, onPick) {
  /** @param {GameSpec} g */
  const first = (g) => (g.modes.length === 1 ? g.modes[0].id : null);
  const items = list.map((g) => ({
    label: gameName(g, g.id),
    pressed: pick.game === g.id,
    attrs: { "data-new-game": g.id },
    onclick: () => onPick(g.id, first(g)),
  }));
  return chips(tr("crew.pick_game"), items);
}

/**
 * @param {GameSpec | undefined} game
 * @param {{game: string | null, mode: string | null}} pick
 * @param {(game: string, mode: string | null) => void} onPick
 */
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

/**
 * `pick` is {game, mode}; `onPick(game, mode)` changes it; `onCreate()` opens the room.
 * @param {GameSpec[]} list
 * @param {{game: string | null, mode: string | null}} pick
 * @param {(game: string, mode: string | null) => void} onPick
 * @param {() => void} onCreate
 */
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
