import Link from "next/link";

/** Shown while there is no mail server: sign-in links land in the dev mailbox instead. */
export function DevMailboxNote() {
  return (
    <p className="note" data-testid="dev-mailbox-note">
      No mail server is configured: open the <Link href="/dev/mailbox">dev mailbox</Link> to find your sign-in
      link.
    </p>
  );
}
