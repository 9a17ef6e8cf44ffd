/** What a member reads when something failed that they cannot fix (error page, claim answer). */
export const UNEXPECTED_ERROR_MESSAGE =
  "An unexpected error occurred. Please try again; if it keeps happening, contact support.";
