// Where to go after signing in: only paths on this site, so a crafted link cannot send a user away.
// A browser drops tabs and newlines from URLs ("/\t/evil.example" becomes "//evil.example", another
// site), so any control character or whitespace refuses the value; what is left is parsed as a URL
// against a placeholder origin and kept only if it stayed on it. The answer is the parsed path,
// query and fragment, percent-encoded, so it is always a valid Location header (no 500 on U+3000).
// The check that counts is on the *resolved* path: dot segments ("/..//evil.example",
// "/lobby/%2e%2e//evil.example") resolve to "//evil.example", which a browser reads as another host.
const HERE = "http://lockstep.invalid";

export function safeCallbackPath(value: unknown, fallback = "/lobby"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return fallback;
  return path;
}
