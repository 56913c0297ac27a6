// The dev mailbox: sign-in mail that had no mail server to go to. Off unless devMailboxEnabled().
import { desc } from "drizzle-orm";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { devMailbox } from "@/db/schema";
import { devMailboxEnabled } from "@/server/env";
import { getRuntime } from "@/server/runtime";
import styles from "./mailbox.module.css";

export const metadata: Metadata = { title: "Dev mailbox" };
export const dynamic = "force-dynamic";

const time = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium" });

export default async function DevMailboxPage() {
  if (!devMailboxEnabled()) notFound();
  const { db } = (await getRuntime()).handle;
  const messages = await db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt), desc(devMailbox.id)).limit(50);
  return (
    <section className="card">
      <h1>Dev mailbox</h1>
      <p className="muted">
        No mail server is configured (set <code>SMTP_URL</code> to send real email), so sign-in mail is kept here.
        The latest 50 messages, newest first.
      </p>
      {messages.length === 0 ? (
        <p>No messages yet. Ask for a sign-in link and it will appear here.</p>
      ) : (
        <ul className="card-list">
          {messages.map((m) => (
            <li key={m.id} className={`card-item ${styles.mail}`}>
              <div className={styles.mailHead}>
                <span className={styles.mailTo}>{m.to}</span>
                <time dateTime={m.createdAt.toISOString()} className="muted">
                  {time.format(m.createdAt)}
                </time>
              </div>
              <div className={styles.mailSubject}>{m.subject}</div>
              {m.url ? (
                <a href={m.url} data-testid="mailbox-link" data-to={m.to} className={styles.mailLink}>
                  {m.url}
                </a>
              ) : (
                <pre className={styles.mailText}>{m.text}</pre>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
