// The viewer page: a game's table drawn at any event, as any viewer saw it, with the
// timeline, each event's rule and payload, and what the log's checks found.

import { append, el } from "./draw.js";
import { drawingFor } from "./games/index.js";
import "./games/all.js";
import type { Context, Face } from "./games/types.js";

/** An event as one viewer saw it; `text` is what happened in one sentence, made from what that viewer may see. */
interface Shown { seq: number; type: string; rule: string; command_id: string; payload: unknown; redacted: boolean; hash: string; text: string }
interface Broken { line: number; seq: number; reason: string; text: string }
interface Check { verdict: string; checked: string[]; notes: string[]; broken: Broken | null; details: string[] }
interface Status { finished: boolean; winners: number[]; to_act: number[]; turn: number; summary: string }
interface Summary {
  mode: "replay" | "live"; game_id: string; ruleset: string; ruleset_version: string; seats: string[];
  options: Record<string, unknown>; viewers: Array<{ id: number; label: string }>; last_seq: number; check: Check;
  ended?: boolean; problem?: string | null; cards?: Face[];
}
/** A view; a live game followed with a seat's token adds that seat's legal commands in words. */
interface Viewed { seq: number; view: unknown; status: Status; legal?: string[] }

const key = new URLSearchParams(location.search).get("key") ?? "";
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

