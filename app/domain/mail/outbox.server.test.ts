import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emails, users } from "~/db/schema";
import { confirmEmail } from "~/domain/accounts/confirm-email.server";
import { registerUser } from "~/domain/accounts/register-user.server";
import { createMailTransport } from "~/server/mail-transport.server";
import { openTestDatabase } from "~test/database";
import { latestLink } from "~test/mail";
import {
  deliverDueEmails,
  emailsTo,
  MAX_DELIVERY_ATTEMPTS,
  queueEmail,
  queueEmailOnce,
  retryDelayMs,
  type MailTransport,
  type OutgoingMail,
} from "./outbox.server";

/** How many of these mails are still waiting to be delivered. */
const countPendingEmails = (db: Database, ids: string[]) =>
  ids.length === 0 ? Promise.resolve(0) : db.$count(emails, and(inArray(emails.id, ids), eq(emails.status, "pending")));

const appUrl = new URL("http://localhost:3000");
const FROM = "AdNaira <no-reply@adnaira.local>";
const SECOND = 1000;
/**
 * A moment safely after every mail queued so far. nextAttemptAt defaults to the database's
 * now() (microseconds), so a JavaScript Date taken in the same millisecond can be "earlier".
 */
const soon = () => new Date(Date.now() + SECOND);

const { db } = await openTestDatabase();
beforeEach(async () => {
  await db.delete(emails);
});

/** The real log transport, writing to an array instead of stdout. */
function logTransport() {
  const lines: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  return { transport: createMailTransport({ from: FROM, log }), lines };
}

const silentLog = pino({ level: "silent" });

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives. */
async function startSmtpServer(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and decoded text body of a raw RFC 5322 message (7bit, quoted-printable or base64). */
function parseMessage(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim();
  const encoding = header("Content-Transfer-Encoding")?.toLowerCase();
  if (encoding === "quoted-printable") {
    body = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (encoding === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return { header, body };
}

const mailRow = async (id: string) => (await db.select().from(emails).where(eq(emails.id, id)))[0]!;
const sample = (n: number): OutgoingMail => ({
  to: `reader${n}@example.ng`,
  subject: `Sample ${n}`,
  text: `Hello ${n},\n\nOpen http://localhost:3000/confirm-email?token=sample-${n}\n`,
});

describe("retry schedule", () => {
  it("backs off 15 s, 30 s, 1 min … capped at one hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(retryDelayMs(9)).toBe(60 * 60 * 1000);
    expect(retryDelayMs(30)).toBe(60 * 60 * 1000);
  });
});

describe("deliverDueEmails with the log transport", () => {
  it("prints each due mail with its link and marks it logged, once", async () => {
    const ids = [await queueEmail(db, sample(1)), await queueEmail(db, sample(2))];
    expect(await countPendingEmails(db, ids)).toBe(2);
    const { transport, lines } = logTransport();
    expect(transport.kind).toBe("log");

    expect(await deliverDueEmails(db, transport, { appUrl, now: soon() })).toBe(2);
    for (const id of ids) {
      const row = await mailRow(id);
      expect(row.status).toBe("logged");
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.lastError).toBeNull();
    }
    expect(await countPendingEmails(db, ids)).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).toContain("http://localhost:3000/confirm-email?token=sample-1");
    expect(lines.join("\n")).toContain("http://localhost:3000/confirm-email?token=sample-2");

    // Nothing is due any more.
    expect(await deliverDueEmails(db, transport, { appUrl, now: new Date(Date.now() + 24 * 3600 * SECOND) })).toBe(0);
    expect(lines).toHaveLength(2);
  });

  it("respects the limit and sends the oldest first", async () => {
    const first = await queueEmail(db, sample(1));
    await new Promise((r) => setTimeout(r, 5));
    const second = await queueEmail(db, sample(2));
    const { transport } = logTransport();
    expect(await deliverDueEmails(db, transport, { appUrl, now: soon(), limit: 1 })).toBe(1);
    expect((await mailRow(first)).status).toBe("logged");
    expect((await mailRow(second)).status).toBe("pending");
  });

  it("a mail is never delivered twice when two deliveries run at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await queueEmail(db, sample(i)));
    const { transport, lines } = logTransport();
    const counts = await Promise.all([
      deliverDueEmails(db, transport, { appUrl, now: soon() }),
      deliverDueEmails(db, transport, { appUrl, now: soon() }),
      deliverDueEmails(db, transport, { appUrl, now: soon() }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
    expect(lines).toHaveLength(8);
    for (let i = 0; i < 8; i++) {
      expect(lines.filter((l) => l.includes(`token=sample-${i}\\n`))).toHaveLength(1);
    }
    for (const id of ids) expect((await mailRow(id)).attempts).toBe(1);
  });
});

describe("deliverDueEmails when sending fails", () => {
  it("records the error, retries with back-off and gives up after MAX_DELIVERY_ATTEMPTS", async () => {
    let calls = 0;
    const failing: MailTransport = {
      kind: "smtp",
      send: async () => {
        calls++;
        throw new Error("421 service not available");
      },
    };
    const id = await queueEmail(db, sample(1));
    let now = new Date(Date.now() + 60 * SECOND);

    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails(db, failing, { appUrl, now })).toBe(0);
      expect(calls).toBe(attempt);
      const row = await mailRow(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe("421 service not available");
      expect(row.sentAt).toBeNull();
      expect(row.status).toBe(attempt < MAX_DELIVERY_ATTEMPTS ? "pending" : "failed");
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(attempt));

      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        // Not yet due: just before the back-off ends nothing is tried.
        expect(await deliverDueEmails(db, failing, { appUrl, now: new Date(row.nextAttemptAt.getTime() - 1) })).toBe(0);
        expect(calls).toBe(attempt);
      }
      now = row.nextAttemptAt;
    }
    expect(MAX_DELIVERY_ATTEMPTS).toBe(8);

    // A failed mail is left alone for good.
    expect(await deliverDueEmails(db, failing, { appUrl, now: new Date(now.getTime() + 7 * 24 * 3600 * SECOND) })).toBe(
      0,
    );
    expect(calls).toBe(MAX_DELIVERY_ATTEMPTS);
    expect(await countPendingEmails(db, [id])).toBe(0);
  });

  it("one failing mail does not hold up the others", async () => {
    const sent: string[] = [];
    const picky: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        if (mail.to === "reader2@example.ng") throw new Error("550 mailbox unavailable");
        sent.push(mail.to);
      },
    };
    const ids = [await queueEmail(db, sample(1)), await queueEmail(db, sample(2)), await queueEmail(db, sample(3))];
    expect(await deliverDueEmails(db, picky, { appUrl, now: soon() })).toBe(2);
    expect(sent.sort()).toEqual(["reader1@example.ng", "reader3@example.ng"]);
    expect((await mailRow(ids[0]!)).status).toBe("sent");
    expect((await mailRow(ids[1]!)).status).toBe("pending");
    expect((await mailRow(ids[1]!)).lastError).toBe("550 mailbox unavailable");
    expect((await mailRow(ids[2]!)).status).toBe("sent");
  });
});

