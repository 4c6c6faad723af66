// @ts-check
// The full-time takeover (../games/README.md): on every phone, in one 390×844 screen, the
// final score with team names, each friend's money and ▲/▼ against the start, the table's own
// recap (renderResult), the crew's standings in a crew room, then Replay, Rematch (host), New
// game (in a crew room: the crew page's "New night"); "See the table" puts it aside and a bar
// button brings it back.

import { api } from "../api.js";
import { h } from "../dom.js";
import * as i18n from "../i18n.js";
import { btn, errorText, navigate, t, toast, verifySeed } from "../shell.js";
import { headerInfo } from "./header.js";
import { isHost, names } from "./seats.js";

export function resultKey(room, view) {
  return view.status === "finished" ? `${view.seq}|${!!room.rematch}|${i18n.getLang()}` : "";
}

export function takeover(room, view, ctx, module) {
  const panel = h(
    "section",
    { class: "panel result takeover", id: "result", "aria-labelledby": "result-title" },
    h("p", { class: "eyebrow" }, t("ui.full_time")),
    scoreLine(view, ctx, module),
    h("h1", { id: "result-title" }, headline(room, view)),
    moneyRows(view, ctx, module),
    extra(view, ctx, module),
    crewSlot(room),
    fairShuffle(room),
    ...buttons(room),
  );
  return panel;
}

function scoreLine(view, ctx, module) {
  if (module.resultScore) {
    try {
      const own = module.resultScore(view, ctx);
      if (own) return own; // in the table's own orientation
    } catch (err) {
      console.error(err);
    }
  }
  const info = headerInfo(view, ctx, module);
  if (!info.score) return null;
  return h(
    "p",
    { class: "result-score" },
    h("span", { class: "team-a" }, info.teams[0]),
    " ",
    h("span", { class: "score big" }, `${info.score[0]} – ${info.score[1]}`),
    " ",
    h("span", { class: "team-b" }, info.teams[1]),
  );
}

function headline(room, view) {
  const winners = view.result?.winners || [];
  const n = names(room);
  if (!winners.length || winners.length === n.filter((x) => x !== undefined).length) return t("ui.draw");
  if (winners.length === 1) return t("ui.wins", { name: n[winners[0]] ?? "?" });
  return t("ui.win_many", { names: winners.map((w) => n[w]).join(", ") });
}

/** Each friend's money and ▲/▼ against the start, from the table's resultRows(). */
function moneyRows(view, ctx, module) {
  if (!module.resultRows) return null;
  let rows = [];
  try {
    rows = module.resultRows(view, ctx) || [];
  } catch (err) {
    console.error(err);
  }
  if (!rows.length) return null;
  const sorted = [...rows].sort((a, b) => b.money - a.money);
  const list = h(
    "ol",
    { class: "result-money", id: "result-money", "aria-labelledby": "result-money-title" },
    sorted.map((r) =>
      h(
        "li",
        { class: ["money-row", r.seat === view.you && "you"], "data-seat": r.seat },
        h("span", { class: "money-name" }, r.name),
        h("span", { class: "money-value tabnum" }, ctx.money(r.money)),
        h("span", { class: ["money-delta tabnum", typeof r.delta === "number" && (r.delta > 0 ? "up" : r.delta < 0 ? "down" : "even")] }, delta(r.delta, ctx)),
      ),
    ),
  );
  return h("div", { class: "result-standings" }, h("h2", { id: "result-money-title" }, t("ui.standings")), list);
}

function delta(d, ctx) {
  if (typeof d !== "number") return ""; // the view has no start to count from
  if (d > 0) return `▲ ${ctx.money(d)}`;
  if (d < 0) return `▼ ${ctx.money(-d)}`;
  return `±${ctx.money(0)}`; // no change, not a draw ("═ döntetlen" read as one)
}

function extra(view, ctx, module) {
  const el = h("div", { class: "result-extra" });
  if (module.renderResult) {
    try {
      module.renderResult(el, view, ctx);
    } catch (err) {
      console.error(err);
    }
  }
  return el.childNodes.length ? el : null;
}

/** A crew room's standings, from the crews' module (a missing module changes nothing). */
function crewSlot(room) {
  const name = room.info?.crew_name; // shown to a member's seat only, never the crew's code
  if (!name) return null;
  const el = h("div", { class: "result-crew", id: "result-crew" });
  import("/static/js/crew.js")
    .then(async (mod) => {
      const crew = await mod.crewOfRoom?.(room.code, name);
      if (crew) await mod.renderStandings?.(el, crew, { roomCode: room.code });
      else el.remove();
    })
    .catch(() => el.remove());
  return el;
}

function fairShuffle(room) {
  const hash = room.info?.seed_hash;
  if (!hash) return null;
  const line = h("p", { class: "muted small fair" }, t("ui.fair_shuffle"), " ");
  api
    .replay(room.code)
    .then(async (rep) => {
      const seed = String(rep.seed);
      line.append(`${seed.slice(0, 8)}… → SHA-256 ${hash.slice(0, 8)}…`, " ");
      const ok = await verifySeed(seed, hash);
      if (ok !== null) line.append(ok ? `✓ ${t("ui.verified")}` : `✗ ${t("ui.not_verified")}`);
    })
    .catch(() => {});
  return line;
}

/** "New game": Home, or for a crew night the crew's own "New night". */
async function newGame(room) {
  const name = room.info?.crew_name;
  let to = "/";
  if (name) to = await import("/static/js/crew.js").then((mod) => mod.crewNewNight(room.code, name)).catch(() => "/");
  navigate(to);
}

function buttons(room) {
  const out = [];
  if (room.rematch && !isHost(room)) {
    out.push(
      btn(room.seat ? t("ui.follow_rematch") : t("ui.watch_rematch"), {
        class: "btn btn-primary btn-wide",
        id: "follow-rematch",
        onclick: () => (room.seat ? room.ops.followRematch(room.rematch) : navigate(`/r/${room.rematch.code}`)),
      }),
    );
  } else if (isHost(room)) {
    const again = btn(`${t("ui.rematch")} ↻`, {
      class: "btn btn-primary btn-wide",
      id: "rematch",
      onclick: async () => {
        again.disabled = true;
        try {
          room.ops.followRematch(await api.rematch(room.code, room.seat.token));
        } catch (err) {
          toast(errorText(err));
          again.disabled = false;
        }
      },
    });
    out.push(again);
  }
  out.push(
    h(
      "div",
      { class: "row" },
      btn(t("ui.replay"), { onclick: () => navigate(`/r/${room.code}/replay`) }),
      // a crew night's next game is the crew's too: its page's "New night"
      btn(t("ui.new_game"), { id: "new-game", onclick: () => newGame(room) }),
    ),
    btn(`${t("ui.see_table")} ▾`, { class: "btn btn-wide btn-quiet", id: "see-table", onclick: () => room.ops.setTakeover(false) }),
  );
  if (!room.rematch && !isHost(room) && room.seat) out.push(h("p", { class: "muted small" }, t("ui.others_wait_host")));
  return out;
}
