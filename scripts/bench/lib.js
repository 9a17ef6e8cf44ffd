// Shared by the benchmark's processes (run.js, load.js, ceiling.js, seed.js).
import { createHash } from "node:crypto";
import net from "node:net";

/** Seeded population (the figures). */
export const USERS = 10_000;
export const ADVERTS = 1_000;

/** Deterministic ids, so the seed, the load generator and the checks agree without lookups. */
export const userId = (n) => `bu${String(n).padStart(5, "0")}`;
/** prefix: "ba", the admin adverts; "bc", the campaigns' adverts (seed.js seedCampaigns). */
export const advertId = (n, prefix = "ba") => `${prefix}${String(n).padStart(4, "0")}`;

/**
 * Claim pair number i → (member, advert). Consecutive pairs hit different members and different
 * adverts (no artificial hot row), and every pair below USERS × ADVERTS is distinct:
 * for member u the k-th pair is advert (u + k) mod ADVERTS.
 */
export function pair(i) {
  const u = i % USERS;
  const k = Math.floor(i / USERS);
  return { u, a: (u + k) % ADVERTS };
}
/** The same mapping in SQL, for generate_series inserts (i is a bigint column). */
export const PAIR_USER_SQL = (i) => `(${i} % ${USERS})`;
export const PAIR_ADVERT_SQL = (i) => `(((${i} % ${USERS}) + (${i} / ${USERS})) % ${ADVERTS})`;

export const sha256Hex = (s) => createHash("sha256").update(s).digest("hex");

/** The session cookie's name over http (services.server.ts: __Host- only over https). */
export const SESSION_COOKIE = "adnaira_session";

/**
 * React Router createCookie's value encoding for an unsigned cookie: base64 of the JSON string,
 * URI-encoded (encodeData + cookie serialize). Checked against react-router's own serialize in seed.
 */
export const encodeCookieValue = (value) =>
  encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"));

export function decodeCookieValue(raw) {
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
  } catch {
    return null;
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(url, { timeoutMs = 60_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process serving ${url} exited`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(200);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
