// Debug aid, not part of the run: `node --import ./scripts/bench/trace-sql.js server.js` prints
// every SQL statement the app sends (used to write ceiling.js with the same SQL).
import pg from "pg";

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === "string" ? config : config?.text;
  if (text) process.stderr.write(`[sql] ${text.replace(/\s+/g, " ")}\n`);
  return original.call(this, config, values, callback);
};
