// THE KING'S ARMORY: the map as an SVG grid (kings-armory A1: tiles of open terrain and
// a two-lane path from the Monster Entrance to the Castle Gate, arrows the way the foes
// walk; Towers and Parapets with their hosting slots) with every figure as a token: its
// hit points as a ring, its status tokens as dots, the figure acting now ringed, a tank
// tied to its foe. Beside it the team's Allies seat by seat and the foes nearest the
// Gate first, each with its numbers; above, the Wave, round, Castle Gate and the result.
// The team's purse and cards (kings-armory B5): its gold, the four decks by their sizes,
// each seat's Equipment (locked, unlocked, worn by which Hero), the Reinforcement and
// Armory cards it holds; between Waves, above the map, with the Armory card's price, the
// Hireables sitting out and which seats are done shopping. Cards are named, with what
// they give, from the faces the summary carries (tools/viewer/kings_armory.py).

import { area, badge, card, el, label, meter, pile, row, svg, titled, type Child } from "../draw.js";
import { register } from "./index.js";
import { seatName, type Context, type View } from "./types.js";

interface Figure {
  figure: string; name: string; kind: string; seat: number; space: string; hp: number; max_hp: number; level: number;
  on_tower: string; tower: string; bleed: number; burn: number; slow: number; stun: number; bless: number;
  knocked_out: boolean; actions: number; steps: number; done: boolean; holding: boolean; tanked_by: string;
  route: string; to_gate: number; mark: string; worn?: string[];
}

interface Tower { tower: string; cells: string[]; slots: number; hosted: number }

/** An Equipment card on the table (view.py GearView): seat 0 holds the team's extra Equipment. */
interface Gear { card: string; name: string; seat: number; locked: boolean; worn_by: string }

interface Offer { seat: number; give: string; take: string }

/** A Boss as a view may carry it (kings-armory B7, E Bosses): see bossArea. */
interface Boss { figure?: string; name?: string; hp?: number; max_hp?: number; text?: string[] }

/** The figures of the team; every other kind (a foe, a Boss) is the team's enemy. */
const ALLY_KINDS = new Set(["hero", "hireable", "guardian"]);
// kings-armory E Reinforcement Cards, E Armory Cards: the team holds 3 and 1 at most.
const MOST_REINFORCEMENTS = 3;
const MOST_ARMORY = 1;
const DECKS: Array<[string, string]> = [
  ["reward_deck", "Reward"], ["equipment_deck", "Equipment"], ["reinforcement_deck", "Reinforcement"], ["armory_deck", "Armory"],
];

function isAlly(figure: Figure): boolean {
  return ALLY_KINDS.has(figure.kind);
}

type Ground = "border" | "open" | "path" | "entrance" | "gate" | "tower";

interface Cell { ground: Ground; arrow: string }

const CELL = 42;
const MARGIN = 18; // room for the column letters and row numbers
const ARROWS: Record<string, [number, number]> = { "^": [-1, 0], ">": [0, 1], v: [1, 0], "<": [0, -1] };
const SEAT_COLOURS = ["#2b5d9c", "#2f7d4a", "#8a4fb0", "#b7791f", "#1f8a8a", "#b0407a", "#55606e"];
// kings-armory C2 Seventh: the five status tokens, in the order their dots are drawn.
const STATUSES: Array<[keyof Figure, string, string]> = [
  ["bleed", "bleed", "#c0392b"], ["burn", "burn", "#e67e22"], ["slow", "slow", "#2e86c1"], ["stun", "stun", "#f1c40f"],
  ["bless", "bless", "#f5f0e1"],
];

function seatColour(seat: number): string {
  return SEAT_COLOURS[(seat - 1 + SEAT_COLOURS.length) % SEAT_COLOURS.length];
}

function at(space: string): [number, number] {
  // "c3": column letter, row number (board.py name()).
  return [Number(space.slice(1)), space.charCodeAt(0) - 97];
}

function key(r: number, c: number): string {
  return `${r},${c}`;
}

