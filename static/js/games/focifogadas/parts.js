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
