// The view in a live event, sent without serialising the board once per stream (issue 20). tRPC turns
// each event of a stream into JSON and then UTF-8 bytes itself, so a view in the event cost every
// stream the board's JSON, its bytes and their garbage (~0.5 ms of CPU a stream, measured by
// scripts/event-cpu.ts): 200 streams of one game, 115 ms a process for one event. Instead the stream
// sends a marker where the view goes, and the HTTP route (app/trpc/http.ts) puts the
// view's bytes in its place on the way out: the viewer's own part (everything but the board: about
// 1.5 KB at a game's first turn) serialised on that stream, and the board's bytes made once per event
// and process and shared by every stream, as the board is the same for every viewer (view.ts gives
// all the viewers of one read the same board object; that object is the key).
// Secrecy: the views held are the stream's own viewer's, in a map that lives with that one request;
// the only part shared between streams is the board object, which viewFor builds from no viewer.
import type { GameView } from "../services/view";
import { jsonBytes } from "./json-bytes";

const encoder = new TextEncoder();
/** Where the view goes in an event's JSON: `"view":"\u0000view:<n>"` (n numbers the request's views). */
const MARKER = "\u0000view:";
const MARKER_BYTES = Buffer.from(JSON.stringify(MARKER).slice(0, -1));
const QUOTE = '"'.charCodeAt(0);
const NULL = encoder.encode("null");
const CLOSE = encoder.encode("}");
/** Views held but never sent (an event the stream skipped) are dropped past this many. */
const MOST_HELD = 16;

/** The board's bytes, once per board object (one per event's read). */
const boards = new WeakMap<object, Uint8Array>();
function boardBytes(board: object): Uint8Array {
  let bytes = boards.get(board);
  if (!bytes) boards.set(board, (bytes = jsonBytes(board)));
  return bytes;
}

/** A view's JSON as parts: the viewer's own (everything but the board), then the shared board. */
export function viewParts(view: GameView): Uint8Array[] {
  const { board, ...own } = view;
  if (!board) return [encoder.encode(JSON.stringify(view))];
  // `own` always has keys, so its JSON ends in "}" after at least one member.
  return [encoder.encode(`${JSON.stringify(own).slice(0, -1)},"board":`), boardBytes(board), CLOSE];
}

/** One game stream's views, from the event that carries one to the bytes that leave. */
export class ViewFrames {
  #held = new Map<number, Uint8Array[]>();
  #next = 0;

  /** The event with its view held back: `view` becomes a marker that `splice` replaces with the view's JSON. */
  hold<E extends { view?: GameView }>(event: E): E {
    if (!event.view) return event;
    const n = this.#next++;
    this.#held.set(n, viewParts(event.view));
    if (this.#held.size > MOST_HELD) this.#held.delete(this.#held.keys().next().value!);
    return { ...event, view: `${MARKER}${n}` as unknown as GameView };
  }

  /** The response's bytes with each held view in place of its marker (a view no longer held: null, and the page refetches). */
  splice(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    return body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, out) => {
          const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          const at = bytes.lastIndexOf(MARKER_BYTES);
          const end = at < 0 ? -1 : bytes.indexOf(QUOTE, at + MARKER_BYTES.length);
          if (end < 0) return out.enqueue(chunk);
          const n = Number(bytes.toString("latin1", at + MARKER_BYTES.length, end));
          const parts = this.#held.get(n) ?? [NULL];
          this.#held.delete(n);
          // One chunk: each chunk costs every stage after this one (and a socket write) more than the copy.
          out.enqueue(Buffer.concat([bytes.subarray(0, at), ...parts, bytes.subarray(end + 1)]));
        },
      }),
    );
  }
}
