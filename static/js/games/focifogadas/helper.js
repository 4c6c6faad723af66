// @ts-check
// The Bukméker helper sheet (docs/rules/focifogadas.md §3, §6.4, §10.2): what each of the five action
// decks holds, so a player can reason about what scouting showed. helper.json is the deck list
// of app/games/focifogadas/data/action_cards.json (a test keeps the two equal); it is fetched
// once per page.

/** @type {Promise<any> | null} */
let sheet = null; // the fetch of helper.json: static reference data, the same for every room

function load() {
  sheet ??= fetch(new URL("./helper.json", import.meta.url)).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  return sheet;
}

/** Fills `el` with the five decks, each a list "2 × Corner (red)". */
export function helperSheet(el, ctx) {
  const { h, t } = ctx;
  el.replaceChildren(h("p", { class: "ff-meta" }, t("focifogadas.book.sheet_intro")));
  load().then((data) => {
    if (!data) return;
    el.append(...Object.entries(data.decks).map(([code, cards]) => h("section", { class: "ff-deck" },
      h("h4", null, `${t(`focifogadas.section_short.${code}`)} · ${t(`focifogadas.section.${code}`)}`),
      h("ul", null, cards.map((c) => h("li", null,
        h("span", { class: "ff-count" }, `${c.count} ×`), " ",
        h("i", { class: `ff-sw ${c.colour}`, "aria-hidden": "true" }), " ",
        c.name[ctx.lang] || c.name.en, " ",
        h("span", { class: "ff-meta" }, `(${t(`focifogadas.colour.${c.colour}`)})`)))))));
  });
}
