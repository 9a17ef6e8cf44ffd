import { MemberLink } from "~/components/admin/user-column";
import { StatusBadge } from "~/components/ui/badge";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { UPGRADE_STATUS_BADGES, type UpgradeMethod, type UpgradeStatus } from "~/domain/memberships/upgrades";
import { REFERRAL_STATUS_BADGES, type ReferralStatus } from "~/domain/referrals/referral-statuses";
import { WITHDRAWAL_STATUS_BADGES, type WithdrawalStatus } from "~/domain/withdrawals/lifecycle";
import { METHOD_LABELS } from "~/components/memberships-admin/types";

/** The lists of a member's page for admins (`/admin/users/:userId`); money and dates formatted by the loader. */

export type MemberPerson = { id: string; name: string; displayId: string };

export type MemberStatusChange = {
  id: string;
  label: string;
  by: string;
  byDisplayId: string;
  at: string;
  when: string;
};

export type MemberAddressRow = {
  network: string;
  seen: string;
  sharedWith: number;
  others: MemberPerson[];
};

export type MemberReferralRow = {
  id: string;
  referred: MemberPerson;
  status: ReferralStatus;
  reward: string | null;
  holdReason: string | null;
  date: string;
};

export type MemberWithdrawalRow = {
  id: string;
  reference: string;
  amount: string;
  fee: string;
  bankName: string;
  status: WithdrawalStatus;
  requested: string;
};

export type MemberUpgradeRow = {
  id: string;
  reference: string;
  tierName: string;
  amount: string;
  method: UpgradeMethod;
  status: UpgradeStatus;
  requested: string;
};

const when = (at: string, text: string) => <time dateTime={at}>{text}</time>;

const HISTORY_COLUMNS: ListColumn<MemberStatusChange>[] = [
  { header: "Change", cell: (row) => <span className="font-medium">{row.label}</span> },
  {
    header: "By",
    cell: (row) => (
      <>
        {row.by} <span className="font-mono text-xs text-gray-600">{row.byDisplayId}</span>
      </>
    ),
  },
  { header: "When", cell: (row) => when(row.at, row.when), className: "whitespace-nowrap" },
];

/** Approved, restricted, unrestricted: who and when, newest first. */
export function StatusHistoryList({ rows }: { rows: MemberStatusChange[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={HISTORY_COLUMNS}
      caption="Status changes, newest first"
      testId="member-status-history"
      empty={<p className="text-gray-700">No status changes recorded yet.</p>}
    />
  );
}

/** "Shared with 2 other members: Ada (U…), …" with each a link to their page; or "Not shared". */
function Shared({ row }: { row: MemberAddressRow }) {
  if (row.sharedWith === 0) return <span className="text-gray-600">Not shared</span>;
  const more = row.sharedWith - row.others.length;
  return (
    <span className="block">
      <span className="font-medium text-amber-800">
        Shared with {row.sharedWith.toLocaleString("en-NG")} other {row.sharedWith === 1 ? "member" : "members"}
      </span>
      <span className="block text-sm">
        {row.others.map((other, i) => (
          <span key={other.id}>
            {i > 0 ? ", " : null}
            <MemberLink id={other.id}>{other.name}</MemberLink>{" "}
            <span className="font-mono text-xs text-gray-600">{other.displayId}</span>
          </span>
        ))}
        {more > 0 ? ` and ${more.toLocaleString("en-NG")} more` : null}
      </span>
    </span>
  );
}

const ADDRESS_COLUMNS: ListColumn<MemberAddressRow>[] = [
  { header: "Address", cell: (row) => row.network, className: "font-mono text-xs leading-5 break-all" },
  { header: "Seen", cell: (row) => row.seen },
  { header: "Other members", cell: (row) => <Shared row={row} />, stackInCard: true },
];

/** The sign-up address and recent sign-in addresses, each with the other members who used it. */
export function AddressList({ rows }: { rows: MemberAddressRow[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.network}
      columns={ADDRESS_COLUMNS}
      caption="Sign-up and sign-in addresses"
      testId="member-addresses"
      rowTestId={(row) => `address-${row.network}`}
      cardTestId={(row) => `address-card-${row.network}`}
      empty={<p className="text-gray-700">No address recorded yet.</p>}
    />
  );
}

const REFERRAL_COLUMNS: ListColumn<MemberReferralRow>[] = [
  {
    header: "Referred",
    cell: (row) => (
      <>
        <MemberLink id={row.referred.id}>{row.referred.name}</MemberLink>{" "}
        <span className="block font-mono text-xs text-gray-600">{row.referred.displayId}</span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (row) => (
      <>
        <StatusBadge status={row.status} badges={REFERRAL_STATUS_BADGES} />
        {row.holdReason ? (
          <span className="mt-1 block text-xs text-gray-600">
            {row.status === "pending" ? "Will be held: " : "Held: "}
            {row.holdReason}
          </span>
        ) : null}
      </>
    ),
  },
  { header: "Reward", cell: (row) => row.reward ?? "—", align: "end" },
  { header: "Date", cell: (row) => row.date, className: "whitespace-nowrap" },
];

export function MemberReferralList({ rows }: { rows: MemberReferralRow[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={REFERRAL_COLUMNS}
      caption="Referrals made, newest first"
      testId="member-referrals"
      empty={<p className="text-gray-700">No referrals yet.</p>}
    />
  );
}

const WITHDRAWAL_COLUMNS: ListColumn<MemberWithdrawalRow>[] = [
  { header: "Reference", cell: (row) => row.reference, className: "font-mono" },
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium" },
  { header: "Fee", cell: (row) => row.fee, align: "end" },
  { header: "Bank", cell: (row) => row.bankName },
  { header: "Requested", cell: (row) => row.requested, className: "whitespace-nowrap" },
  { header: "Status", cell: (row) => <StatusBadge status={row.status} badges={WITHDRAWAL_STATUS_BADGES} /> },
];

export function MemberWithdrawalList({ rows }: { rows: MemberWithdrawalRow[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={WITHDRAWAL_COLUMNS}
      caption="Withdrawals, newest first"
      testId="member-withdrawals"
      rowTestId={(row) => `member-withdrawal-${row.reference}`}
      empty={<p className="text-gray-700">No withdrawals yet.</p>}
    />
  );
}

const UPGRADE_COLUMNS: ListColumn<MemberUpgradeRow>[] = [
  { header: "Reference", cell: (row) => row.reference, className: "font-mono" },
  { header: "Tier", cell: (row) => row.tierName },
  { header: "Amount", cell: (row) => row.amount, align: "end" },
  { header: "Method", cell: (row) => METHOD_LABELS[row.method] },
  { header: "Requested", cell: (row) => row.requested, className: "whitespace-nowrap" },
  { header: "Status", cell: (row) => <StatusBadge status={row.status} badges={UPGRADE_STATUS_BADGES} /> },
];

export function MemberUpgradeList({ rows }: { rows: MemberUpgradeRow[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={UPGRADE_COLUMNS}
      caption="Upgrade requests, newest first"
      testId="member-upgrades"
      empty={<p className="text-gray-700">No upgrade requests yet.</p>}
    />
  );
}
