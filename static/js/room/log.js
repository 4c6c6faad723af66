// @ts-check
// One log line as a sentence: the table's logText(), else ctx.eventText (the game's
// `<game>.event.<name>` text, else the event's own text, else the shell's readable fallback).
// Shared by the log drawer and the replay.

export function logText(event, view, ctx, module) {
  if (module?.logText) {
    try {
      const own = module.logText(event, ctx, view);
      if (own) return String(own);
    } catch (err) {
      console.error(err);
    }
  }
  return ctx.eventText(event);
}

export function logLine(event, view, ctx, module) {
  const seq = typeof event.seq === "number" ? `${event.seq} ` : "";
  return [ctx.h("span", { class: "seq" }, seq), logText(event, view, ctx, module)];
}
