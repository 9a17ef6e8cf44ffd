import { useNavigation } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import type { FieldErrors } from "~/lib/forms";
import type { Toast } from "~/lib/toast";

/** What a page's one form gets back from its action: a `FormFailure`, or another answer with a toast. */
type FormAnswer = { toast?: Toast | null; errors?: FieldErrors; values?: Record<string, string> };

/**
 * For a page with one form posting to its own route: shows the answer's toast, and gives the
 * form its field errors, the values echoed back and whether it is being submitted.
 */
export function useFormAnswer(answer: FormAnswer | undefined) {
  useToastFrom(answer?.toast);
  const submitting = useNavigation().state === "submitting";
  return { errors: answer?.errors ?? {}, values: answer?.values, submitting };
}
