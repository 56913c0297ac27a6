// How press channels and messages are named on screen (plain text only).
import type { Nation } from "../../../../server/rulesets/1942/engine/types";

export interface ChannelLike {
  id: number;
  kind: "public" | "private";
  members: Nation[];
}

export function channelName(c: ChannelLike): string {
  return c.kind === "public" ? "Public" : c.members.join(", ");
}

const PHASES: Record<string, string> = { waiting: "before the start", orders: "orders", battles: "battles", "post-combat": "after combat", over: "game over" };

export function messageTag(m: { turn: number; phase: string }): string {
  return m.turn === 0 ? PHASES[m.phase] ?? m.phase : `turn ${m.turn}, ${PHASES[m.phase] ?? m.phase}`;
}
