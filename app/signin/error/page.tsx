import type { Metadata } from "next";
import Link from "next/link";
import { authErrorMessage } from "@/server/auth/error-messages";

export const metadata: Metadata = { title: "Sign-in problem" };

interface Props {
  searchParams: Promise<{ error?: string | string[] }>;
}

export default async function SignInErrorPage({ searchParams }: Props) {
  const { error } = await searchParams;
  const { title, message, retry } = authErrorMessage(error);
  return (
    <section className="card narrow">
      <h1>{title}</h1>
      <p>{message}</p>
      <p className="actions">
        {retry ? (
          <Link href="/signin" className="button">
            Send a new sign-in link
          </Link>
        ) : null}
        <Link href="/" className={retry ? "button button-quiet" : "button"}>
          Back to the start
        </Link>
      </p>
    </section>
  );
}
