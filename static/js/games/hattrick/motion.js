// @ts-check
// Hat Trick's motion (docs/UX.md §4.2): what to animate for a view, only for events newer than the
// last view this root drew (the root's state object holds motionSeq and ballField).

export function fieldOf(view, player) {
  const rows = view.public.pitch || [];
  for (let line = 1; line <= rows.length; line += 1) {
    const col = rows[line - 1].findIndex((p) => p && p.id === player);
    if (col >= 0) return `${line}-${col + 1}`;
  }
  return null;
}

/** What to animate for this view: only on its first render, only for events newer than the
 * last view drawn, and nothing after a jump (a reconnect, a hidden tab: docs/UX.md §4.2). */
export function motionFor(view, ui) {
  const before = { seq: ui.motionSeq, ball: ui.ballField };
  const ball = view.public.carrier ? fieldOf(view, view.public.carrier) : null;
  const out = { ball: null, flip: false, goal: false };
  if (view.seq === before.seq) return out; // a re-render of the same step
  ui.motionSeq = view.seq;
  ui.ballField = ball;
  const reduced = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (reduced || typeof before.seq !== "number" || view.seq < before.seq || view.seq - before.seq > 3) return out;
  const fresh = (view.log || []).filter((e) => e.seq > before.seq);
  out.flip = fresh.some((e) => e.event === "cards_revealed");
  out.goal = fresh.some((e) => e.event === "goal");
  if (before.ball && ball && before.ball !== ball && !out.goal) out.ball = before.ball;
  return out;
}

/** A ghost ball glides from the old field to the carrier; the real one shows when it lands. */
export function moveBall(root, from) {
  const pitchEl = root.querySelector(".pitch");
  const ball = root.querySelector(".cell.carrier .ball");
  const old = root.querySelector(`.pitch [data-field="${from}"]`);
  if (!pitchEl || !ball || !old) return;
  const p = pitchEl.getBoundingClientRect();
  const b = ball.getBoundingClientRect();
  const o = old.getBoundingClientRect();
  const c = ball.parentElement.getBoundingClientRect();
  const ghost = document.createElement("span");
  ghost.className = "ball ball-ghost";
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { left: `${b.left - p.left}px`, top: `${b.top - p.top}px` });
  // start at the same corner of the old field as the ball has in its new one
  ghost.style.setProperty("--from-x", `${o.right - c.right}px`);
  ghost.style.setProperty("--from-y", `${o.top - c.top}px`);
  ghost.addEventListener("animationend", () => ghost.remove());
  ball.classList.add("late");
  pitchEl.append(ghost);
}

export function animate(root, motion) {
  if (motion.ball) moveBall(root, motion.ball);
  if (motion.flip) for (const card of root.querySelectorAll(".strip .hcard")) card.classList.add("flip");
  if (motion.goal) root.querySelector(".hscore")?.classList.add("goal-flash");
}
