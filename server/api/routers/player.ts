// player.*: profiles and the leaderboard (issue 22). What they show is public to signed-in users: a
// display name, finished games, ratings and the reliability record — never an address.
import { z } from "zod";
import { leaderboard, RULESET } from "../../services/ratings";
import { playerProfile } from "../../services/profiles";
import { text } from "../input";
import { protectedProcedure, router } from "../trpc";

export const playerRouter = router({
  profile: protectedProcedure.input(z.object({ id: text(1, 100) })).query(({ ctx, input }) => playerProfile(ctx.db, input.id)),
  leaderboard: protectedProcedure
    // Any ruleset's id (the service refuses one not played here, naming those that are); 1942 by default.
    .input(z.object({ ruleset: text(1, 100).default(RULESET) }).optional())
    .query(({ ctx, input }) => leaderboard(ctx.db, input?.ruleset ?? RULESET)),
});
