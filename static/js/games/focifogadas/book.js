// Bukméker and live-match panels (UX.md §3.4, §3.5): scouting, the hidden draft, discs,
// stakes, the live scorer pad, the board of offers with their status, and the settlement.
// Register in table.js: `import { renderBukmeker, renderLive } from "./book.js";` and
// `MODES = { ..., bukmeker: renderBukmeker, live: renderLive }`. `renderSettlement(el, view,
// ctx)` fills a result panel. The client computes no rules: every button is an element of
// view.legal sent verbatim; statuses, blocks and "if it ended now" come from the view.

// Own strings (en/hu/da), so this module works without keys in i18n.json; a key there wins.
const TXT = {
  en: {
    scouting: "Scouting: look at 3 of the 5 set-aside piles", scouted: "Only you see these",
    look: "Look at {piles}", draft: "Draft · round {round} of 3", offer_pick: "Offer this card",
    pick_card: "Pick a card to offer", chosen: "Chosen ✓ · waiting for the others",
    passing: "Passing your hand to {name}", disc_for: "{name} turns up {card}: choose its disc",
    disc: "Put ×{value} on it", left: "left", stakes: "Stakes · {n} markers left",
    stake: "{n} × 100: pay {pay} · win {win}", tap_card: "Tap a card to stake on it",
    board: "The board", if_now: "If it ended now", markers: "markers",
    own_card: "your card", already_staked: "already staked", two_bettor_limit: "⊘ 2 bettors until every card has a stake", no_markers: "no markers left",
    scorer: "Scorer: {name}", kick_off: "Kick-off", goal: "GOAL {team}", corner: "Corner",
    yellow: "Yellow card", red: "Red card", half_time: "Half time", full_time: "Full time",
    confirm_full_time: "Confirm full time (settles now)", cancel_full_time: "Not yet",
    undo: "↶ Undo last event", hand_to: "Hand scorer role to {name}", last: "Last: {entry}",
    your_pair: "Your turn: play 1 of 2", play: "Play {card}", settlement: "Settlement",
    paid: "{payer} → {payee}: {paid} of {owed}", forgiven: "{n} never owed again",
    group: "×{disc} · {markers} markers", nothing: "No winning stakes: every bookmaker keeps the stakes.",
    multiplier: "×{m}",
  },
  hu: {
    scouting: "Felderítés: nézz meg 3-at az 5 félretett pakliból", scouted: "Ezeket csak te látod",
    look: "Megnézem: {piles}", draft: "Választás · {round}/3. kör", offer_pick: "Ezt kínálom",
    pick_card: "Válassz egy kártyát", chosen: "Kiválasztva ✓ · várunk a többiekre",
    passing: "A lapjaidat {name} kapja", disc_for: "{name} felfordítja: {card} – válassz szorzókorongot",
    disc: "×{value} rá", left: "maradt", stakes: "Tétek · {n} tétjelző maradt",
    stake: "{n} × 100: fizetsz {pay} · nyersz {win}", tap_card: "Koppints egy kártyára a tétért",
    board: "Fogadások", if_now: "Ha most érne véget", markers: "tétjelző",
    own_card: "saját kártya", already_staked: "már tettél rá", two_bettor_limit: "⊘ 2 fogadó, amíg minden kártyán nincs tét", no_markers: "nincs több tétjelződ",
    scorer: "Jegyző: {name}", kick_off: "Kezdőrúgás", goal: "GÓL {team}", corner: "Szöglet",
    yellow: "Sárga lap", red: "Piros lap", half_time: "Félidő", full_time: "Vége",
    confirm_full_time: "Vége – megerősítem (elszámolás)", cancel_full_time: "Még nem",
    undo: "↶ Utolsó esemény visszavonása", hand_to: "Jegyző legyen: {name}", last: "Utolsó: {entry}",
    your_pair: "Te jössz: játssz ki 1-et a 2-ből", play: "Kijátszom: {card}", settlement: "Elszámolás",
    paid: "{payer} → {payee}: {paid} / {owed}", forgiven: "{n} többé nem jár",
    group: "×{disc} · {markers} tétjelző", nothing: "Nincs nyertes tét: minden bukméker megtartja a téteket.",
    multiplier: "×{m}",
  },
  da: {
    scouting: "Spejdning: se 3 af de 5 fraskilte bunker", scouted: "Kun du ser disse",
    look: "Se {piles}", draft: "Udvælgelse · runde {round} af 3", offer_pick: "Udbyd dette kort",
    pick_card: "Vælg et kort at udbyde", chosen: "Valgt ✓ · venter på de andre",
    passing: "Din hånd går til {name}", disc_for: "{name} vender {card}: vælg dens skive",
    disc: "Sæt ×{value} på", left: "tilbage", stakes: "Indsatser · {n} brikker tilbage",
    stake: "{n} × 100: betal {pay} · vind {win}", tap_card: "Tryk på et kort for at satse på det",
    board: "Tavlen", if_now: "Hvis det sluttede nu", markers: "brikker",
    own_card: "dit kort", already_staked: "allerede satset", two_bettor_limit: "⊘ 2 spillere, til alle kort har en indsats", no_markers: "ingen brikker tilbage",
    scorer: "Protokolfører: {name}", kick_off: "Afspark", goal: "MÅL {team}", corner: "Hjørnespark",
    yellow: "Gult kort", red: "Rødt kort", half_time: "Pause", full_time: "Slut",
    confirm_full_time: "Bekræft slutfløjt (afregner nu)", cancel_full_time: "Ikke endnu",
    undo: "↶ Fortryd sidste hændelse", hand_to: "Giv protokollen til {name}", last: "Sidst: {entry}",
    your_pair: "Din tur: spil 1 af 2", play: "Spil {card}", settlement: "Afregning",
    paid: "{payer} → {payee}: {paid} af {owed}", forgiven: "{n} skyldes aldrig igen",
    group: "×{disc} · {markers} brikker", nothing: "Ingen vindende indsatser: bookmakerne beholder dem.",
    multiplier: "×{m}",
  },
};