describe("deliverDueEmails and links", () => {
  it("never sends a mail with a link outside APP_URL: it is marked failed at once and reported", async () => {
    const sent: string[] = [];
    const refused: string[][] = [];
    const transport: MailTransport = { kind: "smtp", send: async (mail) => void sent.push(mail.to) };
    const ok = await queueEmail(db, sample(1));
    const phishing = await queueEmail(db, {
      to: "reader2@example.ng",
      subject: "Sample 2",
      text: `Hello,\n\nOpen http://localhost:3000/login or https://adnaira-login.example/verify\n`,
    });
    const lookalike = await queueEmail(db, {
      to: "reader3@example.ng",
      subject: "Sample 3",
      text: `Open http://localhost:3000@evil.example/login and www.evil.example\n`,
    });
    const options = { appUrl, now: soon(), onRefused: (mail: { links: string[] }) => void refused.push(mail.links) };
    expect(await deliverDueEmails(db, transport, options)).toBe(1);
    expect(sent).toEqual(["reader1@example.ng"]);
    expect((await mailRow(ok)).status).toBe("sent");
    for (const id of [phishing, lookalike]) {
      expect((await mailRow(id)).status).toBe("failed");
      expect((await mailRow(id)).lastError).toMatch(/^not sent: links outside APP_URL: /);
    }
    expect(refused).toEqual([
      ["https://adnaira-login.example/verify"],
      ["http://localhost:3000@evil.example/login", "www.evil.example"],
    ]);
    // Nothing is retried later.
    expect(await deliverDueEmails(db, transport, { appUrl, now: new Date(Date.now() + 7 * 24 * 3600 * SECOND) })).toBe(
      0,
    );
  });

  it("makes a mail's app links absolute under APP_URL as it sends it", async () => {
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = { kind: "smtp", send: async (mail) => void sent.push(mail) };
    const id = await queueEmail(db, {
      to: "reader9@example.ng",
      subject: "Paid",
      text: "Your referrals: {app}/referrals\n",
    });
    expect(await deliverDueEmails(db, transport, { appUrl, now: soon() })).toBe(1);
    expect(sent.map((m) => m.text)).toEqual(["Your referrals: http://localhost:3000/referrals\n"]);
    expect((await mailRow(id)).status).toBe("sent");
  });
});

