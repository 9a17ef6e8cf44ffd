import type { Database } from "~/db/client.server";

/** The answer a transaction rolled itself back with, owned by the one withRollback call that made it. */
class Rollback {
  constructor(
    readonly answer: unknown,
    readonly owner: object,
  ) {}
}

/**
 * Runs `work` in one transaction on `db` and answers what it returns, committed. A transaction
 * that must undo what it wrote and still answer (a refusal found after a write: the money is
 * short, the campaign has ended) calls `rollbackWith(answer)`: everything is rolled back and
 * withRollback answers `answer`. Any other error rolls back and is thrown. Nested calls (a
 * savepoint) each answer only their own rollbackWith.
 */
export async function withRollback<R>(
  db: Database,
  work: (tx: Database, rollbackWith: (answer: R) => never) => Promise<R>,
): Promise<R> {
  const owner = {};
  const rollbackWith = (answer: R): never => {
    throw new Rollback(answer, owner);
  };
  try {
    return await db.transaction((tx) => work(tx, rollbackWith));
  } catch (err) {
    if (err instanceof Rollback && err.owner === owner) return err.answer as R;
    throw err;
  }
}
