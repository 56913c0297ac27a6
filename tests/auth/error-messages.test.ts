import { describe, expect, it } from "vitest";
import { authErrorMessage } from "../../server/auth/error-messages";

describe("authErrorMessage", () => {
  it("explains an expired or used link and offers a new one", () => {
    const m = authErrorMessage("Verification");
    expect(m.message).toMatch(/expired or was already used/);
    expect(m.retry).toBe(true);
  });

  it("says the server is misconfigured for Configuration, without offering a retry", () => {
    const m = authErrorMessage("Configuration");
    expect(m.title).toBe("Sign-in is not working right now");
    expect(m.retry).toBe(false);
  });

  it("denies access for AccessDenied", () => {
    expect(authErrorMessage("AccessDenied").title).toBe("Access denied");
  });

  it("maps both spellings of the email-sending error", () => {
    expect(authErrorMessage("EmailSignin")).toBe(authErrorMessage("EmailSignInError"));
    expect(authErrorMessage("EmailSignin").title).toBe("The email could not be sent");
  });

  it("falls back to a general message for unknown, missing or inherited names", () => {
    const fallback = authErrorMessage(undefined);
    expect(fallback.title).toBe("Could not sign you in");
    expect(authErrorMessage("Default")).toEqual(fallback);
    expect(authErrorMessage("nonsense")).toEqual(fallback);
    expect(authErrorMessage("toString")).toEqual(fallback);
    expect(authErrorMessage("__proto__")).toEqual(fallback);
  });

  it("reads the first value when the query repeats the parameter", () => {
    expect(authErrorMessage(["Verification", "Configuration"])).toBe(authErrorMessage("Verification"));
  });
});
