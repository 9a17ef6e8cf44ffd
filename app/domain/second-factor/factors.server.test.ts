import { describe, expect, it } from "vitest";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import {
  checkSecondFactor,
  enrolAuthenticatorApp,
  factorStatus,
  offeredTotpSecret,
  RECOVERY_CODE_COUNT,
  regenerateRecoveryCodes,
  turnOffSecondFactor,
} from "./factors.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { newId } from "~/domain/shared/ids";
import { totpCodeAt } from "./totp";

const { db } = await openTestDatabase();
/** A secret as the enrolment page offers one: derived from a session (here, a made-up one). */
const newSecret = () => offeredTotpSecret("test-offer-key", newId());
const STEP_MS = 30_000;

async function enrolled(now = new Date()) {
  const user = await createUser(db, { role: "admin" });
  const secret = newSecret();
  const result = await enrolAuthenticatorApp(db, user.id, secret, totpCodeAt(secret, now), now);
  if (result.status !== "ok") throw new Error(result.status);
  return { user, secret, recoveryCodes: result.recoveryCodes };
}

describe("enrolling an authenticator app", () => {
  it("offers each session its own secret, the same on every reload", () => {
    const a = offeredTotpSecret("server-key", "session-a");
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(offeredTotpSecret("server-key", "session-a")).toBe(a);
    expect(offeredTotpSecret("server-key", "session-b")).not.toBe(a);
    expect(offeredTotpSecret("another-key", "session-a")).not.toBe(a);
  });

  it("keeps nothing until a code proves the app, then gives ten recovery codes once", async () => {
    const user = await createUser(db, { role: "admin" });
    const secret = newSecret();
    const now = new Date();
    expect(await enrolAuthenticatorApp(db, user.id, secret, "000000", now)).toEqual({ status: "wrong-code" });
    expect((await factorStatus(db, user.id)).enrolled).toBe(false);

    const result = await enrolAuthenticatorApp(db, user.id, secret, totpCodeAt(secret, now), now);
    if (result.status !== "ok") throw new Error(result.status);
    expect(result.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(result.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of result.recoveryCodes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    expect(await factorStatus(db, user.id)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, passkeys: [] });
    // A security mail says so; a refused code sent none.
    expect((await emailsTo(db, user.email)).map((m) => m.subject)).toEqual([
      "Two-step verification is on for your AdNaira account",
    ]);
  });

  it("keeps the first app when a second enrolment comes after it (two tabs)", async () => {
    const { user } = await enrolled();
    const other = newSecret();
    const now = new Date();
    expect(await enrolAuthenticatorApp(db, user.id, other, totpCodeAt(other, now), now)).toEqual({
      status: "enrolled",
    });
    // The other secret's codes do not open the account.
    const later = new Date(now.getTime() + STEP_MS);
    expect(await checkSecondFactor(db, user.id, totpCodeAt(other, later), later)).toEqual({ status: "wrong-code" });
  });
});

describe("checking a code", () => {
  it("accepts the app's current code once: the same code again is refused", async () => {
    const enrolledAt = new Date(Date.now() - 2 * STEP_MS);
    const { user, secret } = await enrolled(enrolledAt);
    const now = new Date();
    const code = totpCodeAt(secret, now);
    expect(await checkSecondFactor(db, user.id, code, now)).toEqual({ status: "ok", method: "app" });
    expect(await checkSecondFactor(db, user.id, code, now)).toEqual({ status: "wrong-code" });
    // An older code that is still within the window is refused too: its step is behind the used one.
    expect(await checkSecondFactor(db, user.id, totpCodeAt(secret, new Date(now.getTime() - STEP_MS)), now)).toEqual({
      status: "wrong-code",
    });
    // The next step's code works.
    const next = new Date(now.getTime() + STEP_MS);
    expect(await checkSecondFactor(db, user.id, totpCodeAt(secret, next), next)).toEqual({
      status: "ok",
      method: "app",
    });
  });

  it("lets one of two requests with the same code through, never both", async () => {
    const { user, secret } = await enrolled(new Date(Date.now() - 2 * STEP_MS));
    const now = new Date();
    const code = totpCodeAt(secret, now);
    const results = await Promise.all([1, 2, 3].map(() => checkSecondFactor(db, user.id, code, now)));
    expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
  });

  it("refuses a code that is not the app's, and an account without an app", async () => {
    const { user, secret } = await enrolled(new Date(Date.now() - 2 * STEP_MS));
    const now = new Date();
    const far = totpCodeAt(secret, new Date(now.getTime() + 3 * STEP_MS));
    expect(await checkSecondFactor(db, user.id, far, now)).toEqual({ status: "wrong-code" });
    expect(await checkSecondFactor(db, user.id, "not a code", now)).toEqual({ status: "wrong-code" });
    const member = await createUser(db);
    expect(await checkSecondFactor(db, member.id, "123456", now)).toEqual({ status: "not-enrolled" });
  });

  it("accepts each recovery code once, typed in any case, with or without its dash", async () => {
    const { user, recoveryCodes } = await enrolled();
    const [first, second] = recoveryCodes as [string, string];
    expect(await checkSecondFactor(db, user.id, first)).toEqual({
      status: "ok",
      method: "recovery-code",
      recoveryCodesLeft: 9,
    });
    expect(await checkSecondFactor(db, user.id, first)).toEqual({ status: "wrong-code" });
    expect(await checkSecondFactor(db, user.id, ` ${second.replace("-", "").toLowerCase()} `)).toMatchObject({
      status: "ok",
      recoveryCodesLeft: 8,
    });
    expect(await checkSecondFactor(db, user.id, "ABCDE-FGHJK")).toEqual({ status: "wrong-code" });
  });

  it("stops the old recovery codes when new ones are made", async () => {
    const { user, recoveryCodes } = await enrolled();
    const again = await regenerateRecoveryCodes(db, user.id);
    if (again.status !== "ok") throw new Error(again.status);
    expect(await checkSecondFactor(db, user.id, recoveryCodes[0]!)).toEqual({ status: "wrong-code" });
    expect(await checkSecondFactor(db, user.id, again.recoveryCodes[0]!)).toMatchObject({ status: "ok" });
    const member = await createUser(db);
    expect(await regenerateRecoveryCodes(db, member.id)).toEqual({ status: "not-enrolled" });
  });

  it("finds nothing once a member turned it off, and mails them", async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    await turnOffSecondFactor(db, user.id);
    expect((await emailsTo(db, user.email))[0]!.subject).toBe(
      "Two-step verification was turned off on your AdNaira account",
    );
    expect(await factorStatus(db, user.id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    const now = new Date(Date.now() + STEP_MS);
    expect(await checkSecondFactor(db, user.id, totpCodeAt(secret, now), now)).toEqual({ status: "not-enrolled" });
    expect(await checkSecondFactor(db, user.id, recoveryCodes[1]!)).toEqual({ status: "not-enrolled" });
  });
});
