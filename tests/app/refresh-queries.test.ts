// A refetch after a change must not end with an answer read before it (app/trpc/refresh.ts). The
// press panel's case: a player opens a channel and writes at once, while the channel's first page of
// messages is still loading; that first load read the channel empty, and the refresh after the send
// (and after the live hint) only waited for it, so the list said "No messages yet." under a message
// that was sent.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshQueries } from "../../app/trpc/refresh";

/** A server whose reads are held until released: each read takes its answer when it starts. */
function slowServer(first: string) {
  let value = first;
  const held: (() => void)[] = [];
  return {
    write: (v: string) => void (value = v),
    read: () => {
      const answer = value;
      return new Promise<string>((resolve) => held.push(() => resolve(answer)));
    },
    /** Answers every read under way. */
    release: () => held.splice(0).forEach((go) => go()),
    get waiting() {
      return held.length;
    },
  };
}

const KEY = ["press", "messages", { channelId: 7 }];
const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

/** A query with one observer (a mounted list), its first fetch under way. */
function mounted(server: ReturnType<typeof slowServer>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: false } } });
  clients.push(client);
  const observer = new QueryObserver(client, { queryKey: KEY, queryFn: server.read });
  const stop = observer.subscribe(() => {});
  return { client, observer, stop };
}

/** Releases reads until the query is idle (a refetch started by the refresh is answered too). */
async function settle(client: QueryClient, server: ReturnType<typeof slowServer>) {
  for (let i = 0; i < 10 && (server.waiting > 0 || client.isFetching() > 0); i++) {
    server.release();
    await new Promise((r) => setTimeout(r, 0));
  }
}

describe("refreshQueries", () => {
  it("a write during a query's first load: the refresh's answer is the one after the write", async () => {
    const server = slowServer("no messages");
    const { client, observer, stop } = mounted(server);
    expect(server.waiting).toBe(1); // the first load read "no messages" and is under way
    server.write("the sent message");
    const done = refreshQueries(client, [["press", "messages"]]);
    await settle(client, server);
    await done;
    await settle(client, server);
    expect(observer.getCurrentResult().data).toBe("the sent message");
    expect(observer.getCurrentResult().status).toBe("success");
    stop();
  });

  it("a write during a refetch of a query that has data: the answer after the write", async () => {
    const server = slowServer("one message");
    const { client, observer, stop } = mounted(server);
    await settle(client, server);
    expect(observer.getCurrentResult().data).toBe("one message");
    void observer.refetch(); // a refetch under way, read before the write
    expect(server.waiting).toBe(1);
    server.write("two messages");
    const done = refreshQueries(client, [["press", "messages"]]);
    await settle(client, server);
    await done;
    await settle(client, server);
    expect(observer.getCurrentResult().data).toBe("two messages");
    stop();
  });

  it("(why: React Query's invalidateQueries alone keeps a first load's answer from before the write)", async () => {
    const server = slowServer("no messages");
    const { client, observer, stop } = mounted(server);
    server.write("the sent message");
    const done = client.invalidateQueries({ queryKey: ["press", "messages"] });
    await settle(client, server);
    await done;
    await settle(client, server);
    expect(observer.getCurrentResult().data).toBe("no messages");
    expect(observer.getCurrentResult().isStale).toBe(false); // and nothing refetches it until its staleTime runs out
    stop();
  });
});