/** The ground of every space, read from the text map. A figure's mark hides the ground
 * under it, so those spaces are worked out from what is known: a foe stands on its route,
 * a lane arrow pointing in means path, and on the border an Ally can only stand on the
 * Castle Gate (kings-armory B2) while a foe still walking stands at the entrance. */
function readMap(view: View, figures: Figure[]): { rows: number; cols: number; cells: Map<string, Cell> } {
  const lines: string[] = view.map.slice(1);
  const rows = lines.length;
  const cols = (view.map[0] as string).length - 3;
  const occupied = new Set(figures.filter((f) => f.space).map((f) => key(...at(f.space))));
  const towerCells = new Set((view.towers as Tower[]).flatMap((t) => t.cells.map((c) => key(...at(c)))));
  const cells = new Map<string, Cell>();
  const pointedAt = new Set<string>();
  lines.forEach((line, r) => {
    for (let c = 0; c < cols; c++) {
      const glyph = line[3 + c] ?? "#";
      const here = key(r, c);
      if (towerCells.has(here)) cells.set(here, { ground: "tower", arrow: "" });
      else if (occupied.has(here)) continue; // worked out below
      else if (glyph === "#") cells.set(here, { ground: "border", arrow: "" });
      else if (glyph === "E" || glyph === "e") cells.set(here, { ground: "entrance", arrow: "" });
      else if (glyph === "G") cells.set(here, { ground: "gate", arrow: "" });
      else if (glyph in ARROWS || glyph === "+") {
        cells.set(here, { ground: "path", arrow: glyph });
        const step = ARROWS[glyph];
        if (step) pointedAt.add(key(r + step[0], c + step[1]));
      } else cells.set(here, { ground: "open", arrow: "" });
    }
  });
  for (const figure of figures.filter((f) => f.space)) {
    const [r, c] = at(figure.space);
    const here = key(r, c);
    if (cells.has(here)) continue;
    const onBorder = r === 0 || c === 0 || r === rows - 1 || c === cols - 1;
    const foesHere = figures.filter((f) => f.kind === "foe" && f.space === figure.space);
    let ground: Ground = pointedAt.has(here) || foesHere.length ? "path" : "open";
    if (onBorder) ground = foesHere.some((f) => f.to_gate > 0) ? "entrance" : "gate";
    cells.set(here, { ground, arrow: "" });
  }
  return { rows, cols, cells };
}

function arrowShape(x: number, y: number, glyph: string): SVGElement {
  if (glyph === "+") {
    // A split: the routes through it go different ways (the red and the yellow arrow).
    return svg("path", { d: `M${x} ${y - 5} L${x + 5} ${y} L${x} ${y + 5} L${x - 5} ${y} Z`, class: "lane-mark" });
  }
  const angle = { "^": 0, ">": 90, v: 180, "<": 270 }[glyph] ?? 0;
  return svg("path", { d: "M0 -7 L6 3 L0 0 L-6 3 Z", class: "lane-mark", transform: `translate(${x} ${y}) rotate(${angle})` });
}

function groundLayer(rows: number, cols: number, cells: Map<string, Cell>, view: View): SVGElement {
  const layer = svg("g", { class: "ground" });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = cells.get(key(r, c)) ?? { ground: "border", arrow: "" };
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      layer.append(svg("rect", { x, y, width: CELL, height: CELL, class: `g-${cell.ground}` }));
      if (cell.arrow) layer.append(arrowShape(x + CELL / 2, y + CELL / 2, cell.arrow));
      if (cell.ground === "entrance") layer.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, class: "ground-label" }, "IN"));
      if (cell.ground === "gate") layer.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, class: "ground-label" }, "GATE"));
    }
  }
  for (let c = 0; c < cols; c++) {
    layer.append(svg("text", { x: MARGIN + c * CELL + CELL / 2, y: MARGIN - 5, class: "coord" }, String.fromCharCode(97 + c)));
  }
  for (let r = 0; r < rows; r++) {
    layer.append(svg("text", { x: MARGIN / 2, y: MARGIN + r * CELL + CELL / 2 + 4, class: "coord" }, r));
  }
  for (const tower of view.towers as Tower[]) {
    // kings-armory A2: a Tower covers 2x2 open spaces and hosts 3 Allies; a Parapet is one space and hosts 1.
    const spots = tower.cells.map(at);
    const top = Math.min(...spots.map(([r]) => r));
    const left = Math.min(...spots.map(([, c]) => c));
    const height = (Math.max(...spots.map(([r]) => r)) - top + 1) * CELL;
    const width = (Math.max(...spots.map(([, c]) => c)) - left + 1) * CELL;
    const x = MARGIN + left * CELL;
    const y = MARGIN + top * CELL;
    layer.append(svg("g", { class: "tower", "data-tower": tower.tower },
      svg("title", {}, `${tower.tower}: hosts ${tower.hosted} of ${tower.slots}`),
      svg("rect", { x: x + 2, y: y + 2, width: width - 4, height: height - 4, rx: 4, class: "tower-body" }),
      svg("text", { x: x + width / 2, y: y + height - 6, class: `tower-label${spots.length === 1 ? " parapet" : ""}` },
        `${tower.tower} ${tower.hosted}/${tower.slots}`)));
  }
  return layer;
}

