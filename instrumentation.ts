// Next calls register() once when a server starts. The work is Node's only (server/boot.ts): imported
// under the runtime check, so the Edge build never sees it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./server/boot")).boot();
}
