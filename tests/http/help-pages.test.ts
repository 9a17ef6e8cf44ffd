import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings, membershipTiers } from "~/db/schema";
import { DEFAULT_APP_SETTINGS } from "~/domain/settings/app-settings";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin, signInAdvertiser, signInMember } from "~test/sign-in";

/**
 * The public information pages (/help, /terms, /privacy, /contact), the footer that links them,
 * the share links on a member's referral link, and the Open Graph tags of / and /register.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const db = () => app.services.db;
const setSettings = (values: Partial<typeof appSettings.$inferInsert>) =>
  db().update(appSettings).set(values).where(eq(appSettings.id, 1));

// Each test starts from the default settings and tiers.
afterEach(async () => {
  await setSettings({
    ...DEFAULT_APP_SETTINGS,
    supportEmail: null,
    supportPhone: null,
    supportWhatsapp: null,
    payoutSchedule: "Withdrawals are reviewed and paid on working days, usually within 24 hours.",
    advertiserMaxWithdrawalKobo: 100_000_000n,
  });
  await db().update(membershipTiers).set({ dailyAdViews: 10 }).where(eq(membershipTiers.id, "bronze"));
});

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<");

/** Every <meta> of the page, by its property or name → content. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, decode(content));
  }
  return tags;
}

const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");

/** The levels of the page's headings, in order (h1 → 1). */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));

/** The text of the element whose opening tag holds `marker`, up to the first `end` in it; null when absent. */
function textOf(html: string, marker: string, end: string): string | null {
  const at = html.indexOf(marker);
  if (at === -1) return null;
  const from = html.indexOf(">", at) + 1;
  return pageText(html.slice(from, html.indexOf(end, from)));
}

/** The links (href, text) in the part of the page from `start` to the next `end`. */
function linksIn(html: string, start: RegExp, end: string) {
  const from = html.search(start);
  expect(from, `${start} on the page`).toBeGreaterThanOrEqual(0);
  const part = html.slice(from, html.indexOf(end, from));
  return [...part.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: decode(/href="([^"]+)"/.exec(m[1]!)?.[1] ?? ""),
    attributes: m[1]!,
    text: pageText(m[2]!),
  }));
}

const PAGES = [
  ["/help", "Help", "Help"],
  ["/terms", "Terms of Use", "Terms of Use"],
  ["/privacy", "Privacy", "Privacy"],
  ["/contact", "Contact Us", "Contact Us"],
] as const;

