import { useEffect, useState } from "react";
import { FieldFrame, useFieldError, useFieldIds } from "~/components/form-field";
import {
  ADVERT_IMAGE_ACCEPT,
  ADVERT_IMAGE_HINT,
  ADVERT_IMAGE_MAX_BYTES,
  ADVERT_IMAGE_REFUSALS,
} from "~/domain/images/rules";
import { replaceChosenFile, shrinkImageFile } from "~/components/shrink-image";

type Props = {
  /** What the advert shows now: its image, or one a refused submit already stored; null for none. */
  currentSrc: string | null;
  /** An image a refused submit stored (`/images/<id>`): sent again without its file. */
  uploadedImage?: string;
  /** "Remove image" ticked (a refused submit's answer). */
  removeImage?: boolean;
  /** The server's refusal of the file. */
  error?: string;
  /** Whose picture it is, for the preview's text ("Indomie"). */
  title: string;
  disabled?: boolean;
};

/**
 * An advert's image (decision 024): a file input posted with the form (multipart, with or without
 * JavaScript), the picture it has now or the one chosen, and "Remove image" when there is one.
 * With JavaScript a picture over 1 MB (a camera photo) is redrawn smaller in the browser before it
 * is sent, and a file over 1 MB that is no picture the browser can read is refused here, before
 * the phone sends it.
 */
export function ImageUploadField({ currentSrc, uploadedImage, removeImage, error, title, disabled }: Props) {
  const shown = useFieldError(error);
  const [tooLarge, setTooLarge] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);
  const message = tooLarge ? ADVERT_IMAGE_REFUSALS["too-large"] : shown.error;
  const field = useFieldIds(undefined, ADVERT_IMAGE_HINT, message);
  const preview = chosen ?? currentSrc;
  return (
    <FieldFrame label="Image (optional)" hint={ADVERT_IMAGE_HINT} error={message} inputId={field.inputId}>
      {preview ? (
        <img
          src={preview}
          alt={chosen ? `The image chosen for ${title || "this advert"}` : `The image of ${title || "this advert"}`}
          className="aspect-video w-40 rounded-md border border-gray-200 bg-gray-100 object-cover"
          data-testid="image-preview"
        />
      ) : null}
      <input
        id={field.inputId}
        type="file"
        name="image"
        accept={ADVERT_IMAGE_ACCEPT}
        disabled={disabled}
        className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50"
        {...field.aria}
        onChange={async (event) => {
          shown.edited();
          const input = event.currentTarget;
          const file = input.files?.[0];
          setTooLarge(false);
          if (!file || file.size <= ADVERT_IMAGE_MAX_BYTES) {
            setChosen(file ? URL.createObjectURL(file) : null);
            return;
          }
          setShrinking(true);
          const smaller = await shrinkImageFile(file);
          setShrinking(false);
          if (smaller && replaceChosenFile(input, smaller)) {
            setChosen(URL.createObjectURL(smaller));
            return;
          }
          // Not sent: the server would refuse it after the phone had spent the data.
          input.value = "";
          setTooLarge(true);
          setChosen(null);
        }}
      />
      {shrinking ? (
        <p role="status" className="text-sm text-gray-600">
          Making the picture smaller…
        </p>
      ) : null}
      {uploadedImage ? <input type="hidden" name="uploadedImage" value={uploadedImage} /> : null}
      {currentSrc ? (
        <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
          <input
            type="checkbox"
            name="removeImage"
            defaultChecked={removeImage}
            disabled={disabled}
            className="h-5 w-5 shrink-0 accent-brand-600"
          />
          Remove image
        </label>
      ) : null}
    </FieldFrame>
  );
}