/** Where each of n tokens sits in its space, as fractions of the space, and their radius. */
function spots(count: number): { places: Array<[number, number]>; radius: number } {
  if (count <= 1) return { places: [[0.5, 0.5]], radius: 0.36 };
  if (count === 2) return { places: [[0.27, 0.38], [0.73, 0.38]], radius: 0.22 };
  if (count <= 4) return { places: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]], radius: 0.22 };
  const places: Array<[number, number]> = [];
  for (let i = 0; i < 9; i++) places.push([0.18 + (i % 3) * 0.32, 0.18 + Math.floor(i / 3) * 0.32]);
  return { places, radius: 0.15 };
}

function tokenFill(figure: Figure): string {
  if (!isAlly(figure)) return "#7a1f1f";
  if (figure.kind === "guardian") return "#c9a227";
  if (figure.kind === "hireable") return "#ffffff";
  return seatColour(figure.seat);
}

function hpColour(share: number): string {
  return share > 0.6 ? "#2f9d55" : share > 0.3 ? "#d4a017" : "#c0392b";
}

/** One figure's token: fill by kind, its map mark, its hit points as a ring, status dots. */
function token(figure: Figure, x: number, y: number, radius: number, acting: boolean, hpText: boolean): SVGElement {
  const share = figure.max_hp > 0 ? Math.max(0, figure.hp) / figure.max_hp : 0;
  const ring = radius + 2.5;
  const around = 2 * Math.PI * ring;
  const statuses = STATUSES.flatMap(([field, name, colour]) => Array.from({ length: Number(figure[field]) }, () => [name, colour]));
  const dot = Math.max(3, radius / 3.2);
  const title = `${figure.name} (${figure.figure}) · ${figure.hp}/${figure.max_hp} hp` + (figure.knocked_out ? " · knocked out" : "") +
    statuses.map(([name]) => ` · ${name}`).join("");
  const ink = figure.kind === "hireable" ? seatColour(figure.seat) : figure.kind === "guardian" ? "#3a2c00" : "#ffffff";
  return svg("g", { class: `token k-${figure.kind}${figure.knocked_out ? " ko" : ""}${acting ? " acting" : ""}`, "data-figure": figure.figure },
    svg("title", {}, title),
    acting ? svg("circle", { cx: x, cy: y, r: ring + 4, class: "acting-ring" }) : null,
    svg("circle", { cx: x, cy: y, r: ring, class: "hp-track" }),
    svg("circle", { cx: x, cy: y, r: ring, class: "hp-ring", stroke: hpColour(share),
      "stroke-dasharray": `${(share * around).toFixed(1)} ${around.toFixed(1)}`, transform: `rotate(-90 ${x} ${y})` }),
    svg("circle", { cx: x, cy: y, r: radius, fill: tokenFill(figure),
      stroke: figure.kind === "hireable" ? seatColour(figure.seat) : "#1d2330", "stroke-width": figure.kind === "hireable" ? 2 : 1 }),
    svg("text", { x, y: y + radius * 0.38, class: "mark", fill: ink, "font-size": (radius * 1.15).toFixed(1) }, figure.mark),
    hpText ? svg("text", { x, y: y + radius + 9, class: "hp-text" }, `${figure.hp}`) : null,
    ...statuses.map(([name, colour], i) => svg("circle", { cx: x - radius + i * dot * 2.2, cy: y - radius, r: dot, fill: colour,
      class: `status s-${name}` })),
    figure.knocked_out ? svg("path", { d: `M${x - radius} ${y - radius} L${x + radius} ${y + radius} M${x + radius} ${y - radius} L${x - radius} ${y + radius}`,
      class: "ko-cross" }) : null);
}

