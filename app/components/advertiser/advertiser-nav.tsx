import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

const link = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-1.5 py-2 text-sm sm:px-2 font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600",
    isActive && "text-brand-700 underline underline-offset-4",
  );

/** The advertiser's header links: plain links and a sign-out form, so they work without JavaScript. */
export function AdvertiserNav() {
  return (
    <nav aria-label="Advertiser" className="flex shrink-0 items-center sm:gap-1" data-testid="advertiser-nav">
      <NavLink to="/advertiser" end className={link}>
        Home
      </NavLink>
      <NavLink to="/advertiser/campaigns" className={link}>
        Campaigns
      </NavLink>
      <Form method="post" action="/logout">
        <Button type="submit" variant="ghost" size="sm" className="px-1.5 sm:px-3">
          Sign out
        </Button>
      </Form>
    </nav>
  );
}
