import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { ListFilters, ListPager, ListSearch } from "~/components/admin/list-controls";
import { ConfirmAction } from "~/components/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatKobo } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { listUsers } from "~/domain/users/list-users.server";
import { USER_FILTERS, type UserFilter } from "~/domain/users/user-filters";
import { moderateUser, type Moderation } from "~/domain/users/moderate-user.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Users");

const DENIED = "Access Denied. You do not have permission to manage users.";

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  filter: z.enum(USER_FILTERS).catch("all"),
  page: pageParam,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_users", DENIED);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listUsers(context.services.db, { search: query.q, filter: query.filter, page: query.page });
  return {
    query,
    ...result,
    users: result.users.map(({ earnedKobo, ...u }) => ({
      ...u,
      earnings: formatKobo(earnedKobo),
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

const ActionSchema = z.object({
  intent: z.enum(["approve", "restrict", "unrestrict"]),
  userId: z.string().min(1).max(64),
});

const OUTCOMES: Record<Moderation, { done: [string, string]; failed: [string, string] }> = {
  approve: {
    done: ["User Approved", "The user has been approved and can now view adverts."],
    failed: ["Approval Failed", "Could not approve user."],
  },
  restrict: {
    done: ["User Restricted", "The user has been restricted and signed out."],
    failed: ["Action Failed", "Could not update user status."],
  },
  unrestrict: {
    done: ["User Unrestricted", "The user can sign in again."],
    failed: ["Action Failed", "Could not update user status."],
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_users", DENIED);
  const parsed = ActionSchema.safeParse(await readForm(request));
  if (!parsed.success)
    return data(
      { toast: { type: "error" as const, title: "Action Failed", description: "Could not update user status." } },
      { status: 400 },
    );
  const { intent, userId } = parsed.data;
  const result = await moderateUser(
    context.services.db,
    actorFrom(admin, context),
    userId,
    intent,
    context.services.config.appUrl,
  );
  if (result.status === "forbidden") throw forbidden(DENIED);
  const done = result.status === "ok";
  const [title, description] = done ? OUTCOMES[intent].done : OUTCOMES[intent].failed;
  if (done) void context.services.flushMail();
  // A refused change (already approved, state changed by another admin) is a conflict, not a crash.
  return data(
    { toast: { type: done ? ("success" as const) : ("error" as const), title, description } },
    { status: done ? 200 : 409 },
  );
}

const FILTER_LABELS: Record<UserFilter, string> = {
  all: "All",
  pending: "Pending Approval",
  approved: "Approved",
  restricted: "Restricted",
};

type Row = Route.ComponentProps["loaderData"]["users"][number];

function status(row: Row) {
  if (row.isRestricted) return <Badge tone="red">Restricted</Badge>;
  if (row.isApproved) return <Badge tone="green">Approved</Badge>;
  return <Badge tone="yellow">Pending</Badge>;
}

function Actions({ row }: { row: Row }) {
  return (
    <div className="flex flex-wrap gap-2">
      {!row.isApproved && !row.isRestricted ? (
        <ConfirmAction
          trigger={<Button size="sm">Approve</Button>}
          title="Approve user?"
          description={`${row.name} (${row.email}) will be able to view adverts and earn.`}
          confirmLabel="Approve"
          fields={{ intent: "approve", userId: row.id }}
        />
      ) : null}
      {row.isRestricted ? (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="outline">
              Unrestrict
            </Button>
          }
          title="Unrestrict user?"
          description={`${row.name} will be able to sign in again.`}
          confirmLabel="Unrestrict"
          fields={{ intent: "unrestrict", userId: row.id }}
        />
      ) : (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="outline" className="text-red-700">
              Restrict
            </Button>
          }
          title="Restrict user?"
          description={`${row.name} will be signed out at once and cannot sign in until unrestricted.`}
          confirmLabel="Restrict"
          fields={{ intent: "restrict", userId: row.id }}
          destructive
        />
      )}
    </div>
  );
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { query, users, counts, page, pageCount } = loaderData;
  const href = (changes: Partial<typeof query>) => {
    const next = { ...query, ...changes };
    return listHref({ q: next.q, filter: next.filter === "all" ? undefined : next.filter, page: next.page });
  };
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">Manage Users</h1>
      <ListSearch
        id="user-search"
        label="Search users"
        placeholder="Search by name, email, referral code or user ID"
        q={query.q}
        keep={{ filter: query.filter !== "all" ? query.filter : undefined }}
      />
      <ListFilters
        label="Filter users"
        filters={USER_FILTERS}
        current={query.filter}
        labels={FILTER_LABELS}
        counts={counts}
        hrefFor={(filter) => href({ filter, page: 1 })}
      />
      {users.length === 0 ? (
        <Card>
          <p className="text-gray-700">{query.q ? "No users match your search." : "No users in this list yet."}</p>
        </Card>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-gray-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Referral Code
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Earnings
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Joined
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {users.map((row) => (
                  <tr key={row.id} data-testid={`user-row-${row.email}`}>
                    <td className="px-4 py-3 font-mono">{row.referralCode}</td>
                    <td className="px-4 py-3">
                      <span className="font-medium">{row.name}</span>
                      <span className="block font-mono text-xs text-gray-500">{row.displayId}</span>
                    </td>
                    <td className="break-all px-4 py-3">{row.email}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums" data-testid="user-earnings">
                      {row.earnings}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{formatLagosDate(row.createdAt)}</td>
                    <td className="px-4 py-3">{status(row)}</td>
                    <td className="px-4 py-3">
                      <Actions row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden">
            {users.map((row) => (
              <li
                key={row.id}
                className="rounded-lg border border-gray-200 bg-white p-4"
                data-testid={`user-card-${row.email}`}
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium">{row.name}</p>
                    <p className="break-all text-sm text-gray-600">{row.email}</p>
                  </div>
                  {status(row)}
                </div>
                <p className="mt-2 text-sm text-gray-700">
                  Earnings{" "}
                  <span className="font-semibold tabular-nums text-gray-900" data-testid="user-earnings">
                    {row.earnings}
                  </span>
                </p>
                <p className="mt-1 text-xs text-gray-500">
                  {row.displayId} · Code <span className="font-mono">{row.referralCode}</span> · Joined{" "}
                  {formatLagosDate(row.createdAt)}
                </p>
                <div className="mt-3">
                  <Actions row={row} />
                </div>
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
    </div>
  );
}
