import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { reconciliationResolutions, users } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";
import { onPage, pageWindow } from "~/domain/shared/paging";
import { findOpenDisagreement } from "./disagreements.server";
import {
  RESOLUTION_NOTE_MAX,
  RESOLUTION_NOTE_REQUIRED,
  RESOLUTION_NOTE_TOO_LONG,
  type DisagreementKind,
} from "./disagreements";

/** A resolution as the page shows it: which disagreement, the note, who and when. */
export type Resolution = {
  id: string;
  kind: DisagreementKind;
  key: string;
  reference: string;
  note: string;
  resolvedAt: Date;
  resolvedByName: string;
};

export type ResolveDisagreementResult =
  | { status: "ok"; resolution: Resolution }
  | Forbidden
  | { status: "note-required" }
  | { status: "note-too-long" }
  /** No such disagreement on the open list: settled meanwhile (or made up). */
  | { status: "not-found" }
  /** Already resolved (by another admin at the same moment, say): who and when. */
  | { status: "conflict"; resolution: Resolution };

export const RESOLVE_REFUSALS: RefusalTexts<ResolveDisagreementResult> = {
  forbidden: "You do not have permission to manage withdrawals.",
  "note-required": RESOLUTION_NOTE_REQUIRED,
  "note-too-long": RESOLUTION_NOTE_TOO_LONG,
  "not-found":
    "This entry is no longer on the list to look into: Paystack and the ledger may agree on it now. Reload the page.",
  conflict: "This entry has already been marked resolved.",
};

const resolutionColumns = {
  id: reconciliationResolutions.id,
  kind: reconciliationResolutions.kind,
  key: reconciliationResolutions.key,
  reference: reconciliationResolutions.reference,
  note: reconciliationResolutions.note,
  resolvedAt: reconciliationResolutions.resolvedAt,
  resolvedByName: users.name,
};

async function resolutionOf(db: Database, entry: { kind: DisagreementKind; key: string }): Promise<Resolution | null> {
  const [row] = await db
    .select(resolutionColumns)
    .from(reconciliationResolutions)
    .innerJoin(users, eq(users.id, reconciliationResolutions.resolvedById))
    .where(and(eq(reconciliationResolutions.kind, entry.kind), eq(reconciliationResolutions.key, entry.key)));
  return row ?? null;
}

/**
 * An admin with manage_withdrawals marks an open disagreement on the reconciliation page resolved,
 * with a note of what they found and did (trimmed, 1 to 1,000 characters). Nothing moves at the
 * provider or in the ledger: the resolution (append-only) records the note, the admin and the
 * time, and the disagreement leaves the open list for good. Audited in the same transaction.
 *
 * Once only: the unique index on (kind, key) lets one insert through; a second admin pressing at
 * the same moment waits for the first's commit, inserts nothing (ON CONFLICT DO NOTHING, so the
 * transaction stays usable) and is answered `conflict` with the first's resolution.
 */
export async function resolveDisagreement(
  db: Database,
  actor: Actor,
  input: { kind: DisagreementKind; key: string; note: string },
  clock: Clock = systemClock,
): Promise<ResolveDisagreementResult> {
  if (!hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  const note = input.note.trim();
  if (!note) return { status: "note-required" };
  if (note.length > RESOLUTION_NOTE_MAX) return { status: "note-too-long" };
  const entry = { kind: input.kind, key: input.key };
  return db.transaction(async (tx): Promise<ResolveDisagreementResult> => {
    const resolved = await resolutionOf(tx, entry);
    if (resolved) return { status: "conflict", resolution: resolved };
    const now = clock();
    const open = await findOpenDisagreement(tx, entry, now);
    if (!open) return { status: "not-found" };
    const id = newId();
    const [inserted] = await tx
      .insert(reconciliationResolutions)
      .values({ id, ...entry, reference: open.reference, resolvedById: actor.id, note, resolvedAt: now })
      .onConflictDoNothing()
      .returning({ id: reconciliationResolutions.id });
    if (!inserted) {
      const first = await resolutionOf(tx, entry);
      if (!first) throw new Error(`resolveDisagreement: ${entry.kind} ${entry.key} taken but not found`);
      return { status: "conflict", resolution: first };
    }
    await recordAudit(tx, {
      actor,
      action: "reconciliation.resolve",
      targetType: "disagreement",
      targetId: entry.key,
      after: { kind: entry.kind, reference: open.reference, note },
    });
    return { status: "ok", resolution: (await resolutionOf(tx, entry))! };
  });
}

export const RESOLUTIONS_PAGE_SIZE = 50;

/**
 * How many disagreements have been resolved: counted exactly, one row per admin decision (a table
 * that grows with the admins' work, not with the members).
 */
export const countResolutions = (db: Database) => db.$count(reconciliationResolutions);

/** The resolved disagreements, newest first, 50 a page (clamped to the pages there are). */
export async function listResolutions(db: Database, options: { page?: number; pageSize?: number } = {}) {
  const { page, pageCount, total, ...window } = pageWindow(
    await countResolutions(db),
    options.page,
    options.pageSize ?? RESOLUTIONS_PAGE_SIZE,
  );
  const newestFirst = db
    .select(resolutionColumns)
    .from(reconciliationResolutions)
    .innerJoin(users, eq(users.id, reconciliationResolutions.resolvedById))
    .orderBy(desc(reconciliationResolutions.resolvedAt), desc(reconciliationResolutions.id));
  const resolutions: Resolution[] = await onPage(newestFirst.$dynamic(), window);
  return { resolutions, page, pageCount, total };
}
