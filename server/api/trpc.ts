// tRPC: context (database, event bus, signed-in user), error formatting, and the procedures that
// authorize: public, protected (signed in), and nation (plays that nation in that game).
import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import type { EventEmitter } from "node:events";
import type { Db } from "../../db/client";
import type { SeatSide } from "../../db/schema";
import { ServiceError } from "../services/errors";
import { isConnectionError } from "../../db/connection-error";
import { UNAVAILABLE_MESSAGE, internalMessage, logInternalError } from "./internal-error";
import { playsClassicNation, playsNation } from "../services/seat-check";
import { requireClassic } from "../services/ruleset-games/rulesets";
import { endVacation } from "../services/vacations";
import { gameNation } from "./schemas";
import { INT4_MAX, keyText, rowId } from "./input";
import { assertMaySee } from "../services/sandbox/access";
import type { ViewFrames } from "./view-frames";

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

export interface Context {
  db: Db;
  bus: EventEmitter;
  user: SessionUser | null;
  /** A game stream served over HTTP: where its events' views are held until their bytes go (view-frames.ts). */
  viewFrames?: ViewFrames;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, path }) {
    if (error.code === "INTERNAL_SERVER_ERROR") {
      const id = logInternalError(error.cause ?? error, `tRPC ${path ?? "(unknown procedure)"}`);
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: internalMessage(id), data: { ...data, zod: null, service: undefined } };
    }
    if (error.code === "SERVICE_UNAVAILABLE") {
      // The connection's error is the operator's (logged by the route), not the client's.
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, data: { ...data, zod: null, service: undefined } };
    }
    const zod = error.cause instanceof z.ZodError ? z.flattenError(error.cause) : null;
    const service = error.cause instanceof ServiceError ? error.cause.data : undefined;
    return { ...shape, data: { ...shape.data, zod, service } };
  },
});

/**
 * Services refuse with ServiceError; the client gets the matching typed error. A database connection
 * that failed under the procedure (or an authorizing middleware) is a 503 the client retries, not a
 * 500: the request was fine, the connection was not (db/connection-error.ts).
 */
const serviceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof ServiceError) throw new TRPCError({ code: cause.code, message: cause.message, cause });
    if (result.error.code === "INTERNAL_SERVER_ERROR" && isConnectionError(cause ?? result.error)) {
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause });
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(serviceErrors);

/**
 * Signed in; and a procedure that names a game (`gameId` in its input) is refused for a sandbox that
 * is not the caller's (issue 24), before it runs: reads, streams, downloads and the public API alike.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next, getRawInput }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to do this" });
  const raw = (await getRawInput()) as { gameId?: unknown } | undefined;
  const gameId = raw && typeof raw === "object" ? raw.gameId : undefined;
  if (typeof gameId === "number" && Number.isSafeInteger(gameId) && gameId > 0 && gameId <= INT4_MAX) await assertMaySee(ctx.db, ctx.user.id, gameId);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Proves the caller plays `input.nation` in `input.gameId` before the procedure runs. */
export const nationProcedure = protectedProcedure.input(gameNation).use(async ({ ctx, input, next }) => {
  if (!(await playsClassicNation(ctx.db, ctx.user.id, input.gameId, input.nation))) {
    // Only on the refusal path (no cost to a player's own calls): any game but a classic 1942 one is told so.
    await requireClassic(ctx.db, input.gameId);
    throw new TRPCError({ code: "FORBIDDEN", message: `You do not play ${input.nation} in this game` });
  }
  return next();
});

/** A player's action in a game (saving, locking, deciding, writing) ends their vacation early (issue 22). */
export const endsVacation = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok && ctx.user) await endVacation(ctx.db, ctx.user.id);
  return result;
});

/**
 * Like nationProcedure for a procedure every ruleset shares (press): `nation` is a 1942 nation or
 * another ruleset's side id; the caller must play it in that game.
 */
export const sideProcedure = protectedProcedure.input(z.object({ gameId: rowId, nation: keyText(1, 40) })).use(async ({ ctx, input, next }) => {
  if (!(await playsNation(ctx.db, ctx.user.id, input.gameId, input.nation as SeatSide)))
    throw new TRPCError({ code: "FORBIDDEN", message: `You do not play ${input.nation} in this game` });
  return next();
});
