// Each game's drawing, by ruleset name. A ruleset without one is drawn by `outline`.

import { area, el, label } from "../draw.js";
import type { Context, Drawing, View } from "./types.js";

const drawings: Record<string, Drawing> = {};

export function register(ruleset: string, drawing: Drawing): void {
  drawings[ruleset] = drawing;
}

export function drawingFor(ruleset: string): Drawing {
  return drawings[ruleset] ?? outline;
}

/** A game this page has no drawing for: its view as nested boxes, keys as labels. */
function outline(view: View, _context: Context): HTMLElement {
  const drawn = area("table", {}, label("no drawing for this game yet: its view, as the service sends it"), nested(view));
  drawn.classList.add("outline");
  return drawn;
}

function nested(value: unknown): HTMLElement {
  if (Array.isArray(value)) return el("ol", {}, ...value.map((item) => el("li", {}, nested(item))));
  if (value !== null && typeof value === "object") {
    return el("dl", {}, ...Object.entries(value as Record<string, unknown>).flatMap(([name, item]) =>
      [el("dt", {}, name), el("dd", {}, nested(item))]));
  }
  return el("span", {}, String(value));
}
