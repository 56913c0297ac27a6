import { createCallerFactory, router } from "./trpc";
import { gameRouter } from "./routers/game";
import { notificationsRouter } from "./routers/notifications";
import { ordersRouter } from "./routers/orders";

export const appRouter = router({
  game: gameRouter,
  orders: ordersRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
