// @ts-check
// The links friends get (a room's, a crew's invite): this page's own address, except when it
// was opened through loopback (127.0.0.1, localhost, [::1]), which no phone can open: then
// the server's PUBLIC_URL, else the network address it detected (GET /api/config). Only a
// loopback page asks; the server's QR codes follow the same rule (app/net.py).

const LOOPBACK = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

let base = location.origin;
/** @type {Promise<void> | null} */
let ready = null;

/** Resolves once the links' base is known (at once on a page a phone opened). */
export function linksReady() {
  if (!ready) {
    ready = LOOPBACK.test(location.hostname)
      ? fetch("/api/config")
          .then((r) => (r.ok ? r.json() : {}))
          .then((/** @type {{public_url?: string, lan_url?: string}} */ config) => {
            base = (config.public_url || config.lan_url || location.origin).replace(/\/+$/, "");
          })
          .catch(() => {})
      : Promise.resolve();
  }
  return ready;
}

/**
 * The absolute URL of `path` ("/r/CODE") as friends should get it.
 * @param {string} path
 */
export function shareLink(path) {
  return `${base}${path}`;
}

/**
 * The same, without the scheme (what the big screen and the lobby show).
 * @param {string} path
 */
export function shownLink(path) {
  return shareLink(path).replace(/^https?:\/\//, "");
}
