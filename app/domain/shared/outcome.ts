/**
 * The refusal every domain function that checks a permission itself returns when the actor lacks
 * it: nothing was changed. One type for the whole domain (decision 015).
 */
export type Forbidden = { readonly status: "forbidden" };

export const FORBIDDEN: Forbidden = Object.freeze({ status: "forbidden" });
