import { createCallerFactory, router } from "./trpc";
import { battleRouter } from "./routers/battle";
import { gameRouter } from "./routers/game";
import { notificationsRouter } from "./routers/notifications";
import { ordersRouter } from "./routers/orders";

export const appRouter = router({
  game: gameRouter,
  orders: ordersRouter,
  battle: battleRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
