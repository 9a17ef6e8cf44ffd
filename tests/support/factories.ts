import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, appSettings, bankAccounts, referrals, users } from "~/db/schema";
import { hashPassword } from "~/domain/accounts/passwords.server";
import { createAdvert } from "~/domain/adverts/manage-adverts.server";
import type { AdvertInput } from "~/domain/adverts/validation";
import type { Actor } from "~/domain/audit/audit.server";
import { type CampaignInput, createCampaign } from "~/domain/campaigns/create-campaign.server";
import { payCampaignFromBalance } from "~/domain/campaigns/pay-campaign.server";
import { activateCampaign } from "~/domain/campaigns/review-campaign.server";
import { campaignBudget } from "~/domain/campaigns/rules";
import { transfer } from "~/domain/ledger/transfer.server";
import { DEFAULT_ADMIN_PERMISSIONS, type Permission, type Role } from "~/domain/permissions/permissions";
import { DEFAULT_APP_SETTINGS, getAppSettings } from "~/domain/settings/app-settings";
import { type DisplayPrefix, newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { TEST_BANK_ACCOUNT, TEST_RECEIVING_ACCOUNT } from "./bank-accounts";

export const TEST_PASSWORD = "correct-horse-battery-staple";
let passwordHash: Promise<string> | undefined;

export type UserOverrides = {
  name?: string;
  email?: string;
  role?: Role;
  isApproved?: boolean;
  isRestricted?: boolean;
  emailConfirmed?: boolean;
  permissions?: readonly Permission[];
  password?: string;
};

let counter = 0;

const DISPLAY_PREFIX: Record<Role, DisplayPrefix> = { super_admin: "SA", admin: "A", advertiser: "AD", user: "U" };

/** Inserts a user directly (confirmed by default). Password: TEST_PASSWORD unless given. */
export async function createUser(db: Database, overrides: UserOverrides = {}) {
  counter++;
  const role = overrides.role ?? "user";
  const hash = overrides.password ? hashPassword(overrides.password) : (passwordHash ??= hashPassword(TEST_PASSWORD));
  const id = newId();
  await db.insert(users).values({
    id,
    displayId: newDisplayId(DISPLAY_PREFIX[role]),
    name: overrides.name ?? `Test User ${counter}`,
    email: (overrides.email ?? `user${counter}.${id.slice(0, 6)}@example.ng`).toLowerCase(),
    passwordHash: await hash,
    role,
    isApproved: overrides.isApproved ?? role !== "user",
    isRestricted: overrides.isRestricted ?? false,
    permissions: [...(overrides.permissions ?? (role === "admin" ? DEFAULT_ADMIN_PERMISSIONS : []))],
    referralCode: newReferralCode(),
    emailConfirmedAt: overrides.emailConfirmed === false ? null : new Date(),
  });
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return { ...user!, password: overrides.password ?? TEST_PASSWORD };
}

type AdminRole = "admin" | "super_admin";

/** An admin actor holding `permissions`, acting from `ip`. */
async function adminActor(
  db: Database,
  permissions: readonly Permission[],
  role: AdminRole,
  ip: string,
): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip };
}

/** An admin actor (by default holding only manage_adverts). */
export const advertAdmin = (
  db: Database,
  permissions: readonly Permission[] = ["manage_adverts"],
  role: AdminRole = "admin",
) => adminActor(db, permissions, role, "102.89.3.4");

/** An admin actor (by default holding only manage_withdrawals). */
export const withdrawalAdmin = (
  db: Database,
  permissions: readonly Permission[] = ["manage_withdrawals"],
  role: AdminRole = "admin",
) => adminActor(db, permissions, role, "102.89.7.7");

/** An admin actor (by default holding only manage_memberships). */
export const membershipAdmin = (
  db: Database,
  permissions: readonly Permission[] = ["manage_memberships"],
  role: AdminRole = "admin",
) => adminActor(db, permissions, role, "102.89.9.9");

/** Records that `referrer` referred `referred`, as sign-up with a referral code does; resolves with its id. */
export async function recordReferral(db: Database, referrer: { id: string; referralCode: string }, referredId: string) {
  const id = newId();
  await db.insert(referrals).values({ id, referrerId: referrer.id, referredId, referralCode: referrer.referralCode });
  return id;
}

