/** True for a PostgreSQL unique violation (23505), optionally on a named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
