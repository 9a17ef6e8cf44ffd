import { formatKobo, type Kobo } from "~/domain/shared/money";
import type { OutgoingMail } from "./outbox.server";

/**
 * Plain-text mails: they read well on any phone and carry only links to the app (APP_URL; the
 * outbox refuses to deliver anything else, see foreignLinks).
 *
 * What people type must not turn our mails into theirs: a mail to an address nobody has
 * confirmed yet (anyone can register with anyone's email) carries no user-typed text at all,
 * and a name goes into other mails only as one line with nothing a mail reader would turn into
 * a link (otherwise the greeting is a plain "Hello,").
 */

/**
 * Text a mail reader may turn into a link: a scheme, www., an address, or a dotted domain; or the
 * outbox's own placeholder for an app link, which delivery would turn into one (resolveAppLinks).
 */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}|\{app\}/iu;

/** What a member typed, as one line of plain text for a mail; null when it is empty or link-like. */
export function plainText(typed: string | null): string | null {
  const oneLine = (typed ?? "").replace(/[\p{Cc}\p{Cf}\p{Z}\s]+/gu, " ").trim();
  return oneLine && !LINK_LIKE.test(oneLine) ? oneLine : null;
}

/** "Hello Ada," — or "Hello," without a name, or with one that is not plain text. */
export function greeting(name: string | null): string {
  const plain = plainText(name);
  return plain ? `Hello ${plain},` : "Hello,";
}

/** Every link in a mail's text that is not to the app: scheme://… or www.… not under `appUrl`. */
export function foreignLinks(text: string, appUrl: URL): string[] {
  const foreign: string[] = [];
  for (const [link] of text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]*|\bwww\.[^\s<>"]*/gi)) {
    let url: URL | undefined;
    try {
      url = new URL(link);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== appUrl.origin || !url.pathname.startsWith(appUrl.pathname)) foreign.push(link);
  }
  return foreign;
}

