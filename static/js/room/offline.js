// @ts-check
// Offline and back (UX §1.6): a banner in the sticky header after 1 s without a live link
// ("You're offline" when the browser says so), the action bar locked meanwhile, and
// "Back, up to date" for 1.5 s once a fresh view has arrived. The socket (socket.js) finds a
// dead link with its heartbeat and queues the actions made meanwhile.

import { $, t } from "../shell.js";

const BANNER_AFTER_MS = 1000;
const BACK_SHOWN_MS = 1500;

export function showBanner(text, kind) {
  const banner = $("banner");
  banner.textContent = text;
  banner.className = `banner banner-${kind}`;
  banner.hidden = false;
}

export function hideBanner() {
  $("banner").hidden = true;
}

/** The socket's link went up (a view arrived) or down; `dead`: the heartbeat or the browser
 * already knows it is gone, so the banner shows at once (a plain close waits 1 s: most
 * reconnect within it). */
export function connection(room, live, dead = false) {
  clearTimeout(room.bannerTimer);
  if (live) {
    if (room.bannerShown) {
      showBanner(t("ui.back_up_to_date"), "ok");
      room.bannerTimer = setTimeout(hideBanner, BACK_SHOWN_MS);
    }
    room.bannerShown = false;
  } else {
    const offline = navigator.onLine === false;
    const show = () => {
      room.bannerShown = true;
      showBanner(navigator.onLine === false ? t("ui.offline") : t("ui.reconnecting"), "warn");
    };
    if (offline || dead) show();
    else room.bannerTimer = setTimeout(show, BANNER_AFTER_MS);
  }
  room.ops.draw();
}

/** Stops the banner: for the screens that replace the room. */
export function quiet(room) {
  clearTimeout(room.bannerTimer);
  room.bannerShown = false;
  hideBanner();
}
