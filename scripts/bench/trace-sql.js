// Debug aid, not part of the run: `node --import ./scripts/bench/trace-sql.js server.js` prints
// every SQL statement the app sends (used to write ceiling.js with the same SQL). With
// BENCH_TRACE_JSON=1 each statement is one `[sqljson] {"name","text","values"}` line instead, for
// a program to read back (scale.js EXPLAINs them).
import pg from "pg";

const asJson = process.env.BENCH_TRACE_JSON === "1";

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === "string" ? config : config?.text;
  // Named (prepared) statements and parameter values matter to the ceiling as much as the text.
  const name = typeof config === "object" && config?.name ? `(prepared as ${config.name}) ` : "";
  const params = Array.isArray(values) ? values : typeof config === "object" ? config?.values : undefined;
  const shown = params?.length
    ? ` -- values ${JSON.stringify(params, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))}`
    : "";
  if (text && asJson) {
    const json = JSON.stringify({ name: name ? config.name : null, text, values: params ?? [] }, (_k, v) =>
      typeof v === "bigint" ? String(v) : v,
    );
    process.stderr.write(`[sqljson] ${json}\n`);
  } else if (text) process.stderr.write(`[sql] ${name}${text.replace(/\s+/g, " ")}${shown}\n`);
  return original.call(this, config, values, callback);
};