/** To an address that is not confirmed yet: no name (the registrant typed it). */
export function confirmEmailMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: "Confirm your AdNaira email address",
    text: `Hello,\n\nWelcome to AdNaira. Confirm your email address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
  };
}

export function alreadyRegisteredMail(to: string, loginLink: string, resetLink: string): OutgoingMail {
  return {
    to,
    subject: "Someone tried to register with your email",
    text: `Hello,\n\nSomeone tried to create an AdNaira account with this email address, which already has an account.\n\nIf it was you, sign in here: ${loginLink}\nForgot your password? Reset it here: ${resetLink}\n\nIf it was not you, you can ignore this email; your account is unchanged.\n`,
  };
}

/** `name` null when the address is not confirmed yet. */
export function resetPasswordMail(to: string, name: string | null, link: string): OutgoingMail {
  return {
    to,
    subject: "Reset your AdNaira password",
    text: `${greeting(name)}\n\nWe received a request to reset your password. Open this link to choose a new one (valid for 1 hour, single use):\n\n${link}\n\nIf you did not ask for this, ignore this email; your password stays the same.\n`,
  };
}

/** `name` null when the address is not confirmed yet. */
export function accountApprovedMail(to: string, name: string | null, loginLink: string): OutgoingMail {
  return {
    to,
    subject: "Your AdNaira account is approved",
    text: `${greeting(name)}\n\nGood news: an admin has approved your AdNaira account. You can now view adverts and start earning.\n\nLog in here: ${loginLink}\n`,
  };
}

// Withdrawals: one mail to the member at each status change (queued in the change's transaction).

export type WithdrawalMailFacts = {
  reference: string;
  amountKobo: Kobo;
  feeKobo: Kobo;
  bankName: string;
  accountNumber: string;
};

/** "******6789": a bank account number in a mail shows only its last 4 digits. */
export const maskAccountNumber = (accountNumber: string) => `******${accountNumber.slice(-4)}`;

export function withdrawalProcessingMail(to: string, name: string, w: WithdrawalMailFacts): OutgoingMail {
  return {
    to,
    subject: `Your withdrawal ${w.reference} is being processed`,
    text: `${greeting(name)}\n\nAn admin has started processing your withdrawal of ${formatKobo(w.amountKobo)} (reference ${w.reference}). We will send ${formatKobo(w.amountKobo - w.feeKobo)} to your ${w.bankName} account ${maskAccountNumber(w.accountNumber)} and email you when it has been paid.\n`,
  };
}

export function withdrawalRejectedMail(to: string, name: string, w: WithdrawalMailFacts): OutgoingMail {
  return {
    to,
    subject: `Your withdrawal ${w.reference} was rejected`,
    text: `${greeting(name)}\n\nYour withdrawal of ${formatKobo(w.amountKobo)} (reference ${w.reference}) was rejected and will not be paid. The full ${formatKobo(w.amountKobo)} has been returned to your AdNaira balance; you can request a new withdrawal at any time.\n\nIf you think this is a mistake, please contact support and quote the reference.\n`,
  };
}

export function withdrawalCompletedMail(to: string, name: string, w: WithdrawalMailFacts): OutgoingMail {
  const fee =
    w.feeKobo > 0n ? ` (your withdrawal of ${formatKobo(w.amountKobo)} less the ${formatKobo(w.feeKobo)} fee)` : "";
  return {
    to,
    subject: `Your withdrawal ${w.reference} has been paid`,
    text: `${greeting(name)}\n\nWe have paid ${formatKobo(w.amountKobo - w.feeKobo)}${fee} to your ${w.bankName} account ${maskAccountNumber(w.accountNumber)}. Reference: ${w.reference}.\n\nBank transfers usually arrive within minutes; if it has not reached you within 24 hours, contact support and quote the reference.\n`,
  };
}

export type UpgradeMailFacts = {
  reference: string;
  tierName: string;
  priceKobo: Kobo;
  method: "balance" | "bank_transfer" | "online";
  dailyAdViews: number;
};

/** A tier's name as admins typed it, only when it is plain text. */
const tierOf = (u: UpgradeMailFacts) => plainText(u.tierName) ?? "your new tier";

/** The receiving account as a mail shows it: in full, the member has to type it into their bank app. */
export type ReceivingAccountFacts = { bankName: string; accountNumber: string; accountName: string };

/** On "Confirm Upgrade": what was asked, and how to pay (`account` given for a bank transfer). */
export function upgradeRequestedMail(
  to: string,
  name: string,
  u: UpgradeMailFacts,
  account: ReceivingAccountFacts | null,
): OutgoingMail {
  const payment =
    u.method === "online"
      ? `Pay ${formatKobo(u.priceKobo)} online on the Paystack checkout page (card, bank transfer or USSD). Your upgrade is approved as soon as the payment is confirmed. If you left the checkout, use "Try again" on your dashboard.`
      : u.method === "balance" || !account
        ? `${formatKobo(u.priceKobo)} is held from your AdNaira balance until an admin decides. If the request is rejected or you cancel it, the money returns to your available balance.`
        : [
            `Please pay ${formatKobo(u.priceKobo)} by bank transfer to:`,
            ``,
            `Bank: ${account.bankName}`,
            `Account number: ${account.accountNumber}`,
            `Account name: ${account.accountName}`,
            `Narration: ${u.reference}`,
            ``,
            `Put the reference ${u.reference} in the transfer narration so that we can match your payment. An admin approves the upgrade once the money has arrived.`,
          ].join("\n");
  return {
    to,
    subject: `Upgrade request ${u.reference} received`,
    text: `${greeting(name)}\n\nWe have received your request to upgrade to ${tierOf(u)} for ${formatKobo(u.priceKobo)}, a one-off payment (reference ${u.reference}).\n\n${payment}\n\nYou can cancel the request on your dashboard while it is pending.\n`,
  };
}

export function upgradeApprovedMail(to: string, name: string, u: UpgradeMailFacts): OutgoingMail {
  const paid =
    u.method === "balance"
      ? `The ${formatKobo(u.priceKobo)} held from your AdNaira balance has been taken as payment.`
      : u.method === "online"
        ? `We have received your online payment of ${formatKobo(u.priceKobo)}.`
        : `We have received your bank transfer of ${formatKobo(u.priceKobo)}.`;
  return {
    to,
    subject: `Your upgrade ${u.reference} has been approved`,
    text: `${greeting(name)}\n\nYour membership is now ${tierOf(u)} (reference ${u.reference}). ${paid} From today you can earn from up to ${u.dailyAdViews} adverts a day.\n`,
  };
}

export function upgradeRejectedMail(to: string, name: string, u: UpgradeMailFacts): OutgoingMail {
  const money =
    u.method === "balance"
      ? `The ${formatKobo(u.priceKobo)} held from your balance has been returned to your available balance.`
      : `If you have already paid ${formatKobo(u.priceKobo)}${u.method === "online" ? " online" : " by bank transfer"}, please contact support and quote the reference so that we can return it.`;
  return {
    to,
    subject: `Your upgrade request ${u.reference} was rejected`,
    text: `${greeting(name)}\n\nYour request to upgrade to ${tierOf(u)} (reference ${u.reference}) was rejected; your membership is unchanged. ${money}\n`,
  };
}

// Advertisers: one mail to the business when an admin decides on it.

/** "your business" unless the business name is plain text and the address is confirmed (`businessName` null otherwise). */
const businessOf = (businessName: string | null) => {
  const plain = plainText(businessName);
  return plain ? `your business ${plain}` : "your business";
};

/** `name` and `businessName` null when the address is not confirmed yet (the registrant typed them). */
export function advertiserApprovedMail(
  to: string,
  name: string | null,
  businessName: string | null,
  loginLink: string,
): OutgoingMail {
  return {
    to,
    subject: "Your AdNaira advertiser account is approved",
    text: `${greeting(name)}\n\nGood news: an admin has approved ${businessOf(businessName)} as an AdNaira advertiser. You can now create campaigns and pay for them; members are paid from your campaign's budget for each verified view.\n\nLog in here: ${loginLink}\n`,
  };
}