describe("the information pages", () => {
  it.each(PAGES)(
    "%s renders without signing in: one h1, headings in order, its title and description",
    async (path, h1, title) => {
      const res = await app.client().get(path);
      expect(res.status).toBe(200);
      const levels = headingLevels(res.body);
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      // No level skipped on the way down (an h3 only under an h2).
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
      expect(pageText(/<h1\b[\s\S]*?<\/h1>/.exec(res.body)![0])).toBe(h1);
      expect(titleOf(res.body)).toBe(`${title} | AdNaira`);
      expect(metaTags(res.body).get("description")?.length).toBeGreaterThan(40);
    },
  );

  it("opens for members, advertisers and staff alike", async () => {
    const { client: memberClient } = await signInMember(app, { landed: true });
    const { client: advertiserClient } = await signInAdvertiser(app, { landed: true });
    const { client: adminClient } = await signInAdmin(app, [], { landed: true });
    for (const client of [memberClient, advertiserClient, adminClient]) {
      for (const [path] of PAGES) expect((await client.get(path)).status, path).toBe(200);
    }
  });

  it("/help has a table of contents whose links reach its sections", async () => {
    const res = await app.client().get("/help");
    const toc = linksIn(res.body, /<nav[^>]*aria-labelledby="toc-title"/, "</nav>");
    expect(toc.map((l) => l.text)).toEqual([
      "How earning works",
      "Referral rewards",
      "Upgrading your membership",
      "Withdrawals",
      "Campaigns for advertisers",
      "More help",
    ]);
    for (const { href } of toc) {
      expect(href).toMatch(/^#[a-z-]+$/);
      expect(res.body).toContain(`id="${href.slice(1)}"`);
    }
  });

  it("/help quotes the default settings and tiers", async () => {
    const text = pageText((await app.client().get("/help")).body);
    expect(text).toContain("keep the advert open while the countdown runs ( 10 seconds )");
    expect(text).toContain("Basic Member (Free) 5 adverts a day");
    expect(text).toContain("Advert Bronze (₦500.00, one-off) 10 adverts a day");
    expect(text).toContain("Advert VIP (₦2,000.00, one-off) 50 adverts a day");
    expect(text).toContain("once: a tier is a one-off payment, with nothing to renew, and it stays yours.");
    expect(text).toContain("you earn 40% of what they paid");
    expect(text).toContain("They upgrade to Advert Bronze (₦500.00): you earn ₦200.00.");
    expect(text).toContain("an admin reviews it");
    expect(text).toContain(
      "Smallest withdrawal ₦10.00 Largest withdrawal (members) ₦1,000.00 Largest withdrawal (advertisers) ₦1,000,000.00 Withdrawal fee 2%",
    );
    expect(text).toContain("withdrawing ₦1,000.00 costs ₦20.00, and your bank receives ₦980.00");
    expect(text).toContain("Withdrawals are reviewed and paid on working days, usually within 24 hours.");
    expect(text).toContain("the platform fee of 20% of each reward");
    expect(text).toContain("₦10.00 a view for 100 views is ₦1,000.00 in rewards plus ₦200.00 in fees: ₦1,200.00");
    expect(text).toContain("whatever it has not spent returns to your advertiser balance");
    // Neither bank transfer (no receiving account yet) nor Paystack (no key) is offered.
    expect(text).not.toContain("By bank transfer");
    expect(text).not.toContain("Online with Paystack");
  });

  it("/help follows a change of the settings and tiers at once", async () => {
    await setSettings({
      advertDwellSeconds: 30,
      referralRewardType: "fixed",
      referralFixedKobo: 25_000n,
      minWithdrawalKobo: 50_000n,
      maxWithdrawalKobo: 500_000n,
      advertiserMaxWithdrawalKobo: 2_500_000n,
      withdrawalFeeBps: 350,
      campaignFeeBps: 1_500,
      payoutSchedule: "Payouts leave every Tuesday and Friday.",
      receivingBankCode: "057",
      receivingAccountNumber: "1234567890",
      receivingAccountName: "AdNaira Ltd",
    });
    await db().update(membershipTiers).set({ dailyAdViews: 15 }).where(eq(membershipTiers.id, "bronze"));
    const text = pageText((await app.client().get("/help")).body);
    expect(text).toContain("( 30 seconds )");
    expect(text).toContain("Advert Bronze (₦500.00, one-off) 15 adverts a day");
    expect(text).toContain("you earn ₦250.00 (never more than they paid)");
    expect(text).toContain(
      "Smallest withdrawal ₦500.00 Largest withdrawal (members) ₦5,000.00 Largest withdrawal (advertisers) ₦25,000.00 Withdrawal fee 3.5%",
    );
    expect(text).toContain("withdrawing ₦5,000.00 costs ₦175.00, and your bank receives ₦4,825.00");
    expect(text).toContain("Payouts leave every Tuesday and Friday.");
    expect(text).not.toContain("usually within 24 hours");
    expect(text).toContain("the platform fee of 15% of each reward");
    expect(text).toContain("By bank transfer to the platform's account");
    expect(text).not.toContain("10 seconds");

    await setSettings({ referralActive: false });
    const off = pageText((await app.client().get("/help")).body);
    expect(off).toContain("Referral rewards are switched off at the moment");
    expect(off).not.toContain("you earn ₦250.00");
  });

  it("/terms and /privacy say the rules and what is stored, in the app's name", async () => {
    await setSettings({ appName: "NairaViews" });
    const terms = pageText((await app.client().get("/terms")).body);
    expect(terms).toContain("The rules for using NairaViews");
    expect(terms).toContain("One account per person");
    expect(terms).toContain("no referring yourself");
    expect(terms).toContain("can be held for review or voided");
    expect(terms).toContain("only to a bank account in the account holder's own name");
    expect(terms).toContain("Advertisers are responsible for their adverts");
    expect(terms).toContain("may reject it");
    const privacy = pageText((await app.client().get("/privacy")).body);
    expect(privacy).toContain("What NairaViews keeps about you");
    for (const stored of [
      "Your password",
      "stored only as a hash",
      "The addresses (IP) and devices",
      "Your bank details",
      "How you view adverts",
      "how long its page was on screen",
    ]) {
      expect(privacy).toContain(stored);
    }
    expect(privacy).toContain("Asking for a copy or deletion");
  });

  it("/privacy says who sees sign-in addresses, as the permissions have it, and why", async () => {
    const res = await app.client().get("/privacy");
    const who = textOf(res.body, 'data-testid="privacy-sign-in-addresses"', "</ul>") ?? "";
    // manage_users: the member's admin page (sign-up address, the last 5 sign-ins, who shares each).
    expect(who).toContain(
      "Admins allowed to manage members, and the super admin, see on your account's admin page the address you signed up from and the last 5 you signed in from",
    );
    expect(who).toContain("to spot one person holding several accounts");
    // review_risk: Linked Accounts, granted only by the super admin.
    expect(who).toContain("Admins allowed to review linked accounts (a permission only the super admin gives)");
    // view_reports: the audit log's IP column.
    expect(who).toContain("Admins allowed to read reports see the whole log");
    expect(pageText(res.body)).toContain("Other members, advertisers and the people you refer never see them");
    expect(pageText(res.body)).toContain(
      'other members see your first name and the initial of your last name ("Ada O.") on the referral leaderboard',
    );
  });
});

describe("/contact", () => {
  const messagesNote = (html: string) => textOf(html, 'data-testid="contact-messages"', "</p>");

  it("on a new install (no channel set) points to Messages: a visitor to log in and write there", async () => {
    const res = await app.client().get("/contact");
    expect(messagesNote(res.body)).toBe("Log in and write to support from Messages : the team answers you there.");
    expect(pageText(res.body)).not.toContain("not available");
    expect(res.body).not.toMatch(/href="(mailto:|tel:|https:\/\/wa\.me)/);
    expect(linksIn(res.body, /data-testid="contact-messages"/, "</p>").map((l) => [l.text, l.href])).toEqual([
      ["Log in", "/login"],
      ["Messages", "/messages"],
    ]);
  });

  it("offers only the channels that are set, numbers grouped for reading, Messages after them", async () => {
    await setSettings({ supportEmail: "help@adnaira.example.ng" });
    let res = await app.client().get("/contact");
    expect(res.body).toContain('href="mailto:help@adnaira.example.ng"');
    expect(res.body).not.toMatch(/href="(tel:|https:\/\/wa\.me)/);
    expect(messagesNote(res.body)).toBe("Members and advertisers can also log in and write to support from Messages .");

    await setSettings({ supportEmail: null, supportPhone: "+2348012345678", supportWhatsapp: "2348098765432" });
    res = await app.client().get("/contact");
    expect(res.body).not.toContain("mailto:");
    const channels = linksIn(res.body, /data-testid="support-channels"/, "</ul>");
    expect(channels.map((l) => [l.text, l.href])).toEqual([
      ["0801 234 5678", "tel:+2348012345678"],
      ["+234 809 876 5432", "https://wa.me/2348098765432"],
    ]);
    expect(channels[1]?.attributes).toContain('rel="noopener noreferrer"');
    expect(pageText(res.body)).toContain("Phone 0801 234 5678 WhatsApp +234 809 876 5432");
  });

  it("points a member who may write, and an advertiser, to Messages; a member waiting for approval to after it", async () => {
    const { client } = await signInMember(app, { landed: true });
    let res = await client.get("/contact");
    expect(messagesNote(res.body)).toBe("Write to support from Messages : the team answers you there.");
    expect(res.body).toContain('href="/messages"');
    await setSettings({ supportEmail: "help@adnaira.example.ng" });
    res = await client.get("/contact");
    expect(messagesNote(res.body)).toBe("You can also write to support from Messages .");

    const { client: advertiser } = await signInAdvertiser(app, { status: "pending", landed: true });
    expect(messagesNote((await advertiser.get("/contact")).body)).toBe("You can also write to support from Messages .");
    const { client: waiting } = await signInMember(app, { isApproved: false, landed: true });
    expect(messagesNote((await waiting.get("/contact")).body)).toBe(
      "Once an admin has approved your account, you can write to support from Messages .",
    );
  });

  it("tells staff where members write, and where the channels are set while none is", async () => {
    const { client } = await signInAdmin(app, [], { landed: true });
    expect(messagesNote((await client.get("/contact")).body)).toBe(
      "Members and advertisers write to support from Messages . A support email, phone or WhatsApp number shows here once set in Application Settings.",
    );
  });
});

describe("/register and /advertise", () => {
  it.each(["/register", "/advertise"])(
    "%s links the Terms of Use and Privacy beside the sign-up button",
    async (path) => {
      const res = await app.client().get(path);
      expect(textOf(res.body, 'data-testid="register-terms"', "</p>")).toBe(
        "By signing up you agree to the Terms of Use . The Privacy page says what we keep about you and who sees it.",
      );
      expect(linksIn(res.body, /data-testid="register-terms"/, "</p>").map((l) => [l.text, l.href])).toEqual([
        ["Terms of Use", "/terms"],
        ["Privacy", "/privacy"],
      ]);
    },
  );
});

describe("the footer", () => {
  const FOOTER = [
    { href: "/help", text: "Help" },
    { href: "/terms", text: "Terms of Use" },
    { href: "/privacy", text: "Privacy" },
    { href: "/contact", text: "Contact" },
  ];
  const footerLinks = (html: string) =>
    linksIn(html, /<nav[^>]*aria-label="Footer"/, "</nav>").map(({ href, text }) => ({ href, text }));

  it("links the four pages on public pages, a member's pages and the 404 page", async () => {
    const visitor = app.client();
    for (const path of ["/", "/login", "/register", "/help", "/privacy", "/no-such-page"]) {
      expect(footerLinks((await visitor.get(path)).body), path).toEqual(FOOTER);
    }
    const { client } = await signInMember(app, { landed: true });
    for (const path of ["/dashboard", "/referrals", "/profile"]) {
      expect(footerLinks((await client.get(path)).body), path).toEqual(FOOTER);
    }
  });
});

describe("sharing a referral link", () => {
  it("offers WhatsApp, Telegram, X and Facebook on the dashboard's card and on /referrals, naming the app", async () => {
    await setSettings({ appName: "NairaViews" });
    const { user, client } = await signInMember(app, { landed: true });
    const link = `${app.origin}/register?ref=${user.referralCode}`;
    const message = "Join me on NairaViews and earn naira by viewing adverts:";
    for (const [path, card] of [
      ["/dashboard", /data-testid="referral-link-card"/],
      ["/referrals", /aria-labelledby="referral-link-title"/],
    ] as const) {
      const links = linksIn((await client.get(path)).body, card, "</section>").filter((l) =>
        l.href.startsWith("https://"),
      );
      expect(
        links.map((l) => l.text),
        path,
      ).toEqual(["WhatsApp", "Telegram", "X", "Facebook"]);
      for (const l of links) {
        expect(l.attributes).toContain('target="_blank"');
        expect(l.attributes).toContain('rel="noopener noreferrer"');
        expect(l.attributes).toMatch(/aria-label="Share on (WhatsApp|Telegram|X|Facebook)"/);
      }
      const [whatsapp, telegram, x, facebook] = links.map((l) => new URL(l.href));
      expect(whatsapp!.origin + whatsapp!.pathname).toBe("https://wa.me/");
      expect(whatsapp!.searchParams.get("text")).toBe(`${message} ${link}`);
      expect(Object.fromEntries(telegram!.searchParams)).toEqual({ url: link, text: message });
      expect(x!.origin + x!.pathname).toBe("https://x.com/intent/post");
      expect(Object.fromEntries(x!.searchParams)).toEqual({ text: message, url: link });
      expect(facebook!.searchParams.get("u")).toBe(link);
    }
  });
});

describe("Open Graph", () => {
  it("the landing page: title, description, absolute image and address, large card", async () => {
    const res = await app.client().get("/");
    const tags = metaTags(res.body);
    expect(tags.get("og:title")).toBe("AdNaira: get paid for engaging with ads");
    expect(tags.get("og:description")).toContain("Get paid in naira");
    expect(tags.get("og:type")).toBe("website");
    expect(tags.get("og:url")).toBe(`${app.origin}/`);
    expect(tags.get("og:image")).toBe(`${app.origin}/share-image.png`);
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    // The image is served, a PNG.
    const image = await fetch(tags.get("og:image")!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("/register without a code", async () => {
    const res = await app.client().get("/register");
    const tags = metaTags(res.body);
    expect(titleOf(res.body)).toBe("Sign Up | AdNaira");
    expect(tags.get("og:title")).toBe("Sign up to AdNaira");
    expect(tags.get("og:url")).toBe(`${app.origin}/register`);
    expect(tags.get("og:image")).toBe(`${app.origin}/share-image.png`);
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    expect(res.body).not.toContain('data-testid="invited"');
  });

  it("/register?ref= says a friend invited you, never who", async () => {
    const referrer = await signInMember(app, { name: "Chiamaka Referrer" });
    const res = await app.client().get(`/register?ref=${referrer.user.referralCode.toLowerCase()}`);
    const tags = metaTags(res.body);
    expect(titleOf(res.body)).toBe("You're invited to join AdNaira");
    expect(tags.get("og:title")).toBe("You're invited to join AdNaira");
    expect(tags.get("og:description")).toBe(
      "A friend invited you to AdNaira: earn naira by viewing adverts. Sign up with their referral code.",
    );
    expect(tags.get("og:url")).toBe(`${app.origin}/register?ref=${referrer.user.referralCode}`);
    expect(tags.get("og:image")).toBe(`${app.origin}/share-image.png`);
    expect(pageText(res.body)).toContain("A friend invited you: their referral code is filled in below.");
    expect(res.body).not.toContain(referrer.user.email);
    expect(res.body).not.toContain("Chiamaka");
  });

  it("a code that is not letters and digits is neither echoed into the tags nor called an invitation", async () => {
    const res = await app.client().get(`/register?ref=${encodeURIComponent('"><b>x')}`);
    const tags = metaTags(res.body);
    expect(titleOf(res.body)).toBe("Sign Up | AdNaira");
    expect(tags.get("og:url")).toBe(`${app.origin}/register`);
    expect(res.body).not.toContain("<b>x");
  });
});
