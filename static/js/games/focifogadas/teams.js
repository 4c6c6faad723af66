// @ts-check
// The live match's team names as a phone shows them (header, scorer's pad, log, story, board,
// result). The live mode's home_name/away_name default to the engine's "Home" and "Away"; a name
// the host left as it was is shown in the phone's own language (focifogadas.ui.home/.away:
// Hazai/Vendég, Hjemme/Ude), a name the host typed is shown as typed. The wire is unchanged.

/** The engine's defaults for home_name / away_name (app/games/focifogadas/live.py). */
export const DEFAULT_NAMES = Object.freeze({ home: "Home", away: "Away" });

/** One side's name: `name` (the view's or an event's) unless empty or the engine's default.
 * @param {any} ctx
 * @param {"home" | "away"} side
 * @param {unknown} [name]
 * @returns {string}
 */
export function teamName(ctx, side, name) {
  return typeof name === "string" && name && name !== DEFAULT_NAMES[side] ? name : ctx.t(`focifogadas.ui.${side}`);
}

/** Both sides' names for `view` (public.teams in live mode; the translated words otherwise).
 * @param {any} ctx
 * @param {any} view
 * @returns {{home: string, away: string}}
 */
export function teams(ctx, view) {
  const named = view?.public?.teams || {};
  return { home: teamName(ctx, "home", named.home), away: teamName(ctx, "away", named.away) };
}
