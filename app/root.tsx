import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { countUnreadMessages } from "~/domain/messages/read-state.server";
import { hasPermission, homePathFor, type Role } from "~/domain/permissions/permissions";
import { DEFAULT_APP_SETTINGS, getAppSettings } from "~/domain/settings/app-settings";
import { logoUrlRules } from "~/domain/settings/validation";
import { displayImageUrl } from "~/domain/shared/image-url";
import { getCurrentUser } from "~/server/auth.server";
import { takeToast } from "~/server/toast.server";
import { NotFoundPage } from "~/components/not-found";
import { UNEXPECTED_ERROR_MESSAGE } from "~/lib/error-messages";

export type RootUser = {
  name: string;
  email: string;
  role: Role;
  homePath: string;
  canManageSettings: boolean;
  /** Messages sent to them (for staff, to support too) and not yet read (the header's badge, the dashboard's Messages card). */
  unreadMessages: number;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, settings] = await Promise.all([getCurrentUser(request, context), getAppSettings(context.services.db)]);
  const [{ toast, headers }, unreadMessages] = await Promise.all([
    takeToast(request, context),
    user ? countUnreadMessages(context.services.db, user) : 0,
  ]);
  const rootUser: RootUser | null = user && {
    name: user.name,
    email: user.email,
    role: user.role,
    homePath: homePathFor(user.role),
    canManageSettings: hasPermission(user, "manage_settings"),
    unreadMessages,
  };
  // A stored logo the settings form would refuse now (an app route, …) is never loaded: the default shows.
  const logoUrl = displayImageUrl(
    settings.logoUrl,
    logoUrlRules(context.services.config.appUrl),
    DEFAULT_APP_SETTINGS.logoUrl,
  );
  return data({ user: rootUser, settings: { appName: settings.appName, logoUrl }, toast }, { headers });
}

// Keeps Retry-After on error pages (503 while the database is down); React Router otherwise drops it.
export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/logo.svg", type: "image/svg+xml" }];

const FALLBACK_SETTINGS = { appName: "AdNaira", logoUrl: "/logo.svg" };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const settings = rootData?.settings ?? FALLBACK_SETTINGS;
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#008751" />
        {/*
          With a precedence, React writes the stylesheet at the top of <head>, before the
          modulepreload links it hoists from <Scripts />: the page's only render-blocking request
          is asked for first (about 250 ms sooner first paint on a slow 3G cell, docs/performance.md).
        */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader appName={settings.appName} logoUrl={settings.logoUrl} user={rootData?.user ?? null} />
        <PendingBar />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
          {children}
        </main>
        <SiteFooter appName={settings.appName} />
        <Toaster initial={rootData?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** While a navigation loads: a thin bar and a "Loading..." status for screen readers. */
function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50">
      <div className="h-1 w-full animate-pulse bg-brand-600" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    const message = (error.data as { message?: string } | undefined)?.message;
    if (error.status === 403) return <ErrorMessage title="Access Denied" message={message ?? "Access Denied."} />;
    if (error.status === 503) {
      return <ErrorMessage title="Temporarily unavailable" message={message ?? "Please try again in a moment."} />;
    }
    if (error.status === 400)
      return <ErrorMessage title="Bad request" message={message ?? "The request could not be understood."} />;
  }
  return <ErrorMessage title="Something went wrong" message={UNEXPECTED_ERROR_MESSAGE} />;
}

function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-700" data-testid="error-message">
        {message}
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Go home</Link>
      </Button>
    </div>
  );
}