async function api<T>(path: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams({ key, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  const response = await fetch(`/api/${path}?${query}`);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `${response.status}`);
  return body as T;
}

/** Submit the seat's legal command `index` of the list shown with the view at `version` (a live game, a seat's token). */
async function submit(version: number, index: number): Promise<void> {
  const response = await fetch(`/api/submit?key=${encodeURIComponent(key)}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ version, index }) });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `${response.status}`);
}

let summary: Summary;
let faces = new Map<string, Face>(); // the game's cards by id (summary.cards)
let events: Shown[] = [];
let seq = 1;
let viewer = 0;
let wanted: { seq: number; viewer: number } | null = null; // the view to draw next
let current: HTMLElement | null = null; // the event list's item of the event shown
let drawing = false; // a view is being fetched: one at a time, the newest wish wins
let timer: number | undefined;

function last(): number {
  return events.length ? events[events.length - 1].seq : 1;
}

function seatLabel(seat: number): string {
  const name = summary.seats[seat - 1];
  return name ? `${name} (seat ${seat})` : `seat ${seat}`;
}

function drawHeader(): void {
  $("title").textContent = `${summary.ruleset} ${summary.ruleset_version}`;
  $("game-line").textContent = `${summary.mode === "live" ? "live game" : "log"} ${summary.game_id} · ${summary.seats.length} seats: ${summary.seats.join(", ")}`;
  const check = $("check");
  check.hidden = false;
  check.className = `check ${summary.check.verdict.replace(/ /g, "-")}`;
  check.textContent = summary.check.verdict;
  check.title = [`checked: ${summary.check.checked.join(", ")}`, ...summary.check.notes.map((n) => `note: ${n}`)].join("\n");
  check.dataset.verdict = summary.check.verdict;
  const broken = summary.check.broken;
  const problem = $("problem");
  problem.hidden = broken === null;
  problem.replaceChildren();
  if (broken) {
    const where = broken.line ? `line ${broken.line} (event ${broken.seq})` : `event ${broken.seq}`;
    append(problem, [
      el("strong", {}, `This log fails its checks at ${where}: ${broken.reason}.`),
      el("div", {}, `The events before it are shown; nothing from that line on can be trusted.`),
      ...summary.check.details.map((line) => el("div", { class: "detail" }, line)),
      broken.text ? el("pre", { class: "bad-line", data: { line: broken.line } }, broken.text) : null]);
  }
}

function drawViewers(): void {
  const select = $<HTMLSelectElement>("viewer");
  select.replaceChildren(...summary.viewers.map((v) => {
    const option = el("option", {}, v.label);
    option.value = String(v.id);
    return option;
  }));
  viewer = summary.viewers[0]?.id ?? 0;
  select.value = String(viewer);
}

function drawEventList(): void {
  const list = $("events");
  list.replaceChildren(...events.map(eventItem));
  const broken = summary.check.broken;
  if (broken) {
    list.append(el("li", { class: "broken", data: { seq: broken.seq } },
      el("span", { class: "seq" }, broken.line ? `line ${broken.line}` : `${broken.seq}`),
      el("span", { class: "type" }, `fails: ${broken.reason}`)));
  }
  const scrub = $<HTMLInputElement>("scrub");
  scrub.max = String(last());
  $<HTMLInputElement>("seq").max = String(last());
}

function eventItem(event: Shown): HTMLElement {
  const item = el("li", { class: event.redacted ? "redacted" : "", data: { seq: event.seq } },
    el("span", { class: "seq" }, event.seq), el("span", { class: "text", title: `${event.type} · ${event.rule}` }, event.text));
  item.addEventListener("click", () => void show(event.seq));
  return item;
}

function drawStatus(status: Status): void {
  const line = $("status");
  line.dataset.finished = String(status.finished);
  line.dataset.winners = status.winners.join(",");
  if (status.finished) {
    const names = status.winners.map(seatLabel).join(", ");
    line.replaceChildren(el("span", { class: "winners" }, status.winners.length ? `Game over. Won by ${names}.` : "Game over. Nobody won."),
      " ", status.summary);
  } else {
    const acting = status.to_act.length ? `To act: ${status.to_act.map(seatLabel).join(", ")}. ` : "";
    // Most games' summaries begin with their turn already ("turn 3: ..."): name it once.
    const turn = status.summary.startsWith("turn ") ? "" : `Turn ${status.turn}. `;
    line.replaceChildren(`${turn}${acting}${status.summary}`);
  }
}

function drawEventDetail(): void {
  // Events are numbered 1, 2, 3, ... from the first: the list's index is seq - 1.
  const event = events[seq - 1]?.seq === seq ? events[seq - 1] : events.find((e) => e.seq === seq);
  const detail = $("event-detail");
  current?.classList.remove("current");
  current = null;
  if (!event) {
    detail.replaceChildren();
    return;
  }
  detail.replaceChildren(
    el("div", {}, el("strong", {}, `${event.seq}. ${event.text}`)),
    el("div", {}, el("span", { class: "type" }, event.type), " · ", el("span", { class: "rule" }, event.rule)),
    el("div", { class: "label" }, event.redacted ? `payload as ${viewerLabel()} saw it (parts hidden)` : "payload"),
    el("pre", {}, JSON.stringify(event.payload, null, 1)),
    el("div", { class: "label", title: event.hash }, `hash ${event.hash.slice(0, 16)}…`));
  // One item changes, whatever the list's length: a long live game adds events many times a second.
  current = $("events").children.item(seq - 1) as HTMLElement | null;
  if (current?.dataset.seq !== String(seq)) current = $("events").querySelector(`li[data-seq="${seq}"]:not(.broken)`);
  current?.classList.add("current");
  current?.scrollIntoView({ block: "nearest" });
}

function viewerLabel(): string {
  return summary.viewers.find((v) => v.id === viewer)?.label ?? "this viewer";
}

async function show(target: number): Promise<void> {
  seq = Math.max(1, Math.min(target, last()));
  $<HTMLInputElement>("scrub").value = String(seq);
  $<HTMLInputElement>("seq").value = String(seq);
  history.replaceState(null, "", `?key=${encodeURIComponent(key)}#seq=${seq}&viewer=${viewer}`);
  drawEventDetail();
  wanted = { seq, viewer };
  if (drawing) return; // the loop below draws the newest wish when the view in flight is in
  drawing = true;
  try {
    while (wanted !== null) {
      const asked: { seq: number; viewer: number } = wanted;
      wanted = null;
      const viewed = await api<Viewed>("view", asked);
      if (wanted === null) drawBoard(viewed, asked.viewer);
    }
  } catch (problem) {
    $("status").replaceChildren(el("span", { class: "error" }, `The view could not be loaded: ${(problem as Error).message}`));
  } finally {
    drawing = false;
  }
}

function drawBoard(viewed: Viewed, shownTo: number): void {
  drawStatus(viewed.status);
  const context: Context = { seats: summary.seats, viewer: shownTo, options: summary.options, winners: viewed.status.winners,
    toAct: viewed.status.to_act, cards: faces };
  const board = $("board");
  board.replaceChildren(drawingFor(summary.ruleset)(viewed.view, context));
  board.dataset.seq = String(viewed.seq);
  board.dataset.viewer = String(shownTo);
  board.dataset.ready = "true";
  drawCommands(viewed);
}

/** A seat's legal commands, in words, when a live game is followed with its token and
 * the newest view is shown: clicking one submits it. */
function drawCommands(viewed: Viewed): void {
  const panel = $("commands");
  const legal = viewed.legal ?? [];
  const playable = summary.mode === "live" && !summary.ended && viewed.seq === last() && legal.length > 0;
  panel.hidden = !playable;
  if (!playable) {
    panel.replaceChildren();
    return;
  }
  const problem = el("div", { class: "error" });
  const buttons = legal.map((text, index) => {
    const button = el("button", { data: { index } }, text);
    button.addEventListener("click", () => {
      buttons.forEach((b) => (b.disabled = true));
      submit(viewed.seq, index).catch((error: unknown) => {
        problem.textContent = `Not played: ${(error as Error).message}`;
        void show(last());
      });
    });
    return button;
  });
  panel.replaceChildren(el("div", { class: "label" }, `Your move, ${viewerLabel()}:`), ...buttons, problem);
}

async function loadEvents(): Promise<void> {
  events = (await api<{ events: Shown[] }>("events", { viewer })).events;
  drawEventList();
}

function stop(): void {
  if (timer !== undefined) window.clearInterval(timer);
  timer = undefined;
  $("play").textContent = "▶ play";
}

function play(): void {
  if (timer !== undefined) return stop();
  if (seq >= last()) void show(1);
  $("play").textContent = "⏸ pause";
  const perSecond = Number($<HTMLSelectElement>("speed").value);
  timer = window.setInterval(() => {
    if (seq >= last()) return stop();
    void show(seq + 1);
  }, 1000 / perSecond);
}

function wire(): void {
  $("first").addEventListener("click", () => void show(1));
  $("back").addEventListener("click", () => void show(seq - 1));
  $("forward").addEventListener("click", () => void show(seq + 1));
  $("last").addEventListener("click", () => void show(last()));
  $("play").addEventListener("click", play);
  $("speed").addEventListener("change", () => { if (timer !== undefined) { stop(); play(); } });
  $<HTMLInputElement>("scrub").addEventListener("input", (e) => void show(Number((e.target as HTMLInputElement).value)));
  $<HTMLInputElement>("seq").addEventListener("change", (e) => void show(Number((e.target as HTMLInputElement).value)));
  $<HTMLSelectElement>("viewer").addEventListener("change", async (e) => {
    viewer = Number((e.target as HTMLSelectElement).value);
    await loadEvents();
    await show(seq);
  });
  document.addEventListener("keydown", (e) => {
    if ((e.target as HTMLElement).tagName === "INPUT" || (e.target as HTMLElement).tagName === "SELECT") return;
    if (e.key === "ArrowLeft") void show(seq - 1);
    if (e.key === "ArrowRight") void show(seq + 1);
  });
}

function follow(): void {
  // A live game: new events arrive over server-sent events; the page keeps to the
  // newest event unless the person has scrubbed back.
  const stream = new EventSource(`/api/stream?key=${encodeURIComponent(key)}&after=${last()}`);
  stream.addEventListener("events", (message) => {
    const atEnd = seq >= last();
    const fresh = JSON.parse((message as MessageEvent).data) as Shown[];
    const added = fresh.filter((e) => e.seq > (events.at(-1)?.seq ?? 0));
    events.push(...added);
    $("events").append(...added.map(eventItem));
    $<HTMLInputElement>("scrub").max = String(last());
    $<HTMLInputElement>("seq").max = String(last());
    if (atEnd) void show(last());
  });
  stream.addEventListener("error", () => {
    if (stream.readyState === EventSource.CLOSED) $("status").append(" (the viewer's server stopped)");
  });
  stream.addEventListener("view", () => { if (seq >= last()) void show(last()); });
  stream.addEventListener("end", (message) => {
    stream.close();
    summary = { ...summary, ...(JSON.parse((message as MessageEvent).data) as Summary) };
    drawHeader();
    void show(seq);
  });
}

async function start(): Promise<void> {
  try {
    summary = await api<Summary>("summary");
  } catch (problem) {
    $("problem").hidden = false;
    $("problem").replaceChildren(el("strong", {}, `The viewer cannot load this game: ${(problem as Error).message}`));
    return;
  }
  faces = new Map((summary.cards ?? []).map((face) => [face.id, face]));
  drawHeader();
  drawViewers();
  wire();
  const asked = new URLSearchParams(location.hash.slice(1));
  if (asked.has("viewer") && summary.viewers.some((v) => v.id === Number(asked.get("viewer")))) {
    viewer = Number(asked.get("viewer"));
    $<HTMLSelectElement>("viewer").value = String(viewer);
  }
  await loadEvents();
  if (events.length === 0) {
    $("board").replaceChildren(el("p", {}, "No event of this log can be trusted: nothing to draw."));
    $("board").dataset.ready = "true";
    return;
  }
  await show(asked.has("seq") ? Number(asked.get("seq")) : summary.mode === "live" ? last() : 1);
  if (summary.mode === "live" && !summary.ended) follow();
}

void start();
