import type { RequestHandler } from "express";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { findAdvertImage } from "~/domain/images/advert-images.server";
import { SERVICE_UNAVAILABLE_MESSAGE } from "~/server/auth.server";
import type { Services } from "~/server/services.server";

/**
 * GET /images/:id — an uploaded advert image (docs/decisions/024), served here rather than
 * through React Router for the reason decision 011 gives: members' phones load one beside every
 * advert, and a read by primary key needs nothing React Router does. The id is the SHA-256 of the
 * bytes, so an address never changes what it shows: cached for a year, `immutable`, its ETag the
 * id itself. helmet (mounted before) sets `X-Content-Type-Options: nosniff`; it is set here again
 * so the answer never depends on the order of the middleware.
 */
export function advertImageHandler(services: Services): RequestHandler {
  return async (req, res, next) => {
    const id = String(req.params.id ?? "");
    if (!/^[0-9a-f]{64}$/.test(id)) return void notFound(res);
    const etag = `"${id}"`;
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (matchesEtag(req.headers["if-none-match"], id)) {
      res.setHeader("ETag", etag);
      res.setHeader("Cache-Control", IMMUTABLE);
      return void res.status(304).end();
    }
    try {
      const image = await findAdvertImage(services.db, id);
      if (!image) return void notFound(res);
      res.setHeader("Content-Type", image.contentType);
      res.setHeader("Content-Length", String(image.bytes.byteLength));
      res.setHeader("ETag", etag);
      res.setHeader("Cache-Control", IMMUTABLE);
      res.status(200).end(req.method === "HEAD" ? undefined : image.bytes);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        res.setHeader("Retry-After", "5");
        return void res.status(503).type("text/plain").send(SERVICE_UNAVAILABLE_MESSAGE);
      }
      next(err);
    }
  };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(res: Parameters<RequestHandler>[1]) {
  res.setHeader("Cache-Control", "no-store");
  res.status(404).type("text/plain").send("Not Found");
}

/** If-None-Match names this id: `"<id>"`, `W/"<id>"`, one of a list, or `*`. */
function matchesEtag(header: string | undefined, id: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === `"${id}"`;
  });
}
