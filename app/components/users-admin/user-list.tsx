import { MemberLink } from "~/components/admin/user-column";
import { ConfirmAction } from "~/components/confirm-action";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { USER_ACCOUNT_STATUS_BADGES, type UserAccountStatus } from "~/domain/users/account-status";
import { formatLagosDate } from "~/lib/lagos-time";

/** A member as Manage Users lists them (earnings formatted by the loader). */
export type AdminUserRow = {
  id: string;
  displayId: string;
  referralCode: string;
  name: string;
  email: string;
  status: UserAccountStatus;
  earnings: string;
  /** ISO time. */
  createdAt: string;
};

/**
 * Pending: Approve and Restrict; approved: Restrict; restricted: Unrestrict. Each behind a
 * confirmation, posted to Manage Users' action (`action`: from another page, "/admin/users").
 */
export function UserActions({
  row,
  action,
}: {
  row: Pick<AdminUserRow, "id" | "name" | "email" | "status">;
  action?: string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {row.status === "pending" ? (
        <ConfirmAction
          trigger={<Button size="sm">Approve</Button>}
          title="Approve user?"
          description={`${row.name} (${row.email}) will be able to view adverts and earn.`}
          confirmLabel="Approve"
          fields={{ intent: "approve", userId: row.id }}
          action={action}
        />
      ) : null}
      {row.status === "restricted" ? (
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
          action={action}
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
          action={action}
          destructive
        />
      )}
    </div>
  );
}

const statusBadge = (row: AdminUserRow) => <StatusBadge status={row.status} badges={USER_ACCOUNT_STATUS_BADGES} />;

const COLUMNS: ListColumn<AdminUserRow>[] = [
  { header: "Referral Code", cell: (row) => row.referralCode, className: "font-mono" },
  {
    header: "Name",
    cell: (row) => (
      <>
        <MemberLink id={row.id}>{row.name}</MemberLink>
        <span className="block font-mono text-xs text-gray-500">{row.displayId}</span>
      </>
    ),
    hideInCard: true,
  },
  { header: "Email", cell: (row) => row.email, className: "break-all", hideInCard: true },
  {
    header: "Earnings",
    cell: (row) => <span data-testid="user-earnings">{row.earnings}</span>,
    align: "end",
  },
  { header: "Joined", cell: (row) => formatLagosDate(row.createdAt), className: "whitespace-nowrap" },
  { header: "Status", cell: statusBadge, hideInCard: true },
  { header: "Actions", cell: (row) => <UserActions row={row} />, hideInCard: true },
];

/** Manage Users' list: a table from tablets up, one card per member on phones. */
export function UserList({ rows, caption, empty }: { rows: AdminUserRow[]; caption: string; empty: string }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      caption={caption}
      framed
      empty={<p className="text-base text-gray-700">{empty}</p>}
      rowTestId={(row) => `user-row-${row.email}`}
      cardTestId={(row) => `user-card-${row.email}`}
      cardHeader={(row) => (
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p>
              <MemberLink id={row.id}>{row.name}</MemberLink>
            </p>
            <p className="break-all text-gray-600">{row.email}</p>
            <p className="font-mono text-xs text-gray-500">{row.displayId}</p>
          </div>
          {statusBadge(row)}
        </div>
      )}
      cardFooter={(row) => <UserActions row={row} />}
    />
  );
}
