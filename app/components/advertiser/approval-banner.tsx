import { Card, CardDescription, CardTitle } from "~/components/ui/card";

/** Where the business's approval stands, unless it is approved: then nothing. */
export function ApprovalBanner({
  status,
  rejectionReason,
}: {
  status: "pending" | "approved" | "rejected";
  rejectionReason: string | null;
}) {
  if (status === "approved") return null;
  if (status === "pending") {
    return (
      <Card role="status" className="border-amber-300 bg-amber-50/40" data-testid="approval-banner">
        <CardTitle>Your business is awaiting approval</CardTitle>
        <CardDescription>
          An admin reviews every new business. You can look around meanwhile; campaigns can be created once it is
          approved.
        </CardDescription>
      </Card>
    );
  }
  return (
    <Card role="status" className="border-red-300 bg-red-50/40" data-testid="approval-banner">
      <CardTitle>Your business was not approved</CardTitle>
      <CardDescription>
        {rejectionReason ? <>Reason: {rejectionReason}</> : "No reason was given."} You cannot create campaigns.
      </CardDescription>
    </Card>
  );
}
