// What the app does with a file's signed link (web_content_link): download it, or show it in the
// page. The link is the permission (no session needed), so players fetch it with Range directly.

import type { DriveFile } from '#shared/api/files.ts';
import { classifyFile, fileCategoryOf, isPdf, isUnsupportedAudioCodec } from '#shared/files/classify.ts';

/** The same link answered inline instead of as an attachment, for <img>, <video> and <audio>. */
export function inlineLink(webContentLink: string): string {
  return `${webContentLink}${webContentLink.includes('?') ? '&' : '?'}inline=true`;
}

/** Saves the file behind `link`; its Content-Disposition names it, so the page stays where it is. */
export function startDownload(link: string): void {
  const anchor = document.createElement('a');
  anchor.href = link;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export type PreviewKind = 'image' | 'video' | 'audio' | 'text' | 'pdf' | 'none';

/** How the preview shows a file: in an image viewer, a player, as text, as PDF pages, or not at all. */
export function previewKindOf(file: Pick<DriveFile, 'kind' | 'name' | 'mime_type'>): PreviewKind {
  if (file.kind === 'drive#folder') return 'none';
  const identity = { name: file.name, mimeType: file.mime_type };
  if (isPdf(identity)) return 'pdf';
  if (fileCategoryOf(identity) === 'TEXT') return 'text';
  const kind = classifyFile(identity);
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'none';
}

/** True when the file's media info names an audio codec browsers cannot decode (SPEC §5: eac3). */
export function hasUnsupportedAudio(file: Pick<DriveFile, 'medias'>): boolean {
  return (file.medias ?? []).some((media) => isUnsupportedAudioCodec(media.video?.audio_codec));
}

/** A file whose bytes have all arrived: only these can be opened or downloaded. */
export function isComplete(file: Pick<DriveFile, 'kind' | 'phase'>): boolean {
  return file.kind === 'drive#file' && file.phase === 'PHASE_TYPE_COMPLETE';
}
