// Waiting in tests for something another process or worker does: polled every 50 ms, a failure once
// the time is up (never a fixed sleep that a loaded machine outlasts).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the milliseconds it took once `what` holds; throws after `ms`. */
export async function until(what: () => Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await what())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}
