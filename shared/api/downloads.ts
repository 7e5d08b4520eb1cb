// Signed links to a file's bytes and to its thumbnails (API.md File: web_content_link,
// thumbnail_link): the signature is the permission, so the links work without a session.
import { Type } from 'typebox';

/** The file a signed link names. */
export const LinkedFileParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** u: the person the link was given to (their traffic), sh: the share it was opened through, e: expiry, s: signature. */
export const DownloadQuery = Type.Object({
  u: Type.String({ maxLength: 64 }),
  sh: Type.Optional(Type.String({ maxLength: 64 })),
  e: Type.Integer(),
  s: Type.String({ maxLength: 100 }),
  inline: Type.Optional(Type.Boolean()),
});

export const ThumbnailQuery = Type.Object({
  e: Type.Integer(),
  s: Type.String({ maxLength: 100 }),
  size: Type.Optional(Type.Enum(['SIZE_SMALL', 'SIZE_LARGE'])),
});
