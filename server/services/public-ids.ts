// The ids users see of press channels, press messages, reports, notifications and live events. Their rows are numbered
// by sequences shared by every game and user, so a raw id would count other people's activity: a
// public message's id jumping 29 → 35 tells four private messages were sent meanwhile, an SSE id's jump
// tells of other users' events (issue 20). What a user sees instead is the row id under a keyed
// permutation of 1..2³¹−1 (a small Feistel cipher, walked until it lands in range): still a number of
// the same range, one to one, so ids keep working as input, but unrelated to the order or count of
// rows. The server turns it back and compares internal ids (paging, read marks, resuming a stream).
// The key is made once and kept in server_keys, the same for every process.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { serverKeys } from "../../db/schema";

/** Each kind of id has its own permutation: equal row ids of two kinds look unrelated. */
export type PublicIdKind = "channel" | "message" | "report" | "event" | "notification" | "webhook" | "webhook-delivery";

/** Internal and public ids are 1..LAST (int4); 0 stays 0 ("none"). */
const LAST = 2 ** 31 - 1;
const ROUNDS = 4;
const KEY_NAME = "public-ids";
/** Ids kept turned, per kind. */
const RECENT = 1024;

export interface PublicIds {
  /** The id a user sees of row `id`. */
  toPublic(kind: PublicIdKind, id: number): number;
  /** The row id behind a public id (any number of the range names some row id, which may not exist). */
  fromPublic(kind: PublicIdKind, publicId: number): number;
}

export function makePublicIds(key: Buffer): PublicIds {
  const f = (kind: PublicIdKind, round: number, half: number) => createHmac("sha256", key).update(`${kind}:${round}:${half}`).digest().readUInt16BE(0);
  const forward = (kind: PublicIdKind, x: number) => {
    let l = x >>> 16;
    let r = x & 0xffff;
    for (let i = 0; i < ROUNDS; i++) [l, r] = [r, l ^ f(kind, i, r)];
    return ((l << 16) | r) >>> 0;
  };
  const backward = (kind: PublicIdKind, y: number) => {
    let l = y >>> 16;
    let r = y & 0xffff;
    for (let i = ROUNDS - 1; i >= 0; i--) [l, r] = [r ^ f(kind, i, l), l];
    return ((l << 16) | r) >>> 0;
  };
  // Cycle walking: the cipher permutes 0..2³²−1; applied again until the value is in 0..LAST−1, it
  // permutes that range alone.
  const walk = (step: (kind: PublicIdKind, v: number) => number, kind: PublicIdKind, v: number) => {
    let out = step(kind, v);
    while (out >= LAST) out = step(kind, out);
    return out;
  };
  const inRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= LAST;
  // A live event's id is turned once for every stream that carries it (200 streams: 200 times the
  // same HMACs, a tenth of a stream's CPU): the latest ids turned are kept, per kind.
  const recent = new Map<PublicIdKind, Map<number, number>>();
  const toPublic = (kind: PublicIdKind, id: number) => {
    let kept = recent.get(kind);
    if (!kept) recent.set(kind, (kept = new Map()));
    let out = kept.get(id);
    if (out === undefined) {
      out = inRange(id) ? walk(forward, kind, id - 1) + 1 : 0;
      if (kept.size >= RECENT) kept.clear();
      kept.set(id, out);
    }
    return out;
  };
  return {
    toPublic,
    fromPublic: (kind, publicId) => (inRange(publicId) ? walk(backward, kind, publicId - 1) + 1 : 0),
  };
}

const loaded = new WeakMap<object, Promise<PublicIds>>();

async function loadKey(db: Db): Promise<Buffer> {
  const read = async () => (await db.select().from(serverKeys).where(eq(serverKeys.name, KEY_NAME)))[0]?.value.key;
  let key = await read();
  if (!key) {
    await db.insert(serverKeys).values({ name: KEY_NAME, value: { key: randomBytes(32).toString("base64") } }).onConflictDoNothing();
    key = await read();
  }
  return Buffer.from(key!, "base64");
}

/** The permutations of this database's key (read once per database handle). */
export function publicIds(db: Db): Promise<PublicIds> {
  let ids = loaded.get(db);
  if (!ids) {
    ids = loadKey(db).then(makePublicIds);
    loaded.set(db, ids);
    ids.catch(() => loaded.delete(db));
  }
  return ids;
}
