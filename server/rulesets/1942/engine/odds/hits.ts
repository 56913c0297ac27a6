// The distribution of the number of hits a group rolls: R6.4 one die per unit (a binomial per firing
// value, convolved), or R6.8 low luck (sure hits plus one die for the remainder).

/** P(hits = lo + k) = p[k]; entries below `cut` at both ends are dropped. */
export interface Hits {
  lo: number;
  p: Float64Array;
  /** Index of the most likely entry; the entries rise to it and fall after it (a sum of Bernoulli trials is unimodal). */
  mode: number;
  /** below[k] = p[0] + … + p[k−1]. */
  below: Float64Array;
}

function hits(lo: number, p: Float64Array): Hits {
  let mode = 0;
  const below = new Float64Array(p.length + 1);
  for (let k = 0; k < p.length; k++) {
    if (p[k]! > p[mode]!) mode = k;
    below[k + 1] = below[k]! + p[k]!;
  }
  return { lo, p, mode, below };
}

/** The entries [from, to) of a Hits at or above a threshold. */
export interface Span {
  from: number;
  to: number;
}

const NONE: Hits = hits(0, new Float64Array([1]));

/**
 * The entries of `h` of at least `t`: [from, to). They lie on both
 * sides of the mode, so two binary searches find them.
 */
export function span(h: Hits, t: number, out: Span): void {
  const p = h.p;
  if (p[h.mode]! < t) {
    out.from = 0;
    out.to = 0;
    return;
  }
  let lo = 0;
  let hi = h.mode;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p[mid]! >= t) hi = mid;
    else lo = mid + 1;
  }
  const from = lo;
  lo = h.mode;
  hi = p.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p[mid]! >= t) lo = mid;
    else hi = mid - 1;
  }
  out.from = from;
  out.to = lo + 1;
}

function binomial(n: number, q: number): Float64Array {
  const out = new Float64Array(n + 1);
  out[0] = 1;
  for (let k = 1; k <= n; k++) {
    for (let j = k; j > 0; j--) out[j] = out[j]! * (1 - q) + out[j - 1]! * q;
    out[0] = out[0]! * (1 - q);
  }
  return out;
}

/** binomial(n, v / 6), kept in `memo` when given: a side's states share most of their groups. */
function binomialOf(n: number, v: number, memo: Map<number, Float64Array> | undefined): Float64Array {
  const key = n * 6 + v;
  let out = memo?.get(key);
  if (!out) {
    out = binomial(n, v / 6);
    memo?.set(key, out);
  }
  return out;
}

function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += x * b[j]!;
  }
  return out;
}

/** Drop the tails whose entries are below `cut`. */
function trim(p: Float64Array, cut: number): Hits {
  let lo = 0;
  let hi = p.length - 1;
  while (lo < hi && p[lo]! < cut) lo++;
  while (hi > lo && p[hi]! < cut) hi--;
  return hits(lo, p.slice(lo, hi + 1));
}

/**
 * Hits of a group given as `count[v]` units firing at value v (1..6). Normal dice: each unit hits
 * on a roll ≤ its value. Low luck: floor(total / 6) hits, and one die hitting on ≤ the remainder.
 * `binomials`: a memo shared by the calls of one battle.
 */
export function hitsOf(count: readonly number[], lowLuck: boolean, cut: number, binomials?: Map<number, Float64Array>): Hits {
  let total = 0;
  for (let v = 1; v < count.length; v++) total += v * (count[v] ?? 0);
  if (total === 0) return NONE;
  if (lowLuck) {
    const sure = Math.floor(total / 6);
    const r = total % 6;
    if (r === 0) return hits(sure, new Float64Array([1]));
    return hits(sure, new Float64Array([1 - r / 6, r / 6]));
  }
  let p: Float64Array = new Float64Array([1]);
  for (let v = 1; v < count.length; v++) {
    const n = count[v] ?? 0;
    if (n > 0) p = v >= 6 ? convolve(p, oneAt(n)) : convolve(p, binomialOf(n, v, binomials));
  }
  return trim(p, cut);
}

function oneAt(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  out[n] = 1;
  return out;
}
