// Errors a service refuses with: the router turns them into typed tRPC errors; nothing is stored.
export type ServiceErrorCode = "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "BAD_REQUEST" | "TOO_MANY_REQUESTS";

export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /** Extra data for the client, e.g. per-order refusals. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ServiceError("NOT_FOUND", `${what} was not found`);
export const forbidden = (why: string) => new ServiceError("FORBIDDEN", why);
/** A seat that is not the caller's: the one refusal every game's seat check gives. */
export const notYours = (side: string) => forbidden(`You do not play ${side} in this game`);
export const conflict = (why: string) => new ServiceError("CONFLICT", why);
