import { describe, expect, it } from "vitest";
import type { OutgoingMail } from "./outbox.server";
import {
  accountApprovedMail,
  alreadyRegisteredMail,
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
