import { Link } from "react-router";
import { Coins, Gift, ShieldCheck, Smartphone } from "lucide-react";
import type { Route } from "./+types/home";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectIfSignedIn } from "~/server/auth.server";
import { appNameFrom, pageTitle } from "~/lib/meta";
import { openGraphTags } from "~/lib/open-graph";

const DESCRIPTION = "Get paid in naira for engaging with adverts. Businesses get measurable engagement.";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const appName = appNameFrom(matches);
  return [
    ...pageTitle(matches),
    { name: "description", content: DESCRIPTION },
    // What a shared link to the site shows (WhatsApp, Facebook, X, Telegram).
    ...(loaderData
      ? openGraphTags({
          appName,
          origin: loaderData.origin,
          path: "/",
          title: `${appName}: get paid for engaging with ads`,
          description: DESCRIPTION,
        })
      : []),
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return { origin: context.services.config.appUrl.origin };
}

const FEATURES = [
  {
    icon: Coins,
    title: "Earn real naira",
    text: "View adverts from real businesses and get paid for every advert you engage with.",
  },
  {
    icon: Gift,
    title: "Refer and earn",
    text: "Share your referral link and earn when the friends you invite upgrade.",
  },
  {
    icon: ShieldCheck,
    title: "Safe withdrawals",
    text: "Withdraw your earnings straight to your Nigerian bank account.",
  },
  { icon: Smartphone, title: "Made for your phone", text: "Fast and light on data, even on a slow network." },
];

export default function Home() {
  return (
    <div className="grid gap-10 sm:gap-12">
      <section className="grid gap-6 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">Get paid for engaging with ads</h1>
        <p className="mx-auto max-w-2xl text-lg text-gray-700">
          Users earn naira for viewing adverts. Businesses get measurable engagement from real people across Nigeria.
        </p>
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to="/register">Get Started Now</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link to="/login">Advertiser Login</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link to="/advertise">Advertise with us</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link to="/register">User Sign Up</Link>
          </Button>
        </div>
      </section>
      <section aria-label="Features" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="flex items-start gap-4 sm:block">
            <Icon className="h-8 w-8 shrink-0 text-brand-600" aria-hidden />
            <div>
              <h2 className="text-lg font-semibold sm:mt-3">{title}</h2>
              <p className="mt-1 text-sm text-gray-600">{text}</p>
            </div>
          </Card>
        ))}
      </section>
    </div>
  );
}
