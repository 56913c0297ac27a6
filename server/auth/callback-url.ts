// Where to go after signing in: only paths on this site, so a crafted link cannot send a user away.
export function safeCallbackPath(value: unknown, fallback = "/lobby"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
