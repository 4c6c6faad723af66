// @ts-check
// The settlement walk-through (docs/UX.md §3.5): the server's ordered groups (result.settlement),
// one per step (Back / Next / Show all), each with its payments and the balances after it; the
// big screen steps by itself. Balances are display arithmetic on the view's numbers: the final
// money less what later steps paid in, plus what they paid out.

import { seatName, stateOf } from "../common.js";
import { deltaWords } from "./story.js";

const say = (ctx, key, vars = {}) => ctx.t(`focifogadas.book.${key}`, vars);

/** Each seat's money after each group, and before the first: the final money unwound step by
 * step from the end. */
function balances(groups, final) {
  const after = new Array(groups.length);
  let money = [...final];
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    after[i] = money;
    money = [...money];
    for (const t of groups[i].transfers) {
      money[t.payee] -= t.paid;
      money[t.payer] += t.paid;
    }
  }
  return { after, start: money };
}

/** `el` gets the walk-through; with `autoMs` (the big screen) it steps on by itself. */
export function renderSettlement(el, view, ctx, autoMs = 0) {
  const { h } = ctx;
  const groups = view.result?.settlement;
  if (!groups) return;
  if (!groups.length) {
    el.replaceChildren(h("h3", null, say(ctx, "settlement")), h("p", null, say(ctx, "nothing")));
    return;
  }
  const st = stateOf(el, () => ({ walk: { key: "", step: 0, all: false } }));
  const key = `${view.seq}`;
  if (st.walk.key !== key) st.walk = { key, step: 0, all: false };
  const walk = st.walk;
  const redraw = (change) => {
    Object.assign(walk, change);
    renderSettlement(el, view, ctx, autoMs);
  };
  if (autoMs && !walk.all && walk.step < groups.length - 1) {
    const at = walk.step;
    setTimeout(() => {
      if (el.isConnected && st.walk === walk && walk.step === at) redraw({ step: at + 1 });
    }, autoMs);
  }
  const final = view.result?.money ?? (view.public.players || []).map((p) => p.money ?? 0);
  const { after, start } = balances(groups, final);
  const group = (g, i) => {
    const touched = [...new Set(g.transfers.flatMap((t) => [t.payer, t.payee]))];
    const was = i ? after[i - 1] : start;
    return h("div", { class: "ff-group" },
      h("strong", null, `${i + 1}. ${say(ctx, "group", { disc: g.disc, markers: g.markers })} · ${g.cards.join(", ")}`),
      h("ul", null, g.transfers.map((t) => h("li", null,
        `${t.card}: `, say(ctx, "paid", { payer: seatName(ctx, t.payer), payee: seatName(ctx, t.payee), paid: ctx.money(t.paid), owed: ctx.money(t.owed) }),
        t.forgiven ? ` · ${say(ctx, "forgiven", { n: ctx.money(t.forgiven) })}` : ""))),
      h("p", { class: "ff-balances" }, touched.map((s) => {
        const now = after[i][s];
        const then = was[s];
        return h("span", null, `${seatName(ctx, s)} ${ctx.money(now)} ${deltaWords(ctx, now - then)}`);
      })));
  };
  const shown = walk.all ? groups.map(group) : [group(groups[walk.step], walk.step)];
  const nav = walk.all ? null : h("div", { class: "ff-bar" },
    h("button", { type: "button", class: "btn ff-btn", disabled: walk.step === 0, onclick: () => redraw({ step: walk.step - 1 }) }, say(ctx, "back")),
    h("button", { type: "button", class: "btn ff-btn", onclick: () => redraw({ all: true }) }, say(ctx, "all")),
    h("button", { type: "button", class: "btn btn-primary ff-btn", disabled: walk.step >= groups.length - 1, onclick: () => redraw({ step: walk.step + 1 }) }, say(ctx, "next")));
  el.replaceChildren(
    h("h3", null, say(ctx, "settlement"), " · ", walk.all ? `${groups.length}` : say(ctx, "step", { i: walk.step + 1, n: groups.length })),
    h("div", { class: "ff-meta" }, say(ctx, "order")),
    ...shown, nav);
}
