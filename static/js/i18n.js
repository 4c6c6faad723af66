// @ts-check
// Strings: static/i18n/{en,hu,da}.json for the shell, static/js/games/<game>/i18n.json per game
// (its keys exposed as "<game>.<key>"). Missing keys fall back to English, then to the key.

/** @type {string[]} the client's languages (a Lang each) */
export const LANGS = ["en", "hu", "da"];
const STORE = "pitchside.lang";

/** @type {Record<string, Record<string, string>>} by language: key -> text */
const tables = { en: {}, hu: {}, da: {} };
/** @type {Map<string, Promise<unknown>>} */
const loadedGames = new Map(); // game id (or "pack:<name>") -> Promise
let lang = pickLang();

function pickLang() {
  const saved = localStorage.getItem(STORE);
  if (saved && LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

/**
 * @param {any} obj
 * @param {string} prefix
 * @param {Record<string, string>} out
 * @returns {Record<string, string>}
 */
function flatten(obj, prefix, out) {
  for (const [key, value] of Object.entries(obj || {})) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, full, out);
    else out[full] = String(value);
  }
  return out;
}

/** @param {string} url */
async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** Loads the shell's strings for every language (small files; switching is then instant). */
export async function loadShell() {
  await Promise.all(
    LANGS.map(async (code) => {
      try {
        Object.assign(tables[code], flatten(await fetchJson(`/static/i18n/${code}.json`), "", {}));
      } catch (err) {
        console.warn("i18n", code, err);
      }
    }),
  );
  document.documentElement.lang = lang;
}

/** Loads static/i18n/<name>.{en,hu,da}.json (flat "<name>.key" strings) once, for parts of
 * the client with strings of their own (the crews); a missing file is fine.
 * @param {string} name
 */
export function loadPack(name) {
  const key = `pack:${name}`;
  if (!loadedGames.has(key)) {
    const files = LANGS.map((code) =>
      fetchJson(`/static/i18n/${name}.${code}.json`)
        .then((data) => flatten(data, "", tables[code]))
        .catch(() => {}),
    );
    loadedGames.set(key, Promise.all(files));
  }
  return loadedGames.get(key);
}

/**
 * Loads static/js/games/<game>/i18n.json once; a missing file is fine.
 * @param {string} game
 */
export function loadGame(game) {
  if (!loadedGames.has(game)) {
    const job = fetchJson(`/static/js/games/${game}/i18n.json`)
      .then((data) => {
        for (const code of LANGS) flatten(data[code], game, tables[code]);
      })
      .catch(() => {});
    loadedGames.set(game, job);
  }
  return loadedGames.get(game);
}

/**
 * The keys under `prefix` (in this language or English), in file order, plural forms once.
 * @param {string} prefix
 * @returns {string[]}
 */
export function keys(prefix) {
  /** @type {Set<string>} */
  const out = new Set();
  for (const table of [tables.en, tables[lang]]) {
    for (const key of Object.keys(table)) {
      if (key.startsWith(prefix)) out.add(key.replace(/\.(zero|one|two|few|many|other)$/, ""));
    }
  }
  return [...out];
}

/** @param {string} key */
export function has(key) {
  return pluralKey(key) in tables[lang] || pluralKey(key) in tables.en;
}

/** @type {Record<string, Intl.PluralRules>} */
const pluralRules = {};

/** `key.one`, `key.other`… (an object {one, other} in the JSON, flattened), picked by
 * `count` with the language's CLDR plural rules; `key` itself when it has no plural forms.
 * @param {string} key
 * @param {unknown} [count]
 */
function pluralKey(key, count) {
  if (key in tables[lang] || key in tables.en) return key;
  const forms = [`${key}.other`];
  if (typeof count === "number") {
    pluralRules[lang] ??= new Intl.PluralRules(lang);
    forms.unshift(`${key}.${pluralRules[lang].select(count)}`);
  }
  return forms.find((form) => form in tables[lang] || form in tables.en) ?? key;
}

/** The string for `key` in the current language, `{name}` placeholders filled from `vars`.
 * A string with plural forms (`{"one": "1 card left", "other": "{count} cards left"}`)
 * takes the form for `vars.count`.
 * @param {string} key
 * @param {Record<string, any>} [vars]
 * @returns {string}
 */
export function t(key, vars) {
  key = pluralKey(key, vars?.count);
  const text = tables[lang][key] ?? tables.en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    vars[name] === undefined || vars[name] === null ? whole : String(vars[name]),
  );
}

/**
 * A key in every language, {en, hu, da}: labels that follow a later language switch.
 * @param {string} key
 * @param {Record<string, any>} [vars]
 */
export function all(key, vars) {
  const saved = lang;
  /** @type {Record<string, string>} */
  const out = {};
  for (const code of LANGS) {
    lang = code;
    out[code] = t(key, vars);
  }
  lang = saved;
  return out;
}

export function getLang() {
  return lang;
}

/** @param {string} code */
export function setLang(code) {
  if (!LANGS.includes(code)) return;
  lang = code;
  localStorage.setItem(STORE, code);
  document.documentElement.lang = code;
}

/**
 * A label object {en, hu, da} in the current language.
 * @param {Labels | string | null | undefined} labels
 * @param {string | null} [fallback]
 */
export function pick(labels, fallback) {
  if (!labels) return fallback;
  if (typeof labels === "string") return labels;
  return labels[lang] ?? labels.en ?? fallback;
}

/** @param {number} n */
export function money(n) {
  return `${new Intl.NumberFormat(lang === "en" ? "en-GB" : lang).format(n)} P`;
}