function figureLayer(figures: Figure[], acting: string): SVGElement {
  const layer = svg("g", { class: "figures" });
  const bySpace = new Map<string, Figure[]>();
  for (const figure of figures.filter((f) => f.space)) bySpace.set(figure.space, [...(bySpace.get(figure.space) ?? []), figure]);
  const centre = new Map<string, [number, number]>();
  const tokens: SVGElement[] = [];
  for (const [space, here] of bySpace) {
    const [r, c] = at(space);
    const { places, radius } = spots(here.length);
    here.forEach((figure, i) => {
      const [fx, fy] = places[Math.min(i, places.length - 1)];
      const x = MARGIN + (c + fx) * CELL;
      const y = MARGIN + (r + fy) * CELL;
      centre.set(figure.figure, [x, y]);
      // Hit points in figures where the tokens leave room below them; the ring shows them always.
      tokens.push(token(figure, x, y, radius * CELL, figure.figure === acting, here.length <= 2));
    });
  }
  // kings-armory C1 Step 2: a tanked foe is held by its tank; the tie is drawn under the tokens.
  for (const foe of figures.filter((f) => f.tanked_by)) {
    const from = centre.get(foe.tanked_by);
    const to = centre.get(foe.figure);
    if (from && to) layer.append(svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "tank-tie" }));
  }
  layer.append(...tokens);
  return layer;
}

function mapSvg(view: View, figures: Figure[]): SVGElement {
  const { rows, cols, cells } = readMap(view, figures);
  const width = MARGIN + cols * CELL + 4;
  const height = MARGIN + rows * CELL + 4;
  return svg("svg", { class: "map ka-map", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `map ${view.board}` }, groundLayer(rows, cols, cells, view), figureLayer(figures, view.acting));
}

function miniToken(figure: Figure): SVGElement {
  return svg("svg", { class: "mini-token", viewBox: "0 0 30 30", width: 30, height: 30 }, token(figure, 15, 15, 10, false, false));
}

function statusNotes(figure: Figure): string[] {
  return STATUSES.filter(([field]) => Number(figure[field]) > 0).map(([field, name]) => `${name} ${figure[field]}`);
}

/** Where a figure is; `offBoard` says why an Ally off the board is there, when that is not
 * because it waits to be placed. */
function whereNote(figure: Figure, names: Map<string, string>, offBoard = ""): string[] {
  const notes: string[] = [];
  if (!figure.space) notes.push(offBoard || "waiting to be placed");
  else notes.push(figure.on_tower ? `at ${figure.space}, on Tower ${figure.on_tower}` : `at ${figure.space}`);
  if (isAlly(figure) && figure.tower && !figure.on_tower) notes.push(`hosted by Tower ${figure.tower}`);
  if (!isAlly(figure)) {
    notes.push(`${figure.to_gate} spaces to the Gate`, `route ${figure.route}`);
    if (figure.tanked_by) notes.push(`tanked by ${names.get(figure.tanked_by) ?? figure.tanked_by}`);
  }
  return notes;
}

