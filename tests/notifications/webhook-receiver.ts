// A webhook receiver on loopback HTTPS (self-signed): records what arrives, answers with the status
// the test sets, and can hang (never answer) or stream an endless body, to prove the sender's limits.
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { selfSigned } from "./fake-push-service";

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

export interface Receiver {
  port: number;
  received: Received[];
  /** "ok" answers `status`; "hang" never answers; "flood" answers 200 and streams forever. */
  mode(next: "ok" | "hang" | "flood", status?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let mode: "ok" | "hang" | "flood" = "ok";
  let status = 200;
  const server: Server = createServer(selfSigned(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      if (mode === "hang") return;
      if (mode === "flood") {
        res.writeHead(200);
        const block = Buffer.alloc(64 * 1024, 120);
        const pump = () => {
          while (!res.destroyed && res.write(block));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
        return;
      }
      res.writeHead(status).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    mode: (next, s = 200) => {
      mode = next;
      status = s;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
