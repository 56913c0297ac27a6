"use server";
// The sign-in form's action: check the address, then have next-auth email a magic link.
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/server/auth";
import { safeCallbackPath } from "@/server/auth/callback-url";
import { authErrorMessage } from "@/server/auth/error-messages";
import { checkSignInRequest, clientAddress } from "@/server/auth/sign-in-guard";
import { getRuntime } from "@/server/runtime";

export interface SignInFormState {
  email: string;
  error?: string;
}

export async function requestSignInLink(_prev: SignInFormState, form: FormData): Promise<SignInFormState> {
  const raw = String(form.get("email") ?? "");
  const { db } = (await getRuntime()).handle;
  const check = await checkSignInRequest(db, raw, clientAddress(await headers()));
  if (!check.ok) return { email: raw, error: check.message };
  let next: string;
  try {
    next = await signIn("nodemailer", {
      email: check.email,
      redirectTo: safeCallbackPath(form.get("callbackUrl")),
      redirect: false,
    });
  } catch (error) {
    if (error instanceof AuthError) return { email: raw, error: authErrorMessage(error.type).message };
    throw error;
  }
  // A failure (say, the mail server refused the message) comes back as a URL with ?error=.
  const code = new URL(next, "http://localhost").searchParams.get("error");
  if (code) return { email: raw, error: authErrorMessage(code).message };
  // Success answers with next-auth's /api/auth/verify-request, which only bounces to our page; after
  // a server action the browser would show our page under that API address, so go there directly.
  redirect("/signin/check-email");
}
