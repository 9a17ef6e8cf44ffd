import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

const TOKEN = "q7Xc2mJ0VbN4kLr8TsYw1ZaE5uHd9GfPo3Ii6Ke_-Aw";

describe("redactUrl", () => {
  it("replaces the token of the email confirmation and password reset links", () => {
    expect(redactUrl(`/confirm-email?token=${TOKEN}`)).toBe("/confirm-email?token=[redacted]");
    expect(redactUrl(`/reset-password?token=${TOKEN}`)).toBe("/reset-password?token=[redacted]");
    // A client-side visit's data request, with React Router's own parameter kept.
    expect(redactUrl(`/reset-password.data?token=${TOKEN}&_routes=routes%2Fauth%2Freset-password`)).toBe(
      "/reset-password.data?token=[redacted]&_routes=routes%2Fauth%2Freset-password",
    );
    // An absolute URL (React Router's request.url) and a fragment.
    expect(redactUrl(`https://adnaira.ng/reset-password?token=${TOKEN}#form`)).toBe(
      "https://adnaira.ng/reset-password?token=[redacted]#form",
    );
  });

  it("finds the token however the query spells it, on any path", () => {
    for (const [url, logged] of [
      [`/reset-password?a=1&token=${TOKEN}&b=2`, "/reset-password?a=1&token=[redacted]&b=2"],
      [`/reset-password?token=${TOKEN}&token=${TOKEN}`, "/reset-password?token=[redacted]&token=[redacted]"],
      [`/reset-password?%74oken=${TOKEN}`, "/reset-password?%74oken=[redacted]"],
      [`/reset-password??token=${TOKEN}`, "/reset-password??token=[redacted]"],
      [`/login?token=${TOKEN}`, "/login?token=[redacted]"],
      [`/reset-password?token`, "/reset-password?token=[redacted]"],
    ]) {
      expect(redactUrl(url!)).toBe(logged);
      expect(redactUrl(url!)).not.toContain(TOKEN);
    }
  });

  it("leaves everything else as it came: other parameters, a payment's reference, a path without a query", () => {
    for (const url of [
      "/login?next=%2Fdashboard",
      "/membership/upgrade/paid?reference=UPG-7K2M9Q&trxref=UPG-7K2M9Q",
      "/admin/users?q=tokens&page=2",
      "/admin/audit?mytoken=1&token_type=x",
      "/adverts/MadeUpAdvertId_000001/claim",
      "/reset-password",
      "/reset-password?",
      "/bad?%E0%A4%A=1&%=2",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
