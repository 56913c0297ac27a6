import Link from "next/link";
import { getSessionUser } from "@/server/auth";
import styles from "./rules/rules.module.css";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await getSessionUser();
  return (
    <section className="hero">
      <h1>Lockstep</h1>
      <p className="lead">
        It is 1942. Five nations — Russia, Germany, the United Kingdom, Japan and the United States — give
        their orders at the same time and lock them in. When every nation has locked, or the deadline passes,
        the whole turn is resolved at once: armies meet, battles are fought, factories build. Nobody moves
        first, so plan for what the others might do.
      </p>
      <p className={styles.actions}>
        {user ? (
          <Link href="/lobby" className="button">
            Go to the lobby
          </Link>
        ) : (
          <Link href="/signin" className="button">
            Sign in to play
          </Link>
        )}{" "}
        <Link href="/how-to-play" className="button button-quiet">
          How to play
        </Link>{" "}
        <Link href="/rules" className="button button-quiet">
          Rules
        </Link>
      </p>
      <figure className={styles.picture}>
        {/* A real game: Germany's orders on the map of 1942. */}
        <img src="/home-map.png" width={1232} height={833} alt="The game's map of 1942 with Germany's units and orders around Europe" />
        <figcaption className="muted">
          The map is the game: click your units, click where they go. Robots play any nation nobody takes.
        </figcaption>
      </figure>
    </section>
  );
}
