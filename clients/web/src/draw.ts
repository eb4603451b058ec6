// Small helpers that every game's drawing shares. Text always goes in as text
// (never as HTML): a log file is untrusted input.

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  title?: string;
  data?: Record<string, string | number>;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.title) node.title = props.title;
  for (const [name, value] of Object.entries(props.data ?? {})) node.dataset[name] = String(value);
  append(node, children);
  return node;
}

export function append(node: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  append(node, children);
  return node;
}

export interface CardFace {
  id?: string;
  name: string;
  kind?: string;
  stats?: Array<[string, string | number]>;
  notes?: string[];
  small?: boolean;
}

/** A face-up card: name, kind, statistics. `data-card` carries its id, for tests and tooltips. */
export function card(face: CardFace): HTMLElement {
  const kind = face.kind ?? "";
  const classes = ["card", kind ? `k-${kind.toLowerCase().replace(/[^a-z0-9]+/g, "-")}` : "", face.small ? "small" : ""];
  const node = el("div", { class: classes.filter(Boolean).join(" "), title: face.id ? `${face.name} (${face.id})` : face.name,
    data: face.id ? { card: face.id } : {} },
    el("div", { class: "name" }, face.name),
    kind ? el("div", { class: "kind" }, kind) : null,
    ...(face.notes ?? []).map((note) => el("div", { class: "note" }, note)),
    face.stats && face.stats.length ? el("div", { class: "stats" },
      ...face.stats.map(([name, value]) => el("span", { class: "stat", title: name }, `${name} ${value}`))) : null);
  return node;
}

/** A card seen from the back (a hidden card): nothing about it but that it is there. */
export function back(label = "hidden", small = false): HTMLElement {
  return el("div", { class: `card back${small ? " small" : ""}` }, label);
}

/** A face-down pile: its count, and the top card where it is shown. */
export function pile(label: string, count: number, top?: HTMLElement | null): HTMLElement {
  return el("div", { class: "pile", data: { pile: label } },
    top ?? (count > 0 ? back(`${count}`, true) : el("div", { class: "card small" }, "empty")),
    el("span", {}, label), el("span", { class: "count" }, `${count}`));
}

export function area(title: Child, options: { acting?: boolean; winner?: boolean; seat?: number } = {}, ...children: Child[]): HTMLElement {
  const classes = ["area", options.acting ? "acting" : "", options.winner ? "winner" : ""].filter(Boolean).join(" ");
  return el("section", { class: classes, data: options.seat !== undefined ? { seat: options.seat } : {} },
    el("h3", {}, title), ...children);
}

export function label(text: string): HTMLElement {
  return el("div", { class: "label" }, text);
}

export function row(...children: Child[]): HTMLElement {
  return el("div", { class: "row" }, ...children);
}

export function badge(text: string, kind = ""): HTMLElement {
  return el("span", { class: `badge ${kind}`.trim() }, text);
}

export function meter(value: number, max: number, title: string): HTMLElement {
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  const bar = el("span", { class: "meter", title: `${title}: ${value} / ${max}` }, el("span"));
  (bar.firstChild as HTMLElement).style.width = `${Math.round(share * 100)}%`;
  return bar;
}

/** A card id made readable where a game's view holds ids only ("skeleton-archer-1" → "Skeleton Archer"). */
export function titled(id: string): string {
  return id.replace(/-\d+$/, "").split(/[-_]/).filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1)).join(" ");
}

/** A view's catalog of card faces (its `cards`), by id. */
export function byId<T extends { id: string }>(faces: readonly T[]): Map<string, T> {
  return new Map(faces.map((face) => [face.id, face]));
}

/** A hand as the viewer may see it: its cards face up where the view shows them, else as
 * many backs as it holds (the view gives a count alone, so no name can reach the page). */
export function handOf(faces: HTMLElement[], count: number): HTMLElement {
  // Hidden cards are drawn squared up, so only the top one carries the word.
  const cards = faces.length || count === 0 ? faces : Array.from({ length: count }, (_, n) => back(n === count - 1 ? "hidden" : "", true));
  return el("div", { class: "hand", data: { count } }, label(`hand (${count})`),
    cards.length ? row(...cards) : el("div", { class: "card small empty" }, "empty"));
}

/** A face-up pile (a discard pile): its count and its newest cards fanned, the top one last. */
export function openPile(title: string, ids: readonly string[], face: (id: string) => HTMLElement, shown = 6): HTMLElement {
  const newest = ids.slice(-shown);
  return el("div", { class: "open-pile", data: { pile: title } },
    label(ids.length > shown ? `${title} (${ids.length}; the newest ${shown}, top card right)` : `${title} (${ids.length})`),
    newest.length ? el("div", { class: "fan" }, ...newest.map(face)) : el("div", { class: "card small empty" }, "empty"));
}
