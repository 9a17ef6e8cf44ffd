import { ADVERT_IMAGE_MAX_BYTES, ADVERT_IMAGE_STORED_WIDTH } from "~/domain/images/rules";

/**
 * A phone's camera photo is 2–5 MB, over the 1 MB an upload may be. With JavaScript the browser
 * redraws such a picture at the width the server stores (1,200 px, upright as the browser shows
 * it) as a JPEG before it is sent: the member's data and the server's limit are both spared, and
 * nothing is lost, as the server keeps no more than that width anyway. Null when the browser
 * cannot read the file as a picture or the redrawn one is still over 1 MB: the caller refuses it.
 */
export async function shrinkImageFile(file: File): Promise<File | null> {
  if (typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, ADVERT_IMAGE_STORED_WIDTH / bitmap.width);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return null;
    // JPEG has no transparency: a transparent PNG's background becomes white, not black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob || blob.size > ADVERT_IMAGE_MAX_BYTES) return null;
    const name = file.name.replace(/\.[^.]*$/, "") || "image";
    return new File([blob], `${name}.jpg`, { type: "image/jpeg" });
  } finally {
    bitmap.close();
  }
}

/** Puts `file` in a file input in place of what was chosen (so a plain form post sends it). */
export function replaceChosenFile(input: HTMLInputElement, file: File): boolean {
  try {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    return input.files?.length === 1;
  } catch {
    return false;
  }
}
