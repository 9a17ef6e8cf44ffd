import { data, redirect } from "react-router";
import { findPasswordBinding } from "~/domain/accounts/authenticate.server";
import { homePathFor, hasPermission, isStaff, type Permission } from "~/domain/permissions/permissions";
import { createSession, deleteSession, findSessionUser, type SessionUser } from "~/domain/sessions/sessions.server";
import type { Role } from "~/domain/permissions/permissions";
import type { Actor } from "~/domain/audit/audit.server";
import type { RequestContext } from "./context.server";
import type { KnownDeviceAccount } from "./known-device.server";
import type { Services } from "./services.server";

export type CurrentUser = NonNullable<SessionUser>;

export function getSessionToken(request: Request, context: RequestContext): Promise<string | null> {
  return sessionTokenFrom(request.headers.get("Cookie"), context.services);
}

async function sessionTokenFrom(cookieHeader: string | null, services: Services): Promise<string | null> {
  const value = await services.cookies.session.parse(cookieHeader);
  return typeof value === "string" ? value : null;
}

/**
 * What a session still has to prove before it is signed in (decision 030): staff must enrol an
 * authenticator app and answer it at every sign-in; a member or an advertiser answers it once they
 * turned it on. Null: nothing, the session is signed in.
 */
export type SignInStep = "enrol" | "verify";
function stepLeft(user: CurrentUser): SignInStep | null {
  if (user.factorCheckedAt) return null;
  if (user.hasSecondFactor) return "verify";
  return isStaff(user.role) ? "enrol" : null;
}

async function sessionUserFrom(cookieHeader: string | null, services: Services) {
  const token = await sessionTokenFrom(cookieHeader, services);
  return token ? findSessionUser(services.db, token) : null;
}

/**
 * The user signed in by a Cookie header (role and permissions fresh from the database), or null.
 * For handlers outside React Router (server/advert-claim.ts); loaders use getCurrentUser.
 */
export async function findCurrentUser(cookieHeader: string | null, services: Services): Promise<CurrentUser | null> {
  const user = await sessionUserFrom(cookieHeader, services);
  return user && !stepLeft(user) ? user : null;
}

function getSessionUser(request: Request, context: RequestContext): Promise<CurrentUser | null> {
  context.cache.sessionUser ??= sessionUserFrom(request.headers.get("Cookie"), context.services);
  return context.cache.sessionUser;
}

/**
 * The signed-in user (role and permissions fresh from the database), or null. A session that has
 * not yet proved the second factor it needs is not signed in: nothing but the sign-in steps
 * (getSignInInProgress) sees its user.
 */
export async function getCurrentUser(request: Request, context: RequestContext): Promise<CurrentUser | null> {
  const user = await getSessionUser(request, context);
  return user && !stepLeft(user) ? user : null;
}

/** A sign-in between its password and its second factor: who, and the step left. */
export async function getSignInInProgress(
  request: Request,
  context: RequestContext,
): Promise<{ user: CurrentUser; step: SignInStep } | null> {
  const user = await getSessionUser(request, context);
  const step = user && stepLeft(user);
  return user && step ? { user, step } : null;
}

/** Where a sign-in goes after the password: home, or the second factor's step. */
export function pathAfterPassword(user: { role: Role; hasSecondFactor: boolean }): string {
  if (user.hasSecondFactor) return "/login/verify";
  return isStaff(user.role) ? "/login/enrol" : homePathFor(user.role);
}

/** The 503 answer while the database is unreachable (server/app.ts maps such errors to it). */
export function serviceUnavailable() {
  return data({ message: SERVICE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "5" } });
}

export const SERVICE_UNAVAILABLE_MESSAGE = "AdNaira is temporarily unavailable. Please try again in a moment.";

export function forbidden(message = "Access Denied.") {
  return data({ message }, { status: 403 });
}

/** Signed in, any role; otherwise to /login (or to the second factor's step, when that is what is left). */
async function requireSignedIn(request: Request, context: RequestContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (user) return user;
  const inProgress = await getSignInInProgress(request, context);
  throw redirect(inProgress ? `/login/${inProgress.step}` : "/login");
}

