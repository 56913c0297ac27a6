import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getSessionUser, signOut } from "@/server/auth";
import { NotificationBell } from "./components/notification-bell";
import { TrpcProviders } from "./trpc/client";
import "./styles/tokens.css";
import "./globals.css";
import styles from "./site-header.module.css";

export const metadata: Metadata = {
  title: { default: "Lockstep", template: "%s · Lockstep" },
  description: "A game of 1942 in which every nation gives its orders at the same time.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page shows who is signed in, so none can be prerendered.
export const dynamic = "force-dynamic";

async function signOutAction() {
  "use server";
  await signOut({ redirectTo: "/" });
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  return (
    <html lang="en">
      <body>
        <TrpcProviders>
        <header className={styles.siteHeader} data-site-header>
          <div className={styles.siteHeaderInner}>
            <Link href="/" className={styles.brand}>
              Lockstep
            </Link>
            <nav className={styles.siteNav} aria-label="Game rules">
              <Link href="/how-to-play">How to play</Link>
              <Link href="/rules">Rules</Link>
            </nav>
            {user ? (
              <>
                <nav className={styles.siteNav} aria-label="Main">
                  <Link href="/lobby">Lobby</Link>
                  <NotificationBell />
                  <Link href="/settings">Settings</Link>
                </nav>
                <div className={styles.account}>
                  <span className={styles.accountEmail} data-testid="user-email" title={user.email}>
                    {user.email}
                  </span>
                  <form action={signOutAction}>
                    <button type="submit" className="button button-quiet">
                      Sign out
                    </button>
                  </form>
                </div>
              </>
            ) : (
              <div className={styles.account}>
                <Link href="/signin" className="button button-quiet">
                  Sign in
                </Link>
              </div>
            )}
          </div>
        </header>
        <main className="site-main">{children}</main>
        </TrpcProviders>
      </body>
    </html>
  );
}