function figureCard(figure: Figure, view: View, names: Map<string, string>, context: Context, offBoard = ""): HTMLElement {
  const ally = isAlly(figure);
  const stats: Array<[string, string | number]> = [["HP", `${figure.hp}/${figure.max_hp}`]];
  if (figure.kind !== "hero") stats.push(["level", figure.level]);
  if (ally && view.phase === "players" && !figure.done) stats.push(["actions", figure.actions], ["steps", figure.steps]);
  const worn = (figure.worn ?? []).map((id) => cardName(context, id));
  const notes = [
    // kings-armory B4 1: between Waves the Allies recuperate off the board until Step 6 places them.
    ...whereNote(figure, names, offBoard || (view.phase === "shopping" ? "recuperating off the board" : "")),
    worn.length ? `wears ${worn.join(" and ")}` : "",
    ...statusNotes(figure),
    figure.knocked_out ? "knocked out" : "",
    ally && figure.holding ? "holds: tanks foes that come" : "",
    ally && figure.done && view.phase === "players" ? "turn done" : "",
  ].filter(Boolean);
  const node = card({ id: figure.figure, name: figure.name, kind: figure.kind, stats, notes });
  node.classList.add("figure-card");
  if (figure.figure === view.acting) node.classList.add("acting");
  if (figure.knocked_out) node.classList.add("ko");
  node.prepend(miniToken(figure));
  node.append(meter(Math.max(0, figure.hp), figure.max_hp, "hit points"));
  return node;
}

/** A figure at full health with no tokens, for the legend's samples. */
const SAMPLE: Figure = {
  figure: "", name: "", kind: "", seat: 1, space: "", hp: 1, max_hp: 1, level: 1, on_tower: "", tower: "", bleed: 0, burn: 0,
  slow: 0, stun: 0, bless: 0, knocked_out: false, actions: 0, steps: 0, done: false, holding: false, tanked_by: "", route: "",
  to_gate: 0, mark: "",
};

function legend(): HTMLElement {
  const sample = (kind: string, mark: string, text: string): HTMLElement => el("span", { class: "legend-item" },
    miniToken({ ...SAMPLE, name: text, kind, mark }), text);
  return el("div", { class: "legend" },
    sample("hero", "V", "Hero (seat colour, initial)"), sample("hireable", "a", "Hireable"), sample("guardian", "g", "Guardian"),
    sample("foe", "3", "foe (its level)"),
    ...STATUSES.map(([, name, colour]) => {
      const dot = el("span", { class: "status-dot" });
      dot.style.background = colour;
      return el("span", { class: "legend-item" }, dot, name);
    }),
    el("span", { class: "legend-item" }, "ring: hit points left · dashed line: a tank and its foe"));
}

/** The phases of state.py, as the header names them. */
const PHASES: Record<string, string> = {
  towers: "placing the starting Towers", placing: "placing the Allies", players: "Players' Round", foes: "Foes' Round",
  shopping: "Between Waves: shopping", over: "game over",
};

function header(view: View, figures: Figure[], context: Context): HTMLElement {
  const acting = figures.find((f) => f.figure === view.acting);
  const phase = PHASES[view.phase] ?? view.phase;
  const outcome = view.finished
    ? badge(view.won ? `The team wins: ${view.result || "every Wave beaten"}` : `The team loses: ${view.result}`, view.won ? "good" : "bad")
    : null;
  return area(el("span", {}, `Wave ${view.wave} of ${view.waves} · round ${view.round} · ${phase} `, outcome),
    { acting: context.toAct.length > 0, winner: view.finished && view.won },
    row(
      el("div", { class: "gate" }, "Castle Gate ", meter(view.gate, view.gate_max, "Castle Gate hit points"), ` ${view.gate} / ${view.gate_max}`),
      acting ? el("div", {}, "acting: ", el("strong", {}, acting.name), `, ${seatName(context, acting.seat)}`) : null,
      view.towers_left ? badge(`${view.towers_left} Tower${view.towers_left === 1 ? "" : "s"} still to place`) : null,
      // kings-armory D2-2: with delayed entry the rest of the Wave enters in the second Foes' Round.
      view.to_enter ? badge(`${view.to_enter} foe${view.to_enter === 1 ? "" : "s"} still to enter`, "bad") : null,
      view.foresight.length ? el("div", {}, label("next Wave (Foresight)"), row(...view.foresight.map((f: string) => badge(titled(f))))) : null,
      el("span", { class: "board-name" }, `map: ${view.board}`)));
}

