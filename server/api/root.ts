import { createCallerFactory, router } from "./trpc";
import { battleRouter } from "./routers/battle";
import { gameRouter } from "./routers/game";
import { notificationsRouter } from "./routers/notifications";
import { ordersRouter } from "./routers/orders";
import { postCombatRouter } from "./routers/post-combat";

export const appRouter = router({
  game: gameRouter,
  orders: ordersRouter,
  battle: battleRouter,
  postCombat: postCombatRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
