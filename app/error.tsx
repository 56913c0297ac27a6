"use client";
// A page whose server work failed (most often: the database did not answer in time) offers to try
// again; it never sends a signed-in player to the sign-in page (issue 15).
import { useRouter } from "next/navigation";
import { startTransition, useEffect } from "react";

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  useEffect(() => {
    // The server logged the cause under this digest; the page shows only the id.
    console.error("page error", error.digest ?? error.message);
  }, [error]);
  return (
    <section className="card" role="alert">
      <h1>Please try again</h1>
      <p>The server could not finish this page just now. Nothing you saved is lost.</p>
      <p>
        <button type="button" onClick={() =>
            // The page is rendered on the server: fetch it again, then clear the error.
            startTransition(() => {
              router.refresh();
              reset();
            })
          }>
          Try again
        </button>
      </p>
      {error.digest ? <p className="muted">Error id: {error.digest}</p> : null}
    </section>
  );
}