function say(ctx, key, vars = {}) {
  const full = `focifogadas.book.${key}`;
  const shared = ctx.t(full, vars);
  if (shared !== full) return shared;
  const text = (TXT[ctx.lang] || TXT.en)[key] ?? TXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? "").toString());
}

const who = (ctx, seat) => ctx.names[seat] ?? `#${seat + 1}`;
const text = (obj, ctx) => (obj && (obj[ctx.lang] || obj.en)) || "";
let chosen = { key: "", value: null };
const pick = (key) => (chosen.key === key ? chosen.value : null);

function button(ctx, label, action, primary = false) {
  return ctx.h("button", {
    type: "button", class: ["ff-btn", primary ? "primary" : ""], disabled: ctx.busy || !action,
    onclick: () => action && ctx.send(action),
  }, label);
}

// --- Betting phases -------------------------------------------------------------------------

function peekPanel(view, ctx, ui) {
  const { h } = ctx;
  const looks = view.legal.filter((a) => a.type === "peek");
  ctx.bar.replaceChildren();
  const rows = [h("h3", null, say(ctx, "scouting"))];
  if (looks.length) rows.push(h("div", { class: "ff-bar" }, looks.map((a) => button(ctx, say(ctx, "look", { piles: a.piles.join(" ") }), a))));
  return h("section", { class: "ff-panel" }, rows, scoutedDrawer(view, ctx, ui));
}

function scoutedDrawer(view, ctx, ui) {
  const { h } = ctx;
  const peeked = view.private?.peeked || [];
  if (!peeked.length) return null;
  return h("details", null, h("summary", null, say(ctx, "scouted")),
    peeked.map((p) => h("div", null, h("strong", null, p.pile), h("div", { class: "ff-cards" }, p.cards.map((c) => ui.actionCard(c, ctx))))));
}

