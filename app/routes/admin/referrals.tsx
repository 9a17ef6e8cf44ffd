import { data, Form, useActionData, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/referrals";
import { ListFilters, ListPager, ListSearch } from "~/components/admin/list-controls";
import { FormError, FormField } from "~/components/form-field";
import { useToastFrom } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ReviewHeldActions, ReviewHeldCard, type ReviewDecision } from "~/components/referrals-admin/review-held";
import { heldReferral, listReferrals, referralStats } from "~/domain/referrals/admin-referrals.server";
import { REFERRAL_STATUSES, type ReferralStatus } from "~/domain/referrals/referral-statuses";
import {
  RELEASE_HELD_REWARD_REFUSALS,
  releaseHeldReward,
  voidHeldReward,
} from "~/domain/referrals/review-held-reward.server";
import { bpsToPercentText, ReferralSettingsSchema } from "~/domain/referrals/referral-settings-validation";
import { updateReferralSettings } from "~/domain/referrals/update-referral-settings.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { FieldErrors } from "~/lib/forms";
import type { Toast } from "~/lib/toast";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Referral System Settings");

const FILTERS = ["all", ...REFERRAL_STATUSES] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  all: "All",
  pending: "Pending",
  approved: "Approved",
  held: "Held",
  voided: "Voided",
};

const DECISIONS = ["release", "void"] as const;

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(FILTERS).catch("all"),
  page: pageParam,
  /** The held referral whose Release or Void the page asks about (the buttons' link without JavaScript). */
  review: z.string().trim().max(64).optional().catch(undefined),
  decision: z.enum(DECISIONS).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.services.db;
  const [settings, stats, list, reviewing] = await Promise.all([
    getAppSettings(db),
    referralStats(db),
    listReferrals(db, { search: query.q, status: query.status, page: query.page }),
    query.review && query.decision ? heldReferral(db, query.review) : null,
  ]);
  return {
    query: { q: query.q, status: query.status, page: query.page },
    reviewing:
      reviewing && query.decision
        ? {
            decision: query.decision,
            referral: {
              id: reviewing.id,
              referrerName: reviewing.referrerName,
              referredName: reviewing.referredName,
              reward: formatKobo(reviewing.rewardKobo ?? 0n),
              holdReason: reviewing.holdReason,
            },
          }
        : null,
    stats: {
      totalReferrals: stats.totalReferrals,
      totalRewardsPaid: formatKobo(stats.totalRewardsPaidKobo),
      activeReferrers: stats.activeReferrers,
    },
    list: {
      ...list,
      referrals: list.referrals.map(({ rewardKobo, createdAt, ...r }) => ({
        ...r,
        reward: rewardKobo === null ? null : formatKobo(rewardKobo),
        createdAt: createdAt.toISOString(),
      })),
    },
    settings: {
      referralActive: settings.referralActive,
      rewardType: settings.referralRewardType,
      fixedAmount: koboToDecimal(settings.referralFixedKobo),
      percentage: bpsToPercentText(settings.referralPercentBps),
    },
  };
}

const ECHO = ["referralActive", "rewardType", "fixedAmount", "percentage"] as const;

const ReviewSchema = z.object({
  intent: z.enum(DECISIONS),
  referralId: z.string().trim().min(1).max(64),
});

const STATUS_WORDS: Record<ReferralStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  held: "On hold",
  voided: "Voided",
};

const reviewFailed = (description: string): Toast => ({ type: "error", title: "Review Failed", description });

/**
 * Release or Void of a held reward. The toast is the answer; `reviewed` repeats it for the page
 * posted without JavaScript, which shows it in words (no toast there).
 */
async function review(context: Route.ActionArgs["context"], actor: ReturnType<typeof actorFrom>, input: unknown) {
  const parsed = ReviewSchema.safeParse(input);
  if (!parsed.success) {
    const toast = reviewFailed("Could not review the referral reward.");
    return data({ toast, reviewed: toast }, { status: 400 });
  }
  const { intent, referralId } = parsed.data;
  const decide = intent === "release" ? releaseHeldReward : voidHeldReward;
  const result = await decide(context.services.db, actor, referralId);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  if (result.status === "own-referral") {
    const toast = reviewFailed(RELEASE_HELD_REWARD_REFUSALS[result.status]);
    return data({ toast, reviewed: toast }, { status: 403 });
  }
  if (result.status === "not-found") {
    const toast = reviewFailed("This referral no longer exists.");
    return data({ toast, reviewed: toast }, { status: 404 });
  }
  if (result.status === "conflict") {
    // Another admin (or another tab) decided first: nothing changed here; the list reloads to show the truth.
    const toast = reviewFailed(
      `This reward is no longer on hold (it is ${STATUS_WORDS[result.current]}; another admin may have just reviewed it), so nothing was changed. The list has been refreshed.`,
    );
    return data({ toast, reviewed: toast }, { status: 409 });
  }
  const { referral } = result;
  const reward = formatKobo(referral.rewardKobo);
  const toast: Toast =
    referral.status === "approved"
      ? {
          type: "success",
          title: "Reward Released",
          description: `${reward} has been paid to ${referral.referrerName} for referring ${referral.referredName}.`,
        }
      : {
          type: "success",
          title: "Reward Voided",
          description: `The held reward of ${reward} for ${referral.referrerName} referring ${referral.referredName} has been voided. Nothing was paid.`,
        };
  return data({ toast, reviewed: toast });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  const values = await readForm(request);
  if (values.intent === "release" || values.intent === "void") return review(context, actorFrom(user, context), values);
  const parsed = parseForm(ReferralSettingsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ECHO),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateReferralSettings(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/referrals", {
    type: "success",
    title: "Success",
    description: "Referral settings updated.",
  });
}

