// @ts-check
// Drawers one tap from the action bar (../games/README.md): bottom-sheet <dialog>s of at most
// 85dvh. A table registers the ones that apply on every render with ctx.drawer(id, label,
// fill); the shell adds "log" itself. fill(el) gets a fresh element each time a drawer opens
// and on each new view while it is open.

import { h } from "../dom.js";
import { btn, t } from "../shell.js";
import { logLine } from "./log.js";

const ORDER = ["board", "book", "bets", "scouting", "help", "log"];

export function makeDrawers() {
  const body = h("div", { class: "drawer-body" });
  const title = h("h2", { id: "drawer-title" });
  const dialog = h(
    "dialog",
    { class: "sheet drawer", id: "drawer", "aria-labelledby": "drawer-title" },
    h(
      "div",
      { class: "drawer-head row spread" },
      title,
      h("form", { method: "dialog" }, h("button", { class: "btn btn-small", "aria-label": t("ui.close") }, "✕")),
    ),
    body,
  );
  document.body.appendChild(dialog);
  const parts = { dialog, title, body, tabs: h("div", { class: "bar-tabs", id: "bar-tabs", hidden: true }), now: new Map(), next: null, open: null };
  dialog.addEventListener("close", () => {
    parts.open = null;
    parts.tabs.querySelectorAll("[aria-expanded]").forEach((b) => b.setAttribute("aria-expanded", "false"));
  });
  return parts;
}

/** A render is about to run: collect the drawers it registers. */
export function beginDrawers(drawers) {
  drawers.next = new Map();
}

/** ctx.drawer(id, label, fill) */
export function registerDrawer(drawers, id, label, fill) {
  if (!drawers.next || typeof fill !== "function") return;
  drawers.next.set(String(id), { label: String(label), fill });
}

/** The render ran: the shell's log drawer joins, the tabs follow, an open drawer refills. */
export function endDrawers(room, view, ctx, module) {
  const drawers = room.table.drawers;
  const next = drawers.next ?? new Map();
  drawers.next = null;
  drawers.game = view.game;
  if ((view.log || []).length) {
    next.set("log", { label: t("ui.log"), fill: (el) => fillLog(el, view, ctx, module) });
  }
  const ids = [...next.keys()].sort((a, b) => rank(a) - rank(b));
  const same = ids.join() === [...drawers.now.keys()].join() && ids.every((id) => next.get(id).label === drawers.now.get(id).label);
  drawers.now = new Map(ids.map((id) => [id, next.get(id)]));
  if (!same) drawTabs(drawers);
  if (drawers.open && drawers.now.has(drawers.open)) fill(drawers, drawers.open);
  else if (drawers.open) drawers.dialog.close();
}

function rank(id) {
  const i = ORDER.indexOf(id);
  return i < 0 ? ORDER.length - 1.5 : i;
}

// The dock stays one row (issue 36 §6: at most ~140 px with the bar at 390×844): up to 3
// tabs; with more, the first 2 and "More · n", whose sheet switches between the rest.
const MAX_TABS = 3;

function drawTabs(drawers) {
  const all = [...drawers.now.entries()];
  const shown = all.length > MAX_TABS ? all.slice(0, MAX_TABS - 1) : all;
  const rest = all.slice(shown.length);
  drawers.tabs.replaceChildren(
    ...shown.map(([id, d]) =>
      btn(d.label, { // the ▴ is the tab's own (CSS), so the label has the tab's whole width
        class: "btn btn-small bar-tab",
        "data-drawer": id,
        "aria-haspopup": "dialog",
        "aria-expanded": drawers.open === id ? "true" : "false",
        onclick: () => openDrawer(drawers, id),
      }),
    ),
    ...(rest.length
      ? [btn(t("ui.more_drawers", { n: rest.length }), {
          class: "btn btn-small bar-tab",
          "data-drawer-more": "",
          "aria-haspopup": "dialog",
          "aria-expanded": "false",
          onclick: () => openDrawer(drawers, rest[0][0]),
        })]
      : []),
  );
  drawers.tabs.hidden = drawers.now.size === 0;
}

/** Inside the sheet, when the dock folds drawers behind "More": a row to switch between all. */
function switcher(drawers, id) {
  if (drawers.now.size <= MAX_TABS) return null;
  return h("div", { class: "drawer-switch", role: "group" }, [...drawers.now.entries()].map(([key, d]) =>
    btn(d.label, { class: "btn btn-small", "aria-pressed": String(key === id), onclick: () => openDrawer(drawers, key) })));
}

export function openDrawer(drawers, id) {
  if (!drawers.now.has(id)) return;
  drawers.open = id;
  fill(drawers, id);
  drawers.tabs.querySelectorAll("[data-drawer]").forEach((b) => b.setAttribute("aria-expanded", String(b.dataset.drawer === id)));
  if (!drawers.dialog.open) drawers.dialog.showModal();
}

function fill(drawers, id) {
  const d = drawers.now.get(id);
  drawers.title.textContent = d.label;
  // the game's table.css is scoped under .table-<game>: so is what a drawer shows
  const el = h("div", { class: ["drawer-fill", `drawer-${id}`, id !== "log" && drawers.game && `table-${drawers.game}`] });
  const scroll = drawers.body.scrollTop;
  drawers.body.replaceChildren(...[switcher(drawers, id), el].filter(Boolean));
  try {
    d.fill(el);
  } catch (err) {
    console.error(err);
  }
  drawers.body.scrollTop = scroll;
}

function fillLog(el, view, ctx, module) {
  const events = [...(view.log || [])].reverse();
  el.append(h("ol", { class: "log drawer-log", reversed: true }, events.map((e) => h("li", null, logLine(e, view, ctx, module)))));
}

export function removeDrawers(drawers) {
  if (drawers.dialog.open) drawers.dialog.close();
  drawers.dialog.remove();
  drawers.tabs.remove();
}