function draftPanel(view, ctx, ui, rerender) {
  const { h } = ctx;
  const pub = view.public;
  const picks = view.legal.filter((a) => a.type === "pick");
  const key = `pick:${view.seq}`;
  const sel = pick(key);
  const rows = [h("h3", null, say(ctx, "draft", { round: pub.round }))];
  if (view.you !== null && view.you !== undefined) {
    rows.push(h("div", { class: "ff-meta" }, say(ctx, "passing", { name: who(ctx, (view.you + 1) % pub.players.length) })));
  }
  const hand = view.private?.hand || [];
  rows.push(h("div", { class: "ff-cards" }, hand.map((card) => {
    const action = picks.find((a) => a.card === card.id);
    return ui.betCard(card, ctx, action ? { pressed: sel === card.id, onclick: () => { chosen = { key, value: card.id }; rerender(); } } : {});
  })));
  if (view.private?.pick) rows.push(h("div", null, say(ctx, "chosen"), " ", ui.betCard(view.private.pick, ctx)));
  const action = picks.find((a) => a.card === sel) || null;
  ctx.bar.replaceChildren(picks.length ? button(ctx, action ? say(ctx, "offer_pick") : say(ctx, "pick_card"), action, true) : "");
  return h("section", { class: "ff-panel" }, rows);
}

function discsPanel(view, ctx, ui) {
  const { h } = ctx;
  const pub = view.public;
  const rev = pub.revealing;
  const discs = view.legal.filter((a) => a.type === "disc");
  ctx.bar.replaceChildren();
  const pool = h("div", { class: "ff-tracks" }, pub.discs_left.map((d) => h("span", null, `×${d.value} ${"●".repeat(d.left) || "–"}`)));
  return h("section", { class: "ff-panel" },
    h("h3", null, rev ? say(ctx, "disc_for", { name: who(ctx, rev.seat), card: rev.card.id }) : ""),
    rev ? ui.betCard(rev.card, ctx) : null,
    pool,
    discs.length ? h("div", { class: "ff-bar" }, discs.map((a) => button(ctx, say(ctx, "disc", { value: a.value }), a))) : null);
}

function stakeBar(view, ctx, offer) {
  const stakes = view.legal.filter((a) => a.type === "stake" && a.card === offer.card.id);
  ctx.bar.replaceChildren(...stakes.map((a) => button(ctx,
    say(ctx, "stake", { n: a.n, pay: ctx.money(100 * a.n), win: ctx.money(100 * a.n * offer.multiplier) }), a, true)));
}

/** Every offer grouped by bookmaker, with its disc, stakes per seat, status and block reason. */
function board(view, ctx, ui, rerender) {
  const { h } = ctx;
  const pub = view.public;
  if (!pub.offers?.length) return null;
  const blocks = view.private?.stake_blocks || {};
  const staking = view.legal.some((a) => a.type === "stake");
  const key = `stake:${view.seq}`;
  const sel = pick(key);
  const groups = pub.players.map((_, seat) => pub.offers.filter((o) => o.bookmaker === seat));
  const rows = groups.map((offers, seat) => offers.length ? h("div", null,
    h("strong", null, who(ctx, seat)),
    offers.map((o) => {
      const open = staking && view.legal.some((a) => a.type === "stake" && a.card === o.card.id);
      const chips = o.stakes.map((n, s) => (n ? `${who(ctx, s).slice(0, 1)}${n}` : "")).filter(Boolean).join(" ");
      return h("div", { class: "ff-cards" },
        ui.betCard(o.card, ctx, open ? { pressed: sel === o.card.id, onclick: () => { chosen = { key, value: o.card.id }; rerender(); } } : {}),
        h("span", null, h("span", { class: "ff-money" }, say(ctx, "multiplier", { m: o.multiplier })), " ",
          ui.statusBadge(o.status, ctx), " ", chips || "–",
          blocks[o.card.id] && staking ? h("div", { class: "ff-meta" }, say(ctx, blocks[o.card.id])) : null));
    })) : null);
  if (staking) {
    const offer = pub.offers.find((o) => o.card.id === sel);
    if (offer) stakeBar(view, ctx, offer);
    else ctx.bar.replaceChildren(ctx.h("span", null, say(ctx, "tap_card")));
  }
  const now = pub.if_ended_now || [];
  return h("section", { class: "ff-panel", "aria-label": say(ctx, "board") },
    h("h3", null, staking ? say(ctx, "stakes", { n: pub.players[view.you]?.markers ?? 0 }) : say(ctx, "board")),
    rows,
    h("div", { class: "ff-meta" }, say(ctx, "if_now"), ": ", now.map((m, s) => `${who(ctx, s)} ${ctx.money(m)}`).join(" · ")));
}

