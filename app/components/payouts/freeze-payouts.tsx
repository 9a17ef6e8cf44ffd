import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";

/**
 * The page the bank-details-changed mail links to: one button that freezes the member's payouts
 * (a plain form post: it works before JavaScript), or, once frozen, what happens next.
 */
export function FreezePayouts({
  frozenAt,
  bankDetailsPath,
  home,
}: {
  /** When they were frozen (Lagos time, formatted); null while not frozen. */
  frozenAt: string | null;
  bankDetailsPath: string;
  home: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <h1 className="text-2xl font-bold">Freeze payouts</h1>
      {frozenAt ? (
        <Card aria-labelledby="frozen-heading">
          <CardTitle id="frozen-heading">Your payouts are frozen</CardTitle>
          <CardDescription>
            Since {frozenAt}, nothing is paid to any bank account from your balance. An admin will check your account
            and release your payouts; your balance stays as it is meanwhile.
          </CardDescription>
          <ul className="mt-4 grid list-disc gap-2 pl-5 text-sm text-gray-700">
            <li>If you have not done it yet, change your password on your profile, or reset it from the login page.</li>
            <li>
              Then check your{" "}
              <Link to={bankDetailsPath} className="text-brand-700 underline">
                bank details
              </Link>{" "}
              and put back your own account.
            </li>
          </ul>
          <p className="mt-4">
            <Link to={home} className="text-brand-700 underline">
              Back to your dashboard
            </Link>
          </p>
        </Card>
      ) : (
        <Card aria-labelledby="freeze-heading">
          <CardTitle id="freeze-heading">Did someone else change your bank details?</CardTitle>
          <CardDescription>
            Freezing stops every payout from your balance, automatic or by an admin, until an admin has checked your
            account. Nothing leaves your balance. Only an admin can release the freeze.
          </CardDescription>
          <Form method="post" className="mt-5">
            <Button type="submit" variant="destructive" disabled={busy} className="w-full sm:w-auto">
              {busy ? "Freezing..." : "Freeze my payouts"}
            </Button>
          </Form>
          <p className="mt-4 text-sm text-gray-700">
            If you changed your bank details yourself, there is nothing to do:{" "}
            <Link to={home} className="text-brand-700 underline">
              back to your dashboard
            </Link>
            .
          </p>
        </Card>
      )}
    </div>
  );
}
