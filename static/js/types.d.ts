// The shapes of docs/PROTOCOL.md as the client reads them, for the type check only (tsconfig.json
// at the repository's root: `npx tsc -p tsconfig.json`). Global declarations (no import or
// export here), so a module's JSDoc names them directly (`@param {View} view`); the browser
// never loads this file. A game's own `public` and `private` stay open records: each game's
// table.js reads its own.

/** A JSON object whose members a game defines (docs/rules/*.md). */
type Json = Record<string, any>;

/** A language of the client. */
type Lang = "en" | "hu" | "da";

/** A label in every language (`GET /api/games`' names, options.js labels). */
type Labels = Partial<Record<Lang, string>>;

/** One element of `view.legal`: sent back verbatim in an `act`. */
type Action = Json & { type?: string };

/** One public event of `view.log`. */
type LogEvent = Json & { seq: number; event: string };

/** A game's result: null until the end. */
type Result = (Json & { winners: number[] }) | null;

/** What a seat (or a spectator) sees of a room (docs/PROTOCOL.md "Server → client"). */
interface View {
  game: string;
  mode: string;
  status: "lobby" | "playing" | "finished";
  phase: string;
  you: number | null;
  to_act: number[];
  legal: Action[];
  public: Json;
  private: Json | null;
  log: LogEvent[];
  result: Result;
  /** The message's seq, which the shell adds to the view it hands a table. */
  seq?: number;
}

/** A seat of a room, in `GET /api/rooms/{code}` and in the shell's context. */
interface Seat {
  seat: number;
  name: string;
  bot: boolean;
  connected: boolean;
  away?: boolean;
}

/** `GET /api/rooms/{code}`. */
interface RoomInfo {
  code: string;
  game: string;
  mode: string;
  options: Json;
  status: "lobby" | "playing" | "finished";
  seats: Seat[];
  spectators: number;
  seq: number;
  seed_hash: string;
  rematch_code?: string | null;
  /** A crew room's crew by name, to a member's seat only. */
  crew_name?: string | null;
  [more: string]: any;
}

/** A mode of `GET /api/games`. */
interface ModeSpec {
  id: string;
  min_players: number;
  max_players: number;
  options: Json;
  /** The options a seat owns (chosen by that player in the lobby): name -> seat. */
  owners?: Record<string, number> | null;
}

/** A game of `GET /api/games`. */
interface GameSpec {
  id: string;
  name: Labels;
  modes: ModeSpec[];
}

/** What this browser keeps of a seat it holds (api.js). */
interface SeatToken {
  seat: number;
  token: string;
  host?: boolean;
  at?: number;
}

/** The messages of the room socket, server to client. */
interface ViewMessage {
  type: "view";
  seq: number;
  view: View;
}
interface AckMessage {
  type: "ack";
  cid: string;
  seq: number;
}
interface ErrorMessage {
  type: "error";
  cid?: string | null;
  code: "illegal_action" | "not_your_turn" | "bad_message" | "rate_limited" | "bad_token" | "unavailable" | string;
  message: string;
}
interface PresenceMessage {
  type: "presence";
  seats: { seat: number; connected: boolean; away?: boolean }[];
  spectators: number;
}
interface RematchMessage {
  type: "rematch";
  code: string;
  url: string;
}
interface PongMessage {
  type: "pong";
}
type ServerMessage = ViewMessage | AckMessage | ErrorMessage | PresenceMessage | RematchMessage | PongMessage;

/** The messages of the room socket, client to server. */
type ClientMessage =
  | { type: "hello"; token?: string }
  | { type: "act"; cid: string; action: Action }
  | { type: "ping" };

/** What a RoomSocket tells its screen (socket.js). */
interface SocketHandlers {
  onView?(msg: ViewMessage): void;
  onAck?(msg: AckMessage): void;
  onError?(msg: ErrorMessage): void;
  onPresence?(msg: PresenceMessage): void;
  onRematch?(msg: RematchMessage): void;
  onBadToken?(): void;
  onGone?(): void;
  onConnection?(live: boolean, dead: boolean): void;
}

/** A screen of the shell's router (app.js): what it needs when the route or the language
 * changes. */
interface ShellScreen {
  leave(): void;
  rerender(): void;
  help?(): any;
  menuRows?(): any;
  game?(): any;
}

// The HTML standard's clearTimeout/clearInterval take any handle, null and undefined included
// (nothing to clear): the client keeps "no timer" as null.
declare function clearTimeout(id: number | null | undefined): void;
declare function clearInterval(id: number | null | undefined): void;

/** The DOM builder of dom.js: `h(tag, attrs, ...children)`, text never HTML. */
type DomBuilder = typeof import("./dom.js").h;

