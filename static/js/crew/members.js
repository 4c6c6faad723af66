// @ts-check
// The crew's members; the admin sees a remove button beside each other member.

import { h } from "../dom.js";
import { btn } from "../shell.js";
import { section } from "./parts.js";
import { tr } from "./strings.js";

/**
 * @param {{member: number, name: string}} member
 * @param {boolean} admin
 * @param {(member: {member: number, name: string}) => void} onRemove
 */
function memberItem(member, admin, onRemove) {
  const remove =
    admin && member.member !== 0
      ? btn("✕", { class: "btn btn-small", "aria-label": tr("crew.remove", { name: member.name }), onclick: () => onRemove(member) })
      : null;
  const mark = member.member === 0 ? h("span", { class: "hint" }, ` · ${tr("crew.admin")}`) : null;
  return h("li", null, h("span", null, member.name, mark), remove);
}

/**
 * @param {Crew} crew
 * @param {boolean} admin
 * @param {(member: {member: number, name: string}) => void} onRemove
 */
export function membersSection(crew, admin, onRemove) {
  return section(tr("crew.members"), null, h("ul", { class: "crew-members" }, crew.members.map((m) => memberItem(m, admin, onRemove))));
}
