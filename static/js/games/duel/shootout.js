// @ts-check
// Football Duel's shoot-out screen (docs/UX.md §3.2): both kick rows, then the set-up (keepers in
// order, takers to drop) or the kick. `act` carries the table's selection and taps:
// {selected, pick(cardId), send(ctx, action), zone(view, ctx): the duel zone}.

import { cardEl, kickRow, legalOf, otherName, row, seatName } from "./parts.js";

export function shootoutTable(view, ctx, act) {
  const { h, t } = ctx;
  const so = view.public.shootout;
  const me = view.you ?? 0;
  const opp = 1 - me;
  const mine = view.private?.shootout;
  const parts = [h("section", { class: "kicks" }, kickRow(view, ctx, me), kickRow(view, ctx, opp))];
  if (so.sudden_death) parts.push(h("p", { class: "muted small" }, t("duel.sudden_death")));
  parts.push(act.zone(view, ctx));
  const oppKeepers = so.players[opp].keepers;
  if (oppKeepers.length) {
    const n = 5 - oppKeepers.length + 1;
    parts.push(
      h(
        "section",
        { class: "side opp" },
        h("div", { class: "side-title" }, t("duel.keeper_next", { name: seatName(view, ctx, opp), n })),
        row(ctx, "chain", [cardEl(ctx, oppKeepers[0], { team: opp })]),
      ),
    );
  }
  if (mine) {
    const orderable = new Set(legalOf(view, "order_keeper").map((a) => a.card));
    const droppable = new Set(legalOf(view, "drop_taker").map((a) => a.card));
    const kickable = new Set(legalOf(view, "penalty").map((a) => a.card));
    const keepers = [
      ...mine.keepers.map((c) => cardEl(ctx, c, { team: me, hidden: t("duel.hidden_from", { name: otherName(view, ctx, opp) }) })),
      ...mine.pool.map((c) => {
        const a = legalOf(view, "order_keeper").find((x) => x.card === c.id);
        return cardEl(ctx, c, { team: me, legal: orderable.has(c.id), dim: true, onclick: a ? () => act.send(ctx, a) : null });
      }),
    ];
    if (keepers.length) {
      parts.push(
        h(
          "section",
          { class: "side mine" },
          h("div", { class: "side-title" }, mine.pool.length ? t("duel.keepers_to_place") : t("duel.your_keepers")),
          row(ctx, "hand", keepers),
        ),
      );
    }
    const takers = [
      ...mine.takers.map((c) => {
        const usable = droppable.has(c.id) || kickable.has(c.id);
        return cardEl(ctx, c, { team: me, legal: usable, selected: act.selected === c.id, onclick: usable ? () => act.pick(c.id) : null });
      }),
      ...mine.dropped.map((c) => cardEl(ctx, c, { team: me, dim: true, label: t("duel.dropped") })),
    ];
    parts.push(
      h(
        "section",
        { class: "side mine" },
        h("div", { class: "side-title" }, droppable.size ? t("duel.drop_hint") : t("duel.your_takers")),
        row(ctx, "hand takers", takers),
      ),
    );
  }
  return parts;
}
