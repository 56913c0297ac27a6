import Link from "next/link";

export default function NotFound() {
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link href="/">Back to the start</Link>
      </p>
    </section>
  );
}
