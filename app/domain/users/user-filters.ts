import { USER_ACCOUNT_STATUSES } from "./account-status";

/** The member-list filters (shared by the server query and the page's filter buttons). */
export const USER_FILTERS = ["all", ...USER_ACCOUNT_STATUSES] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
