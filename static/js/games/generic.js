// @ts-check
// The generic table: used when a game has no static/js/games/<game>/table.js (and as an
// example of the contract in README.md). It shows the public state as readable blocks, your
// private state, the log, and one button per element of view.legal.

const HIDDEN_KEYS = new Set(["id"]);
const SEAT_LISTS = new Set(["players", "seats", "hands", "managers"]); // arrays indexed by seat
const BAR_MAX = 3; // more legal actions than this go into a list in the table

/**
 * @param {unknown} name
 */
function humanize(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * @param {unknown} value
 */
function scalar(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

/**
 * @param {unknown} value
 */
function isCard(value) {
  return value && typeof value === "object" && !Array.isArray(value) && "id" in value;
}

/**
 * @param {Json} card
 */
function cardText(card) {
  if (card.id === null) return `▒ ${card.back ?? ""}`.trim();
  const face = Object.entries(card)
    .filter(([k]) => !HIDDEN_KEYS.has(k))
    .map(([k, v]) => (typeof v === "object" ? `${k}: ${JSON.stringify(v)}` : `${k} ${v}`));
  return face.length ? face.join(" · ") : String(card.id);
}

/**
 * A readable block for any JSON value (depth-limited).
 * @param {DomBuilder} h
 * @param {any} value
 * @param {number} depth
 * @param {string[] | null} [names] the seats' names, for a list by seat
 */
function block(h, value, depth, names) {
  if (value === null || typeof value !== "object") return h("span", { class: "gv" }, scalar(value));
  if (isCard(value)) return h("span", { class: "gcard" }, cardText(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "gv muted" }, "–");
    if (value.every(isCard)) {
      return h("span", { class: "gcards" }, value.map((card) => h("span", { class: "gcard" }, cardText(card))));
    }
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "gv" }, value.map(scalar).join(", "));
    }
    return h(
      "ol",
      { class: "glist", start: 0 },
      value.map((v, i) =>
        h("li", null, names ? h("strong", { class: "gname" }, names[i] ?? "") : null, block(h, v, depth)),
      ),
    );
  }
  if (depth >= 2) {
    // deep objects read as one line: "attacker 1 · attack card 3 · outcome defence wins"
    const pairs = Object.entries(value).map(([k, v]) => `${humanize(k).toLowerCase()} ${valueText(v)}`);
    return h("span", { class: "gv" }, pairs.join(" · "));
  }
  return h(
    "dl",
    { class: "gkv" },
    Object.entries(value).map(([k, v]) =>
      h(
        "div",
        { class: "gpair" },
        h("dt", null, humanize(k)),
        h("dd", null, block(h, v, depth + 1, SEAT_LISTS.has(k) ? names : null)),
      ),
    ),
  );
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function valueText(value) {
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (value && typeof value === "object") return isCard(value) ? cardText(value) : JSON.stringify(value);
  return scalar(value);
}

/**
 * @param {View} view
 * @param {Action} action
 * @param {TableCtx} ctx
 */
export function actionLabel(view, action, ctx) {
  const key = `${view.game}.action.${action.type}`;
  const translated = ctx.t(key, action);
  if (translated !== key) return translated;
  const fields = Object.entries(action)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${humanize(k)} ${valueText(v)}`);
  return [humanize(action.type), ...fields].join(" · ");
}

/**
 * @param {DomBuilder} h
 * @param {string} title
 * @param {...any} body
 */
function section(h, title, ...body) {
  return h("section", { class: "panel gsec" }, h("h2", null, title), ...body);
}

/**
 * @param {HTMLElement} root
 * @param {View} view
 * @param {TableCtx} ctx
 */
export function render(root, view, ctx) {
  const { h, t } = ctx;
  const score = view.public?.score;
  const parts = [];
  if (Array.isArray(score) && view.status !== "finished") {
    parts.push(h("p", { class: "score big", "aria-label": t("ui.score") }, `${score[0]} – ${score[1]}`));
  }
  parts.push(section(h, t("ui.table"), block(h, view.public ?? {}, 0, ctx.names)));
  if (view.private) parts.push(section(h, t("ui.private"), block(h, view.private, 0, ctx.names)));
  const legal = view.legal || [];
  const buttons = legal.map((action) =>
    h(
      "button",
      { type: "button", class: "btn", disabled: ctx.busy, onclick: () => ctx.send(action) },
      actionLabel(view, action, ctx),
    ),
  );
  const many = legal.length > BAR_MAX;
  const list = many ? h("div", { class: "legal", id: "legal" }, buttons) : null;
  if (many) parts.push(section(h, t("ui.choose_n", { n: legal.length }), list));
  const log = view.log || [];
  parts.push(
    section(
      h,
      t("ui.log"),
      log.length
        ? h(
            "ol",
            { class: "log" },
            log
              .slice()
              .reverse()
              .map((e) => h("li", null, h("span", { class: "seq" }, String(e.seq ?? "")), " ", ctx.eventText(e))),
          )
        : h("p", { class: "muted" }, "–"),
    ),
  );
  root.replaceChildren(...parts);
  if (!many) {
    ctx.bar.replaceChildren(...buttons);
    return;
  }
  ctx.bar.replaceChildren(
    h(
      "button",
      {
        type: "button",
        class: "btn btn-primary btn-wide",
        onclick: () => list?.scrollIntoView({ block: "start", behavior: "smooth" }),
      },
      `${t("ui.choose_n", { n: legal.length })} ▾`,
    ),
  );
}
