import { z } from "zod";
import type { Route } from "./+types/users";
import { ListFilters, ListSearch } from "~/components/admin/list-controls";
import { Pager } from "~/components/ui/pager";
import { type AdminUserRow, UserList } from "~/components/users-admin/user-list";
import { formatKobo } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { accountStatusOf } from "~/domain/users/account-status";
import { listUsers } from "~/domain/users/list-users.server";
import { USER_FILTERS, type UserFilter } from "~/domain/users/user-filters";
import { moderateUser, type Moderation } from "~/domain/users/moderate-user.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, readForm } from "~/server/forms.server";
import { errorToast } from "~/lib/toast";
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
  const users: AdminUserRow[] = result.users.map((u) => ({
    id: u.id,
    displayId: u.displayId,
    referralCode: u.referralCode,
    name: u.name,
    email: u.email,
    status: accountStatusOf(u),
    earnings: formatKobo(u.earnedKobo),
    createdAt: u.createdAt.toISOString(),
  }));
  return { query, users, counts: result.counts, page: result.page, pageCount: result.pageCount };
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
  if (!parsed.success) return actionAnswer(errorToast("Action Failed", "Could not update user status."));
  const { intent, userId } = parsed.data;
  const result = await moderateUser(
    context.services.db,
    actorFrom(admin, context),
    userId,
    intent,
    context.services.config.appUrl,
  );
  if (result.status === "forbidden") throw forbidden(DENIED);
  // A refused change (already approved, state changed by another admin) is a conflict, not a crash.
  if (result.status !== "ok") return actionAnswer(errorToast(...OUTCOMES[intent].failed), { status: 409, intent });
  void context.services.flushMail();
  const [title, description] = OUTCOMES[intent].done;
  return actionAnswer({ type: "success", title, description });
}

const FILTER_LABELS: Record<UserFilter, string> = {
  all: "All",
  pending: "Pending Approval",
  approved: "Approved",
  restricted: "Restricted",
};

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { query, users, counts, page, pageCount } = loaderData;
  const href = (changes: Partial<typeof query>) => {
    const next = { ...query, ...changes };
    return listHref({ q: next.q, filter: next.filter === "all" ? undefined : next.filter, page: next.page });
  };
  const caption = `Users${query.filter !== "all" ? ` (${FILTER_LABELS[query.filter]})` : ""}${
    query.q ? ` matching “${query.q}”` : ""
  }, page ${page} of ${pageCount}`;
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
      <UserList
        rows={users}
        caption={caption}
        empty={query.q ? "No users match your search." : "No users in this list yet."}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={(page) => href({ page })} />
    </div>
  );
}
