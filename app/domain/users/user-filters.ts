/** The member-list filters (shared by the server query and the page's filter buttons). */
export const USER_FILTERS = ["all", "pending", "approved", "restricted"] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
