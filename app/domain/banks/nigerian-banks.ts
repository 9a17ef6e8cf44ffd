/**
 * The banks a member can be paid into. Client-safe (the profile's bank select uses it).
 *
 * Codes, by convention of the source they come from:
 *
 * - **Commercial and non-interest banks: the 3-digit CBN bank code** (the clearing "sort code"
 *   prefix, e.g. 058 GTBank, 011 First Bank), as in the CBN NUBAN guidelines (2010) and their
 *   2020 revision, where a bank's 6-digit NUBAN institution code is "000" + this code. Every
 *   account number these banks issue is a NUBAN, but the check digit is only as right as the
 *   code it is computed with, and a wrong code refuses every real account at that bank. Public
 *   lists disagree on the newer banks' codes (Parallex Bank: 104 here, 526 in another widely used
 *   list). So only the banks in {@link NUBAN_CHECKED_BANK_CODES} — whose code a real, publicly
 *   published account number passes (./published-accounts.test.ts lists them) — are checked
 *   with the CBN check digit (see ./nuban.ts); the other commercial banks accept any plausible
 *   10 digits, like the microfinance banks below.
 * - **Microfinance banks, payment-service banks and mobile-money operators: the 6-digit NIBSS
 *   NIP institution code** (e.g. 090267 Kuda, 100004 OPay, 120001 9PSB), the code instant
 *   transfers are routed on. This is *not* the code their account numbers' check digits are
 *   computed with: the 2020 NUBAN revision gives each such institution a separate CBN code
 *   ("9" + a 5-digit CBN code), which no published table we could verify maps to these
 *   institutions. Many of them also hand out phone-based numbers (OPay, PalmPay, Moniepoint:
 *   the phone number without its leading 0), which carry no check digit at all. So they are
 *   `nuban: false`: any plausible 10 digits are accepted, and a mistyped number is caught by
 *   the payout's name enquiry instead of refusing a real account here. See
 *   docs/decisions/007-bank-list-and-nuban.md.
 *
 * Left out on purpose: Heritage Bank (licence revoked by the CBN on 3 June 2024), merchant
 * banks (they do not hold retail accounts), and legacy codes of merged banks except Diamond's
 * (063), whose account numbers Access Bank still honours.
 */

export type BankKind = "commercial" | "microfinance" | "payment_service";

export type Bank = {
  /** CBN 3-digit code (commercial) or NIBSS 6-digit institution code (the rest). */
  readonly code: string;
  readonly name: string;
  readonly kind: BankKind;
  /** Account numbers are checked with the CBN check digit against `code` (a confirmed code only). */
  readonly nuban: boolean;
};

export const BANK_KIND_LABELS: Record<BankKind, string> = {
  commercial: "Commercial banks",
  microfinance: "Microfinance banks",
  payment_service: "Payment service banks and mobile money",
};

/**
 * The commercial banks whose CBN code a real, publicly published account number passes with the
 * check digit (government, embassy, NGO and company accounts published for donations; listed
 * with their sources in ./published-accounts.test.ts, which fails if a code here has none).
 * Add a code only together with such an account.
 */
export const NUBAN_CHECKED_BANK_CODES: ReadonlySet<string> = new Set([
  "044", // Access Bank
  "011", // First Bank of Nigeria
  "058", // Guaranty Trust Bank
  "033", // United Bank for Africa
  "057", // Zenith Bank
  "070", // Fidelity Bank
  "076", // Polaris Bank
  "101", // Providus Bank
  "215", // Unity Bank
  "232", // Sterling Bank
  "035", // Wema Bank
]);

const commercial = (code: string, name: string): Bank => ({
  code,
  name,
  kind: "commercial",
  nuban: NUBAN_CHECKED_BANK_CODES.has(code),
});
const microfinance = (code: string, name: string): Bank => ({ code, name, kind: "microfinance", nuban: false });
const paymentService = (code: string, name: string): Bank => ({ code, name, kind: "payment_service", nuban: false });

const BANKS: readonly Bank[] = [
  // Commercial and non-interest banks (CBN 3-digit codes).
  commercial("044", "Access Bank"),
  commercial("063", "Access Bank (Diamond)"),
  commercial("023", "Citibank Nigeria"),
  commercial("050", "Ecobank Nigeria"),
  commercial("070", "Fidelity Bank"),
  commercial("011", "First Bank of Nigeria"),
  commercial("214", "First City Monument Bank (FCMB)"),
  commercial("103", "Globus Bank"),
  commercial("058", "Guaranty Trust Bank (GTBank)"),
  commercial("301", "Jaiz Bank"),
  commercial("082", "Keystone Bank"),
  commercial("303", "Lotus Bank"),
  commercial("107", "Optimus Bank"),
  commercial("104", "Parallex Bank"),
  commercial("076", "Polaris Bank"),
  commercial("105", "PremiumTrust Bank"),
  commercial("101", "Providus Bank"),
  commercial("106", "Signature Bank"),
  commercial("221", "Stanbic IBTC Bank"),
  commercial("068", "Standard Chartered Bank"),
  commercial("232", "Sterling Bank"),
  commercial("100", "SunTrust Bank"),
  commercial("302", "TAJ Bank"),
  commercial("102", "Titan Trust Bank"),
  commercial("032", "Union Bank of Nigeria"),
  commercial("033", "United Bank for Africa (UBA)"),
  commercial("215", "Unity Bank"),
  commercial("035", "Wema Bank"),
  commercial("057", "Zenith Bank"),

  // Microfinance banks (NIBSS NIP codes).
  microfinance("090134", "Accion Microfinance Bank"),
  microfinance("100026", "Carbon"),
  microfinance("090551", "FairMoney Microfinance Bank"),
  microfinance("090267", "Kuda Microfinance Bank"),
  microfinance("090177", "LAPO Microfinance Bank"),
  microfinance("090281", "Mint Finex Microfinance Bank"),
  microfinance("090198", "Renmoney Microfinance Bank"),
  microfinance("090175", "Rubies Microfinance Bank"),
  microfinance("090286", "Safe Haven Microfinance Bank"),
  microfinance("090325", "Sparkle Microfinance Bank"),
  microfinance("090110", "VFD Microfinance Bank"),

  // Payment service banks and mobile-money operators (NIBSS NIP codes). Moniepoint is licensed
  // as a microfinance bank but, like OPay and PalmPay, issues phone-based account numbers.
  paymentService("120001", "9 Payment Service Bank (9PSB)"),
  paymentService("120002", "HopePSB"),
  paymentService("090405", "Moniepoint Microfinance Bank"),
  paymentService("120003", "MoMo Payment Service Bank (MTN)"),
  paymentService("100004", "OPay"),
  paymentService("100002", "Paga"),
  paymentService("100033", "PalmPay"),
  paymentService("120004", "SmartCash Payment Service Bank (Airtel)"),
];

/** Every bank, sorted by name (as the select shows them within each group). */
export const NIGERIAN_BANKS: readonly Bank[] = Object.freeze(
  [...BANKS].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true })),
);

const BY_CODE = new Map(NIGERIAN_BANKS.map((bank) => [bank.code, bank]));

/** The bank with this code, or undefined for a code that is not in the list. */
export function bankByCode(code: string): Bank | undefined {
  return BY_CODE.get(code);
}

/** The banks of one kind, sorted by name: the select's option groups. */
export function banksOfKind(kind: BankKind): Bank[] {
  return NIGERIAN_BANKS.filter((bank) => bank.kind === kind);
}
