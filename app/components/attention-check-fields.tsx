import { FormField } from "~/components/form-field";
import { ADVERT_LIMITS, type ATTENTION_CHECK_FIELDS } from "~/domain/adverts/validation";
import type { FieldErrors } from "~/lib/forms";

export type AttentionCheckValues = Record<(typeof ATTENTION_CHECK_FIELDS)[number], string>;

export const EMPTY_ATTENTION_CHECK: AttentionCheckValues = {
  checkQuestion: "",
  checkAnswer: "",
  checkWrong1: "",
  checkWrong2: "",
  checkWrong3: "",
};

/** An advert's own check as its form shows it (empty fields when it has none). */
export const attentionCheckValues = (
  check: { question: string; answer: string; wrongAnswers: readonly string[] } | null,
): AttentionCheckValues =>
  check
    ? {
        checkQuestion: check.question,
        checkAnswer: check.answer,
        checkWrong1: check.wrongAnswers[0] ?? "",
        checkWrong2: check.wrongAnswers[1] ?? "",
        checkWrong3: check.wrongAnswers[2] ?? "",
      }
    : EMPTY_ATTENTION_CHECK;

/**
 * The optional attention check of an advert (an admin's advert and an advertiser's campaign):
 * the question members answer after the countdown, its right answer and three wrong ones. Left
 * empty, members pick the advert's title among other adverts' titles.
 */
export function AttentionCheckFields({
  values,
  errors,
}: {
  values: AttentionCheckValues;
  errors: Partial<FieldErrors>;
}) {
  const answer = (name: "checkAnswer" | "checkWrong1" | "checkWrong2" | "checkWrong3", label: string) => (
    <FormField
      label={label}
      name={name}
      maxLength={ADVERT_LIMITS.checkAnswerMax}
      autoComplete="off"
      defaultValue={values[name]}
      error={errors[name]}
    />
  );
  return (
    <fieldset className="grid gap-3 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">Attention check (optional)</legend>
      <p className="text-sm text-gray-700">
        After the countdown, members answer one question about the advert; a wrong answer earns nothing. Leave these
        empty to ask them to pick the advert&apos;s title among other adverts&apos; titles.
      </p>
      <FormField
        label="Question"
        name="checkQuestion"
        maxLength={ADVERT_LIMITS.checkQuestionMax}
        autoComplete="off"
        placeholder="What colour was the delivery van?"
        defaultValue={values.checkQuestion}
        error={errors.checkQuestion}
      />
      {answer("checkAnswer", "Right answer")}
      <div className="grid gap-3 sm:grid-cols-3">
        {answer("checkWrong1", "Wrong answer 1")}
        {answer("checkWrong2", "Wrong answer 2")}
        {answer("checkWrong3", "Wrong answer 3")}
      </div>
    </fieldset>
  );
}
