// Press as users see it: every channel, message and report id is a public id (services/public-ids.ts),
// so no id tells how many private channels were opened or private messages sent (issue 20). The press
// services work on row ids; these wrappers turn what comes in into row ids and what goes out into
// public ids, and are what the router calls.
import type { SeatSide } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { publicIds, type PublicIds } from "../public-ids";
import { listReports, reportMessage } from "./moderation";
import { channelMessages, listChannels, markRead, muteChannel, openChannel, sendMessage, type PressChannels, type PressMessage } from "./press";

const channelOut = (ids: PublicIds, id: number) => ids.toPublic("channel", id);
const channelIn = (ids: PublicIds, id: number) => ids.fromPublic("channel", id);
const messageOut = (ids: PublicIds, id: number) => ids.toPublic("message", id);
const messageIn = (ids: PublicIds, id: number) => ids.fromPublic("message", id);

function publicMessage(ids: PublicIds, m: PressMessage): PressMessage {
  return { ...m, id: messageOut(ids, m.id), channelId: channelOut(ids, m.channelId) };
}

export async function channelsFor(db: Db, userId: string, gameId: number): Promise<PressChannels> {
  const ids = await publicIds(db);
  const list = await listChannels(db, userId, gameId);
  return { ...list, channels: list.channels.map((c) => ({ ...c, id: channelOut(ids, c.id) })) };
}

export async function messagesFor(db: Db, userId: string, gameId: number, channelId: number, before?: number) {
  const ids = await publicIds(db);
  const page = await channelMessages(db, userId, gameId, channelIn(ids, channelId), before === undefined ? undefined : messageIn(ids, before));
  return {
    ...page,
    channel: { ...page.channel, id: channelOut(ids, page.channel.id) },
    lastReadId: messageOut(ids, page.lastReadId),
    messages: page.messages.map((m) => publicMessage(ids, m)),
  };
}

export async function send(db: Db, userId: string, input: { gameId: number; channelId: number; nation: SeatSide; text: string }): Promise<PressMessage> {
  const ids = await publicIds(db);
  return publicMessage(ids, await sendMessage(db, userId, { ...input, channelId: channelIn(ids, input.channelId) }));
}

export async function open(db: Db, userId: string, input: { gameId: number; nation: SeatSide; members: SeatSide[] }) {
  const ids = await publicIds(db);
  const opened = await openChannel(db, userId, input);
  return { ...opened, channelId: channelOut(ids, opened.channelId) };
}

export async function markReadFor(db: Db, userId: string, input: { gameId: number; channelId: number; upTo: number }) {
  const ids = await publicIds(db);
  return markRead(db, userId, { gameId: input.gameId, channelId: channelIn(ids, input.channelId), upTo: messageIn(ids, input.upTo) });
}

export async function muteFor(db: Db, userId: string, input: { gameId: number; channelId: number; muted: boolean }) {
  const ids = await publicIds(db);
  return muteChannel(db, userId, { ...input, channelId: channelIn(ids, input.channelId) });
}

export async function reportFor(db: Db, userId: string, input: { gameId: number; messageId: number; reason: string }) {
  const ids = await publicIds(db);
  return reportMessage(db, userId, { ...input, messageId: messageIn(ids, input.messageId) });
}

export async function reportsFor(db: Db, userId: string, gameId: number) {
  const ids = await publicIds(db);
  return (await listReports(db, userId, gameId)).map((r) => ({ ...r, id: ids.toPublic("report", r.id), message: { ...r.message, id: messageOut(ids, r.message.id) } }));
}
