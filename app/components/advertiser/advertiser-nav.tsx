import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { navLinkClass as link } from "~/components/ui/nav-link";

/**
 * The advertiser's header links (Home, Campaigns, Payouts, Messages) and Sign out: plain links and
 * a form, so they work without JavaScript. On a phone the links take a row of their own under the
 * logo and Sign out (the header wraps); from the small breakpoint up, one row with Sign out last.
 * Messages (their conversation with support) shows how many are unread, as the members' menu does.
 */
export function AdvertiserNav({ unreadMessages }: { unreadMessages: number }) {
  return (
    <>
      <nav
        aria-label="Advertiser"
        className="order-last -mx-1.5 flex w-full min-w-0 items-center overflow-x-auto sm:order-none sm:mx-0 sm:ml-auto sm:w-auto sm:gap-1"
        data-testid="advertiser-nav"
      >
        <NavLink to="/advertiser" end className={link}>
          Home
        </NavLink>
        <NavLink to="/advertiser/campaigns" className={link}>
          Campaigns
        </NavLink>
        <NavLink to="/advertiser/payouts" className={link}>
          Payouts
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
      </nav>
      <Form method="post" action="/logout" className="shrink-0">
        <Button type="submit" variant="ghost" size="sm" className="px-1.5 sm:px-3">
          Sign out
        </Button>
      </Form>
    </>
  );
}
