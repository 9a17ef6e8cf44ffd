import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { riskClusters, users, withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { recordSignals } from "~/domain/risk/signals.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createUser, formKey, payee } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectNoA11yViolations,
  expectToast,
  horizontalOverflow,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * Linked Accounts (/admin/risk, review_risk) at 360 px (the accounts as cards) and 1280 px (as a
 * table): a cluster of three members paid into one bank account, trusted behind the dialog with a
 * reason; without JavaScript, their pending withdrawals rejected through the question's card; and
 * the member's admin page naming the accounts it is linked to while the review is open.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const BANK_CODE = "058";
const BANK_NAME = "Guaranty Trust Bank (GTBank)";
let accountNumbers = 0;

/**
 * Three members with ₦100.00 each, paid into one bank account (its own per call, never shared
 * with another test's cluster): an open cluster. With `withdrawals`, each asks for ₦20.00.
 */
async function linkedMembers(tag: string, options: { withdrawals?: boolean } = {}) {
  const accountNumber = String(2_040_000_000 + ++accountNumbers * 7_919);
  const members = [];
  const withdrawalIds: string[] = [];
  let clusterId: string | null = null;
  for (const name of ["Adaeze Okafor", "Emeka Okafor", "Ngozi Okafor"]) {
    const member = await payee(db(), {
      name: `${name} ${tag}`,
      balanceKobo: 10_000n,
      bank: { bankCode: BANK_CODE, accountNumber },
    });
    const recorded = await recordSignals(db(), member.id, [
      { kind: "bank_account", value: `${BANK_CODE}:${accountNumber}` },
    ]);
    clusterId = recorded.clusterId ?? clusterId;
    if (options.withdrawals) {
      const asked = await requestWithdrawal(db(), {
        userId: member.id,
        amountKobo: 2_000n,
        idempotencyKey: formKey(),
      });
      if (asked.status !== "ok") throw new Error(`withdrawal refused: ${asked.status}`);
      withdrawalIds.push(asked.withdrawal.id);
    }
    members.push(member);
  }
  if (!clusterId) throw new Error("no cluster was formed");
  const cluster = await clusterOf(clusterId);
  if (cluster?.status !== "open") throw new Error(`the cluster is ${cluster?.status}, not open`);
  // All three are in it.
  const inCluster = await db().select({ id: users.id }).from(users).where(eq(users.riskClusterId, clusterId));
  expect(inCluster.map((u) => u.id).sort()).toEqual(members.map((m) => m.id).sort());
  return { members, clusterId, accountNumber, withdrawalIds };
}

const clusterOf = async (id: string) => (await db().select().from(riskClusters).where(eq(riskClusters.id, id)))[0];

const reviewer = (permissions: ("review_risk" | "manage_users")[] = ["review_risk"]) =>
  createUser(db(), { role: "admin", permissions, name: "Musa Reviewer" });

/** The masked bank account as the review shows it: the bank's name and the last four digits only. */
const maskedAccount = (accountNumber: string) => `Bank account ${BANK_NAME} ******${accountNumber.slice(-4)}`;

const clusterCard = (page: Page, clusterId: string) => page.getByTestId(`cluster-${clusterId}`);

/**
 * expectFitsAndAccessible for a page without JavaScript, less axe (which cannot run there: it
 * needs the page's script engine): no sideways scrolling, and a screenshot.
 */
async function fitsWithoutScript(page: Page, name: string, options: { soft?: boolean } = {}) {
  const overflow = await horizontalOverflow(page);
  await screenshot(page, name);
  (options.soft ? expect.soft : expect)(overflow.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(
    overflow.clientWidth,
  );
}

describe("Linked Accounts", () => {
  for (const [label, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`an admin reviews linked accounts and trusts them with a reason (${label} px)`, async () => {
      const { members, clusterId, accountNumber } = await linkedMembers(label);
      // At 360 px an admin holding review_risk alone (names without links to Manage Users' pages).
      const mayOpenMemberPages = label === "1280";
      const admin = await reviewer(mayOpenMemberPages ? ["review_risk", "manage_users"] : ["review_risk"]);
      const { page } = await signedInPage(suite, { ...admin, role: "admin" }, viewport);

      // Reached from the admin navigation.
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Linked Accounts" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/risk");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Linked Accounts");

      const card = clusterCard(page, clusterId);
      await card.waitFor({ state: "visible" });
      expect(await card.getByRole("heading", { level: 2 }).innerText()).toBe("3 linked accounts · ₦300.00 at stake");

      // What they share: the bank account, masked.
      const shared = card.getByRole(label === "360" ? "list" : "table", { name: "What they share" });
      const sharedText = await shared.innerText();
      expect(sharedText).toContain(maskedAccount(accountNumber));
      for (const m of members) expect(sharedText).toContain(m.name);
      expect(await page.locator("body").innerText()).not.toContain(accountNumber);

      // The accounts: one card each on a phone, one table row each on a wide screen.
      if (label === "360") {
        const cards = card.getByRole("list", { name: "The accounts" }).getByRole("listitem");
        expect(await cards.count()).toBe(3);
        expect(await card.getByRole("table", { name: "The accounts" }).isVisible()).toBe(false);
      } else {
        const rows = card.getByRole("table", { name: "The accounts" }).locator("tbody tr");
        expect(await rows.count()).toBe(3);
        expect(await card.getByRole("list", { name: "The accounts" }).isVisible()).toBe(false);
      }
      for (const m of members) {
        const link = card.getByRole("link", { name: m.name, exact: true });
        if (mayOpenMemberPages) expect(await link.getAttribute("href")).toBe(`/admin/users/${m.id}`);
        else expect(await link.count()).toBe(0);
        expect(await card.innerText()).toContain(m.name);
        expect(await card.innerText()).toContain(m.email);
      }
      // No withdrawal pending and no held reward: only Trust and Restrict all are offered.
      expect(await card.getByRole("link", { name: "Reject pending withdrawals" }).count()).toBe(0);
      expect(await card.getByRole("link", { name: "Void held rewards" }).count()).toBe(0);
      expect(await card.getByRole("link", { name: "Restrict all" }).isVisible()).toBe(true);

      await expectFitsAndAccessible(page, `linked-accounts-${label}`);

      await card.getByRole("link", { name: "Trust", exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: "Trust these linked accounts?" });
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.innerText()).toContain("The 3 accounts stop being held for their links");
      const reason = "A family of three sharing the mother's bank account";
      await dialog.getByLabel("Why they are fine (for example: a family sharing a phone)").fill(reason);
      await screenshot(page, `linked-accounts-trust-dialog-${label}`, { fullPage: false });
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: "Trust", exact: true }).click();

      await expectToast(page, "Accounts Trusted", {
        message: "3 linked accounts are no longer held for their links.",
        variant: "success",
      });
      await dialog.waitFor({ state: "detached" });
      await card.waitFor({ state: "detached" });
      await expect.poll(async () => (await clusterOf(clusterId))?.status).toBe("trusted");
      const decided = await clusterOf(clusterId);
      expect(decided?.decisionNote).toBe(reason);
      expect(decided?.decidedById).toBe(admin.id);
      expect(decided?.decidedMemberCount).toBe(3);
    });
  }

  it("rejects the cluster's pending withdrawals without JavaScript (360 px)", async () => {
    const { members, clusterId, withdrawalIds } = await linkedMembers("no-js", { withdrawals: true });
    const admin = await reviewer();
    const { page } = await signedInPage(suite, { ...admin, role: "admin" }, MOBILE, { javaScript: false });
    await page.goto("/admin/risk");

    const card = clusterCard(page, clusterId);
    await card.waitFor({ state: "visible" });
    // The pending withdrawals show on the accounts' cards.
    const cardText = await card.innerText();
    expect(cardText.match(/₦20\.00 \(Pending\)/g)).toHaveLength(3);

    // The button is a link to the same question as a card on the page.
    await card.getByRole("link", { name: "Reject pending withdrawals" }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === "/admin/risk" &&
        url.searchParams.get("cluster") === clusterId &&
        url.searchParams.get("confirm") === "reject-withdrawals",
    );
    const panel = page.getByRole("region", { name: "Reject their pending withdrawals?" });
    await panel.waitFor({ state: "visible" });
    expect(await panel.innerText()).toContain(
      "3 pending withdrawals will be rejected and the amounts returned to each member's balance.",
    );
    // The accounts' cards list each pending withdrawal: they must fit at 360 px too. Checked
    // softly so that the decision below is still tested when they do not.
    await fitsWithoutScript(page, "linked-accounts-reject-panel-no-js-360", { soft: true });
    // axe needs a script: the same question, as a loaded page shows it at this address, is checked there.
    const loaded = await signedInPage(suite, { ...admin, role: "admin" }, MOBILE, { another: "with JavaScript" });
    await visit(loaded.page, page.url());
    await loaded.page.getByRole("region", { name: "Reject their pending withdrawals?" }).waitFor({ state: "visible" });
    await expectNoA11yViolations(loaded.page);
    await loaded.close();

    const reason = "One person paying three accounts into one bank account";
    await panel.getByLabel("Reason (kept in the audit log)").fill(reason);
    await panel.getByRole("button", { name: "Reject withdrawals" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/risk/decide");

    // The answer in words (no script: no toast).
    const answer = page.getByRole("status").filter({ hasText: "Withdrawals Rejected" });
    await answer.waitFor({ state: "visible" });
    expect((await answer.innerText()).replace(/\s+/g, " ")).toContain(
      "3 pending withdrawals were rejected and the amounts returned to the members' balances.",
    );
    // The question is gone; the cluster stays for a decision on the accounts themselves.
    expect(await page.getByRole("region", { name: "Reject their pending withdrawals?" }).count()).toBe(0);
    expect(await clusterCard(page, clusterId).innerText()).not.toContain("(Pending)");
    await fitsWithoutScript(page, "linked-accounts-rejected-no-js-360");

    const rows = await db()
      .select({ status: withdrawals.status, userId: withdrawals.userId })
      .from(withdrawals)
      .where(inArray(withdrawals.id, withdrawalIds));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(rows.map((r) => r.userId).sort()).toEqual(members.map((m) => m.id).sort());
    // The amounts are back in each member's balance.
    for (const m of members) expect(await balances(db(), m.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
    expect((await clusterOf(clusterId))?.status).toBe("open");
  });

  it("the member's admin page names the accounts it is linked to while under review (1280 px)", async () => {
    const { members, clusterId, accountNumber } = await linkedMembers("member-page");
    const member = members[0]!;
    const others = members.slice(1);
    const admin = await reviewer(["review_risk", "manage_users"]);
    const { page } = await signedInPage(suite, { ...admin, role: "admin" }, DESKTOP);
    await visit(page, `/admin/users/${member.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(member.name);

    const section = page.getByRole("region", { name: "Linked accounts" });
    await section.waitFor({ state: "visible" });
    const text = await section.innerText();
    expect(text).toContain("Under review");
    expect(text).toContain(maskedAccount(accountNumber));
    expect(text).not.toContain(accountNumber);
    for (const other of others) {
      const link = section.getByRole("link", { name: other.name, exact: true });
      expect(await link.getAttribute("href")).toBe(`/admin/users/${other.id}`);
    }
    // Not a link to the member's own page.
    expect(await section.getByRole("link", { name: member.name, exact: true }).count()).toBe(0);
    await expectFitsAndAccessible(page, "linked-accounts-member-page-1280");

    // To the review, where the same cluster waits; and from there to another of its accounts.
    await section.getByRole("link", { name: "Review on Linked Accounts" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/risk");
    const card = clusterCard(page, clusterId);
    await card.waitFor({ state: "visible" });
    await card.getByRole("link", { name: others[0]!.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/users/${others[0]!.id}`);
    const otherSection = page.getByRole("region", { name: "Linked accounts" });
    await expect.poll(() => otherSection.innerText()).toContain("Under review");
    expect(await otherSection.getByRole("link", { name: member.name, exact: true }).getAttribute("href")).toBe(
      `/admin/users/${member.id}`,
    );
  });
});
