import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth";
import { safeCallbackPath } from "@/server/auth/callback-url";
import { authErrorMessage } from "@/server/auth/error-messages";
import { devMailboxEnabled } from "@/server/env";
import { DevMailboxNote } from "./dev-mailbox-note";
import { SignInForm } from "./signin-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

interface Props {
  searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[] }>;
}

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(Array.isArray(params.callbackUrl) ? params.callbackUrl[0] : params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  // next-auth sends some failures (a form posted without its CSRF token, a failed send) back here.
  const error = params.error ? authErrorMessage(params.error) : null;
  return (
    <section className="card narrow">
      <h1>Sign in</h1>
      <p>Enter your email address and we will send you a link that signs you in. New here? The same link creates your account.</p>
      {error ? (
        <p className="alert" role="alert">
          <strong>{error.title}.</strong> {error.message}
        </p>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} />
      {devMailboxEnabled() ? <DevMailboxNote /> : null}
    </section>
  );
}
