/**
 * How a status shows on a screen: its words and the colour of its badge. Each status vocabulary
 * keeps one map beside it (`WITHDRAWAL_STATUS_BADGES` beside `WithdrawalStatus`), and every
 * screen, a member's or an admin's, draws its badge from that map through `StatusBadge`, so a
 * status reads the same to everyone who sees it.
 */
export type BadgeTone = "yellow" | "blue" | "green" | "red" | "gray";

export type StatusBadgeLook = { label: string; tone: BadgeTone };

export type StatusBadges<S extends string> = Readonly<Record<S, StatusBadgeLook>>;

/** The words alone, status by status: filter tabs and sentences that name a status. */
export const statusLabels = <S extends string>(badges: StatusBadges<S>) =>
  Object.fromEntries(Object.entries<StatusBadgeLook>(badges).map(([status, { label }]) => [status, label])) as Record<
    S,
    string
  >;
