// A press fixture: Alice (Germany, the creator), Bob (Japan), Carol (United Kingdom) and Dave (Russia)
// play, a robot plays the United States; Erin only watches.
import type { DbHandle } from "../../db/client";
import type { PressMode } from "../../db/schema";
import { callerFor, makeUser, QUICK } from "../support/world";

export async function pressGame(handle: DbHandle, options: { press?: PressMode; anonymous?: boolean } = {}) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [alice, bob, carol, dave, erin] = await Promise.all(
    ["alice", "bob", "carol", "dave", "erin"].map((n) => makeUser(handle, `${n}-${tag}@example.com`)),
  );
  const as = {
    alice: callerFor(handle, alice!),
    bob: callerFor(handle, bob!),
    carol: callerFor(handle, carol!),
    dave: callerFor(handle, dave!),
    erin: callerFor(handle, erin!),
    nobody: callerFor(handle, null),
  };
  const { gameId } = await as.alice.game.create({ name: `Press ${tag}`, nations: ["Germany"], robots: ["United States"], ...QUICK, ...options });
  await as.bob.game.join({ gameId, nation: "Japan" });
  await as.carol.game.join({ gameId, nation: "United Kingdom" });
  await as.dave.game.join({ gameId, nation: "Russia" });
  return { gameId, users: { alice: alice!, bob: bob!, carol: carol!, dave: dave!, erin: erin! }, as };
}

export type PressCaller = Awaited<ReturnType<typeof pressGame>>["as"]["alice"];

export async function publicId(caller: PressCaller, gameId: number): Promise<number> {
  const list = await caller.press.channels({ gameId });
  return list.channels.find((c) => c.kind === "public")!.id;
}