/**
 * `name` and `businessName` null when the address is not confirmed yet. The admin's reason is
 * quoted as one line of plain text; one that reads as a link is left for the advertiser's page.
 */
export function advertiserRejectedMail(
  to: string,
  name: string | null,
  businessName: string | null,
  reason: string,
  loginLink: string,
): OutgoingMail {
  const plainReason = plainText(reason);
  const why = plainReason ? `Reason: ${plainReason}` : "Log in to read the reason.";
  return {
    to,
    subject: "Your AdNaira advertiser application was not approved",
    text: `${greeting(name)}\n\nAn admin has reviewed ${businessOf(businessName)} and could not approve it as an AdNaira advertiser.\n\n${why}\n\nIf you think this is a mistake, please contact support. Log in here: ${loginLink}\n`,
  };
}

// Mails at each money step (and a password change), each queued once per event with queueEmailOnce.

/**
 * A link to a page of the app, written before anyone knows the app's address (a ledger step deep
 * in a webhook or the minute job): "{app}/referrals". The outbox makes it absolute with APP_URL
 * when it delivers the mail (resolveAppLinks).
 */
export const appLink = (path: `/${string}`) => `{app}${path}`;

/** The page where someone who did not make a change to their account freezes its payouts (mails link to it). */
export const FREEZE_PAYOUTS_PATH = "/payouts/freeze";

/** Every appLink in a mail's text as an absolute link under `appUrl`. */
export function resolveAppLinks(text: string, appUrl: URL): string {
  return text.replace(/\{app\}(\/[^\s]*)/g, (_, path: string) => new URL(path, appUrl).href);
}

