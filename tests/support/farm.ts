import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings, riskClusters, users } from "~/db/schema";
import { storeBankDetails } from "~/domain/banks/bank-details.server";
import { normalizeEmail } from "~/domain/referrals/referral-abuse";
import { rewardReferrer } from "~/domain/referrals/referral-reward.server";
import { networkFingerprint } from "~/domain/risk/policy";
import { recordSignals, type Signal } from "~/domain/risk/signals.server";
import { newId } from "~/domain/shared/ids";
import { autoPayWithdrawal } from "~/domain/withdrawals/auto-pay.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { clockAhead } from "./clock";
import { createUser, creditUser, formKey, recordReferral } from "./factories";

/**
 * The farm simulation (issue 39, item 11): three groups of accounts go through sign-up, sign-ins,
 * bank details, referrals and a withdrawal each, through the real rules (signals, clusters, the
 * referral reward, the automatic payout), and the outcome says how many of each group are held.
 * Run by tests/farm-simulation.test.ts (which checks the outcome) and by `npm run bench` (which
 * prints it, with the cost of recording signals).
 *
 * (a) a farm: 40 accounts on 4 phones (the farmer clears cookies for every other sign-up, so half
 *     come with a new device id but the phone's fingerprint), behind 2 carrier addresses, paid
 *     into 3 bank accounts (each resolved by the bank in its one holder's name), each referring
 *     the next;
 * (b) an honest crowd: 500 members behind 3 carrier addresses, each on their own phone (a
 *     fingerprint drawn from 5,000: phones of one model collide) and bank account, 30 of them
 *     referring a friend on the same address;
 * (c) a family: 2 accounts on one phone, with their own bank accounts, one referring the other.
 */

export type GroupOutcome = {
  accounts: number;
  /** In a cluster waiting for a review. */
  underReview: number;
  /** Linked to another account, within the allowances (not held). */
  linkedNotHeld: number;
  referrals: number;
  referralsHeld: number;
  withdrawals: number;
  paidAutomatically: number;
  /** Accounts held in any way: under review, a referral reward of theirs held, or a withdrawal not paid automatically. */
  held: number;
};

export type FarmSimulation = {
  farm: GroupOutcome;
  crowd: GroupOutcome;
  family: GroupOutcome;
  /** Milliseconds per call of recordSignals. */
  cost: { firstSignIn: number[]; signIn: number[]; claim: number[] };
};

/** A deterministic random source (mulberry32): the same accounts every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (n: number, width = 32) => n.toString(16).padStart(width, "0").slice(-width);
const timed = async (into: number[], run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  into.push(performance.now() - start);
};

type Referred = { referrerId: string; paid: boolean };

type Account = {
  id: string;
  referralCode: string;
  name: string;
  email: string;
  device: string;
  fingerprint: string;
  network: string;
  bank: string;
};

/** What the automatic payout sees four days on: accounts older than 3 days, bank details older than 24 hours. */
const LATER = clockAhead(4 * 24 * 3_600_000 + 3_600_000);

