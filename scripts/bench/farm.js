// The farm simulation phase (issue 39, item 11): runs tests/farm-simulation.test.ts on its own
// database (the test support creates one on DATABASE_URL's server) with FARM_REPORT set, then
// prints how many accounts of each group are held and what recording signals costs, per sign-in
// and per claim (milliseconds for one recordSignals call, p50 and p99).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

/** Runs the simulation; returns its report (null when the test failed) and prints the table. */
export function farmPhase({ root, adminUrl, log }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "adnaira-farm-"));
  const report = path.join(dir, "farm.json");
  log("farm simulation: 40 farm accounts, 500 honest members, a family (tests/farm-simulation.test.ts)…");
  const t0 = Date.now();
  const run = spawnSync("npx", ["vitest", "run", "tests/farm-simulation.test.ts", "--reporter=dot"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: adminUrl, FARM_REPORT: report },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    if (run.status !== 0) {
      log("farm simulation: the test FAILED (see above)");
      return null;
    }
    const result = JSON.parse(readFileSync(report, "utf8"));
    log(`farm simulation: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    printFarmTable(result);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printFarmTable(result) {
  console.log(
    "\nFarm simulation (held = under review, a referral reward held, or a withdrawal not paid automatically):",
  );
  console.log("group            held / total   under review   linked, not held   referrals held   paid automatically");
  for (const [label, g] of [
    ["(a) farm", result.farm],
    ["(b) honest crowd", result.crowd],
    ["(c) family", result.family],
  ]) {
    console.log(
      `${label.padEnd(16)} ${`${g.held} / ${g.accounts}`.padStart(12)}   ${String(g.underReview).padStart(12)}   ` +
        `${String(g.linkedNotHeld).padStart(16)}   ${`${g.referralsHeld} / ${g.referrals}`.padStart(14)}   ` +
        `${`${g.paidAutomatically} / ${g.withdrawals}`.padStart(18)}`,
    );
  }
  console.log("Cost of recording signals (one recordSignals call, ms):");
  for (const [label, values] of [
    ["first sign-in (new values)", result.cost.firstSignIn],
    ["sign-in (seen before)", result.cost.signIn],
    ["claim (device)", result.cost.claim],
  ]) {
    console.log(
      `  ${label.padEnd(28)} p50 ${percentile(values, 0.5).toFixed(2).padStart(6)}  p99 ${percentile(values, 0.99).toFixed(2).padStart(6)}  (n = ${values.length})`,
    );
  }
}
