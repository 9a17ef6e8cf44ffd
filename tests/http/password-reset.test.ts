import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailsTo } from "~/domain/mail/outbox.server";
import { pageText, startTestApp, visibleOutcome, type TestApp } from "~test/app";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const NEW_PASSWORD = "harmattan-morning-suya-stand";

/** Where the page's first post form submits to. */
function formAction(html: string): string {
  const action = /<form\b[^>]*method="post"[^>]*action="([^"]*)"|<form\b[^>]*action="([^"]*)"[^>]*method="post"/.exec(
    html,
  );
  if (!action) throw new Error("no post form with an action on the page");
  return (action[1] ?? action[2]!).replace(/&amp;/g, "&");
}

describe("forgot password", () => {
  it("answers the same for an existing and an unknown email, and mails only the account holder", async () => {
    const user = await createUser(app.services.db);
    const known = await app.client().post("/forgot-password", { email: user.email });
    const unknown = await app.client().post("/forgot-password", { email: "no-account-here@example.ng" });
    expect(visibleOutcome(known)).toEqual(visibleOutcome(unknown));
    expect(visibleOutcome(known)).toMatchObject({
      status: 302,
      location: "/login",
      toast: { title: "Check Your Email" },
    });
    expect(await emailsTo(app.services.db, user.email)).toHaveLength(1);
    expect(await emailsTo(app.services.db, "no-account-here@example.ng")).toHaveLength(0);
  });

  it("resets the password once; the old password and old sessions stop working", async () => {
    const user = await createUser(app.services.db, { name: "Bola Reset" });
    const oldSession = app.client();
    await oldSession.login(user.email, user.password);

    await app.client().post("/forgot-password", { email: user.email });
    const link = await latestLink(app.services.db, user.email, "/reset-password");
    const token = link.searchParams.get("token")!;

    const client = app.client();
    const page = await client.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Choose a new password");
    expect(page.body).toContain('name="token"');
    // The form posts back to the page's own URL (token included), as a browser would.
    const action = formAction(page.body);
    expect(action).toBe(link.pathname + link.search);

    const mismatch = await client.post(action, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: "different-words-here",
    });
    expect(mismatch.status).toBe(400);
    expect(pageText(mismatch.body)).toContain("Passwords don't match!");

    const done = await client.post(action, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(visibleOutcome(done)).toMatchObject({ status: 302, location: "/login", toast: { title: "Password Reset" } });

    // The link works once.
    const again = await client.post(action, {
      token,
      password: "another-long-passphrase",
      confirmPassword: "another-long-passphrase",
    });
    expect(again.status).toBe(400);
    expect(pageText(again.body)).toContain("This reset link is invalid or has expired.");
    const reopened = await client.get(link.pathname + link.search);
    expect(pageText(reopened.body)).toContain("This reset link is invalid or has expired.");
    expect(reopened.body).not.toContain('name="token"');

    // Old password refused, new one accepted.
    const withOld = await app.client().post("/login", { email: user.email, password: user.password });
    expect(withOld.status).toBe(401);
    expect(pageText(withOld.body)).toContain("Invalid email or password");
    const withNew = await app.client().post("/login", { email: user.email, password: NEW_PASSWORD });
    expect({ status: withNew.status, location: withNew.location }).toEqual({ status: 302, location: "/dashboard" });

    // Sessions from before the reset are ended.
    const stale = await oldSession.get("/profile");
    expect({ status: stale.status, location: stale.location }).toEqual({ status: 302, location: "/login" });
  });

  it("shows the invalid-link text for a made-up token", async () => {
    const res = await app.client().get("/reset-password?token=made-up-token");
    expect(res.status).toBe(200);
    expect(pageText(res.body)).toContain("This reset link is invalid or has expired.");
  });
});
