// Moderation basics (issue 14): a member reports a message; the game's creator reads the reports.
// A report shows the creator that one message (the reporting member chose to show it), its sender
// nation and turn — never the reporter, nor the channel's other members.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pressMessages, pressReports } from "../../../db/schema";
import { forbidden, notFound } from "../errors";
import { pressAccess, readableChannel } from "./access";

export async function reportMessage(db: Db, userId: string, input: { gameId: number; messageId: number; reason: string }): Promise<{ reported: true }> {
  const access = await pressAccess(db, userId, input.gameId);
  const [message] = await db.select().from(pressMessages).where(and(eq(pressMessages.id, input.messageId), eq(pressMessages.gameId, input.gameId)));
  if (!message) throw notFound("That message");
  await readableChannel(db, access, message.channelId).catch(() => {
    throw notFound("That message");
  });
  await db.insert(pressReports).values({ messageId: message.id, gameId: input.gameId, reportedBy: userId, reason: input.reason }).onConflictDoNothing();
  return { reported: true };
}

export async function listReports(db: Db, userId: string, gameId: number) {
  const access = await pressAccess(db, userId, gameId);
  if (access.game.createdBy !== userId) throw forbidden("Only the game's creator reads its reports");
  const rows = await db
    .select({ report: pressReports, message: pressMessages })
    .from(pressReports)
    .innerJoin(pressMessages, eq(pressMessages.id, pressReports.messageId))
    .where(eq(pressReports.gameId, gameId))
    .orderBy(desc(pressReports.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.report.id,
    reason: r.report.reason,
    reportedAt: r.report.createdAt.toISOString(),
    message: { id: r.message.id, sender: r.message.senderNation, text: r.message.text, turn: r.message.turn, phase: r.message.phase },
  }));
}
