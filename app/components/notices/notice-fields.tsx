import { useId } from "react";
import { FormField, TextAreaField } from "~/components/form-field";
import { Label } from "~/components/ui/label";
import { AUDIENCE_LABELS, NOTICE_AUDIENCES, NOTICE_LIMITS } from "~/domain/notices/validation";
import type { FieldErrors } from "~/lib/forms";

/** What the notice form shows: the text typed (or saved). */
export type NoticeFormValues = { title: string; content: string; audience: string };

export const EMPTY_NOTICE_FORM: NoticeFormValues = { title: "", content: "", audience: "all" };

const FIELD_CLASS =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500";

/** Title, Content and Audience, each with its error next to it; shared by Create Notice and Edit Notice. */
export function NoticeFields({ values, errors }: { values: NoticeFormValues; errors: FieldErrors }) {
  const ids = useId();
  const audienceId = `${ids}-audience`;
  return (
    <>
      <FormField
        label="Title"
        name="title"
        id={`${ids}-title`}
        required
        maxLength={NOTICE_LIMITS.titleMax}
        autoComplete="off"
        hint={`One line, up to ${NOTICE_LIMITS.titleMax} characters.`}
        defaultValue={values.title}
        error={errors.title}
      />
      <TextAreaField
        label="Content"
        name="content"
        required
        maxLength={NOTICE_LIMITS.contentMax}
        defaultValue={values.content}
        hint={`Plain text; line breaks are kept. Up to ${NOTICE_LIMITS.contentMax.toLocaleString("en-NG")} characters.`}
        error={errors.content}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={audienceId}>Audience</Label>
        <select
          id={audienceId}
          name="audience"
          defaultValue={values.audience || "all"}
          aria-invalid={errors.audience ? true : undefined}
          aria-describedby={errors.audience ? `${audienceId}-error` : undefined}
          className={FIELD_CLASS}
        >
          {NOTICE_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {AUDIENCE_LABELS[a]}
            </option>
          ))}
        </select>
        {errors.audience ? (
          <p id={`${audienceId}-error`} className="text-sm text-red-700" role="alert">
            {errors.audience}
          </p>
        ) : null}
      </div>
    </>
  );
}