/** A refused review (409: decided by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function ReferralSystemSettings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useToastFrom(actionData?.toast);
  const saved = loaderData.settings;
  const echoed = actionData && "values" in actionData ? actionData.values : undefined;
  const reviewed = actionData && "reviewed" in actionData ? actionData.reviewed : null;
  const listPath = listHref(
    {
      q: loaderData.query.q,
      status: loaderData.query.status === "all" ? undefined : loaderData.query.status,
      page: loaderData.query.page,
    },
    "/admin/referrals",
  );
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <h1 className="text-2xl font-bold">Referral System Settings</h1>
      {reviewed ? (
        <div
          role={reviewed.type === "error" ? "alert" : "status"}
          className={
            reviewed.type === "error"
              ? "rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
              : "rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-800"
          }
        >
          <p className="font-semibold">{reviewed.title}</p>
          <p>{reviewed.description}</p>
        </div>
      ) : null}
      {loaderData.reviewing ? (
        <ReviewHeldCard
          row={loaderData.reviewing.referral}
          decision={loaderData.reviewing.decision}
          listHref={listPath}
        />
      ) : null}
      <Card>
        <CardTitle>Referral reward</CardTitle>
        <CardDescription>
          What a referrer earns when a member they referred has their first membership upgrade approved.
        </CardDescription>
        <SettingsForm
          key={`${saved.referralActive}\n${saved.rewardType}\n${saved.fixedAmount}\n${saved.percentage}`}
          active={echoed ? echoed.referralActive === "on" : saved.referralActive}
          rewardType={
            echoed?.rewardType === "fixed" || echoed?.rewardType === "percentage" ? echoed.rewardType : saved.rewardType
          }
          fixedAmount={echoed?.fixedAmount ?? saved.fixedAmount}
          percentage={echoed?.percentage ?? saved.percentage}
          errors={actionData && "errors" in actionData ? actionData.errors : {}}
          submitting={navigation.state === "submitting"}
        />
      </Card>
      <Statistics stats={loaderData.stats} />
      <ReferralList query={loaderData.query} list={loaderData.list} />
    </div>
  );
}

function Statistics({ stats }: { stats: Route.ComponentProps["loaderData"]["stats"] }) {
  const figures = [
    ["Total Referrals", stats.totalReferrals.toLocaleString("en-NG")],
    ["Total Rewards Paid", stats.totalRewardsPaid],
    ["Active Referrers", stats.activeReferrers.toLocaleString("en-NG")],
  ] as const;
  return (
    <Card>
      <CardTitle>Referral Statistics</CardTitle>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-4">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-gray-900" data-testid={`stat-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["list"]["referrals"][number];

const STATUS_BADGES = {
  pending: { tone: "yellow", label: "Pending" },
  approved: { tone: "green", label: "Approved" },
  held: { tone: "red", label: "Held" },
  voided: { tone: "gray", label: "Voided" },
} as const satisfies Record<ReferralStatus, { tone: string; label: string }>;

function status(row: Row) {
  const badge = STATUS_BADGES[row.status];
  return (
    <Badge tone={badge.tone} data-status={row.status}>
      {badge.label}
    </Badge>
  );
}

/** Why the reward is (or will be, while pending) held; kept once it was released or voided. */
function holdReason(row: Row) {
  if (!row.holdReason) return null;
  return (
    <span className="mt-1 block text-xs text-gray-600">
      {row.status === "pending" ? "Will be held: " : null}
      {row.holdReason}
    </span>
  );
}

function actions(row: Row, reviewHref: (row: Row, decision: ReviewDecision) => string) {
  if (row.status !== "held") {
    return (
      <>
        <span aria-hidden className="text-gray-400">
          —
        </span>
        <span className="sr-only">No actions</span>
      </>
    );
  }
  return (
    <ReviewHeldActions
      row={{
        id: row.id,
        referrerName: row.referrerName,
        referredName: row.referredName,
        reward: row.reward ?? "₦0.00",
        holdReason: row.holdReason,
      }}
      reviewHref={(decision) => reviewHref(row, decision)}
    />
  );
}

