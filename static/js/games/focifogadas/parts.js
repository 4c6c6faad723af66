// Small pieces the mode modules share.

/** A bar or panel button that sends `action` (an element of view.legal, unchanged) when tapped,
 * then calls `sent()` if given; disabled while an action is in flight or when there is none. */
export function button(ctx, label, action, primary = false, sent = null) {
  return ctx.h("button", {
    type: "button", class: ["btn", "ff-btn", primary ? "btn-primary primary" : ""], disabled: ctx.busy || !action,
    onclick: () => {
      if (action && ctx.send(action) && sent) sent();
    },
  }, label);
}

/** A scorer-pad button: like button(), but it stays usable while the phone is offline (the
 * shell queues each entry with its cid and sends them in order on return); it locks only while
 * an action is in flight on a live link. */
export function padButton(ctx, label, action, primary = false) {
  const b = button(ctx, label, action, primary);
  b.disabled = !action || (ctx.busy && ctx.online !== false);
  return b;
}