/** A card's name: the summary's face, else the id made readable. */
function cardName(context: Context, id: string): string {
  return context.cards.get(id)?.name ?? titled(id);
}

/** A card the view names by id, face up: its name, deck, what it gives, and `notes` first. */
function namedCard(context: Context, id: string, notes: string[] = []): HTMLElement {
  const face = context.cards.get(id);
  const node = card({ id, name: cardName(context, id), kind: face ? titled(face.deck) : "",
    notes: [...notes, ...(face?.gives ?? []), face?.note ?? ""].filter(Boolean) });
  node.classList.add("ka-card");
  return node;
}

function group(title: string, ...children: Child[]): HTMLElement {
  return el("div", { class: "group" }, label(title), ...children);
}

function cardsOrNone(cards: HTMLElement[], none: string): HTMLElement {
  return cards.length ? row(...cards) : el("div", { class: "none" }, none);
}

/** One seat's Equipment (kings-armory A2, B5 Step 5): what each of its Heroes wears, then
 * the cards it holds and nobody wears, locked or unlocked. */
function seatGear(seat: number, gear: Gear[], figures: Figure[], context: Context): HTMLElement {
  const own = gear.filter((g) => g.seat === seat);
  const heroes = figures.filter((f) => f.kind === "hero" && f.seat === seat);
  const worn = heroes.map((hero) => {
    const wearing = own.filter((g) => g.worn_by === hero.figure).map((g) => namedCard(context, g.card, [`worn by ${hero.name}`]));
    const node = group(`${hero.name} wears`, cardsOrNone(wearing, "nothing"));
    node.dataset.hero = hero.figure;
    return node;
  });
  const held = own.filter((g) => !g.worn_by)
    .map((g) => namedCard(context, g.card, [g.locked ? "locked: the team may unlock it" : "unlocked, not worn"]));
  return area(seatName(context, seat), { seat }, ...worn, group("holds, not worn", cardsOrNone(held, "no other card")));
}

/** The four decks by their sizes, never their order (kings-armory A1 Table Arrangement);
 * the Armory card on offer lies face down with its price (E Armory Cards). */
function decks(view: View): HTMLElement {
  const offer = view.armory_on_offer ? `on offer, face down: ${view.armory_price} gold` : "no Armory card on offer";
  return group("decks", row(...DECKS.map(([field, name]) => pile(name, Number(view[field]))),
    el("span", { class: "offer" }, offer)));
}

/** The seats still shopping and those done (kings-armory B5 Step 7). */
function shoppers(view: View, context: Context): HTMLElement {
  const done = new Set(view.shopped as number[]);
  return group("shopping", row(...context.seats.map((_, i) => {
    const seat = i + 1;
    const node = badge(`${seatName(context, seat)}: ${done.has(seat) ? "done shopping" : "still shopping"}`, done.has(seat) ? "good" : "");
    node.dataset.seat = String(seat);
    node.dataset.done = String(done.has(seat));
    return node;
  })));
}

