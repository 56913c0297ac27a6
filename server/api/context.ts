// The request context: the runtime's database and bus, and the signed-in user from next-auth.
import { getRuntime } from "../runtime";
import { getSessionUser } from "../auth";
import { contextFrom } from "./context-from";
import type { Context } from "./trpc";

export async function createContext(): Promise<Context> {
  return contextFrom(getRuntime, getSessionUser);
}
