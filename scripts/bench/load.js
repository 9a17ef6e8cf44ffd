// The load generator, run by run.js as its own process (so it does not share an event loop with
// the orchestrator). Drives one scenario with autocannon and prints one JSON line of results.
//
//   node scripts/bench/load.js '<json>'  with
//   { url, connections, duration, scenario: "claim" | "get", path?, cookiesFile, cookie?, startPair?, advertPrefix? }
//
// claim: every request claims a new (member, advert) pair — pair numbers startPair, startPair+1, …
//        (lib.js pair()) — with that member's session cookie: POST /adverts/:id/claim, the form
//        post of a browser without JavaScript (no fields; answered with a redirect); advertPrefix
//        "bc" claims the campaigns' adverts instead of the admin adverts ("ba").
// get:   GET `path`, each request with the next member's session cookie (round the cookies file),
//        or with `cookie` on every request when given (one signed-in admin).
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { advertId, pair } from "./lib.js";

const opts = JSON.parse(process.argv[2]);
const cookies = opts.cookie ? [opts.cookie] : JSON.parse(readFileSync(opts.cookiesFile, "utf8"));
const origin = new URL(opts.url).origin;

let next = opts.startPair ?? 0;
const setupRequest =
  opts.scenario === "claim"
    ? (req) => {
        const { u, a } = pair(next++);
        return {
          ...req,
          method: "POST",
          path: `/adverts/${advertId(a, opts.advertPrefix)}/claim`,
          headers: {
            ...req.headers,
            cookie: cookies[u],
            origin,
            "content-type": "application/x-www-form-urlencoded",
          },
          // The right choice at the attention check (seed.js asks it with the answer first).
          body: "answer=0",
        };
      }
    : (req) => ({ ...req, path: opts.path, headers: { ...req.headers, cookie: cookies[next++ % cookies.length] } });

const result = await autocannon({
  url: opts.url,
  connections: opts.connections,
  duration: opts.duration,
  requests: [{ setupRequest }],
  timeout: 30,
});

const ok = result["2xx"] + result["3xx"];
process.stdout.write(
  JSON.stringify({
    ok,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    duration: result.duration,
    status: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
    errors: result.errors,
    timeouts: result.timeouts,
    nextPair: next,
  }) + "\n",
);
