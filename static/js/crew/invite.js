// @ts-check
// The invite: the crew's QR code (drawn by the server, /c/{code}/qr.svg), its code and link.

import { h } from "../dom.js";
import { shareLink, shownLink } from "../links.js";
import { btn, copyText, toast } from "../shell.js";
import { section } from "./parts.js";
import { tr } from "./strings.js";

export const INVITE_ID = "crew-invite";

/**
 * @param {Crew} crew
 */
export function inviteSection(crew) {
  const link = shareLink(`/c/${crew.code}`);
  const copy = async () => toast((await copyText(link)) ? tr("crew.copied") : link, "ok");
  return section(
    tr("crew.invite"),
    { id: INVITE_ID },
    h(
      "div",
      { class: "invite" },
      h("img", { class: "qr", src: `/c/${crew.code}/qr.svg`, alt: tr("crew.qr_alt", { name: crew.name }), width: 120, height: 120 }),
      h(
        "div",
        { class: "invite-side" },
        h("p", { class: "room-code" }, crew.code),
        h("p", { class: "link muted" }, shownLink(`/c/${crew.code}`)),
        btn(tr("crew.copy_link"), { class: "btn btn-small", onclick: copy }),
      ),
    ),
  );
}
