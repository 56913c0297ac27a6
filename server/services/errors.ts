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
export const conflict = (why: string) => new ServiceError("CONFLICT", why);
