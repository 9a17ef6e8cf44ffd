// `npm run second-factor:reset -- <email>`: resets a staff account's second factor from the
// server, the only way for the super admin's own (never from the web; decision 030). It reads
// the app's configuration (DATABASE_URL, or the embedded database in DATA_DIR: stop the app
// first, only one process may open it), builds once when no build exists, and is audited.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run second-factor:reset -- <staff email>");
  process.exit(2);
}
process.env.NODE_ENV ??= "production";
if (!existsSync("build/server/index.js")) {
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { loadConfig, resetSecondFactorFromServer } = await import("../build/server/index.js");
const result = await resetSecondFactorFromServer(loadConfig(), email);
if (result.status !== "ok") {
  console.error(`No active admin or super admin has the email ${email}.`);
  process.exit(1);
}
console.log(
  `Two-step verification reset for ${result.name} (${result.role}): signed out everywhere; ` +
    "they set it up again at their next login.",
);
