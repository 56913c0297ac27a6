import Link from "next/link";
import { getSessionUser } from "@/server/auth";

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
      {user ? (
        <Link href="/lobby" className="button">
          Go to the lobby
        </Link>
      ) : (
        <Link href="/signin" className="button">
          Sign in to play
        </Link>
      )}
    </section>
  );
}
