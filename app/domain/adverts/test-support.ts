import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/db/client.server";
import { databaseErrorOf } from "~/db/errors.server";
import { users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import type { Permission } from "~/domain/permissions/permissions";
import { createUser, type UserOverrides } from "~test/factories";
import { createAdvert } from "./manage-adverts.server";
import type { AdvertInput } from "./validation";

/** Test helper: an admin actor (by default holding only manage_adverts). */
export async function advertAdmin(
  db: Database,
  permissions: readonly Permission[] = ["manage_adverts"],
  role: "admin" | "super_admin" = "admin",
): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "102.89.3.4" };
}

/** Test helper: an approved member on the given tier (Basic: 5 adverts a day). */
export async function member(db: Database, overrides: UserOverrides & { tier?: string } = {}) {
  const { tier, ...rest } = overrides;
  const user = await createUser(db, { isApproved: true, ...rest });
  if (tier) await db.update(users).set({ membershipTierId: tier }).where(eq(users.id, user.id));
  return user;
}

let adverts = 0;
/** Test helper: posts an advert through the real createAdvert (₦25.00, 100 clicks unless told). */
export async function postAdvert(db: Database, admin: Actor, overrides: Partial<AdvertInput> = {}): Promise<string> {
  adverts++;
  const result = await createAdvert(db, admin, {
    title: `Advert ${adverts}`,
    description: `Description of advert ${adverts}`,
    rewardKobo: 2_500n,
    maxClicks: 100,
    imageUrl: null,
    ...overrides,
  });
  if (!result.ok) throw new Error(`postAdvert: ${result.reason}`);
  return result.advertId;
}

/** An instant well before any dwell time, for views that are ready to be claimed. */
export const longAgo = () => new Date(Date.now() - 60 * 60 * 1000);

export async function expectReconciled(db: Database) {
  const report = await reconcile(db);
  expect(report).toMatchObject({ ok: true, totalKobo: 0n, mismatches: [], negativeUserAccounts: [], unbalancedTransfers: [] });
}

/** Resolves with the database error a statement failed with (fails the test if it succeeded). */
export async function databaseError(query: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const err = await query.then(
    () => {
      throw new Error("the statement succeeded but should have been refused");
    },
    (e: unknown) => e,
  );
  return databaseErrorOf(err) ?? { message: String((err as Error).message) };
}
