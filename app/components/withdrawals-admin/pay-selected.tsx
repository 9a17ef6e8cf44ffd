import { Send } from "lucide-react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PAY_SELECTED_FORM } from "./withdrawals-table";

/**
 * "Pay selected via Paystack": the ticked rows' checkboxes belong to this form (their `form`
 * attribute), a plain post to /admin/withdrawals/pay, with or without JavaScript, which queues them
 * and answers at once; back to this page (its search, filter and page kept), whose progress panel
 * follows each one.
 */
export function PaySelectedForm() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <Card>
      <Form
        id={PAY_SELECTED_FORM}
        method="post"
        action="/admin/withdrawals/pay"
        className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <p className="text-sm text-gray-700" id="pay-selected-hint">
          Tick processing withdrawals below to pay them through Paystack in one go (at most 50). They are queued and
          sent one transfer each, while you carry on; their progress shows at the top of this page. Each account holder
          receives the net amount; a withdrawal shows as Sent until Paystack confirms the payment.
        </p>
        <Button type="submit" aria-describedby="pay-selected-hint" className="shrink-0">
          <Send className="h-4 w-4" aria-hidden />
          Pay selected via Paystack
        </Button>
      </Form>
    </Card>
  );
}