/** The referral rule in the app settings. */
export async function setReferralRule(
  db: Database,
  rule: { active?: boolean; type?: "fixed" | "percentage"; fixedKobo?: Kobo; percentBps?: number },
) {
  await db
    .update(appSettings)
    .set({
      ...(rule.active === undefined ? {} : { referralActive: rule.active }),
      ...(rule.type === undefined ? {} : { referralRewardType: rule.type }),
      ...(rule.fixedKobo === undefined ? {} : { referralFixedKobo: rule.fixedKobo }),
      ...(rule.percentBps === undefined ? {} : { referralPercentBps: rule.percentBps }),
    })
    .where(eq(appSettings.id, 1));
}

/** The platform's receiving account (upgrades by bank transfer are paid into it); null clears it. */
export async function setReceivingAccount(
  db: Database,
  account: { bankCode: string; accountNumber: string; accountName: string } | null = TEST_RECEIVING_ACCOUNT,
) {
  await db
    .update(appSettings)
    .set({
      receivingBankCode: account?.bankCode ?? null,
      receivingAccountNumber: account?.accountNumber ?? null,
      receivingAccountName: account?.accountName ?? null,
    })
    .where(eq(appSettings.id, 1));
}

/** An approved member on the given tier (Basic: 5 adverts a day). */
export async function member(db: Database, overrides: UserOverrides & { tier?: string } = {}) {
  const { tier, ...rest } = overrides;
  const user = await createUser(db, { isApproved: true, ...rest });
  if (tier) await db.update(users).set({ membershipTierId: tier }).where(eq(users.id, user.id));
  return user;
}

let adverts = 0;
/** Posts an advert through the real createAdvert (₦25.00, 100 clicks unless told). */
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
  if (result.status !== "ok") throw new Error(`postAdvert: ${result.status}`);
  return result.advertId;
}

/** An instant well before any dwell time, for views that are ready to be claimed. */
export const longAgo = () => new Date(Date.now() - 60 * 60 * 1000);

/**
 * Gives a user `amountKobo` of available balance the only way money ever moves — a transfer,
 * here an advert reward from the platform's advert-rewards account.
 */
export async function creditUser(db: Database, userId: string, amountKobo: Kobo): Promise<string> {
  const result = await transfer(db, {
    from: { platform: "advert_rewards" },
    to: { userId, kind: "available" },
    amountKobo,
    kind: "advert_reward",
    idempotencyKey: `test-credit:${newId()}`,
  });
  return result.transferId;
}

/** A member's payout account, as the profile stores it (written directly here). */
export async function setBankDetails(
  db: Database,
  userId: string,
  details: { accountHolderName?: string; bankCode?: string; accountNumber?: string } = {},
) {
  const values = {
    userId,
    accountHolderName: details.accountHolderName ?? TEST_BANK_ACCOUNT.accountHolderName,
    bankCode: details.bankCode ?? TEST_BANK_ACCOUNT.bankCode,
    accountNumber: details.accountNumber ?? TEST_BANK_ACCOUNT.accountNumber,
  };
  await db
    .insert(bankAccounts)
    .values(values)
    .onConflictDoUpdate({ target: bankAccounts.userId, set: { ...values, updatedAt: new Date() } });
}

/**
 * An approved member with bank details (unless `bank: false`) and, when given, an available
 * balance credited through the ledger.
 */
export type PayeeOptions = UserOverrides & {
  balanceKobo?: Kobo;
  /** The payout account (defaults when omitted), or false for none. */
  bank?: false | Parameters<typeof setBankDetails>[2];
};
// Two signatures so that `Parameters<typeof payee>[1]` names the options type itself.
export async function payee(db: Database): Promise<Awaited<ReturnType<typeof createUser>>>;
export async function payee(db: Database, options: PayeeOptions): Promise<Awaited<ReturnType<typeof createUser>>>;
export async function payee(db: Database, options: PayeeOptions = {}) {
  const { balanceKobo, bank, ...overrides } = options;
  const user = await createUser(db, { isApproved: true, ...overrides });
  if (bank !== false) await setBankDetails(db, user.id, bank ?? {});
  if (balanceKobo && balanceKobo > 0n) await creditUser(db, user.id, balanceKobo);
  return user;
}

