// @ts-check
// Home's "Your crews": the crews this phone holds a token of (links to their pages) and
// "Start a crew".

import { h } from "../dom.js";
import { getName } from "../api.js";
import { btn, navigate, toast } from "../shell.js";
import { crewApi } from "./api.js";
import { navLink } from "./parts.js";
import { myCrews, saveMembership } from "./store.js";
import { crewError, loadCrew, tr } from "./strings.js";

function mine() {
  const held = myCrews();
  if (!held.length) return h("p", { class: "hint" }, tr("crew.none_yet"));
  /** @param {Membership & {code: string}} c */
  const item = (c) => h("li", null, navLink(`/c/${c.code}`, null, c.crew || c.code), h("span", { class: "hint" }, `· ${c.name}`));
  return h("ul", { class: "crew-mine" }, held.map(item));
}

/**
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} input
 */
function field(id, label, input) {
  return h("div", { class: "field" }, h("label", { for: id }, label), input);
}

function startForm() {
  const crewName = h("input", { id: "new-crew-name", type: "text", maxlength: 40, placeholder: tr("crew.crew_name") });
  const yourName = h("input", { id: "new-crew-member", type: "text", maxlength: 24, autocomplete: "nickname", placeholder: tr("crew.your_name"), value: getName() });
  const start = async () => {
    try {
      const created = await crewApi.create(crewName.value, yourName.value);
      saveMembership(created.code, { member: 0, token: created.token, name: yourName.value.trim(), crew: crewName.value.trim() });
      navigate(created.url);
    } catch (err) {
      toast(crewError(err));
    }
  };
  return h(
    "details",
    { class: "crew-start" },
    h("summary", null, tr("crew.start")),
    field("new-crew-name", tr("crew.crew_name"), crewName),
    field("new-crew-member", tr("crew.your_name"), yourName),
    btn(tr("crew.start_button"), { class: "btn btn-primary btn-wide", id: "new-crew", onclick: start }),
  );
}

/**
 * Fills `el` with the crews this phone belongs to and "Start a crew".
 * @param {HTMLElement} el
 */
export async function renderMyCrews(el) {
  await loadCrew();
  el.replaceChildren(h("h2", null, tr("crew.your_crews")), mine(), startForm());
}
