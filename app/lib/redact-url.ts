/**
 * Query parameters whose value is a one-time secret: the `token` of the email confirmation and
 * password reset links (`/confirm-email?token=…`, `/reset-password?token=…`; their forms post back
 * to the same address, and a client-side visit asks for `/reset-password.data?token=…`). Whoever
 * reads a log must not be able to use the link. A payment's `reference` (Paystack's return) is
 * no secret and stays.
 */
export const ONE_TIME_SECRET_PARAMS: ReadonlySet<string> = new Set(["token"]);

export const REDACTED = "[redacted]";

/**
 * A request URL (a path and query, or an absolute URL) fit for a log: the value of every
 * one-time secret parameter replaced by `[redacted]`, anything else exactly as it came. A
 * parameter is recognised by its name as the app reads it (`%74oken` and `token` alike), on any
 * path, so the same link is redacted however it is asked for. A log line, not an address to
 * follow: the result is only ever written down.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const end = url.indexOf("#", start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  let redacted = false;
  const pairs = query.split("&").map((pair) => {
    // The name as URLSearchParams (and so the route's loader) decodes it; a stray "?" before it
    // ("??token=…", a mangled link) is dropped, so its value is redacted too.
    const [name] = new URLSearchParams(pair).keys();
    if (name === undefined || !ONE_TIME_SECRET_PARAMS.has(name)) return pair;
    redacted = true;
    const eq = pair.indexOf("=");
    return `${eq < 0 ? pair : pair.slice(0, eq)}=${REDACTED}`;
  });
  if (!redacted) return url;
  return `${url.slice(0, start)}?${pairs.join("&")}${end < 0 ? "" : url.slice(end)}`;
}
