// The subtitles of a film a person plays: the tracks inside it and the subtitle files saved beside
// it in the same folder, each offered with a signed link under the film's stream token, which
// players fetch without credentials. A track's text is always served as UTF-8 WebVTT; an ASS track
// also as it is (drawn styled in the browser), a PGS track as its pictures. Bytes served count as
// the same traffic as the film's segments.
import type { Kysely } from 'kysely';
import { mediaRepository } from '../db/repositories/media.ts';
import { subtitlesRepository } from '../db/repositories/subtitles.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { MediaProbe } from '../media/probe.ts';
import {
  SIDECAR_DEMUXERS,
  SIDECAR_MAX_BYTES,
  type SubtitleFile,
  type SubtitleFormat,
  type SubtitleKeeper,
  sidecarLanguage,
  subtitleFormatOf,
  subtitleLanguageTag,
} from '../media/subtitles.ts';
import { MediaFailure, mediaInputOf } from '../media/tools.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { LinkGrant } from '../storage/download-links.ts';
import type { DownloadsService, SignedLink } from './downloads.ts';

/** A subtitle track as a player is offered it. */
export type SubtitleTrack = {
  /** `embedded-<stream index>` or `sidecar-<file id>`: what a player remembers and asks for. */
  id: string;
  /** The stream index inside the film; -1 for a file beside it. */
  index: number;
  codec: string;
  /** As the film or the file name says it ('eng', 'zh-CN'); '' when neither says. */
  language: string;
  /** The same as a BCP 47 tag ('en', 'zh-CN'), for <track srclang> and for comparing choices; '' when unknown. */
  languageTag: string;
  title: string;
  default: boolean;
  forced: boolean;
  text: boolean;
  format: SubtitleFormat;
  source: 'embedded' | 'sidecar';
  /** WebVTT for text tracks, the pictures (.sup) for PGS; absent for VobSub, which no browser renderer draws. */
  url: string | undefined;
  /** The ASS as it is, for styled drawing; only for format 'ass'. */
  styledUrl: string | undefined;
};

const SIDECAR_EXTENSIONS = Object.keys(SIDECAR_DEMUXERS);
/** A subtitle's name in its address: `<stream index>.<kind>` or `sidecar-<file id>.<kind>`. */
const SUBTITLE_NAME = /^(?:(\d{1,4})\.(vtt|ass|sup)|sidecar-([0-9A-Za-z_-]{1,64})\.(vtt|ass))$/;
const CONTENT_TYPES = { vtt: 'text/vtt; charset=utf-8', ass: 'text/x-ssa; charset=utf-8', sup: 'application/octet-stream' } as const;

