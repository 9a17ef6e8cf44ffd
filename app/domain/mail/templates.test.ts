import { describe, expect, it } from "vitest";
import type { OutgoingMail } from "./outbox.server";
import {
  accountApprovedMail,
  alreadyRegisteredMail,
  campaignMail,
  passwordChangedMail,
  referralRewardMail,
  resolveAppLinks,
  type CampaignMailFacts,
  confirmEmailMail,
  foreignLinks,
  greeting,
  resetPasswordMail,
  withdrawalCompletedMail,
  withdrawalProcessingMail,
  withdrawalRejectedMail,
  upgradeApprovedMail,
  upgradeRejectedMail,
  type UpgradeMailFacts,
  type WithdrawalMailFacts,
} from "./templates";

const appUrl = new URL("https://adnaira.example");
const link = (path: string) => new URL(path, appUrl).href;
const to = "reader@example.ng";

/** Names someone could type to turn our mail into theirs (validation refuses the multi-line ones today). */
const HOSTILE_NAMES = [
  "Ngozi\n\nYour account is locked. Verify at https://adnaira-verify.example/login",
  "Ada\r\nhttp://evil.example/\tnow",
  "Visit www.evil.example today",
  "Support adnaira-help.ng",
  "Write to help@evil.example",
  "Obi \u202Elmth.xe\u202C",
  "http://adnaira.example@evil.example/",
];

const withdrawal: WithdrawalMailFacts = {
  reference: "WD-TEST-0001",
  amountKobo: 150_000n,
  feeKobo: 3_000n,
  bankName: "Zenith Bank",
  accountNumber: "0123456789",
};

const upgrade: UpgradeMailFacts = {
  reference: "UPG-7K2M9QXA",
  tierName: "Advert Bronze",
  priceKobo: 50_000n,
  method: "balance",
  dailyAdViews: 10,
};

/** Every template, with a given name (null where the template takes none). */
const TEMPLATES: Record<string, (name: string) => OutgoingMail> = {
  confirmEmail: () => confirmEmailMail(to, link("/confirm-email?token=abc")),
  alreadyRegistered: () => alreadyRegisteredMail(to, link("/login"), link("/forgot-password")),
  resetPasswordConfirmed: (name) => resetPasswordMail(to, name, link("/reset-password?token=abc")),
  resetPasswordUnconfirmed: () => resetPasswordMail(to, null, link("/reset-password?token=abc")),
  accountApproved: (name) => accountApprovedMail(to, name, link("/login")),
  accountApprovedUnconfirmed: () => accountApprovedMail(to, null, link("/login")),
  withdrawalProcessing: (name) => withdrawalProcessingMail(to, name, withdrawal),
  withdrawalRejected: (name) => withdrawalRejectedMail(to, name, withdrawal),
  withdrawalCompleted: (name) => withdrawalCompletedMail(to, name, withdrawal),
  upgradeApproved: (name) => upgradeApprovedMail(to, name, upgrade),
  upgradeApprovedByBank: (name) => upgradeApprovedMail(to, name, { ...upgrade, method: "bank_transfer" }),
  upgradeRejected: (name) => upgradeRejectedMail(to, name, upgrade),
  upgradeRejectedByBank: (name) => upgradeRejectedMail(to, name, { ...upgrade, method: "bank_transfer" }),
  upgradeWithLinkLikeTier: (name) => upgradeApprovedMail(to, name, { ...upgrade, tierName: "Gold at evil.example" }),
};

describe("every mail template, with hostile names", () => {
  for (const [template, build] of Object.entries(TEMPLATES)) {
    it(`${template}: links only to APP_URL, and the name (if any) only as one plain line`, () => {
      for (const name of HOSTILE_NAMES) {
        const mail = build(name);
        expect(foreignLinks(`${mail.subject}\n${mail.text}`, appUrl), JSON.stringify(name)).toEqual([]);
        expect(mail.text).not.toMatch(/evil|verify|adnaira-help|\u202E/);
        expect(mail.text).toMatch(/^Hello,\n\n/);
      }
    });
  }

  it("greets a confirmed member by a plain name, on one line", () => {
    expect(greeting("Ngozi Okafor")).toBe("Hello Ngozi Okafor,");
    expect(greeting("Mr. Chukwuemeka Obi-Eze")).toBe("Hello Mr. Chukwuemeka Obi-Eze,");
    expect(greeting(" Ada   Obi ")).toBe("Hello Ada Obi,");
    expect(greeting(null)).toBe("Hello,");
    expect(accountApprovedMail(to, "Ngozi Okafor", link("/login")).text).toMatch(/^Hello Ngozi Okafor,\n\n/);
    expect(withdrawalCompletedMail(to, "Ngozi Okafor", withdrawal).text).toMatch(/^Hello Ngozi Okafor,\n\n/);
  });

  it("mails to unconfirmed addresses carry no name at all", () => {
    expect(confirmEmailMail(to, link("/confirm-email?token=abc")).text).toMatch(/^Hello,\n\n/);
    expect(resetPasswordMail(to, null, link("/reset-password?token=abc")).text).toMatch(/^Hello,\n\n/);
  });
});

describe("foreignLinks", () => {
  it("finds every link that is not under APP_URL", () => {
    expect(foreignLinks("Open https://adnaira.example/login?next=/x now.", appUrl)).toEqual([]);
    expect(foreignLinks("Open https://adnaira.example.evil.example/login", appUrl)).toEqual([
      "https://adnaira.example.evil.example/login",
    ]);
    expect(foreignLinks("http://adnaira.example/login (plain http)", appUrl)).toEqual(["http://adnaira.example/login"]);
    expect(foreignLinks("ftp://files.example/x and WWW.evil.example", appUrl)).toEqual([
      "ftp://files.example/x",
      "WWW.evil.example",
    ]);
    expect(foreignLinks("https://adnaira.example/app/x", new URL("https://adnaira.example/app/"))).toEqual([]);
    expect(foreignLinks("https://adnaira.example/other", new URL("https://adnaira.example/app/"))).toEqual([
      "https://adnaira.example/other",
    ]);
  });
});