function seatExtra(ctx) {
  return (p) => ctx.h("span", { class: "ff-meta" }, ` · ${"■".repeat(p.markers)}${p.pick ? " ▒" : ""}`);
}

// --- Bukméker match -------------------------------------------------------------------------

function playPanel(view, ctx, ui) {
  const { h } = ctx;
  const pair = view.private?.pair;
  const plays = view.legal.filter((a) => a.type === "play");
  if (!pair || !plays.length) return null;
  ctx.bar.replaceChildren(...plays.map((a) => {
    const card = pair.find((c) => c.id === a.card);
    return button(ctx, say(ctx, "play", { card: text(card?.name, ctx) }), a, true);
  }));
  return h("section", { class: "ff-panel" }, h("h3", null, say(ctx, "your_pair")),
    h("div", { class: "ff-cards" }, pair.map((c) => ui.actionCard(c, ctx))));
}

function bettingPanel(view, ctx, ui, rerender) {
  if (view.phase === "draft") return draftPanel(view, ctx, ui, rerender);
  if (view.phase === "discs") return discsPanel(view, ctx, ui);
  return null;
}

export function renderBukmeker(root, view, ctx, ui) {
  const rerender = () => renderBukmeker(root, view, ctx, ui);
  ctx.bar.replaceChildren();
  const m = view.public.match;
  let panel = bettingPanel(view, ctx, ui, rerender);
  if (view.phase === "peek") panel = peekPanel(view, ctx, ui);
  if (view.phase === "match") panel = playPanel(view, ctx, ui);
  root.replaceChildren(...[
    ui.scoreLine(view, ctx),
    m && m.decks ? ui.pitch(m, ctx) : null,
    m && m.decks ? ui.tracks(m, ctx) : null,
    ui.seats(view, ctx, seatExtra(ctx)),
    panel,
    view.phase !== "peek" ? board(view, ctx, ui, rerender) : null,
    view.phase !== "peek" ? scoutedDrawer(view, ctx, ui) : null,
    view.phase === "over" ? settlementPanel(view, ctx) : null,
    ui.log(view, ctx),
  ].filter(Boolean));
}

// --- Live match -----------------------------------------------------------------------------

function entryLabel(ctx, a, teams) {
  if (a.type === "goal") return say(ctx, "goal", { team: teams[a.team] });
  if (a.type === "set_scorer") return say(ctx, "hand_to", { name: who(ctx, a.seat) });
  return say(ctx, a.type);
}

/** An entry of public.entries ("goal_home", "corner", ...) in words. */
function entryName(ctx, entry, teams) {
  if (entry.startsWith("goal_")) return say(ctx, "goal", { team: teams[entry.slice(5)] });
  return say(ctx, entry);
}

