import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { navLinkClass as link } from "~/components/ui/nav-link";

/**
 * The advertiser's header links: plain links and a sign-out form, so they work without JavaScript.
 * Messages (their conversation with support) shows how many are unread, as the members' menu does.
 */
export function AdvertiserNav({ unreadMessages }: { unreadMessages: number }) {
  return (
    <nav aria-label="Advertiser" className="flex shrink-0 items-center sm:gap-1" data-testid="advertiser-nav">
      <NavLink to="/advertiser" end className={link}>
        Home
      </NavLink>
      <NavLink to="/advertiser/campaigns" className={link}>
        Campaigns
      </NavLink>
      <NavLink to="/messages" className={link}>
        Messages
        {unreadMessages > 0 ? (
          <span
            className="ml-1 rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white"
            data-testid="nav-unread-count"
          >
            {unreadMessages}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </NavLink>
      <Form method="post" action="/logout">
        <Button type="submit" variant="ghost" size="sm" className="px-1.5 sm:px-3">
          Sign out
        </Button>
      </Form>
    </nav>
  );
}
