import { createCallerFactory, router } from "./trpc";
import { battleRouter } from "./routers/battle";
import { gameRouter } from "./routers/game";
import { notificationsRouter } from "./routers/notifications";
import { ordersRouter } from "./routers/orders";
import { postCombatRouter } from "./routers/post-combat";
import { pressRouter } from "./routers/press";
import { pushRouter } from "./routers/push";
import { settingsRouter } from "./routers/settings";
import { vacationRouter } from "./routers/vacation";
import { playerRouter } from "./routers/player";
import { tokenRouter } from "./routers/token";
import { playRouter } from "./routers/play";
import { webhookRouter } from "./routers/webhook";
import { sandboxRouter } from "./routers/sandbox";

export const appRouter = router({
  game: gameRouter,
  orders: ordersRouter,
  battle: battleRouter,
  postCombat: postCombatRouter,
  notifications: notificationsRouter,
  settings: settingsRouter,
  push: pushRouter,
  press: pressRouter,
  vacation: vacationRouter,
  player: playerRouter,
  token: tokenRouter,
  play: playRouter,
  webhook: webhookRouter,
  sandbox: sandboxRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
