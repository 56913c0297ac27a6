// What a person reads when sign-in fails, by the error code next-auth puts in `?error=`.
export interface AuthErrorMessage {
  title: string;
  message: string;
  /** Offer to send a new sign-in link. */
  retry: boolean;
}

const messages: Record<string, AuthErrorMessage> = {
  Verification: {
    title: "This sign-in link no longer works",
    message: "The link has expired or was already used. Each link works once, for 24 hours. Ask for a new one.",
    retry: true,
  },
  Configuration: {
    title: "Sign-in is not working right now",
    message: "The server's sign-in setup has a problem, so we could not sign you in. Try again later; if it keeps happening, tell the site's operator.",
    retry: false,
  },
  AccessDenied: {
    title: "Access denied",
    message: "This email address is not allowed to sign in.",
    retry: false,
  },
  EmailSignin: {
    title: "The email could not be sent",
    message: "We could not send the sign-in email. Check the address and try again in a minute.",
    retry: true,
  },
  MissingCSRF: {
    title: "The sign-in form expired",
    message: "The form was open too long or came from another page. Try again.",
    retry: true,
  },
};
messages.EmailSignInError = messages.EmailSignin!;

const fallback: AuthErrorMessage = {
  title: "Could not sign you in",
  message: "Something went wrong while signing you in. Try again.",
  retry: true,
};

export function authErrorMessage(code: string | string[] | null | undefined): AuthErrorMessage {
  const key = Array.isArray(code) ? code[0] : code;
  return (key && Object.hasOwn(messages, key) ? messages[key] : undefined) ?? fallback;
}
