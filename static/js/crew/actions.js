// @ts-check
// What a tap on the crew page does. Each takes the page (static/js/crew/page.js); an error
// becomes a toast in words and the page reads the crew again.

import { getSeat, saveSeat } from "../api.js";
import { navigate, toast } from "../shell.js";
import { crewApi } from "./api.js";
import { forgetMembership, getMembership, saveMembership } from "./store.js";
import { crewError, tr } from "./strings.js";

async function act(page, work) {
  try {
    await work(getMembership(page.code));
  } catch (err) {
    if (err.code === "bad_token") forgetMembership(page.code);
    toast(crewError(err));
    page.forms = {};
    await page.refresh();
    page.draw(); // the forms again, as this phone now stands (a forgotten token: the join form)
  }
}

export const joinCrew = (page, raw) =>
  act(page, async () => {
    const name = raw.trim();
    if (!name) return;
    const joined = await crewApi.join(page.code, name);
    saveMembership(page.code, { member: joined.member, token: joined.token, name, crew: page.crew?.name });
    page.forms = {};
    await page.refresh();
    page.draw();
  });

export const joinRoom = (page, roomCode) =>
  act(page, async (held) => {
    if (!getSeat(roomCode)) {
      const seat = await crewApi.joinRoom(roomCode, held.token);
      saveSeat(roomCode, { seat: seat.seat, token: seat.token });
    }
    navigate(`/r/${roomCode}`);
  });

export const newNight = (page) =>
  act(page, async (held) => {
    const room = await crewApi.newRoom(page.code, held.token, page.pick.game, page.pick.mode);
    saveSeat(room.code, { seat: room.seat, token: room.token, host: true });
    navigate(`/r/${room.code}`);
  });

export const rename = (page, name) =>
  act(page, async (held) => {
    await crewApi.rename(page.code, held.token, name);
    page.forms = {};
    await page.refresh();
  });

export const removeMember = (page, member) =>
  act(page, async (held) => {
    if (!confirm(tr("crew.remove_confirm", { name: member.name }))) return;
    await crewApi.remove(page.code, held.token, member.member);
    await page.refresh();
  });

export const newSeason = (page) =>
  act(page, async (held) => {
    if (!confirm(tr("crew.new_season_confirm"))) return;
    await crewApi.newSeason(page.code, held.token);
    page.season = null;
    await page.refresh();
  });
