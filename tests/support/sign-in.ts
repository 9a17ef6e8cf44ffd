import type { Permission } from "~/domain/permissions/permissions";
import { type HttpClient, type HttpResponse, pageText, servicesAt, type TestApp } from "./app";
import { codeNow, enrolmentCode, keyOnEnrolPage, mintRecoveryCode, unusedCode } from "./second-factor";
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

/**
 * Signs `user` in through the real login form on a client of its own, then through the second
 * factor's step when there is one (staff enrol an authenticator app at their first sign-in and
 * answer it at the next: see finishSignIn); throws unless it ends in a redirect home.
 */
export async function signIn(app: TestApp, user: Credentials, options: SignInOptions = {}): Promise<HttpClient> {
  const client = app.client();
  const headers = options.ip ? { "X-Forwarded-For": options.ip } : undefined;
  const login = { email: user.email, password: user.password };
  const res = await finishSignIn(client, user.email, await client.post("/login", login, headers), headers);
  if (res.status !== 302 || !res.location)
    throw new Error(`login failed for ${user.email}: ${res.status} ${pageText(res.body).slice(0, 200)}`);
  if (options.landsOn && res.location !== options.landsOn)
    throw new Error(`login for ${user.email} went to ${res.location}, not ${options.landsOn}`);
  if (options.landed) await client.get(res.location);
  return client;
}

/**
 * After the password's answer: enrols an authenticator app (reading its key from the page, as a
 * person would) and continues past the recovery codes, or answers the app's code; otherwise
 * returns the answer as it was. The answer returned is the last redirect.
 */
export async function finishSignIn(
  client: HttpClient,
  email: string,
  afterPassword: HttpResponse,
  headers?: Record<string, string>,
): Promise<HttpResponse> {
  if (afterPassword.location === "/login/enrol") {
    const page = await client.get("/login/enrol", headers);
    const code = await enrolmentCode(email, keyOnEnrolPage(pageText(page.body)));
    const enrolled = await client.post("/login/enrol", { secondFactorCode: code }, headers);
    if (enrolled.status !== 200) throw new Error(`enrolment failed for ${email}: ${enrolled.status}`);
    return client.post("/login/enrol", { intent: "continue" }, headers);
  }
  if (afterPassword.location === "/login/verify") {
    const code = codeNow(email);
    if (code) return client.post("/login/verify", { secondFactorCode: code }, headers);
    // This moment's codes are spent (the account signed in twice within 30 seconds): a recovery
    // code made for it, rather than waiting for the app's next code.
    const services = servicesAt(client.origin);
    if (!services) return client.post("/login/verify", { secondFactorCode: await unusedCode(email) }, headers);
    const recovery = await mintRecoveryCode(services.db, email);
    return client.post("/login/verify", { secondFactorRecoveryCode: recovery }, headers);
  }
  return afterPassword;
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
