// press.*: the diplomacy of a game (issue 14). Reads return only channels the caller may read
// (services/press/access.ts); writes go as a nation (or, in another ruleset, a side) the caller plays (sideProcedure). Channel, message
// and report ids are public ids (services/press/public.ts): they count nothing of other channels.
import { z } from "zod";
import type { SeatSide } from "../../../db/schema";
import { unreadByGame } from "../../services/press/press";
import { channelsFor, markReadFor, messagesFor, muteFor, open, reportFor, reportsFor, send } from "../../services/press/public";
import { rowId } from "../input";
import { messageText } from "../press-text";
import { gameId } from "../schemas";
import { endsVacation, protectedProcedure, router, sideProcedure } from "../trpc";
import { keyText } from "../input";

export const MESSAGE_MAX = 2000;
const id = rowId;

export const pressRouter = router({
  /** The caller's channels in a game with unread counts (none for a spectator of a running game). */
  channels: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => channelsFor(ctx.db, ctx.user.id, input.gameId)),
  /** A page of one channel's messages (50, newest last; `before` pages back). */
  messages: protectedProcedure
    .input(z.object({ gameId, channelId: id, before: id.optional() }))
    .query(({ ctx, input }) => messagesFor(ctx.db, ctx.user.id, input.gameId, input.channelId, input.before)),
  /** Unread press per game the caller plays (the lobby). */
  unread: protectedProcedure.query(({ ctx }) => unreadByGame(ctx.db, ctx.user.id)),
  /** The game's creator reads the reported messages. */
  reports: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => reportsFor(ctx.db, ctx.user.id, input.gameId)),
  send: sideProcedure
    .use(endsVacation)
    .input(z.object({ channelId: id, text: messageText("The message", MESSAGE_MAX) }))
    .mutation(({ ctx, input }) => send(ctx.db, ctx.user.id, { ...input, nation: input.nation as SeatSide })),
  /** Open a private channel of the caller's nation and the given nations (members fixed from now on). */
  open: sideProcedure
    .input(z.object({ members: z.array(keyText(1, 40)).min(1).max(11) }))
    .mutation(({ ctx, input }) => open(ctx.db, ctx.user.id, { ...input, nation: input.nation as SeatSide, members: input.members as SeatSide[] })),
  markRead: protectedProcedure
    .input(z.object({ gameId, channelId: id, upTo: id }))
    .mutation(({ ctx, input }) => markReadFor(ctx.db, ctx.user.id, input)),
  mute: protectedProcedure
    .input(z.object({ gameId, channelId: id, muted: z.boolean() }))
    .mutation(({ ctx, input }) => muteFor(ctx.db, ctx.user.id, input)),
  report: protectedProcedure
    .input(z.object({ gameId, messageId: id, reason: messageText("The reason", 500) }))
    .mutation(({ ctx, input }) => reportFor(ctx.db, ctx.user.id, input)),
});
