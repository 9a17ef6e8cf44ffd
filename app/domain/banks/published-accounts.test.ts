import { describe, expect, it } from "vitest";
import { NIGERIAN_BANKS, NUBAN_CHECKED_BANK_CODES } from "./nigerian-banks";
import { checkAccountNumber, isValidNuban } from "./nuban";

/**
 * The evidence for every bank whose account numbers we hold to the CBN check digit: real account
 * numbers that governments, embassies, NGOs and companies published (mostly for donations), each
 * with where it was published. A bank's code is only trusted when a real account passes with it;
 * a code nobody has confirmed this way stays unchecked (see docs/decisions/007-bank-list-and-nuban.md).
 */
type PublishedAccount = { bankCode: string; accountNumber: string; holder: string; source: string };

const FGN_COVID_ACCOUNTS =
  "Office of the Accountant-General of the Federation public notice, 7 April 2020 (vanguardngr.com/2020/04/fg-announces-covid-19-eradication-support-bank-accounts)";

const PUBLISHED_ACCOUNTS: readonly PublishedAccount[] = [
  {
    bankCode: "044",
    accountNumber: "1385400542",
    holder: "FGN COVID-19 Eradication Support Account",
    source: FGN_COVID_ACCOUNTS,
  },
  {
    bankCode: "011",
    accountNumber: "2035403735",
    holder: "FGN COVID-19 Eradication Support Account",
    source: FGN_COVID_ACCOUNTS,
  },
  {
    bankCode: "011",
    accountNumber: "2019442840",
    holder: "Embassy of the State of Palestine (naira account)",
    source:
      "NSCIA statement, 29 November 2023 (newtelegraphng.com/nscia-seeks-financial-assistance-to-support-palestinians)",
  },
  {
    bankCode: "058",
    accountNumber: "0574639933",
    holder: "FGN COVID-19 Eradication Support Account",
    source: FGN_COVID_ACCOUNTS,
  },
  {
    bankCode: "033",
    accountNumber: "1022761737",
    holder: "FGN COVID-19 Eradication Support Account",
    source: FGN_COVID_ACCOUNTS,
  },
  {
    bankCode: "033",
    accountNumber: "1022751785",
    holder: "Kano State COVID-19 Support",
    source:
      "Kano State Commissioner for Information statement, 2020 (authorityngr.com/2020/06/08/fidelity-bank-donates-n10-million-to-kano-covid-19-fund)",
  },
  {
    bankCode: "057",
    accountNumber: "1017231692",
    holder: "FGN COVID-19 Eradication Support Account",
    source: FGN_COVID_ACCOUNTS,
  },
  {
    bankCode: "057",
    accountNumber: "1228160057",
    holder: "Turkish Embassy Abuja - Humanitarian Assistance ACC (NGN)",
    source: "NSCIA statement, February 2023 (dailytrust.com/nscia-urges-donations-to-turkey-syria-earthquake-victims)",
  },
  {
    bankCode: "070",
    accountNumber: "5030112159",
    holder: "Anambra State COVID-19 Aid",
    source:
      "Anambra State Government, 30 March 2020 (realnewsmagazine.net/health/uba-plc-donates-n28-5m-to-anambra-govt-to-help-in-fight-against-spread-of-covid-19)",
  },
  {
    bankCode: "076",
    accountNumber: "4030017510",
    holder: "Abule Ado Emergency Relief Fund (Lagos State Government)",
    source:
      "Lagos State Governor's announcement, 16 March 2020 (thenationonlineng.net/lagos-sets-up-n2b-relief-fud-for-blast-victims)",
  },
  {
    bankCode: "101",
    accountNumber: "1401203148",
    holder: "ODSG - Owo Terrorist Attack Relief Fund (Ondo State Government)",
    source: "Ondo State Governor's Chief Press Secretary statement, 8 June 2022 (ondoevents.com/archives/39389)",
  },
  {
    bankCode: "215",
    accountNumber: "0046196464",
    holder: "Oyo State COVID-19 support fund",
    source:
      "Oyo State Government, oyostate.gov.ng, April 2020 (olisa.tv/gov-makinde-launches-oyo-covid-19-support-fund)",
  },
  {
    bankCode: "232",
    accountNumber: "0076813615",
    holder: "COVID Donations (Sterling Bank Plc)",
    source:
      "Sterling Bank MD/CEO's email to customers, March 2020 (famouspeople.com.ng/sterling-bank-donates-n250-million-tackle-covid-19.html)",
  },
  {
    bankCode: "035",
    accountNumber: "0122786341",
    holder: "Ondo State Government",
    source:
      "Ondo State Government transfer memo reported by SaharaReporters, 16 May 2020 (saharareporters.com/2020/05/16/exclusive-how-n4bn-‘secret-ondo-government-account-was-uncovered-illegal-transactions)",
  },
  {
    bankCode: "035",
    accountNumber: "0121291839",
    holder: "Sri Sai Vandana Foundation (NGO)",
    source:
      "Report on the foundation's in-flight donations account, 16 August 2019 (starconnectmedia.com/2019/08/money-laundering-scam-rocks-wema-bank-plc-dana-airline)",
  },
];

describe("published account numbers", () => {
  it.each(PUBLISHED_ACCOUNTS)(
    "$holder ($bankCode $accountNumber) passes the check digit and is accepted",
    ({ bankCode, accountNumber }) => {
      expect(isValidNuban(bankCode, accountNumber)).toBe(true);
      expect(checkAccountNumber(bankCode, accountNumber)).toEqual({ status: "ok" });
    },
  );

  it("every bank held to the check digit has a published account that passes with its code", () => {
    const evidenced = new Set(PUBLISHED_ACCOUNTS.map((a) => a.bankCode));
    const checked = NIGERIAN_BANKS.filter((bank) => bank.nuban);
    expect(checked.length).toBeGreaterThan(0);
    for (const bank of checked)
      expect(evidenced.has(bank.code), `${bank.name} (${bank.code}) is checked without a published account`).toBe(true);
    expect(new Set(checked.map((b) => b.code))).toEqual(NUBAN_CHECKED_BANK_CODES);
    for (const code of NUBAN_CHECKED_BANK_CODES) expect(evidenced.has(code), code).toBe(true);
  });

  it("checks exactly the confirmed banks; every other bank accepts any plausible 10 digits", () => {
    expect(NIGERIAN_BANKS.filter((b) => b.nuban).map((b) => b.name)).toEqual([
      "Access Bank",
      "Fidelity Bank",
      "First Bank of Nigeria",
      "Guaranty Trust Bank (GTBank)",
      "Polaris Bank",
      "Providus Bank",
      "Sterling Bank",
      "United Bank for Africa (UBA)",
      "Unity Bank",
      "Wema Bank",
      "Zenith Bank",
    ]);
    // Parallex Bank is 104 in our list and 526 in another public list: neither is confirmed, so a
    // number whose check digit fits either code is accepted.
    expect(checkAccountNumber("104", "0001234562")).toEqual({ status: "ok" }); // check digit for 526
    expect(checkAccountNumber("104", "0001234564")).toEqual({ status: "ok" }); // check digit for 104
    expect(isValidNuban("104", "0001234562")).toBe(false);
    expect(checkAccountNumber("063", "0001234560")).toEqual({ status: "ok" }); // Access (Diamond): unconfirmed too
  });
});
