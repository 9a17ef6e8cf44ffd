import { Badge } from "~/components/ui/badge";
import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";

/** Badge colours: pending yellow, processing blue, completed green, rejected red. */
const TONES = { pending: "yellow", processing: "blue", completed: "green", rejected: "red" } as const satisfies Record<
  WithdrawalStatus,
  string
>;

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  rejected: "Rejected",
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return (
    <Badge tone={TONES[status]} data-tone={TONES[status]}>
      {WITHDRAWAL_STATUS_LABELS[status]}
    </Badge>
  );
}
