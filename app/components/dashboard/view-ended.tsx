import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { advertToast } from "~/domain/adverts/claim-toasts";

const ENDED = advertToast({ status: "view-ended" });

/**
 * The advert's page once the member's view of it has ended (they opened another advert, in this
 * tab or another): what happened, and "View again", which starts a new view with its own
 * countdown — the same POST as the dashboard's View Advert, so it works without JavaScript, and
 * the server decides again whether the member may view it (daily limit, slots left).
 */
export function ViewEnded({ advert }: { advert: { id: string; title: string; reward: string } }) {
  const navigation = useNavigation();
  const action = `/adverts/${encodeURIComponent(advert.id)}`;
  const starting = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <div className="grid gap-4 p-5" data-testid="view-ended">
      <div>
        <p className="text-sm font-medium text-gray-600">View ended</p>
        <h1 className="mt-1 break-words text-2xl font-bold">{advert.title}</h1>
        <p className="mt-2 text-lg font-semibold text-brand-700">Reward: {advert.reward}</p>
      </div>
      <div className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
        <p className="font-semibold">{ENDED.title}</p>
        <p className="mt-0.5">
          {ENDED.description} You can view one advert at a time, so its countdown was lost. View it again to start a new
          countdown.
        </p>
      </div>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="start" />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={starting}>
          {starting ? "Opening..." : "View again"}
        </Button>
      </Form>
    </div>
  );
}