export async function runFarmSimulation(db: Database, options: { tag?: string } = {}): Promise<FarmSimulation> {
  const tag = options.tag ?? newId().slice(0, 6);
  const rand = random(39);
  const cost: FarmSimulation["cost"] = { firstSignIn: [], signIn: [], claim: [] };
  await db
    .update(appSettings)
    .set({ autoPayoutMaxKobo: 5_000n, autoPayoutDailyMaxKobo: null, referralActive: true })
    .where(eq(appSettings.id, 1));
  let accountSeq = 0;
  const accountNumber = () => String(3_000_000_000 + Math.floor(rand() * 6_000_000_000)).slice(0, 10);

  /** Sign-up as registration records it, then a sign-in and a claim from the same phone. */
  /** `holder`: the name the bank resolves for `bank` (a farm's shared account is one person's); the member's own by default. */
  async function signUp(
    group: string,
    device: string,
    fingerprint: string,
    network: string,
    bank: string,
    holder?: string,
  ) {
    accountSeq += 1;
    const name = `${group === "farm" ? "Tunde" : group === "family" ? "Ngozi" : "Chinedu"} Member${accountSeq}`;
    const email = `${group}.${accountSeq}.${tag}@example.ng`;
    const user = await createUser(db, { isApproved: true, name, email });
    // What a sign-in records (requestSignals): the network and the fingerprint also together.
    const signals: Signal[] = [
      { kind: "device", value: device },
      { kind: "fingerprint", value: fingerprint },
      { kind: "network", value: network },
      { kind: "network_fingerprint", value: networkFingerprint(network, fingerprint) },
    ];
    await timed(cost.firstSignIn, () =>
      recordSignals(db, user.id, [...signals, { kind: "email", value: normalizeEmail(email) }]),
    );
    await timed(cost.signIn, () => recordSignals(db, user.id, signals));
    await timed(cost.claim, () => recordSignals(db, user.id, [{ kind: "device", value: device }]));
    const [code = "058", number = ""] = bank.split(":");
    await storeBankDetails(db, {
      userId: user.id,
      actor: { id: user.id, role: "user", permissions: [] },
      user: { email, name },
      next: { accountHolderName: holder ?? name.toUpperCase(), bankCode: code, accountNumber: number },
      nameResolvedAt: new Date(),
    });
    await creditUser(db, user.id, 10_000n);
    return {
      id: user.id,
      referralCode: user.referralCode,
      name,
      email,
      device,
      fingerprint,
      network,
      bank,
    } satisfies Account;
  }

  async function refer(referrer: Account, referred: Account): Promise<Referred> {
    await recordReferral(db, referrer, referred.id);
    const result = await db.transaction((tx) =>
      rewardReferrer(tx, { referredId: referred.id, upgradeId: newId(), paidKobo: 100_000n, now: new Date() }),
    );
    return { referrerId: referrer.id, paid: result.status === "paid" };
  }

  async function withdraw(account: Account): Promise<boolean> {
    const asked = await requestWithdrawal(db, { userId: account.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (asked.status !== "ok") throw new Error(`withdrawal refused: ${asked.status}`);
    return (await autoPayWithdrawal(db, asked.withdrawal.id, LATER)).status === "queued";
  }

  async function outcome(accounts: Account[], referralResults: Referred[], paid: boolean[]): Promise<GroupOutcome> {
    let underReview = 0;
    let linkedNotHeld = 0;
    const heldIds = new Set<string>();
    for (const [i, a] of accounts.entries()) {
      const [row] = await db.select({ clusterId: users.riskClusterId }).from(users).where(eq(users.id, a.id));
      if (row?.clusterId) {
        const [cluster] = await db
          .select({ status: riskClusters.status })
          .from(riskClusters)
          .where(eq(riskClusters.id, row.clusterId));
        if (cluster?.status === "open") {
          underReview++;
          heldIds.add(a.id);
        } else linkedNotHeld++;
      }
      if (!paid[i]) heldIds.add(a.id);
    }
    for (const r of referralResults) if (!r.paid) heldIds.add(r.referrerId);
    return {
      accounts: accounts.length,
      underReview,
      linkedNotHeld,
      referrals: referralResults.length,
      referralsHeld: referralResults.filter((r) => !r.paid).length,
      withdrawals: paid.length,
      paidAutomatically: paid.filter(Boolean).length,
      held: heldIds.size,
    };
  }

  // (a) The farm.
  const phones = Array.from({ length: 4 }, (_, i) => ({
    device: `farm-${tag}-phone-${i}`,
    fingerprint: hex(0xfa00 + i),
  }));
  const farmNetworks = [`102.89.${(40 + rand() * 10) | 0}.7`, `105.112.${(40 + rand() * 10) | 0}.9`];
  const farmBanks = Array.from({ length: 3 }, () => `058:${accountNumber()}`);
  const farm: Account[] = [];
  for (let j = 0; j < 40; j++) {
    const phone = phones[j % 4]!;
    // Every other sign-up after clearing the browser's cookies: a new device id, the same phone.
    const device = j % 2 === 1 ? `farm-${tag}-cleared-${j}` : phone.device;
    farm.push(
      await signUp("farm", device, phone.fingerprint, farmNetworks[j % 2]!, farmBanks[j % 3]!, `MULE HOLDER ${j % 3}`),
    );
  }
  const farmReferrals = [];
  for (let j = 0; j + 1 < farm.length; j++) farmReferrals.push(await refer(farm[j]!, farm[j + 1]!));
  const farmPaid = [];
  for (const a of farm) farmPaid.push(await withdraw(a));

  // (b) The honest crowd.
  const crowdNetworks = ["102.89.0.1", "105.112.0.1", "197.210.0.1"].map((n) => `${n}-${tag}`);
  const crowd: Account[] = [];
  for (let i = 0; i < 500; i++) {
    const fingerprint = hex(0x100000 + Math.floor(rand() * 5_000));
    crowd.push(
      await signUp("crowd", `crowd-${tag}-phone-${i}`, fingerprint, crowdNetworks[i % 3]!, `044:${accountNumber()}`),
    );
  }
  const crowdReferrals = [];
  // 30 members each refer a friend behind the same carrier address (i and i + 3 share one).
  for (let k = 0; k < 30; k++) crowdReferrals.push(await refer(crowd[k * 6]!, crowd[k * 6 + 3]!));
  const crowdPaid = [];
  for (const a of crowd) crowdPaid.push(await withdraw(a));

  // (c) The family.
  const home = { device: `family-${tag}-phone`, fingerprint: hex(0xfa11e), network: `102.89.77.1-${tag}` };
  const family = [
    await signUp("family", home.device, home.fingerprint, home.network, `057:${accountNumber()}`),
    await signUp("family", home.device, home.fingerprint, home.network, `011:${accountNumber()}`),
  ];
  const familyReferrals = [await refer(family[0]!, family[1]!)];
  const familyPaid = [];
  for (const a of family) familyPaid.push(await withdraw(a));

  return {
    farm: await outcome(farm, farmReferrals, farmPaid),
    crowd: await outcome(crowd, crowdReferrals, crowdPaid),
    family: await outcome(family, familyReferrals, familyPaid),
    cost,
  };
}
