import type { Metadata } from "next";
import Link from "next/link";
import { devMailboxEnabled } from "@/server/env";
import { DevMailboxNote } from "../dev-mailbox-note";

export const metadata: Metadata = { title: "Check your email" };
export const dynamic = "force-dynamic";

export default function CheckEmailPage() {
  return (
    <section className="card narrow">
      <h1>Check your email</h1>
      <p>We sent you a sign-in link. Open it on this device to sign in; it works once and expires in 24 hours.</p>
      {devMailboxEnabled() ? <DevMailboxNote /> : null}
      <p className="muted">
        No email after a few minutes? Look in your spam folder, or <Link href="/signin">send another link</Link>.
      </p>
    </section>
  );
}