function scorerPad(view, ctx) {
  const { h } = ctx;
  const pub = view.public;
  const teams = pub.teams || { home: "Home", away: "Away" };
  const pad = view.legal.filter((a) => a.type !== "set_scorer" && a.type !== "undo");
  const handovers = view.legal.filter((a) => a.type === "set_scorer");
  const undo = view.legal.find((a) => a.type === "undo") || null;
  const last = pub.entries?.length ? pub.entries[pub.entries.length - 1] : null;
  ctx.bar.replaceChildren(...(undo ? [button(ctx, say(ctx, "undo"), undo)] : []));
  const counts = { corner: pub.record?.corners, yellow: pub.record?.yellows, red: pub.record?.reds };
  return h("section", { class: "ff-panel" },
    h("h3", null, say(ctx, "scorer", { name: who(ctx, pub.scorer) })),
    pad.length ? h("div", { class: "ff-bar" }, pad.map((a) => button(ctx,
      `${entryLabel(ctx, a, teams)}${counts[a.type] !== undefined ? ` ${counts[a.type]}` : ""}`, a,
      a.type === "goal" || a.type === "confirm_full_time"))) : null,
    last ? h("div", { class: "ff-meta" }, say(ctx, "last", { entry: entryName(ctx, last, teams) })) : null,
    handovers.length ? h("details", null, h("summary", null, say(ctx, "hand_to", { name: "…" })),
      h("div", { class: "ff-bar" }, handovers.map((a) => button(ctx, entryLabel(ctx, a, teams), a)))) : null);
}

function liveScore(view, ctx) {
  const { h } = ctx;
  const pub = view.public;
  const teams = pub.teams || { home: "Home", away: "Away" };
  const [home, away] = pub.score || [0, 0];
  const r = pub.record || {};
  const ht = pub.half_time_score ? ` · HT ${pub.half_time_score[0]}:${pub.half_time_score[1]}` : "";
  return h("div", null,
    h("div", { class: "ff-score" }, h("span", { class: "ff-home" }, teams.home), h("span", { class: "n" }, `${home}:${away}`), h("span", { class: "ff-away" }, teams.away)),
    h("div", { class: "ff-tracks" }, `⚑ ${r.corners ?? 0} · ▮ ${r.yellows ?? 0} · ▮ ${r.reds ?? 0}${ht}`));
}

export function renderLive(root, view, ctx, ui) {
  const rerender = () => renderLive(root, view, ctx, ui);
  ctx.bar.replaceChildren();
  const matchPhases = ["kickoff", "first_half", "second_half"];
  let panel = bettingPanel(view, ctx, ui, rerender);
  if (matchPhases.includes(view.phase) && view.public.scorer === view.you) panel = scorerPad(view, ctx);
  root.replaceChildren(...[
    liveScore(view, ctx),
    ui.seats(view, ctx, seatExtra(ctx)),
    panel,
    board(view, ctx, ui, rerender),
    view.phase === "over" ? settlementPanel(view, ctx) : null,
    ui.log(view, ctx),
  ].filter(Boolean));
}

// --- Settlement (result.settlement: ordered groups) -------------------------------------------

function settlementPanel(view, ctx) {
  const el = ctx.h("section", { class: "ff-panel" });
  renderSettlement(el, view, ctx);
  return el;
}

export function renderSettlement(el, view, ctx) {
  const { h } = ctx;
  const groups = view.result?.settlement;
  if (!groups) return;
  const lines = groups.length ? groups.map((g, i) => h("div", null,
      h("strong", null, `${i + 1}. ${say(ctx, "group", { disc: g.disc, markers: g.markers })} · ${g.cards.join(", ")}`),
      h("ul", null, g.transfers.map((t) => h("li", null,
        `${t.card}: `, say(ctx, "paid", { payer: who(ctx, t.payer), payee: who(ctx, t.payee), paid: ctx.money(t.paid), owed: ctx.money(t.owed) }),
        t.forgiven ? ` · ${say(ctx, "forgiven", { n: ctx.money(t.forgiven) })}` : ""))))) : [h("p", null, say(ctx, "nothing"))];
  el.replaceChildren(h("h3", null, say(ctx, "settlement")), ...lines);
}