/** The app's name as admins set it, when it is plain text. */
const appNameOf = (appName: string) => plainText(appName) ?? "AdNaira";

/** A member's first name, as plain text, or null. */
export const firstNameOf = (name: string | null) => plainText(name)?.split(" ")[0] ?? null;

export type ReferralRewardEvent = "paid" | "held" | "voided";

export type ReferralMailFacts = {
  appName: string;
  /** The referred member's full name: the mail shows only their first name. */
  referredName: string;
  rewardKobo: Kobo;
};

/** To the referrer when their reward is paid (released from a hold too), held for review, or voided. */
export function referralRewardMail(
  to: string,
  name: string,
  event: ReferralRewardEvent,
  r: ReferralMailFacts,
): OutgoingMail {
  const app = appNameOf(r.appName);
  const reward = formatKobo(r.rewardKobo);
  const who = firstNameOf(r.referredName) ?? "a member you referred";
  const { subject, body } = {
    paid: {
      subject: `Your referral reward of ${reward} has been paid`,
      body: `Your referral reward of ${reward} for ${who} has been added to your ${app} balance.`,
    },
    held: {
      subject: `Your referral reward of ${reward} is being reviewed`,
      body: `Your referral reward of ${reward} for ${who} is held while our team checks the referral. We will email you when it has been decided; you need not do anything.`,
    },
    voided: {
      subject: `Your referral reward of ${reward} will not be paid`,
      body: `After a review, your referral reward of ${reward} for ${who} will not be paid: the referral did not meet the referral rules. If you think this is a mistake, please contact support.`,
    },
  }[event];
  return { to, subject, text: `${greeting(name)}\n\n${body}\n\nYour referrals: ${appLink("/referrals")}\n` };
}

/** After a password change, from the profile or with a reset link. */
export function passwordChangedMail(
  to: string,
  name: string | null,
  how: "profile" | "reset-link",
  appName: string,
): OutgoingMail {
  const app = appNameOf(appName);
  const where = how === "profile" ? "from your profile" : "with a password reset link";
  return {
    to,
    subject: `Your ${app} password was changed`,
    text: `${greeting(name)}\n\nThe password of your ${app} account was changed ${where}, and every other device was signed out.\n\nIf this wasn't you, reset your password and contact support: ${appLink("/forgot-password")}\n`,
  };
}

/** What changed in an account's two-step verification (decision 030): a security mail, always sent. */
export type SecondFactorChange = "turned-on" | "turned-off" | "reset" | "new-recovery-codes";

export function secondFactorChangedMail(
  to: string,
  name: string | null,
  change: SecondFactorChange,
  appName: string,
): OutgoingMail {
  const app = appNameOf(appName);
  const what: Record<SecondFactorChange, { subject: string; text: string }> = {
    "turned-on": {
      subject: `Two-step verification is on for your ${app} account`,
      text: `Two-step verification was turned on for your ${app} account: logging in now asks for a code from your authenticator app.`,
    },
    "turned-off": {
      subject: `Two-step verification was turned off on your ${app} account`,
      text: `Two-step verification was turned off for your ${app} account: logging in and withdrawing no longer ask for a code.`,
    },
    reset: {
      subject: `Your ${app} two-step verification was reset`,
      text: `Your ${app} account's two-step verification was reset and you were signed out everywhere. Set it up again at your next login.`,
    },
    "new-recovery-codes": {
      subject: `New ${app} recovery codes were made`,
      text: `New recovery codes were made for your ${app} account; the old ones no longer work.`,
    },
  };
  return {
    to,
    subject: what[change].subject,
    text: `${greeting(name)}\n\n${what[change].text}\n\nIf this wasn't you, reset your password and contact support: ${appLink("/forgot-password")}\n`,
  };
}

