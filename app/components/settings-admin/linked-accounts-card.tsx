import { SettingsFieldsCard, type SettingsField } from "./fields-card";
import type { RenderedFailure } from "./settings-form";

/** The saved allowances as the inputs show them. */
export type LinkedAccountsValues = { accountsPerDevice: string; accountsPerBankAccount: string };

const FIELDS: SettingsField<LinkedAccountsValues>[] = [
  {
    name: "accountsPerDevice",
    label: "Accounts per device",
    hint: "2 lets a family share a phone. 1 to 20.",
    inputMode: "numeric",
    maxLength: 2,
  },
  {
    name: "accountsPerBankAccount",
    label: "Accounts per bank account",
    hint: "1 to 20.",
    inputMode: "numeric",
    maxLength: 2,
  },
];

/** Linked accounts' allowances: posts to /admin/settings/linked-accounts. */
export function LinkedAccountsCard({ saved, rendered }: { saved: LinkedAccountsValues; rendered?: RenderedFailure }) {
  return (
    <SettingsFieldsCard
      form="linked-accounts"
      title="Linked accounts"
      description="Accounts that share a device or a bank account are linked. Beyond these numbers they wait for a review on Linked Accounts: their referral rewards between each other are held and their withdrawals are not paid automatically. A shared network alone links nothing (carrier NAT)."
      fields={FIELDS}
      saved={saved}
      saveLabel="Save Linked Accounts"
      rendered={rendered}
    />
  );
}
