// @ts-check
// What this phone remembers of its crews: a member's crew token lives in localStorage under
// "pitchside.crew.<CODE>"; it is the only way to act as that member.

const STORE = "pitchside.crew.";

/**
 * {member, token, name, crew (its name), at} for a crew code, or null.
 * @param {string} code
 * @returns {Membership | null}
 */
export function getMembership(code) {
  try {
    return JSON.parse(localStorage.getItem(STORE + code) ?? "null") || null;
  } catch {
    return null;
  }
}

/**
 * @param {string} code
 * @param {Membership} membership
 */
export function saveMembership(code, membership) {
  localStorage.setItem(STORE + code, JSON.stringify({ at: Date.now(), ...membership }));
}

/** @param {string} code */
export function forgetMembership(code) {
  localStorage.removeItem(STORE + code);
}

/** Every crew this phone holds a token of, newest first: [{code, member, token, name, crew}]. */
export function myCrews() {
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key?.startsWith(STORE)) continue;
    const code = key.slice(STORE.length);
    const held = getMembership(code);
    if (held) out.push({ code, ...held });
  }
  return out.sort((a, b) => (b.at || 0) - (a.at || 0));
}
