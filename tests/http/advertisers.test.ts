import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertiserProfiles, appSettings, users } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { approvedAdvertiser, createUser } from "~test/factories";
import { latestLink } from "~test/mail";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const PASSWORD = "kola-nut-evening-breeze";

const signUp = (overrides: Record<string, string> = {}) => ({
  businessName: "Yaba Fresh Bread",
  name: "Kemi Adeyemi",
  email: `kemi.${Math.random().toString(36).slice(2, 8)}@example.ng`,
  phone: "0803 123 4567",
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

const userByEmail = async (email: string) =>
  (await app.services.db.select().from(users).where(eq(users.email, email)))[0];
const profileOf = async (userId: string) =>
  (await app.services.db.select().from(advertiserProfiles).where(eq(advertiserProfiles.userId, userId)))[0];

describe("an advertiser's journey", () => {
  it("signs up on /advertise, confirms the email, signs in at /login to /advertiser, is approved, and stays out of member and admin pages", async () => {
    const form = signUp();
    const page = await app.client().get("/advertise");
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Advertise with us");

    const res = await app.client().post("/advertise", form);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect(redirectToast(res)).toEqual({
      type: "success",
      title: "Registration Successful",
      description: "Please check your email to confirm your account.",
    });
    const user = await userByEmail(form.email);
    expect(user!.role).toBe("advertiser");
    expect(user!.displayId).toMatch(/^AD/);
    expect(await profileOf(user!.id)).toMatchObject({
      businessName: "Yaba Fresh Bread",
      phone: "+2348031234567",
      status: "pending",
    });

    // Before confirming: the member's refusal, with the resend button.
    const early = await app.client().post("/login", { email: form.email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(pageText(early.body)).toContain("Please confirm your email address before logging in.");

    const link = await latestLink(app.services.db, form.email, "/confirm-email");
    const confirmed = await app.client().post("/confirm-email", { token: link.searchParams.get("token")! });
    expect(confirmed.status).toBe(302);

    // Pending approval still signs in, to the advertiser area (which shows the pending state).
    const business = app.client();
    const login = await business.login(form.email, PASSWORD);
    expect(login.location).toBe("/advertiser");

    const { client: admin } = await signInAdmin(app, ["manage_adverts"]);
    const listed = await admin.get("/admin/advertisers");
    expect(listed.status).toBe(200);
    const text = pageText(listed.body);
    expect(text).toContain("Yaba Fresh Bread");
    expect(text).toContain("+2348031234567");
    expect(text).toContain(user!.displayId);
    expect(text).toContain("₦0.00");

    const approved = await admin.post("/admin/advertisers/approve", { userId: user!.id });
    expect(approved.status).toBe(200);
    expect(approved.body).toContain("Advertiser Approved");
    expect((await profileOf(user!.id))!.status).toBe("approved");
    expect((await emailsTo(app.services.db, form.email)).map((m) => m.subject)).toContain(
      "Your AdNaira advertiser account is approved",
    );
    // A second approval (another admin's, say) is a conflict and changes nothing.
    const again = await admin.post("/admin/advertisers/approve", { userId: user!.id });
    expect(again.status).toBe(409);
    expect(again.body).toContain("already been reviewed");

    for (const path of ["/dashboard", "/profile", "/admin", "/admin/advertisers", "/register", "/advertise"]) {
      const res = await business.get(path);
      expect({ path, status: res.status, location: res.location }).toEqual({
        path,
        status: 302,
        location: "/advertiser",
      });
    }
  });

  it("refuses a form with a bad phone, a long business name or mismatched passwords, keeping what was typed", async () => {
    const bad = await app.client().post("/advertise", signUp({ phone: "12345", businessName: "x".repeat(121) }));
    expect(bad.status).toBe(400);
    const text = pageText(bad.body);
    expect(text).toContain("Enter a Nigerian phone number");
    expect(text).toContain("Business name must be at most 120 characters");
    expect(bad.body).toContain('value="12345"');

    const form = signUp({ confirmPassword: "something-else-entirely" });
    const mismatch = await app.client().post("/advertise", form);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain("Password Mismatch");
    expect(await userByEmail(form.email)).toBeUndefined();
  });

  it("answers a taken email exactly as a new one", async () => {
    const existing = await approvedAdvertiser(app.services.db);
    const res = await app.client().post("/advertise", signUp({ email: existing.email }));
    expect(res.status).toBe(302);
    expect(redirectToast(res)?.title).toBe("Registration Successful");
    expect((await emailsTo(app.services.db, existing.email)).map((m) => m.subject)).toEqual([
      "Someone tried to register with your email",
    ]);
  });

  it("says what views cost before signing up: the least reward per view and the live platform fee", async () => {
    const pricing = async () => {
      const page = await app.client().get("/advertise");
      return pageText(/data-testid="advertise-pricing"[\s\S]*?<\/p>/.exec(page.body)![0]);
    };
    expect(await pricing()).toContain(
      "at least ₦1.00 , and the platform's fee is 20% of each reward: at ₦1.00 a view, each view costs you ₦1.20 .",
    );
    await app.services.db.update(appSettings).set({ campaignFeeBps: 1_250 });
    try {
      expect(await pricing()).toContain(
        "the platform's fee is 12.5% of each reward: at ₦1.00 a view, each view costs you ₦1.13",
      );
    } finally {
      await app.services.db.update(appSettings).set({ campaignFeeBps: 2_000 });
    }
  });
});

describe("/admin/advertisers", () => {
  it("is refused to an admin without manage_adverts", async () => {
    const { client } = await signInAdmin(app, ["manage_users"]);
    const res = await client.get("/admin/advertisers");
    expect(res.status).toBe(403);
    const business = await approvedAdvertiser(app.services.db, { status: "pending" });
    const post = await client.post("/admin/advertisers/approve", { userId: business.id });
    expect(post.status).toBe(403);
    expect((await profileOf(business.id))!.status).toBe("pending");
  });

  it("asks to approve on the page and opens the reject dialog without JavaScript; a rejection needs a reason", async () => {
    const business = await approvedAdvertiser(app.services.db, { status: "pending", businessName: "Oshodi Phones" });
    const { client } = await signInAdmin(app, ["manage_adverts"]);

    const question = await client.get(`/admin/advertisers?approve=${business.id}`);
    expect(pageText(question.body)).toContain("Approve advertiser?");
    expect((await profileOf(business.id))!.status).toBe("pending");

    const dialog = await client.get(`/admin/advertisers?reject=${business.id}`);
    expect(dialog.body).toContain('data-testid="reject-advertiser-dialog"');
    expect(pageText(dialog.body)).toContain("Reject advertiser?");

    const noReason = await client.post(`/admin/advertisers/reject?reject=${business.id}`, {
      userId: business.id,
      reason: "  ",
    });
    expect(noReason.status).toBe(400);
    expect(pageText(noReason.body)).toContain("Please give a reason for the rejection");
    expect(noReason.body).toContain('data-testid="reject-advertiser-dialog"');
    expect((await profileOf(business.id))!.status).toBe("pending");

    const rejected = await client.post(`/admin/advertisers/reject?status=all&reject=${business.id}`, {
      userId: business.id,
      reason: "We could not verify the business",
    });
    expect(rejected.status).toBe(302);
    expect(rejected.location).toBe("/admin/advertisers?status=all");
    expect(redirectToast(rejected)?.title).toBe("Advertiser Rejected");
    expect(await profileOf(business.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "We could not verify the business",
    });
    const [mail] = await emailsTo(app.services.db, business.email);
    expect(mail!.textBody).toContain("Reason: We could not verify the business");

    const rejectedList = await client.get("/admin/advertisers?status=rejected&q=oshodi");
    expect(pageText(rejectedList.body)).toContain("We could not verify the business");
  });

  it("restricts an advertiser after asking (without JavaScript too): their next request is signed out and they cannot sign in; unrestricted, they can", async () => {
    const business = await approvedAdvertiser(app.services.db, { businessName: "Surulere Tiles" });
    const businessClient = app.client();
    await businessClient.login(business.email, business.password);
    expect((await businessClient.get("/advertiser")).status).toBe(200);
    const { client } = await signInAdmin(app, ["manage_adverts"]);

    // The question on the page (the link followed without JavaScript) changes nothing.
    const question = await client.get(`/admin/advertisers?status=approved&restrict=${business.id}`);
    expect(pageText(question.body)).toContain("Restrict advertiser?");
    expect(pageText(question.body)).toContain("Stop and reject");
    expect((await businessClient.get("/advertiser")).status).toBe(200);

    const res = await client.post("/admin/advertisers/restriction?status=approved", {
      intent: "restrict",
      userId: business.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Advertiser Restricted");
    expect((await userByEmail(business.email))!.isRestricted).toBe(true);

    const kicked = await businessClient.get("/advertiser");
    expect(kicked.status).toBe(302);
    expect(kicked.location).toBe("/login");
    const login = await app.client().post("/login", { email: business.email, password: business.password });
    expect(pageText(login.body)).toContain("Your account is restricted.");

    const again = await client.post("/admin/advertisers/restriction", { intent: "restrict", userId: business.id });
    expect(again.status).toBe(409);
    expect(again.body).toContain("already restricted");

    const listed = await client.get(`/admin/advertisers?status=approved&q=surulere&unrestrict=${business.id}`);
    expect(pageText(listed.body)).toContain("Restricted");
    expect(pageText(listed.body)).toContain("Unrestrict advertiser?");

    const back = await client.post("/admin/advertisers/restriction", { intent: "unrestrict", userId: business.id });
    expect(back.status).toBe(200);
    expect(back.body).toContain("Advertiser Unrestricted");
    const signedIn = await app.client().login(business.email, business.password);
    expect(signedIn.location).toBe("/advertiser");
  });

  it("links each business to its page (the member page shows an advertiser's) for an admin who may open it", async () => {
    const business = await approvedAdvertiser(app.services.db, { businessName: "Ikeja Paints" });
    const { client } = await signInAdmin(app, ["manage_adverts", "manage_users"]);
    const list = await client.get("/admin/advertisers?status=approved&q=ikeja");
    // In the table and in the phone's card alike.
    const links = list.body.match(new RegExp(`<a[^>]*href="/admin/users/${business.id}"[^>]*>Ikeja Paints</a>`, "g"));
    expect(links).toHaveLength(2);
    // The advertiser's own page: its role, contact email and display ID.
    const page = await client.get(`/admin/users/${business.id}`);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain(`Advertiser ${business.email} · ${business.displayId}`);

    // Without manage_users the page would refuse them: the name alone.
    const { client: advertsOnly } = await signInAdmin(app, ["manage_adverts"]);
    const plain = await advertsOnly.get("/admin/advertisers?status=approved&q=ikeja");
    expect(pageText(plain.body)).toContain("Ikeja Paints");
    expect(plain.body).not.toContain(`href="/admin/users/${business.id}"`);
  });

  it("refuses to restrict without manage_adverts, and refuses a member's id", async () => {
    const business = await approvedAdvertiser(app.services.db);
    const { client: usersAdmin } = await signInAdmin(app, ["manage_users"]);
    const forbidden = await usersAdmin.post("/admin/advertisers/restriction", {
      intent: "restrict",
      userId: business.id,
    });
    expect(forbidden.status).toBe(403);
    expect((await userByEmail(business.email))!.isRestricted).toBe(false);

    const member = await createUser(app.services.db, { isApproved: true });
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const refused = await client.post("/admin/advertisers/restriction", { intent: "restrict", userId: member.id });
    expect(refused.status).toBe(404);
    expect((await userByEmail(member.email))!.isRestricted).toBe(false);
  });
});
