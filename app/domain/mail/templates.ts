import type { OutgoingMail } from "./outbox.server";

/** Plain-text mails: they read well on any phone and carry exactly one link. */

export function confirmEmailMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: "Confirm your AdNaira email address",
    text: `Hello ${name},\n\nWelcome to AdNaira. Confirm your email address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
  };
}

export function alreadyRegisteredMail(to: string, loginLink: string, resetLink: string): OutgoingMail {
  return {
    to,
    subject: "Someone tried to register with your email",
    text: `Hello,\n\nSomeone tried to create an AdNaira account with this email address, which already has an account.\n\nIf it was you, sign in here: ${loginLink}\nForgot your password? Reset it here: ${resetLink}\n\nIf it was not you, you can ignore this email; your account is unchanged.\n`,
  };
}

export function resetPasswordMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: "Reset your AdNaira password",
    text: `Hello ${name},\n\nWe received a request to reset your password. Open this link to choose a new one (valid for 1 hour, single use):\n\n${link}\n\nIf you did not ask for this, ignore this email; your password stays the same.\n`,
  };
}

export function accountApprovedMail(to: string, name: string, loginLink: string): OutgoingMail {
  return {
    to,
    subject: "Your AdNaira account is approved",
    text: `Hello ${name},\n\nGood news: an admin has approved your AdNaira account. You can now view adverts and start earning.\n\nLog in here: ${loginLink}\n`,
  };
}