describe("queueEmailOnce", () => {
  it("queues one mail per event key, whoever asks how often, and none when the change rolls back", async () => {
    const mail = sample(4);
    const ids = await Promise.all(Array.from({ length: 5 }, () => queueEmailOnce(db, "campaign:x:activated", mail)));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        expect(await queueEmailOnce(tx, "campaign:y:activated", mail)).toBeTypeOf("string");
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await emailsTo(db, mail.to)).toHaveLength(1);
    expect(await queueEmailOnce(db, "campaign:y:activated", mail)).toBeTypeOf("string");
  });
});

describe("deliverDueEmails over SMTP", () => {
  it("delivers the registration mail with its confirmation link to a real SMTP server", async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM, log: silentLog });
      expect(transport.kind).toBe("smtp");
      const result = await registerUser(db, {
        name: "Tunde Bakare",
        email: "tunde@example.ng",
        password: "Ibadan-hills-2030",
        appUrl,
      });
      if (result.status !== "ok") throw new Error(`unexpected ${result.status}`);

      expect(await deliverDueEmails(db, transport, { appUrl, now: soon() })).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0]!;
      expect(message.from).toBe("no-reply@adnaira.local");
      expect(message.to).toEqual(["tunde@example.ng"]);
      const parsed = parseMessage(message.raw);
      expect(parsed.header("Subject")).toBe("Confirm your AdNaira email address");
      expect(parsed.header("To")).toBe("tunde@example.ng");
      const link = await latestLink(db, "tunde@example.ng", "/confirm-email");
      expect(parsed.body).toContain(link.href);

      const row = await mailRow(result.mailId!);
      expect(row.status).toBe("sent");
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it("concurrent deliveries hand each mail to the SMTP server exactly once", async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM, log: silentLog });
      for (let i = 0; i < 5; i++) await queueEmail(db, sample(i));
      const counts = await Promise.all([
        deliverDueEmails(db, transport, { appUrl, now: soon() }),
        deliverDueEmails(db, transport, { appUrl, now: soon() }),
      ]);
      expect(counts[0]! + counts[1]!).toBe(5);
      expect(smtp.received).toHaveLength(5);
      expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(5);
    } finally {
      await smtp.close();
    }
  });

  it("keeps the mail while the SMTP server is down and delivers it once it is back", async () => {
    // Find a free port, then stop the server: the app's SMTP_URL now points at nothing.
    const first = await startSmtpServer();
    const port = first.port;
    await first.close();
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, log: silentLog });

    const result = await registerUser(db, {
      name: "Amaka Obi",
      email: "amaka@example.ng",
      password: "Onitsha-market-77",
      appUrl,
    });
    if (result.status !== "ok") throw new Error(`unexpected ${result.status}`);
    const now = soon();
    expect(await deliverDueEmails(db, transport, { appUrl, now })).toBe(0);

    // The registration is not lost and the mail waits for its retry.
    const [user] = await db.select().from(users).where(eq(users.email, "amaka@example.ng"));
    expect(user).toBeDefined();
    const pending = await mailRow(result.mailId!);
    expect(pending.status).toBe("pending");
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(pending.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));

    const back = await startSmtpServer(port);
    try {
      expect(await deliverDueEmails(db, transport, { appUrl, now: pending.nextAttemptAt })).toBe(1);
      expect(back.received).toHaveLength(1);
      const link = await latestLink(db, "amaka@example.ng", "/confirm-email");
      expect(parseMessage(back.received[0]!.raw).body).toContain(link.href);
      const row = await mailRow(result.mailId!);
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBeNull();
      // And the delivered link works.
      expect(await confirmEmail(db, link.searchParams.get("token")!)).toEqual({ status: "ok" });
    } finally {
      await back.close();
    }
    expect(await emailsTo(db, "amaka@example.ng")).toHaveLength(1);
  });
});