export function subtitlesService(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  keeper: SubtitleKeeper | undefined;
  downloads: Pick<DownloadsService, 'download'>;
  log: { error(details: object, message: string): void };
}) {
  const { db, blobs, keeper, downloads, log } = deps;

  /** Subtitle files are offered only to the film's owner: a share of one film opens no other file of its folder. */
  const sidecarsOpenTo = (grant: LinkGrant, ownerId: string) => grant.shareId === '' && grant.userId === ownerId;

  return {
    /**
     * The subtitle tracks of `film` (one of `grant`'s own files) that a player under `streamBase` is
     * offered; starts taking its embedded tracks out, so that choosing one shows it at once.
     */
    async tracks(
      film: { id: string; user_id: string; parent_id: string; name: string; hash: string },
      probe: MediaProbe,
      streamBase: string,
      grant: LinkGrant,
    ): Promise<SubtitleTrack[]> {
      const folder = `${streamBase}subtitles/`;
      const tracks: SubtitleTrack[] = [];
      for (const stream of probe.subtitles) {
        const format = subtitleFormatOf(stream.codec);
        if (!format) continue;
        const served = keeper && format !== 'vobsub';
        tracks.push({
          id: `embedded-${stream.index}`,
          index: stream.index,
          codec: stream.codec,
          language: stream.language,
          languageTag: subtitleLanguageTag(stream.language),
          title: stream.title,
          default: stream.default,
          forced: stream.forced,
          text: stream.text,
          format,
          source: 'embedded',
          url: served ? `${folder}${stream.index}.${format === 'pgs' ? 'sup' : 'vtt'}` : undefined,
          styledUrl: served && format === 'ass' ? `${folder}${stream.index}.ass` : undefined,
        });
      }
      if (keeper && tracks.some((track) => track.url)) {
        keeper
          .extract(film.hash, probe.subtitles, () => mediaInputOf(blobs, film.hash))
          .catch((failure: unknown) => log.error({ hash: film.hash, failure: String(failure) }, 'subtitles could not be taken out of a film'));
      }
      if (!keeper || !sidecarsOpenTo(grant, film.user_id)) return tracks;
      for (const file of await subtitlesRepository(db).inFolder(film.user_id, film.parent_id, SIDECAR_EXTENSIONS)) {
        const language = sidecarLanguage(film.name, file.name);
        if (language === undefined || !file.hash) continue;
        const format: SubtitleFormat = SIDECAR_DEMUXERS[file.file_extension] === 'ass' ? 'ass' : 'vtt';
        tracks.push({
          id: `sidecar-${file.id}`,
          index: -1,
          codec: file.file_extension,
          language,
          languageTag: subtitleLanguageTag(language),
          title: file.name,
          default: false,
          forced: false,
          text: true,
          format,
          source: 'sidecar',
          url: `${folder}sidecar-${file.id}.vtt`,
          styledUrl: format === 'ass' ? `${folder}sidecar-${file.id}.ass` : undefined,
        });
      }
      return tracks;
    },

    /**
     * One subtitle behind a stream link (`name` as in a track's url): the file to send, its type,
     * and whose traffic it counts as. Made now if it is not kept yet, once however many ask.
     */
    async subtitle(link: SignedLink & LinkGrant, name: string): Promise<{ file: string; type: string; payer: string }> {
      const named = SUBTITLE_NAME.exec(name);
      if (!named) throw new ServiceError('not_found', 'There is no such subtitle.');
      const { file: film, payer } = await downloads.download(link, log, 'stream');
      if (!keeper) throw new ServiceError('not_found', 'This server makes no subtitles.');
      const kind = (named[2] ?? named[4]) as 'vtt' | 'ass' | 'sup';
      const made = named[1] !== undefined ? await embedded(film.hash, Number(named[1]), kind) : await sidecar(link, named[3] as string, kind as 'vtt' | 'ass');
      return { file: made, type: CONTENT_TYPES[kind], payer };
    },
  };

  async function embedded(hash: string, index: number, kind: 'vtt' | 'ass' | 'sup'): Promise<string> {
    const row = await mediaRepository(db).find(hash);
    const probe = row?.probe ? (JSON.parse(row.probe) as MediaProbe) : undefined;
    const stream = probe?.subtitles.find((track) => track.index === index);
    const format = stream && subtitleFormatOf(stream.codec);
    const fits = format === 'pgs' ? kind === 'sup' : format === 'ass' ? kind !== 'sup' : format === 'vtt' && kind === 'vtt';
    if (!probe || !fits || !keeper) throw new ServiceError('not_found', 'There is no such subtitle.');
    await made(keeper.extract(hash, probe.subtitles, () => mediaInputOf(blobs, hash)));
    return kept(hash, `${index}.${kind}`);
  }

  async function sidecar(link: SignedLink & LinkGrant, fileId: string, kind: 'vtt' | 'ass'): Promise<string> {
    const place = await subtitlesRepository(db).placeOf(link.id);
    // Another person's file, or one moved out of the film's folder, is no subtitle of this film.
    const file =
      place && sidecarsOpenTo(link, place.user_id)
        ? await subtitlesRepository(db).findInFolder(place.user_id, place.parent_id, SIDECAR_EXTENSIONS, fileId)
        : undefined;
    if (!place || !file?.hash || sidecarLanguage(place.name, file.name) === undefined) throw new ServiceError('not_found', 'There is no such subtitle.');
    if (kind === 'ass' && SIDECAR_DEMUXERS[file.file_extension] !== 'ass') throw new ServiceError('not_found', 'There is no such subtitle.');
    if (Number(file.size) > SIDECAR_MAX_BYTES)
      throw new ServiceError('payload_too_large', `This subtitle file is larger than ${SIDECAR_MAX_BYTES / 1024 / 1024} MiB, too large for subtitles.`, [
        { field: 'subtitle', reason: 'subtitle_too_large', limit_bytes: SIDECAR_MAX_BYTES },
      ]);
    const hash = file.hash;
    await made(keeper?.convert(hash, file.file_extension, () => blobs.readRange(hash, 0, Number(file.size))));
    return kept(hash, `sidecar.${kind}`);
  }

  function kept(hash: string, name: SubtitleFile): string {
    const file = keeper?.fileOf(hash, name);
    if (!file) throw new ServiceError('not_found', 'There is no such subtitle.');
    return file;
  }
}

/** What a failed run of ffmpeg is to the player: the file cannot be read, never a server error. */
async function made(run: Promise<void> | undefined): Promise<void> {
  try {
    await run;
  } catch (failure) {
    if (failure instanceof MediaFailure) throw new ServiceError('media_unreadable', failure.message);
    throw failure;
  }
}

export type SubtitlesService = ReturnType<typeof subtitlesService>;