/** The withdrawal limits and fee in the app settings. */
export async function setWithdrawalSettings(
  db: Database,
  settings: { minKobo?: Kobo; maxKobo?: Kobo; advertiserMaxKobo?: Kobo; feeBps?: number },
) {
  await db
    .update(appSettings)
    .set({
      ...(settings.minKobo === undefined ? {} : { minWithdrawalKobo: settings.minKobo }),
      ...(settings.maxKobo === undefined ? {} : { maxWithdrawalKobo: settings.maxKobo }),
      ...(settings.advertiserMaxKobo === undefined ? {} : { advertiserMaxWithdrawalKobo: settings.advertiserMaxKobo }),
      ...(settings.feeBps === undefined ? {} : { withdrawalFeeBps: settings.feeBps }),
    })
    .where(eq(appSettings.id, 1));
}

/** The withdrawal limits and fee of a new install: min ₦10, max ₦1,000 (advertisers ₦1,000,000), fee 2%. */
export const defaultWithdrawalSettings = (db: Database) =>
  setWithdrawalSettings(db, {
    minKobo: DEFAULT_APP_SETTINGS.minWithdrawalKobo,
    maxKobo: DEFAULT_APP_SETTINGS.maxWithdrawalKobo,
    advertiserMaxKobo: DEFAULT_APP_SETTINGS.advertiserMaxWithdrawalKobo,
    feeBps: DEFAULT_APP_SETTINGS.withdrawalFeeBps,
  });

/** A fresh form key, as the profile page would render it. */
export const formKey = () => newId();

/**
 * An advertiser whose business an admin approved (written directly here), optionally with a
 * balance: an earlier campaign's payment booked bank receipts → their balance, as an admin's
 * confirmation does.
 */
export async function approvedAdvertiser(
  db: Database,
  options: UserOverrides & {
    businessName?: string;
    balanceKobo?: Kobo;
    status?: "pending" | "approved" | "rejected";
  } = {},
) {
  const user = await createUser(db, { ...options, role: "advertiser" });
  const status = options.status ?? "approved";
  await db.insert(advertiserProfiles).values({
    userId: user.id,
    businessName: options.businessName ?? `Business of ${user.name}`,
    phone: "08031234567",
    status,
    reviewedAt: status === "pending" ? null : new Date(),
  });
  if (options.balanceKobo) {
    await transfer(db, {
      from: { platform: "bank_receipts" },
      to: { userId: user.id, kind: "available" },
      amountKobo: options.balanceKobo,
      kind: "advertiser_deposit",
      idempotencyKey: `test-deposit:${newId()}`,
    });
  }
  return user;
}

/** A campaign's form input: ₦10.00 a view, 10 views, no dates, unless overridden. */
/** The new campaign form as an advertiser fills it in (POST /advertiser/campaigns), no image chosen. */
export const NEW_CAMPAIGN_FORM = {
  intent: "create",
  title: "Fresh bread in Yaba",
  description: "Hot loaves every morning.",
  rewardAmount: "10",
  viewsWanted: "100",
  startDate: "",
  endDate: "",
} as const;

export const campaignInput = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  title: "Fresh bread in Yaba",
  description: "Hot loaves every morning from 6am.",
  imageUrl: null,
  rewardKobo: 1_000n,
  viewsWanted: 10,
  startsAt: null,
  endsAt: null,
  ...overrides,
});

/**
 * A campaign running as an advert: created, paid from the advertiser's balance (given them
 * first) and activated by `admin`. Returns the campaign as activated.
 */
export async function runningCampaign(
  db: Database,
  admin: Actor,
  overrides: Partial<CampaignInput> = {},
  advertiserOptions: Parameters<typeof approvedAdvertiser>[1] = {},
) {
  const input = campaignInput(overrides);
  const settings = await getAppSettings(db);
  const { budgetKobo } = campaignBudget({ ...input, feeBps: settings.campaignFeeBps });
  const owner = await approvedAdvertiser(db, { balanceKobo: budgetKobo, ...advertiserOptions });
  const created = await createCampaign(db, owner.id, input);
  if (created.status !== "ok") throw new Error(`runningCampaign: create ${created.status}`);
  const paid = await payCampaignFromBalance(db, owner.id, created.campaign.id);
  if (paid.status !== "ok") throw new Error(`runningCampaign: pay ${paid.status}`);
  const activated = await activateCampaign(db, admin, created.campaign.id);
  if (activated.status !== "ok") throw new Error(`runningCampaign: activate ${activated.status}`);
  return { advertiser: owner, campaign: activated.campaign, advertId: activated.campaign.advertId! };
}
