import type { Signal } from "~/domain/risk/signals.server";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, users } from "~/db/schema";
import { hashPassword } from "~/domain/accounts/passwords.server";
import { registerAccount, type RegisterAccountResult } from "~/domain/accounts/register-user.server";
import { ensureUserAccounts } from "~/domain/ledger/accounts.server";
import { normalizeIp } from "~/lib/ip-network";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";

/** What the /advertise form gives (parsed by AdvertiserRegisterSchema: phone already normalised). */
export type AdvertiserRegistration = {
  businessName: string;
  /** The contact person: the account's name. */
  name: string;
  email: string;
  /** "+234…" (normalizeNigerianPhone). */
  phone: string;
  password: string;
};

/**
 * Registers a business: a users row (role advertiser, display ID "AD…"), its profile waiting for
 * an admin's approval, and its ledger accounts, then the confirmation mail, all in one
 * transaction. A taken email is answered exactly as member registration answers it (the owner is
 * told someone tried; nothing changes), so the outcome reveals nothing.
 */
export async function registerAdvertiser(
  db: Database,
  input: AdvertiserRegistration,
  options: { appUrl: URL; clientIp?: string; signals?: readonly Signal[] },
): Promise<RegisterAccountResult> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return registerAccount(db, { email, passwordHash, appUrl: options.appUrl, signals: options.signals }, async (tx) => {
    const userId = newId();
    await tx.insert(users).values({
      id: userId,
      displayId: newDisplayId("AD"),
      name: input.name,
      email,
      passwordHash,
      role: "advertiser",
      // Advertisers refer nobody, but the column is required and unique.
      referralCode: newReferralCode(),
      signupIp: normalizeIp(options.clientIp),
    });
    await tx.insert(advertiserProfiles).values({
      userId,
      businessName: input.businessName,
      phone: input.phone,
      status: "pending",
    });
    await ensureUserAccounts(tx, userId);
    return userId;
  });
}