/** What the shell hands a game's `render(root, view, ctx)` (static/js/games/README.md). */
interface TableCtx {
  /** Sends {"type":"act","cid",action}: its cid, or null while one action is in flight. */
  send(action: Action): string | null;
  /** An action is in flight or the socket is down: lock the controls. */
  busy: boolean;
  t(key: string, vars?: Record<string, any>): string;
  /** The seats' names, by seat. */
  names: string[];
  seats: Seat[];
  /** This socket's seat, or null for a spectator. */
  you: number | null;
  lang: string;
  h: DomBuilder;
  /** The bottom action bar (the table's to fill, like root). */
  bar: HTMLElement;
  money(n: number): string;
  eventText(event: LogEvent): string;
  toast(text: string, action?: { label: string; run: () => void; ms?: number } | null): HTMLElement;
  // The room screen's own (inert in the replay); optional by the contract: a table falls back
  // to something of its own where a shell has none (games/common.js).
  online?: boolean;
  decision?(el: Element | null): void;
  drawer?(id: string, label: string, fill: (el: HTMLElement) => void): void;
  flash?(text: string | Node, opts?: { kind?: string; ms?: number }): unknown;
  learn?(phase: string): unknown;
}

/** A game's table module (static/js/games/<game>/table.js; generic.js when it has none). */
interface TableModule {
  render(root: HTMLElement, view: View, ctx: TableCtx): void;
  status?(view: View, ctx: TableCtx): string | null;
  renderResult?(el: HTMLElement, view: View, ctx: TableCtx): void;
  seatRole?(view: View, seat: number): string | null;
}

/** A seat of a crew's night or open room: `member` is null for a bot or a guest. */
interface CrewSeat {
  seat: number;
  name: string;
  member: number | null;
}

/** A row of a crew's standings (docs/PROTOCOL.md "Crews"). */
interface StandingRow {
  member: number;
  name: string;
  nights: number;
  wins: number;
  draws: number;
  points: number;
  money: number;
  goals_for: number;
  goals_against: number;
}

/** A crew's finished night. */
interface Night {
  code: string;
  game: string;
  mode: string;
  finished_at: string;
  seats: CrewSeat[];
  result: Result;
  score: number[] | null;
}

/** A crew's open room. */
interface CrewRoom {
  code: string;
  url: string;
  game: string;
  mode: string;
  status: "lobby" | "playing" | "finished";
  seats: CrewSeat[];
}

/** `GET /api/crews/{code}`. */
interface Crew {
  code: string;
  name: string;
  members: { member: number; name: string }[];
  standings: StandingRow[];
  nights: Night[];
  /** Places gained (+) or lost (−) with the last night, by member. */
  moved: Record<string, number>;
  /** The season shown, and every season's start. */
  season: number;
  seasons: { season: number; started_at: string }[];
  rooms: CrewRoom[];
}

/** One visit of a crew page (crew/page.js; crew/actions.js acts on it). */
interface CrewPage {
  code: string;
  slots: Record<string, HTMLElement>;
  crew: Crew | null;
  list: GameSpec[];
  /** The filters: a game, an old season (null: the current one). */
  game: string | null;
  season: number | null;
  pick: { game: string | null; mode: string | null };
  /** What was drawn last, and each form slot's key (crew/page.js form()). */
  seen: string;
  forms: Record<string, string | null>;
  timer: number | null;
  alive: boolean;
  jumped?: boolean;
  refresh(): Promise<void>;
  draw(): void;
}

/** What this phone keeps of a crew it belongs to (crew/store.js). */
interface Membership {
  member: number;
  token: string;
  name: string;
  /** The crew's name. */
  crew?: string;
  at?: number;
}

/** One replay screen's state (replay/screen.js makes it; controls.js, log.js, seed.js share it).
 * What start() and makeControls() fill in is typed as filled: nothing reads it before. */
interface ReplayState {
  code: string;
  /** The step shown, and the last one. */
  seq: number;
  last: number;
  module: TableModule;
  root: HTMLElement;
  names: string[];
  game: string;
  timer: number | null;
  speed: number;
  /** "seq|i" -> event, from every view fetched so far. */
  events: Map<string, LogEvent>;
  /** `GET /api/rooms/{code}/replay`. */
  rep: { seed: string; seed_hash?: string; actions: { seq: number; seat: number; action: Action }[]; result: Result };
  info: RoomInfo;
  view: View | null;
  left: boolean;
  status: HTMLElement;
  logList: HTMLElement;
  show(seq: number): unknown;
  ctx(): TableCtx;
  slider: HTMLInputElement;
  label: HTMLElement;
  playButton: HTMLElement;
  speedButton: HTMLElement;
}