/** The team's purse and cards (kings-armory B5 Step 3); between Waves, the shop. */
function treasury(view: View, figures: Figure[], context: Context): HTMLElement {
  const shopping = view.phase === "shopping";
  const gear = view.gear as Gear[];
  const seats = [...new Set(figures.filter(isAlly).map((f) => f.seat))].sort((a, b) => a - b);
  const extra = gear.filter((g) => g.seat === 0).map((g) => namedCard(context, g.card, [g.worn_by ? "worn" : "the team's extra Equipment"]));
  const held = [
    ...(view.reinforcements as string[]).map((id) => namedCard(context, id, ["held by the team"])),
    ...(view.armory ? [namedCard(context, view.armory as string, ["held by the team"])] : []),
  ];
  const bench = view.bench as Figure[];
  const names = new Map(figures.map((f) => [f.figure, f.name]));
  const offers = (view.offers as Offer[]).map((o) =>
    el("div", { class: "offer" }, `${seatName(context, o.seat)} offers ${cardName(context, o.give)} for ${cardName(context, o.take)}`));
  const title = shopping ? `The shop, between Waves ${view.wave} and ${view.wave + 1}` : "The team's gold and cards";
  const node = area(title, {},
    row(el("div", { class: "gold", data: { gold: view.gold } }, `${view.gold} gold`), decks(view),
      view.new_equipment ? badge("new Equipment for sale") : null),
    shopping ? shoppers(view, context) : null,
    shopping && view.rewards_drawn.length
      ? group(`Reward cards drawn after Wave ${view.wave}`, row(...(view.rewards_drawn as string[]).map((id) => namedCard(context, id)))) : null,
    group(`Reinforcement cards (${view.reinforcements.length} of ${MOST_REINFORCEMENTS}) and Armory cards ` +
      `(${view.armory ? 1 : 0} of ${MOST_ARMORY}) the team holds`, cardsOrNone(held, "none")),
    group("Equipment", el("div", { class: "seat-gear" }, ...seats.map((seat) => seatGear(seat, gear, figures, context)),
      extra.length ? area("the team's extra Equipment", {}, row(...extra)) : null)),
    offers.length ? group("trades offered", ...offers) : null,
    bench.length ? group("Hireables sitting out the coming Wave", el("div", { class: "figure-cards" },
      ...bench.map((f) => figureCard(f, view, names, context, "sits out the coming Wave, off the board")))) : null);
  node.classList.add("treasury");
  node.dataset.phase = view.phase;
  return node;
}

// ---------------------------------------------------------------- the Boss's place
// kings-armory B7, E Bosses: the final Wave's Boss(es) on the board (the view's `bosses`),
// each with its hit points and its Stat Card in words; no Boss on the board, nothing drawn.
function bossArea(view: View): HTMLElement | null {
  const listed: Boss[] = Array.isArray(view.bosses) ? view.bosses : [];
  const bosses = listed.filter((b) => b && typeof b === "object");
  if (!bosses.length) return null;
  const node = area(bosses.length === 1 ? "The Boss" : "The Bosses", {}, ...bosses.map((boss) => {
    const rules = Array.isArray(boss.text) ? boss.text : [];
    const hp = Number(boss.hp ?? 0);
    const max = Number(boss.max_hp ?? hp);
    const face = card({ id: boss.figure, name: boss.name ?? "Boss", kind: "boss", stats: [["HP", `${hp}/${max}`]], notes: rules.map(String) });
    face.append(meter(Math.max(0, hp), max, "the Boss's hit points"));
    return face;
  }));
  node.classList.add("boss");
  return node;
}

function drawKingsArmory(view: View, context: Context): HTMLElement {
  const figures = view.figures as Figure[];
  const names = new Map(figures.map((f) => [f.figure, f.name]));
  const seats = [...new Set(figures.filter(isAlly).map((f) => f.seat))].sort((a, b) => a - b);
  // kings-armory B3 Monster Turn Priority 1: the foe closest to the Castle Gate goes first; so they are listed.
  const foes = figures.filter((f) => !isAlly(f)).sort((a, b) => a.to_gate - b.to_gate);
  const side = el("div", { class: "roster" },
    ...seats.map((seat) => area(seatName(context, seat), { acting: context.toAct.includes(seat), winner: context.winners.includes(seat), seat },
      el("div", { class: "figure-cards" }, ...figures.filter((f) => isAlly(f) && f.seat === seat).map((f) => figureCard(f, view, names, context))))),
    bossArea(view),
    area(`Foes (${foes.length})`, {}, foes.length ? el("div", { class: "figure-cards" }, ...foes.map((f) => figureCard(f, view, names, context)))
      : label("no foe on the board")));
  // Views before The King's Armory 0.3.0 have no gold nor cards.
  const purse = view.gold === undefined ? null : treasury(view, figures, context);
  const shopping = view.phase === "shopping";
  return el("div", { class: "kings-armory" },
    header(view, figures, context),
    shopping ? purse : null,
    el("div", { class: "table" }, el("div", { class: "map-box" }, mapSvg(view, figures), legend()), side),
    shopping ? null : purse);
}

register("kings-armory", drawKingsArmory);
