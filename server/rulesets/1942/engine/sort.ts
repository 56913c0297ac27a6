// Stable sorting of the engine's lists in place, with no work array where none is needed: the
// built-in sort allocates one at every call, and a phase sorts many lists (every battle's casualty
// choice, its participants, its choices log, the phase's runs) that are short or already in order.
// Both ways are stable, so the result is the built-in sort's whatever the comparison.

/** Whether `list` is already in `compare`'s order. */
export function inOrder<T>(list: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

/** Sorts `list` in place and returns it: a short list by insertion, a long one only when it is out of order. */
export function sortInPlace<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  if (list.length > 16) return inOrder(list, compare) ? list : list.sort(compare);
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && compare(list[j]!, x) > 0) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
  return list;
}