export type CampaignMailFacts = {
  appName: string;
  campaignId: string;
  reference: string;
  /** The campaign's title as the advertiser typed it; null when the address is not confirmed. */
  title: string | null;
  budgetKobo: Kobo;
};

/** What happened to a campaign; `refundKobo`: the unused budget returned to the advertiser's balance. */
export type CampaignMailEvent =
  | { kind: "paid"; method: "bank_transfer" | "online" | "balance" }
  /** A payment that arrived after the campaign could no longer start: it stays on the balance. */
  | { kind: "paid-to-balance"; method: "bank_transfer" | "online" }
  | { kind: "activated" }
  | { kind: "rejected"; reason: string; wasRunning: boolean; refundKobo: Kobo }
  | { kind: "cancelled"; refundKobo: Kobo }
  | { kind: "expired"; refundKobo: Kobo }
  | { kind: "completed"; allViewsUsed: boolean; refundKobo: Kobo };

const PAID_HOW = { bank_transfer: "bank transfer", online: "online payment", balance: "payment from your balance" };

/** To the advertiser at each step of their campaign's money and life. */
export function campaignMail(
  to: string,
  name: string | null,
  event: CampaignMailEvent,
  c: CampaignMailFacts,
): OutgoingMail {
  const app = appNameOf(c.appName);
  const title = plainText(c.title);
  const campaign = title ? `"${title}" (${c.reference})` : c.reference;
  const budget = formatKobo(c.budgetKobo);
  const refund =
    "refundKobo" in event && event.refundKobo > 0n
      ? `\n\nThe unused budget of ${formatKobo(event.refundKobo)} has been returned to your ${app} balance. You can use it for another campaign or withdraw it.`
      : "";
  const { subject, body } = (() => {
    switch (event.kind) {
      case "paid":
        return {
          subject: `Payment confirmed for your campaign ${c.reference}`,
          body: `We have received your ${PAID_HOW[event.method]} of ${budget} for your campaign ${campaign}. An admin will now review the advert, and we will email you when it goes live.`,
        };
      case "paid-to-balance":
        return {
          subject: `Payment received for your campaign ${c.reference}`,
          body: `We have received your ${PAID_HOW[event.method]} of ${budget} for your campaign ${campaign}. The campaign could no longer start with it, so the money is on your ${app} balance: use it for another campaign or withdraw it.`,
        };
      case "activated":
        return {
          subject: `Your campaign ${c.reference} is live`,
          body: `An admin has approved your campaign ${campaign}. Members see it from its start date, and you can follow its views on the campaign page.`,
        };
      case "rejected": {
        const reason = plainText(event.reason);
        const why = reason ? `Reason: ${reason}` : "Open the campaign page to read the reason.";
        return event.wasRunning
          ? {
              subject: `Your campaign ${c.reference} was stopped`,
              body: `An admin has stopped your campaign ${campaign}; members no longer see it.\n\n${why}`,
            }
          : {
              subject: `Your campaign ${c.reference} was not approved`,
              body: `An admin has reviewed your campaign ${campaign} and could not approve it.\n\n${why}`,
            };
      }
      case "cancelled":
        return {
          subject: `Your campaign ${c.reference} was cancelled`,
          body: `You cancelled your campaign ${campaign}; members no longer see it.`,
        };
      case "expired":
        return {
          subject: `Your campaign ${c.reference} was cancelled`,
          body: `Your campaign ${campaign} reached its end date before it went live, so it was cancelled.`,
        };
      case "completed":
        return {
          subject: `Your campaign ${c.reference} has finished`,
          body: `Your campaign ${campaign} has finished: ${event.allViewsUsed ? "all the views it paid for were delivered" : "it reached its end date"}.`,
        };
    }
  })();
  return {
    to,
    subject,
    text: `${greeting(name)}\n\n${body}${refund}\n\nYour campaign: ${appLink(`/advertiser/campaigns/${c.campaignId}`)}\n`,
  };
}
