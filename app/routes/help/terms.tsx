import type { Route } from "./+types/terms";
import { useAppName } from "~/components/app-name";
import { TermsContent } from "~/components/help/terms-content";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Terms of Use"),
  {
    name: "description",
    content:
      "The terms of use in plain words: one account per person, fair play, rewards, withdrawals and advertisers' responsibilities.",
  },
];

/** GET /terms: public, signed in or not. */
export default function Terms() {
  const appName = useAppName();
  return <TermsContent appName={appName} />;
}
