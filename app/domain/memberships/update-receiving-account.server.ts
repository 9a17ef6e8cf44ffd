import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { lockAppSettings } from "~/domain/settings/app-settings";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { FieldErrors } from "~/lib/forms";
import { receivingAccountOf, type ReceivingAccount } from "./receiving-account";
import { parseReceivingAccount, type ReceivingAccountInput } from "./receiving-account-validation";

export type UpdateReceivingAccountResult =
  | { status: "ok"; changed: boolean; account: ReceivingAccount }
  | Forbidden
  | { status: "invalid"; errors: FieldErrors };

/**
 * The platform's receiving account, which members pay bank-transfer upgrades into. Only with
 * manage_memberships; checked again here (a listed bank, a NUBAN that fits it, a name); audited
 * with before and after, as it decides where members' money goes. Requests already made keep
 * nothing of it: the dashboard and the emails show the account as it is now.
 */
export async function updateReceivingAccount(
  db: Database,
  actor: Actor,
  input: ReceivingAccountInput,
): Promise<UpdateReceivingAccountResult> {
  if (!hasPermission(actor, "manage_memberships")) return FORBIDDEN;
  const parsed = parseReceivingAccount(input);
  if (parsed.status === "invalid") return parsed;
  const next = parsed.data;
  return db.transaction(async (tx): Promise<UpdateReceivingAccountResult> => {
    const current = await lockAppSettings(tx, "update");
    const before = receivingAccountOf(current);
    const changed =
      !before ||
      before.bankCode !== next.bankCode ||
      before.accountNumber !== next.accountNumber ||
      before.accountName !== next.accountName;
    const values = {
      receivingBankCode: next.bankCode,
      receivingAccountNumber: next.accountNumber,
      receivingAccountName: next.accountName,
    };
    const after = receivingAccountOf(values)!;
    if (!changed) return { status: "ok", changed: false, account: after };
    await tx
      .update(appSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(appSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "receiving_account.update",
      targetType: "settings",
      before: before ?? { account: "not set" },
      after,
    });
    return { status: "ok", changed: true, account: after };
  });
}
