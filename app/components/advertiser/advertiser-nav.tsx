import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { navLinkClass as link } from "~/components/ui/nav-link";

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
