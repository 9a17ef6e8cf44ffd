import { useId } from "react";
import { Label } from "~/components/ui/label";
import { BANK_KIND_LABELS, banksOfKind, type BankKind } from "~/domain/banks/nigerian-banks";

const KINDS: BankKind[] = ["commercial", "microfinance", "payment_service"];
// Built once: the select's groups never change while the page is open.
const GROUPS = KINDS.map((kind) => ({ kind, label: BANK_KIND_LABELS[kind], banks: banksOfKind(kind) }));

/** The "Bank" select of every bank-account form (field `bankCode`), the banks grouped by kind. */
export function BankSelect({
  defaultValue,
  error,
  placeholder = "Choose your bank",
}: {
  defaultValue: string;
  error?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Bank</Label>
      <select
        id={id}
        name="bankCode"
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full min-h-10 rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500"
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {GROUPS.map((group) => (
          <optgroup key={group.kind} label={group.label}>
            {group.banks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
