import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { openTestDatabase } from "~test/database";
import { withRollback } from "./rollback.server";

const { db } = await openTestDatabase({ seed: false });
beforeAll(async () => {
  await db.execute(sql`create table rollback_probe (name text primary key)`);
});

const write = (tx: typeof db, name: string) => tx.execute(sql`insert into rollback_probe (name) values (${name})`);
const written = async () =>
  rowsOf<{ name: string }>(await db.execute(sql`select name from rollback_probe order by name`)).map((r) => r.name);

describe("withRollback", () => {
  it("commits what the work wrote and answers what it returned", async () => {
    const answer = await withRollback(db, async (tx) => {
      await write(tx, "committed");
      return { status: "ok" as const };
    });
    expect(answer).toEqual({ status: "ok" });
    expect(await written()).toContain("committed");
  });

  it("rollbackWith(answer) undoes everything the work wrote and answers with it", async () => {
    type Answer = { status: "ok" } | { status: "refused"; why: string };
    const answer = await withRollback<Answer>(db, async (tx, rollbackWith) => {
      await write(tx, "rolled-back");
      rollbackWith({ status: "refused", why: "too late" });
      await write(tx, "never");
      return { status: "ok" };
    });
    expect(answer).toEqual({ status: "refused", why: "too late" });
    expect(await written()).not.toContain("rolled-back");
    expect(await written()).not.toContain("never");
  });

  it("lets any other error through, rolled back", async () => {
    await expect(
      withRollback(db, async (tx) => {
        await write(tx, "failed");
        throw new Error("a bug");
      }),
    ).rejects.toThrow("a bug");
    expect(await written()).not.toContain("failed");
  });

  it("answers only the call whose rollbackWith was used, however the transactions nest", async () => {
    // The inner one rolls back its own savepoint; the outer one carries on and commits.
    const outer = await withRollback(db, async (tx) => {
      await write(tx, "outer-kept");
      const inner = await withRollback(tx, async (inside, rollbackWith) => {
        await write(inside, "inner-undone");
        return rollbackWith("inner answer");
      });
      return `outer saw ${inner}`;
    });
    expect(outer).toBe("outer saw inner answer");
    expect(await written()).toContain("outer-kept");
    expect(await written()).not.toContain("inner-undone");

    // The outer one's answer passes through an inner call that does not own it.
    const through = await withRollback<string>(db, async (tx, rollbackWith) => {
      await write(tx, "outer-undone");
      await withRollback(tx, async () => rollbackWith("outer answer"));
      return "not reached";
    });
    expect(through).toBe("outer answer");
    expect(await written()).not.toContain("outer-undone");
  });
});