function ReferralList({ query, list }: { query: LoaderData["query"]; list: LoaderData["list"] }) {
  const { referrals, counts, page, pageCount } = list;
  const href = (changes: Partial<typeof query>) => {
    const next = { ...query, ...changes };
    return listHref({ q: next.q, status: next.status === "all" ? undefined : next.status, page: next.page });
  };
  const reviewHref = (row: Row, decision: ReviewDecision) =>
    listHref({
      q: query.q,
      status: query.status === "all" ? undefined : query.status,
      page: query.page,
      review: row.id,
      decision,
    });
  const anyHeld = referrals.some((row) => row.status === "held");
  return (
    <section aria-labelledby="referrals-heading" className="grid gap-4">
      <h2 id="referrals-heading" className="text-xl font-bold">
        Referrals
      </h2>
      <ListSearch
        id="referral-search"
        label="Search referrals"
        placeholder="Search by name or email"
        q={query.q}
        keep={{ status: query.status !== "all" ? query.status : undefined }}
      />
      <ListFilters
        label="Filter referrals"
        filters={FILTERS}
        current={query.status}
        labels={FILTER_LABELS}
        counts={counts}
        hrefFor={(filter) => href({ status: filter, page: 1 })}
      />
      {referrals.length === 0 ? (
        <Card>
          <p className="text-gray-700">{query.q ? "No referrals match your search." : "No referrals found."}</p>
        </Card>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-gray-600">
                <tr>
                  {["Referrer", "Referred", "Date", "Status", "Reward", ...(anyHeld ? ["Actions"] : [])].map(
                    (heading) => (
                      <th key={heading} scope="col" className="px-4 py-3 font-medium">
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {referrals.map((row) => (
                  <tr key={row.id} data-testid={`referral-row-${row.referredEmail}`}>
                    <td className="px-4 py-3">
                      <span className="font-medium">{row.referrerName}</span>
                      <span className="block break-all text-xs text-gray-500">{row.referrerEmail}</span>
                    </td>
                    <td className="px-4 py-3">
                      <span className="font-medium">{row.referredName}</span>
                      <span className="block break-all text-xs text-gray-500">{row.referredEmail}</span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{formatLagosDate(row.createdAt)}</td>
                    <td className="px-4 py-3">
                      {status(row)}
                      {holdReason(row)}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{row.reward ?? "—"}</td>
                    {anyHeld ? <td className="px-4 py-3">{actions(row, reviewHref)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden">
            {referrals.map((row) => (
              <li
                key={row.id}
                className="rounded-lg border border-gray-200 bg-white p-4"
                data-testid={`referral-card-${row.referredEmail}`}
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium">{row.referredName}</p>
                    <p className="break-all text-sm text-gray-600">{row.referredEmail}</p>
                  </div>
                  {status(row)}
                </div>
                <p className="mt-2 text-sm text-gray-700">
                  Referred by <span className="font-medium">{row.referrerName}</span>{" "}
                  <span className="break-all text-gray-500">({row.referrerEmail})</span>
                </p>
                <p className="mt-1 text-xs text-gray-500">
                  {formatLagosDate(row.createdAt)} · Reward {row.reward ?? "—"}
                </p>
                {holdReason(row)}
                {row.status === "held" ? <div className="mt-3">{actions(row, reviewHref)}</div> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <ListPager
        previous={page > 1 ? href({ page: page - 1 }) : undefined}
        next={page < pageCount ? href({ page: page + 1 }) : undefined}
        summary={`Page ${page} of ${pageCount}`}
      />
    </section>
  );
}

function SettingsForm({
  active,
  rewardType,
  fixedAmount,
  percentage,
  errors,
  submitting,
}: {
  active: boolean;
  rewardType: "fixed" | "percentage";
  fixedAmount: string;
  percentage: string;
  errors: FieldErrors;
  submitting: boolean;
}) {
  // The matching input is chosen by CSS (:has), so the form works the same before JavaScript loads.
  return (
    <Form method="post" className="group mt-5 grid gap-5" noValidate>
      <FormError message={errors.form} />
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span className="grid gap-0.5">
          <span className="text-sm font-medium text-gray-800">Enable Referral System</span>
          <span className="text-sm text-gray-600">When off, no referral rewards are paid.</span>
        </span>
        <input type="checkbox" role="switch" name="referralActive" defaultChecked={active} className="peer sr-only" />
        <span
          aria-hidden
          className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Reward Type</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="rewardType"
              value="fixed"
              defaultChecked={rewardType === "fixed"}
              className="h-4 w-4 accent-brand-600"
            />
            Fixed Amount
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="rewardType"
              value="percentage"
              defaultChecked={rewardType === "percentage"}
              className="h-4 w-4 accent-brand-600"
            />
            Percentage
          </label>
        </div>
      </fieldset>
      <div className="hidden group-has-[input[value=fixed]:checked]:block">
        <FormField
          label="Fixed Amount (₦)"
          name="fixedAmount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={24}
          hint="Paid to the referrer for each referred member's first approved upgrade, in naira."
          defaultValue={fixedAmount}
          error={errors.fixedAmount}
        />
      </div>
      <div className="hidden group-has-[input[value=percentage]:checked]:block">
        <FormField
          label="Percentage (%)"
          name="percentage"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={10}
          hint="Of the price paid for the referred member's first approved upgrade: 0 to 100, up to 2 decimal places."
          defaultValue={percentage}
          error={errors.percentage}
        />
      </div>
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Saving..." : "Save Settings"}
      </Button>
    </Form>
  );
}
