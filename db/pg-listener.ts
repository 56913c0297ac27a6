// LISTEN on a Postgres server through one dedicated node-postgres connection that comes back by itself:
// when the connection drops it reconnects with back-off, LISTENs again on every channel, and then tells
// each subscriber, who re-reads what it may have missed while nobody was listening.
import pg from "pg";

type Subscriber = { onMessage: (payload: string) => void; onReconnect?: () => void };

export interface Listener {
  listen(channel: string, subscriber: Subscriber): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The backend pid of the listening connection (tests terminate it). */
  pid(): number | undefined;
}

const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

export function createListener(connectionString: string, log: (message: string, error?: unknown) => void): Listener {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry = 0;
  let backendPid: number | undefined;

  async function open(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
    c.on("notification", (m) => {
      for (const s of channels.get(m.channel) ?? []) s.onMessage(m.payload ?? "");
    });
    // An 'error' with no listener would kill the process; the 'end' below reconnects.
    c.on("error", (error) => log("LISTEN connection failed", error));
    c.on("end", () => {
      if (client !== c) return;
      client = undefined;
      backendPid = undefined;
      if (!closed) reconnectSoon();
    });
    await c.connect();
    for (const channel of channels.keys()) await c.query(`listen ${quote(channel)}`);
    backendPid = (c as unknown as { processID?: number }).processID;
    return c;
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open()
      .then((c) => {
        client = c;
        retry = 0;
        return c;
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  function reconnectSoon() {
    const delay = Math.min(2000, 50 * 2 ** retry++);
    setTimeout(() => {
      if (closed) return;
      connect().then(
        () => {
          for (const set of channels.values()) for (const s of set) s.onReconnect?.();
        },
        (error) => {
          log("LISTEN reconnect failed; trying again", error);
          reconnectSoon();
        },
      );
    }, delay).unref?.();
  }

  return {
    async listen(channel, subscriber) {
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(subscriber);
      const c = await connect();
      if (first) await c.query(`listen ${quote(channel)}`);
      return async () => {
        set.delete(subscriber);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => {});
    },
    pid: () => backendPid,
  };
}
