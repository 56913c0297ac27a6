// drizzle-orm 0.45's node-postgres transaction takes a client from the pool and sends BEGIN before its
// try/finally: when BEGIN fails (the connection was cut a moment ago), the client is never given back,
// and after a few cuts the pool is empty and every query waits forever. This replaces that one method
// with the same steps in a safe order: BEGIN inside the try, a broken client released as broken (the
// pool drops it), and the caller's error kept when ROLLBACK cannot be sent.
import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type pg from "pg";

type Session = { client: pg.Pool; dialect: unknown; schema: unknown; options: unknown };

export function guardTransactions(db: object): void {
  const session = (db as { session: Session & { transaction: unknown } }).session;
  session.transaction = async (body: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    const client = await session.client.connect();
    const inner = new NodePgSession(client, session.dialect as never, session.schema as never, session.options as never);
    const tx = new NodePgTransaction(session.dialect as never, inner, session.schema as never);
    let broken: Error | undefined;
    try {
      const begin = config ? sql` ${(tx as unknown as { getTransactionConfigSQL(c: unknown): ReturnType<typeof sql> }).getTransactionConfigSQL(config)}` : undefined;
      await tx.execute(sql`begin${begin}`);
      const result = await body(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      await tx.execute(sql`rollback`).catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
