/**
 * The time, read when it is needed. Money rules that record when something happened take a
 * clock, never a time given once: a time read at the start of a long run is wrong for every step
 * after the first (issue 38). Tests pass a clock that runs ahead to reach a later moment.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