describe("mails at each money step", () => {
  const resolved = (mail: OutgoingMail) => resolveAppLinks(mail.text, appUrl);
  const campaign: CampaignMailFacts = {
    appName: "Naira Ads",
    campaignId: "CampaignId_0000000001",
    reference: "CMP-ABCD1234",
    title: "Fresh bread in Yaba",
    budgetKobo: 123_456n,
  };

  it("links to the app's pages, made absolute under APP_URL when delivered", () => {
    expect(resolveAppLinks("See {app}/referrals and {app}/advertiser/campaigns/x.", appUrl)).toBe(
      "See https://adnaira.example/referrals and https://adnaira.example/advertiser/campaigns/x.",
    );
    const mail = campaignMail(to, "Bisi", { kind: "activated" }, campaign);
    expect(foreignLinks(resolved(mail), appUrl)).toEqual([]);
    expect(resolved(mail)).toContain(
      "Your campaign: https://adnaira.example/advertiser/campaigns/CampaignId_0000000001",
    );
  });

  it("a referral reward: the amount, the referred member's first name only, the app's name", () => {
    const facts = { appName: "Naira Ads", referredName: "Chidi Okafor", rewardKobo: 123_456n };
    const paid = referralRewardMail(to, "Ngozi Eze", "paid", facts);
    expect(paid.subject).toBe("Your referral reward of ₦1,234.56 has been paid");
    expect(paid.text).toBe(
      "Hello Ngozi Eze,\n\nYour referral reward of ₦1,234.56 for Chidi has been added to your Naira Ads balance.\n\nYour referrals: {app}/referrals\n",
    );
    expect(referralRewardMail(to, "Ngozi", "held", facts).subject).toBe(
      "Your referral reward of ₦1,234.56 is being reviewed",
    );
    expect(referralRewardMail(to, "Ngozi", "voided", facts).text).toContain("will not be paid");
    for (const hostile of HOSTILE_NAMES) {
      const mail = referralRewardMail(to, hostile, "paid", { ...facts, referredName: hostile });
      expect(foreignLinks(resolved(mail), appUrl)).toEqual([]);
      expect(mail.text).not.toMatch(/evil|verify|help@/i);
    }
  });

  it("text people typed never becomes a link to the app ({app} is ours alone)", () => {
    const typed = "{app}/login";
    const facts = { appName: typed, referredName: typed, rewardKobo: 123_456n };
    const mails = [
      referralRewardMail(to, typed, "paid", facts),
      campaignMail(
        to,
        typed,
        { kind: "rejected", reason: typed, wasRunning: false, refundKobo: 0n },
        {
          ...campaign,
          appName: typed,
          title: typed,
        },
      ),
      passwordChangedMail(to, typed, "profile", typed),
    ];
    for (const mail of mails) {
      const links = resolved(mail).match(/https?:\/\/\S+/g) ?? [];
      expect(links, mail.text).toHaveLength(1);
      expect(links[0]).not.toMatch(/\/login$/);
    }
    expect(greeting(typed)).toBe("Hello,");
  });

  it("a password change says where it came from and what to do if it was not them", () => {
    const mail = passwordChangedMail(to, "Kemi", "profile", "Naira Ads");
    expect(mail.subject).toBe("Your Naira Ads password was changed");
    expect(mail.text).toContain("If this wasn't you, reset your password and contact support: {app}/forgot-password");
    expect(passwordChangedMail(to, null, "reset-link", "www.evil.example").subject).toBe(
      "Your AdNaira password was changed",
    );
  });

  it("each campaign step names the campaign, the amounts as ₦1,234.56, a refund only when there is one", () => {
    expect(campaignMail(to, "Bisi", { kind: "paid", method: "online" }, campaign).text).toContain(
      'We have received your online payment of ₦1,234.56 for your campaign "Fresh bread in Yaba" (CMP-ABCD1234).',
    );
    expect(campaignMail(to, "Bisi", { kind: "paid-to-balance", method: "bank_transfer" }, campaign).text).toContain(
      "the money is on your Naira Ads balance",
    );
    const stopped = campaignMail(
      to,
      "Bisi",
      { kind: "rejected", reason: "Wrong brand.", wasRunning: true, refundKobo: 50_000n },
      campaign,
    );
    expect(stopped.subject).toBe("Your campaign CMP-ABCD1234 was stopped");
    expect(stopped.text).toContain("Reason: Wrong brand.");
    expect(stopped.text).toContain("The unused budget of ₦500.00 has been returned to your Naira Ads balance.");
    const noRefund = campaignMail(
      to,
      null,
      { kind: "completed", allViewsUsed: true, refundKobo: 0n },
      { ...campaign, title: null },
    );
    expect(noRefund.text).not.toContain("unused budget");
    expect(noRefund.text).toMatch(/^Hello,\n\nYour campaign CMP-ABCD1234 has finished: all the views/);
    const hostile = campaignMail(
      to,
      "Bisi",
      { kind: "rejected", reason: "See https://evil.example/appeal", wasRunning: false, refundKobo: 0n },
      { ...campaign, title: "Visit www.evil.example" },
    );
    expect(foreignLinks(resolved(hostile), appUrl)).toEqual([]);
    expect(hostile.text).toContain("Open the campaign page to read the reason.");
  });
});