/**
 * Pages members and staff share (profile, messages, notices); otherwise to /login.
 * Advertisers have their own area and are sent there.
 */
export async function requireMemberOrStaff(request: Request, context: RequestContext): Promise<CurrentUser> {
  const user = await requireSignedIn(request, context);
  if (user.role === "advertiser") throw redirect("/advertiser");
  return user;
}

/**
 * Pages every kind of account shares (messages: members and staff write to each other, advertisers
 * to support); otherwise to /login.
 */
export async function requireMemberStaffOrAdvertiser(request: Request, context: RequestContext): Promise<CurrentUser> {
  return requireSignedIn(request, context);
}

/** The advertiser area: everyone else is sent home (signed-out people to /login). */
export async function requireAdvertiser(request: Request, context: RequestContext): Promise<CurrentUser> {
  const user = await requireSignedIn(request, context);
  if (user.role !== "advertiser") throw redirect(homePathFor(user.role));
  return user;
}

/**
 * Members' own pages (the dashboard, upgrades, referrals): admins and the super admin are sent to
 * their own dashboards.
 */
export async function requireMember(request: Request, context: RequestContext): Promise<CurrentUser> {
  const user = await requireMemberOrStaff(request, context);
  if (user.role !== "user") throw redirect(homePathFor(user.role));
  return user;
}

/**
 * Admin areas: non-admins go to /dashboard; an admin without the permission gets 403.
 * The super admin holds every permission.
 */
export async function requireAdmin(
  request: Request,
  context: RequestContext,
  permission?: Permission,
  deniedMessage = "Access Denied.",
): Promise<CurrentUser> {
  const user = await requireSignedIn(request, context);
  if (!isStaff(user.role)) throw redirect(homePathFor(user.role));
  if (permission && !hasPermission(user, permission)) throw forbidden(deniedMessage);
  return user;
}

/** Super admin only: admins go to /admin, others to /dashboard. */
export async function requireSuperAdmin(request: Request, context: RequestContext): Promise<CurrentUser> {
  const user = await requireMemberOrStaff(request, context);
  if (user.role !== "super_admin") throw redirect(homePathFor(user.role));
  return user;
}

/** Pages for signed-out people (landing, login, register) send signed-in people home. */
export async function redirectIfSignedIn(request: Request, context: RequestContext): Promise<void> {
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(homePathFor(user.role));
}

/** Starts a session (always a new id: rotation at sign-in) and returns its Set-Cookie header. */
export async function startSession(request: Request, context: RequestContext, userId: string): Promise<string> {
  const old = await getSessionToken(request, context);
  if (old) await deleteSession(context.services.db, old);
  const token = await createSession(context.services.db, userId, {
    ip: context.clientIp,
    userAgent: request.headers.get("User-Agent") ?? undefined,
  });
  return context.services.cookies.session.serialize(token);
}

/**
 * Whether this browser carries a valid known-device cookie for the account `email` names
 * (decision 021). Looks the account up only when the request has such a cookie at all.
 */
export async function isKnownDevice(request: Request, context: RequestContext, email: string): Promise<boolean> {
  const cookieHeader = request.headers.get("Cookie");
  const cookie = context.services.cookies.knownDevice;
  if (!cookie.present(cookieHeader)) return false;
  const account = await findPasswordBinding(context.services.db, email);
  return account !== null && cookie.recognizes(cookieHeader, account);
}

/**
 * The Set-Cookie header that makes (or keeps) this browser a known device for the account, once
 * it has proved the account's current password; other accounts remembered on it are kept.
 */
export function rememberDevice(request: Request, context: RequestContext, account: KnownDeviceAccount): string {
  return context.services.cookies.knownDevice.remember(request.headers.get("Cookie"), account);
}

/** Ends the current session; returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, context: RequestContext): Promise<string> {
  const token = await getSessionToken(request, context);
  if (token) await deleteSession(context.services.db, token);
  return context.services.cookies.session.serialize("", { maxAge: 0 });
}

/** The signed-in person as the domain's audited actor (with the request's IP). */
export function actorFrom(user: CurrentUser, context: RequestContext): Actor {
  return { id: user.id, role: user.role, permissions: user.permissions, ip: context.clientIp };
}
