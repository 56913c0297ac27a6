// The request context: the runtime's database and bus, and the signed-in user from next-auth.
import { getRuntime } from "../runtime";
import { getSessionUser } from "../auth";
import type { Context } from "./trpc";

export async function createContext(): Promise<Context> {
  const runtime = await getRuntime();
  const user = await getSessionUser();
  return { db: runtime.handle.db, bus: runtime.bus, user: user ? { id: user.id, email: user.email, name: user.name } : null };
}
