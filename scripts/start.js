// `npm start`: builds once when no build exists, then runs the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

process.env.NODE_ENV ??= "production";
if (!existsSync("build/server/index.js")) {
  console.log("No build found: building AdNaira (once)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server.js");
