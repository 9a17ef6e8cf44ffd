/**
 * What a failed query was refused for. Drivers and drizzle wrap the PostgreSQL error (`code`,
 * `constraint`, `message`) in errors of their own, so every question here walks the error and its
 * `cause`s (at most five deep) and asks each of them.
 */
type ErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

function* errorChain(err: unknown): Generator<ErrorLike> {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    yield e as ErrorLike;
    e = (e as ErrorLike).cause;
  }
}

/**
 * The database's error behind `err`: the first in the chain with a string `code` (a PostgreSQL
 * SQLSTATE such as "23505", or a socket error such as "ECONNREFUSED"), with its own message.
 */
export function databaseErrorOf(err: unknown): { code: string; message: string } | undefined {
  for (const e of errorChain(err)) {
    if (typeof e.code === "string") return { code: e.code, message: String(e.message) };
  }
  return undefined;
}

function violation(err: unknown, code: string): ErrorLike | undefined {
  for (const e of errorChain(err)) if (e.code === code) return e;
  return undefined;
}

/** True for a PostgreSQL unique violation (23505), optionally on a named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = violation(err, "23505");
  return e !== undefined && (constraint === undefined || e.constraint === constraint);
}

/** True for a PostgreSQL check violation (23514) of the named constraint (by name, or named in the message). */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = violation(err, "23514");
  return (
    e !== undefined &&
    (e.constraint === constraint || (typeof e.message === "string" && e.message.includes(constraint)))
  );
}

const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections: the server's max_connections is used up
  "08000",
  "08003",
  "08006",
]);

const CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when an error means "the database is unreachable", not "the query was wrong". */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (typeof e.code === "string" && connectionErrorCodes.has(e.code)) return true;
    if (typeof e.message === "string" && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}
