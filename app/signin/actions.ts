"use server";
// The sign-in form's action: check the address, then have next-auth email a magic link.
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { z } from "zod";
import { signIn } from "@/server/auth";
import { safeCallbackPath } from "@/server/auth/callback-url";
import { authErrorMessage } from "@/server/auth/error-messages";

export interface SignInFormState {
  email: string;
  error?: string;
}

const emailField = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .pipe(z.email("That does not look like an email address. Check it and try again."));

export async function requestSignInLink(_prev: SignInFormState, form: FormData): Promise<SignInFormState> {
  const raw = String(form.get("email") ?? "");
  const parsed = emailField.safeParse(raw);
  if (!parsed.success) return { email: raw, error: parsed.error.issues[0]?.message ?? "Enter your email address." };
  let next: string;
  try {
    next = await signIn("nodemailer", {
      email: parsed.data,
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
