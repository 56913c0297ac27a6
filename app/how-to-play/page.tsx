// A short start for new players: what a turn asks of you, in the order you meet it.
import type { Metadata } from "next";
import Link from "next/link";
import styles from "../rules/rules.module.css";

export const metadata: Metadata = { title: "How to play" };

export default function HowToPlayPage() {
  return (
    <article className={`card ${styles.page}`} data-testid="how-to-play">
      <h1>How to play</h1>
      <p className="lead">
        Five nations of 1942 — Russia, Germany, the United Kingdom, Japan and the United States — play in two teams: the Axis (Germany,
        Japan) and the Allies. Everybody orders at the same time; the judge resolves the whole turn at once.
      </p>
      <ol className={styles.steps}>
        <li>
          <strong>Sign in and challenge.</strong> In the lobby, pick the nations you play, robots for any others, and the deadlines. Or
          join a free nation of someone else&apos;s game.
        </li>
        <li>
          <strong>Give your orders on the map.</strong> Click a group of your units (marked with a yellow ring), then a highlighted
          territory: only legal destinations light up. Buy new units with your treasury. Units without orders hold.
        </li>
        <li>
          <strong>Save, then lock.</strong> Nobody sees your orders; all see who has locked. When the last nation locks, or the deadline
          passes, the turn resolves.
        </li>
        <li>
          <strong>Fight the battles.</strong> Where your side fights, its lead nation chooses casualties each round; the default is
          filled in, and the deadline takes it. After a round your submarines may submerge (they stay in the zone) and your aircraft
          may withdraw (they land after combat). Land units and surface ships never retreat: two retreats could meet in one territory
          (R6.7).
        </li>
        <li>
          <strong>Land your aircraft</strong> after combat, then new units appear and income is paid.
        </li>
        <li>
          <strong>Read the review.</strong> Every turn is told as a story — moves, dice, captures — each sentence citing its rule.
        </li>
      </ol>
      <p>
        The Allies win by holding both Axis capitals; the Axis by holding two of the three Allied capitals, or territory worth 84 on
        the default board (R8.6). The full rulebook, the unit table and the turn order are on the{" "}
        <Link href="/rules">rules page</Link>.
      </p>
    </article>
  );
}
