// Partial matching of an adjudication report against a conformance case's `expect`.
//
// Semantics (the corpus relies on exactly these):
// - objects: every key given must match, keys not given are ignored — except that an empty
//   object `{}` means the actual value must be an empty object or absent;
// - arrays: multisets of the same length: each expected element must match a distinct actual
//   element, in any order;
// - strings starting with `~` match an actual string that contains the rest;
// - the string `"$absent"` means the key must be missing;
// - numbers, booleans, null and other strings: strict equality.

/** Compares `actual` with `expected`; returns one readable line per mismatch, empty when it matches. */
export function matchReport(expected: unknown, actual: unknown): string[] {
  const out: string[] = [];
  matchAt(expected, actual, "", out);
  return out;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  if (v === undefined) return "nothing";
  const s = JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 197) + "..." : s;
}

function at(path: string): string {
  return path === "" ? "(root)" : path;
}

function child(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function matchAt(exp: unknown, act: unknown, path: string, out: string[]): void {
  if (exp === "$absent") {
    if (act !== undefined) out.push(`${at(path)}: expected to be absent, got ${show(act)}`);
    return;
  }
  if (typeof exp === "string" && exp.startsWith("~")) {
    const fragment = exp.slice(1);
    if (typeof act !== "string" || !act.includes(fragment)) {
      out.push(`${at(path)}: expected a string containing ${JSON.stringify(fragment)}, got ${show(act)}`);
    }
    return;
  }
  if (Array.isArray(exp)) {
    matchArray(exp, act, path, out);
    return;
  }
  if (isObject(exp)) {
    const keys = Object.keys(exp);
    if (keys.length === 0) {
      if (act === undefined || (isObject(act) && Object.keys(act).length === 0)) return;
      out.push(`${at(path)}: expected an empty object or nothing, got ${show(act)}`);
      return;
    }
    if (!isObject(act)) {
      out.push(`${at(path)}: expected an object, got ${show(act)}`);
      return;
    }
    for (const key of keys) matchAt(exp[key], act[key], child(path, key), out);
    return;
  }
  if (exp !== act) out.push(`${at(path)}: expected ${show(exp)}, got ${show(act)}`);
}

function errorsOf(exp: unknown, act: unknown, path: string): string[] {
  const out: string[] = [];
  matchAt(exp, act, path, out);
  return out;
}

const IDENTITY_KEYS = ["id", "territory", "order", "nation", "type", "at"] as const;

/** A readable label for an array element: its id, or its territory/nation/type/at. */
function labelOf(e: unknown, index: number): string {
  if (isObject(e)) {
    if (typeof e.id === "string" && !e.id.startsWith("~") && e.id !== "$absent") return e.id;
    const parts = IDENTITY_KEYS.filter((k) => k !== "id")
      .map((k) => e[k])
      .filter((v): v is string => typeof v === "string" && !v.startsWith("~") && v !== "$absent");
    if (parts.length > 0) return parts.join(" ");
  }
  return String(index);
}

/** True when every identity field the expected element gives is equal in the actual one. */
function sameIdentity(exp: unknown, act: unknown): boolean {
  if (!isObject(exp) || !isObject(act)) return false;
  let any = false;
  for (const k of IDENTITY_KEYS) {
    const v = exp[k];
    if (typeof v !== "string" || v.startsWith("~") || v === "$absent") continue;
    any = true;
    if (act[k] !== v) return false;
  }
  return any;
}

function matchArray(exp: unknown[], act: unknown, path: string, out: string[]): void {
  if (!Array.isArray(act)) {
    out.push(`${at(path)}: expected an array of ${exp.length} element(s), got ${show(act)}`);
    return;
  }
  // compatible[i][j]: expected element i matches actual element j.
  const compatible = exp.map((e) => act.map((a) => errorsOf(e, a, "").length === 0));
  // Maximum bipartite matching (Kuhn): a greedy pass could pair a loose expectation with the
  // only actual element a stricter one could take.
  const ownerOf: number[] = new Array(act.length).fill(-1);
  const tryAssign = (i: number, seen: boolean[]): boolean => {
    for (let j = 0; j < act.length; j++) {
      if (!compatible[i]![j] || seen[j]) continue;
      seen[j] = true;
      if (ownerOf[j] === -1 || tryAssign(ownerOf[j]!, seen)) {
        ownerOf[j] = i;
        return true;
      }
    }
    return false;
  };
  const matched: boolean[] = exp.map((_, i) => tryAssign(i, new Array(act.length).fill(false)));

  if (exp.length !== act.length) {
    out.push(`${at(path)}: expected ${exp.length} element(s), got ${act.length}`);
  }
  const freeActual = act.map((_, j) => j).filter((j) => ownerOf[j] === -1);
  exp.forEach((e, i) => {
    if (matched[i]) return;
    const label = `${path}[${labelOf(e, i)}]`;
    const pool = freeActual.length > 0 ? freeActual : act.map((_, j) => j);
    const candidate =
      pool.find((j) => sameIdentity(e, act[j])) ??
      pool
        .map((j) => ({ j, n: errorsOf(e, act[j], "").length }))
        .sort((x, y) => x.n - y.n)[0]?.j;
    if (candidate === undefined) {
      out.push(`${label}: missing, expected ${show(e)}`);
      return;
    }
    if (!sameIdentity(e, act[candidate]) && isObject(e) && Object.keys(e).some((k) => (IDENTITY_KEYS as readonly string[]).includes(k))) {
      out.push(`${label}: missing, expected ${show(e)}`);
      return;
    }
    out.push(...errorsOf(e, act[candidate], label));
  });
  if (act.length > exp.length) {
    for (const j of freeActual) out.push(`${at(path)}: unexpected element ${show(act[j])}`);
  }
}
