// The phase an adjudication resolves, locked (each phase resolves once), with its game, in one
// statement. A 1942 game's board is the same every turn and in every game of its scenario (R1's map,
// 20 of a start state's 35 KB): the statement sends it only when this process has not read it yet,
// named by the hash of its stored value; otherwise the start state comes without it and the board
// kept here is put back. The engine never changes a board (its index is memoised per board object),
// so games share the one object, as the app's start-state cache shares a phase's state.
import { getTableColumns, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases } from "../../db/schema";
import { textArray } from "./named-call";
import type { Phase } from "./phases";
import { Recent } from "./recent";

type StartState = Phase["startState"];
type Board = StartState["board"];

/** Boards by the SHA-256 of their stored value (no two boards share one, even from an imported dump). */
const boards = new Recent<string, Board>(16);

export async function lockPhaseWithGame(tx: Db, phaseId: number): Promise<{ phase: Phase; game: typeof games.$inferSelect } | undefined> {
  const { startState, ...columns } = getTableColumns(phases);
  const hash = sql<string | null>`encode(sha256(convert_to((${startState} -> 'board')::text, 'UTF8')), 'hex')`;
  const known = textArray([...boards.keys()]);
  const [row] = await tx
    .select({
      phase: { ...columns, startState: sql<StartState>`case when ${hash} = any(${known}::text[]) then ${startState} - 'board' else ${startState} end` },
      boardHash: hash,
      game: games,
    })
    .from(phases)
    .innerJoin(games, eq(games.id, phases.gameId))
    .where(eq(phases.id, phaseId))
    .for("update", { of: phases });
  if (!row) return undefined;
  const { phase, boardHash, game } = row;
  const stored = phase.startState;
  if (boardHash === null) return { phase, game };
  if (stored.board !== undefined) {
    boards.keep(boardHash, stored.board);
    return { phase, game };
  }
  let board = boards.get(boardHash);
  if (!board) {
    // Dropped since the statement was sent (more than 16 other boards read meanwhile): read it again.
    const [again] = await tx.select({ board: sql<Board>`${startState} -> 'board'` }).from(phases).where(eq(phases.id, phaseId));
    board = again!.board;
  }
  boards.keep(boardHash, board);
  return { phase: { ...phase, startState: { ...stored, board } }, game };
}
