import { useId, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FormError } from "~/components/ui/form-error";
import { useToastFrom } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import {
  ONE_OFF_LABEL,
  UPGRADE_METHOD_LABELS,
  UPGRADE_REQUEST_PATH,
  type UpgradeView,
} from "~/domain/memberships/upgrade-view";
import type { UpgradeMethod } from "~/domain/memberships/upgrades";
import type { FormFailure } from "~/lib/forms";
import { cn } from "~/lib/cn";

/** Shared by the dashboard's dialog and the upgrade page: one form state, whichever shows it. */
export const UPGRADE_FORM_KEY = "membership-upgrade";

const choiceClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70";

/**
 * Membership Upgrade: the tiers above the member's (price to pay, once; daily advert limit; benefits)
 * and how to pay. Posts to /membership/upgrade through a fetcher; without JavaScript it is a plain
 * form and the server renders a refusal on that page (`rendered`). A success redirects to the
 * dashboard with its toast.
 */
export function UpgradeForm({
  view,
  rendered,
  cancel,
}: {
  view: UpgradeView;
  rendered?: FormFailure;
  /** The Cancel button: closes the dialog, or leaves the page. */
  cancel: ReactNode;
}) {
  const fetcher = useFetcher<FormFailure>({ key: UPGRADE_FORM_KEY });
  const idBase = useId();
  const failure = fetcher.data ?? rendered;
  useToastFrom(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const echoed = failure?.values ?? {};

  const firstTier = view.options.find((o) => o.tierId === echoed.tierId) ?? view.options[0];
  const [tierId, setTierId] = useState(firstTier?.tierId ?? "");
  const chosen = view.options.find((o) => o.tierId === tierId) ?? firstTier;
  // Without JavaScript the choice of tier cannot update the methods: the balance stays on offer
  // while it covers any tier, and the server refuses a tier it does not cover.
  const balanceCovers = chosen?.coveredByBalance ?? false;
  const bank = view.receivingAccount;
  const online = view.online;
  // When the balance does not cover the tier: online first (approved at once), else by bank.
  const otherMethod: UpgradeMethod | "" = online ? "online" : bank ? "bank_transfer" : "";
  const defaultMethod: UpgradeMethod | "" =
    echoed.method === "balance" || echoed.method === "bank_transfer" || (echoed.method === "online" && online)
      ? echoed.method
      : balanceCovers
        ? "balance"
        : otherMethod;
  const [method, setMethod] = useState<UpgradeMethod | "">(defaultMethod);
  const errors = failure?.errors ?? {};
  const anyCovered = view.options.some((o) => o.coveredByBalance);
  const hydrated = useHydrated();
  const balanceDisabled = hydrated ? !balanceCovers : !anyCovered;

  if (view.options.length === 0) {
    return (
      <p className="text-sm text-gray-700">You are on the highest membership tier. There is nothing to upgrade to.</p>
    );
  }

  return (
    <fetcher.Form method="post" action={UPGRADE_REQUEST_PATH} className="grid gap-5" noValidate>
      <FormError message={errors.form} />
      <fieldset className="grid gap-2" aria-describedby={errors.tierId ? "upgrade-tier-error" : undefined}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Choose a tier</legend>
        {view.options.map((o) => {
          // Named by the tier and its price; the limit and the benefits describe it (read after the name).
          const ids = { name: `${idBase}-${o.tierId}-name`, details: `${idBase}-${o.tierId}-details` };
          return (
            <label key={o.tierId} className={choiceClass} data-testid={`upgrade-tier-${o.tierId}`}>
              <input
                type="radio"
                name="tierId"
                value={o.tierId}
                checked={tierId === o.tierId}
                aria-labelledby={ids.name}
                aria-describedby={ids.details}
                onChange={() => {
                  setTierId(o.tierId);
                  if (method === "balance" && !o.coveredByBalance && otherMethod) setMethod(otherMethod);
                  if (method !== "balance" && o.coveredByBalance && !otherMethod) setMethod("balance");
                }}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <span className="grid min-w-0 gap-1 text-sm">
                <span id={ids.name} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-gray-900">{o.name}</span>
                  <span className="text-gray-900">
                    <span className="font-semibold tabular-nums">{o.price}</span> {ONE_OFF_LABEL}
                  </span>
                </span>
                <span id={ids.details} className="grid gap-1">
                  <span className="text-gray-700">Up to {o.dailyAdViews} adverts a day</span>
                  {o.benefits.length > 0 ? (
                    <ul className="list-disc pl-5 text-gray-600">
                      {o.benefits.map((b) => (
                        <li key={b}>{b}</li>
                      ))}
                    </ul>
                  ) : null}
                </span>
              </span>
            </label>
          );
        })}
        {errors.tierId ? (
          <p id="upgrade-tier-error" className="text-sm text-red-700">
            {errors.tierId}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-2" aria-describedby={errors.method ? "upgrade-method-error" : undefined}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">How will you pay?</legend>
        <label className={choiceClass} data-testid="upgrade-method-balance">
          <input
            type="radio"
            name="method"
            value="balance"
            checked={method === "balance"}
            disabled={balanceDisabled}
            onChange={() => setMethod("balance")}
            className="mt-1 h-4 w-4 accent-brand-600"
          />
          <span className="grid gap-1 text-sm">
            <span className="font-semibold text-gray-900">{UPGRADE_METHOD_LABELS.balance}</span>
            <span className={cn(balanceCovers ? "text-gray-700" : "text-amber-800")}>
              Available balance: {view.available}.{" "}
              {balanceCovers
                ? `${chosen?.price} will be held until an admin approves the upgrade.`
                : online || bank
                  ? `It does not cover ${chosen?.price}; earn more or pay ${online ? "online" : "by bank transfer"}.`
                  : `It does not cover ${chosen?.price} yet; earn more to upgrade.`}
            </span>
          </span>
        </label>
        {/* The payment provider off: paying online is neither offered nor mentioned. */}
        {online ? (
          <label className={choiceClass} data-testid="upgrade-method-online">
            <input
              type="radio"
              name="method"
              value="online"
              checked={method === "online"}
              onChange={() => setMethod("online")}
              className="mt-1 h-4 w-4 accent-brand-600"
            />
            <span className="grid gap-1 text-sm">
              <span className="font-semibold text-gray-900">{UPGRADE_METHOD_LABELS.online}</span>
              <span className="text-gray-700">
                Pay {chosen?.price} on Paystack&apos;s secure page by card, bank transfer or USSD. Your upgrade is
                approved as soon as the payment is confirmed, with no wait for an admin.
              </span>
            </span>
          </label>
        ) : null}
        {/* No receiving account set: bank transfer is neither offered nor mentioned. */}
        {bank ? (
          <label className={choiceClass} data-testid="upgrade-method-bank">
            <input
              type="radio"
              name="method"
              value="bank_transfer"
              checked={method === "bank_transfer"}
              onChange={() => setMethod("bank_transfer")}
              className="mt-1 h-4 w-4 accent-brand-600"
            />
            <span className="grid gap-1 text-sm">
              <span className="font-semibold text-gray-900">{UPGRADE_METHOD_LABELS.bank_transfer}</span>
              <span className="text-gray-700">
                Pay {chosen?.price} into {bank.bankName} {bank.accountNumber} ({bank.accountName}). You will get a
                unique payment reference to put in the transfer narration; an admin approves the upgrade once the money
                arrives.
              </span>
            </span>
          </label>
        ) : null}
        {errors.method ? (
          <p id="upgrade-method-error" className="text-sm text-red-700">
            {errors.method}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={busy || (!otherMethod && balanceDisabled)}>
          {busy ? "Requesting..." : "Confirm Upgrade"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
