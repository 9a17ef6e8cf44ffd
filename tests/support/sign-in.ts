import type { Permission } from "~/domain/permissions/permissions";
import { type HttpClient, pageText, type TestApp } from "./app";
import { approvedAdvertiser, createUser, member, type UserOverrides } from "./factories";

export type Credentials = { email: string; password: string };
type MemberOverrides = NonNullable<Parameters<typeof member>[1]>;
type AdvertiserOptions = NonNullable<Parameters<typeof approvedAdvertiser>[1]>;

export type SignInOptions = {
  /** The address the login comes from (sent as X-Forwarded-For; the app must trust the proxy). */
  ip?: string;
  /** Visits the page the login redirects to, which takes the Login Successful toast. */
  landed?: boolean;
  /** The page the login must redirect to; throws when it redirects elsewhere. */
  landsOn?: string;
};

/** Signs `user` in through the real login form on a client of its own; throws unless it redirects. */
export async function signIn(app: TestApp, user: Credentials, options: SignInOptions = {}): Promise<HttpClient> {
  const client = app.client();
  const res = await client.post(
    "/login",
    { email: user.email, password: user.password },
    options.ip ? { "X-Forwarded-For": options.ip } : undefined,
  );
  if (res.status !== 302 || !res.location)
    throw new Error(`login failed for ${user.email}: ${res.status} ${pageText(res.body).slice(0, 200)}`);
  if (options.landsOn && res.location !== options.landsOn)
    throw new Error(`login for ${user.email} went to ${res.location}, not ${options.landsOn}`);
  if (options.landed) await client.get(res.location);
  return client;
}

/** Splits the sign-in options from the persona's own. */
function split<T extends SignInOptions>({ ip, landed, landsOn, ...rest }: T) {
  return { signInOptions: { ip, landed, landsOn }, rest };
}

/** A new approved member (see `member`: `tier`, name and so on), signed in. */
export async function signInMember(app: TestApp, options: MemberOverrides & SignInOptions = {}) {
  const { signInOptions, rest } = split(options);
  const user = await member(app.services.db, rest);
  return { user, client: await signIn(app, user, signInOptions) };
}

/** A new admin holding `permissions` (the default admin set when omitted), signed in. */
export async function signInAdmin(
  app: TestApp,
  permissions?: readonly Permission[],
  options: Omit<UserOverrides, "role" | "permissions"> & SignInOptions = {},
) {
  const { signInOptions, rest } = split(options);
  const user = await createUser(app.services.db, { ...rest, role: "admin", ...(permissions ? { permissions } : {}) });
  return { user, client: await signIn(app, user, signInOptions) };
}

/** A new advertiser (approved unless `status` says otherwise; see `approvedAdvertiser`), signed in. */
export async function signInAdvertiser(app: TestApp, options: AdvertiserOptions & SignInOptions = {}) {
  const { signInOptions, rest } = split(options);
  const user = await approvedAdvertiser(app.services.db, rest);
  return { user, client: await signIn(app, user, signInOptions) };
}

/** The super admin the app seeded from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD (`root`), signed in. */
export async function signInSuperAdmin(app: TestApp, root: Credentials, options: SignInOptions = {}) {
  return { user: root, client: await signIn(app, root, options) };
}
