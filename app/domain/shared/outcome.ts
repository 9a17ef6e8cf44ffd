/**
 * The refusal every domain function that checks a permission itself returns when the actor lacks
 * it: nothing was changed. One type for the whole domain (decision 015).
 */
export type Forbidden = { readonly status: "forbidden" };

export const FORBIDDEN: Forbidden = Object.freeze({ status: "forbidden" });

/** The words for each refusal of a result type, keyed by status: kept beside the rule, picked by the page. */
export type RefusalTexts<R extends { status: string }> = Record<Exclude<R["status"], "ok">, string>;
