// Playing a video or audio file of one's drive: how it plays in the asking browser (as it is,
// repackaged, re-encoded, or only as a download: shared/media/playback.ts decides from what the
// browser decodes and what ffprobe read of the file), and its streams' playlists and segments,
// made on demand (media/streaming.ts) behind a signed link that counts their bytes as the
// download link of the same file would.
import type { Kysely } from 'kysely';
import { type PlaybackPlan, type PlayerCapabilities, planPlayback } from '#shared/media/playback.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { type MediaRow, mediaRepository } from '../db/repositories/media.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { MediaProbe } from '../media/probe.ts';
import type { StreamingService, StreamProfile } from '../media/streaming.ts';
import { MediaFailure, type MediaTools, mediaInputOf } from '../media/tools.ts';
import type { TrickplayService } from '../media/trickplay.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { DownloadLinks, LinkGrant } from '../storage/download-links.ts';
import type { DownloadsService } from './downloads.ts';
import type { FilesService } from './files.ts';
import type { ShareVisit } from './share-status.ts';
import type { SharesService } from './shares.ts';
import type { SubtitlesService, SubtitleTrack } from './subtitles.ts';
import type { WatchingService } from './watching.ts';

/** What a player is told: the plan, where to load from, and the file's tracks and chapters. */
export type PlaybackChoice = {
  plan:
    | PlaybackPlan
    | { mode: 'download'; reason: 'media_tools_off' | 'not_media' }
    | (Omit<PlaybackPlan, 'mode' | 'reason'> & { mode: 'remux'; reason: 'sound_track_chosen' });
  url: string;
  probe: MediaProbe | undefined;
  /** The subtitle tracks offered: those inside the file and the subtitle files beside it. */
  subtitles?: readonly SubtitleTrack[];
  /** The heights a re-encode may be asked for, and the one this answer's is (0 when the picture is not re-encoded). */
  qualities?: readonly number[];
  quality?: number;
  /** The preview pictures' WebVTT, when the file has a picture to take them from. */
  thumbnails?: string | undefined;
  /** A music file's cover picture (a thumbnail link), once made. */
  cover?: string | undefined;
  /** Where the person left the file, the sound track played (the one chosen last in its folder when none is asked for) and the subtitle language to preselect. */
  start?: { resumeAt: number; audioTrack: number | undefined; subtitleLanguage: string };
};

/** The heights a re-encode is made at (the server's h264 profiles); a picture smaller than one is kept at its own size. */
const QUALITIES = [480, 720, 1080] as const;
type Quality = (typeof QUALITIES)[number];

/** A stream's name in its address: its profile, and the sound track when not the first. */
const STREAM_NAME = /^(remux|remux-aac|h264-480|h264-720|h264-1080|audio-aac)(?:-a(\d{1,4}))?$/;

export function playbackService(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  links: DownloadLinks;
  files: Pick<FilesService, 'learnMedia'>;
  downloads: Pick<DownloadsService, 'download' | 'countTraffic'>;
  mediaTools: MediaTools | undefined;
  streaming: StreamingService | undefined;
  subtitles?: SubtitlesService | undefined;
  trickplay?: TrickplayService | undefined;
  /** Where the person left each file and the languages chosen in its folder, for the answer's preselection. */
  watching?: Pick<WatchingService, 'startOf'> | undefined;
  /** A share's files for its visitors, checked as for their downloads. */
  shares?: Pick<SharesService, 'fileInfo'> | undefined;
}) {
  const { db, blobs, links, files, downloads, mediaTools, streaming, trickplay, subtitles, watching, shares } = deps;

  /** What ffprobe read of a content, reading it now if no task has yet. */
  async function probeOf(hash: string, size: number): Promise<MediaProbe | undefined> {
    let row: MediaRow | undefined = await mediaRepository(db).find(hash);
    if (!row?.probe && mediaTools) {
      await files.learnMedia(hash, size);
      row = await mediaRepository(db).find(hash);
    }
    return row?.probe ? (JSON.parse(row.probe) as MediaProbe) : undefined;
  }

  /** How `file` plays, for whoever `grant` names, in a browser that decodes `capabilities`. */
  async function chooseFor(
    file: FileRow & { hash: string },
    grant: LinkGrant,
    capabilities: PlayerCapabilities,
    audioTrack: number | undefined,
    origin: string,
    quality: Quality | undefined,
  ): Promise<PlaybackChoice> {
    const download = links.linkFor(origin, file.id, grant).url;
    // Where one left off is kept for one's own files only.
    const watched = grant.shareId ? undefined : await watching?.startOf(grant.userId, file);
    if (!mediaTools || !streaming)
      return {
        plan: { mode: 'download', reason: 'media_tools_off' },
        url: download,
        probe: undefined,
        start: watched && { resumeAt: watched.resumeAt, audioTrack: undefined, subtitleLanguage: watched.subtitleLanguage },
      };
    const probe = await probeOf(file.hash, Number(file.size));
    if (!probe) return { plan: { mode: 'download', reason: 'not_media' }, url: download, probe: undefined };
    const cover = probe.cover && (await mediaRepository(db).find(file.hash))?.poster === 'made' ? links.thumbnailFor(origin, file.id, 'SIZE_LARGE') : undefined;
    const subtitleTracks = subtitles
      ? await subtitles.tracks(
          { id: file.id, user_id: file.user_id, parent_id: file.parent_id, name: file.name, hash: file.hash },
          probe,
          links.streamBaseFor(origin, file.id, grant),
          grant,
        )
      : [];
    const audio =
      audioTrack === undefined
        ? (probe.audio.find((track) => watched?.audioLanguage && track.language === watched.audioLanguage) ?? probe.audio[0])
        : probe.audio.find((track) => track.index === audioTrack);
    const start = watched && { resumeAt: watched.resumeAt, audioTrack: audio?.index, subtitleLanguage: watched.subtitleLanguage };
    if (audioTrack !== undefined && !audio)
      throw new ServiceError('invalid_request', 'This file has no such sound track.', [{ field: 'audio_track', reason: 'not_found' }]);
    const planned = planPlayback({ container: probe.container, video: probe.video[0], audio }, capabilities);
    // A browser plays only a file's first sound track from its link: another one chosen plays repackaged with the picture.
    const plan: PlaybackChoice['plan'] =
      planned.mode === 'direct' && audio && audio !== probe.audio[0] && capabilities.hls
        ? { ...planned, mode: 'remux', reason: 'sound_track_chosen' }
        : planned;
    const streamBase = links.streamBaseFor(origin, file.id, grant);
    const thumbnails = probe.video[0] && trickplay ? `${streamBase}trickplay/thumbnails.vtt` : undefined;
    const offered: readonly Quality[] = plan.mode === 'transcode' && plan.video === 'encode' ? QUALITIES : [];
    if (quality !== undefined && !offered.includes(quality))
      throw new ServiceError('invalid_request', 'This file is not offered at that quality.', [{ field: 'quality', reason: 'not_offered' }]);
    if (plan.mode === 'direct' || plan.mode === 'download') return { plan, url: download, probe, subtitles: subtitleTracks, thumbnails, start, cover };
    // Without a choice, 720p: sharp enough in a window, quick to make.
    const height = quality ?? (offered.length > 0 ? 720 : 0);
    const profile: StreamProfile =
      plan.video === 'none' ? 'audio-aac' : plan.mode === 'transcode' ? `h264-${height as Quality}` : plan.audio === 'encode' ? 'remux-aac' : 'remux';
    const track = audio && audio !== probe.audio[0] ? `-a${audio.index}` : '';
    return {
      plan,
      url: `${streamBase}${profile}${track}/index.m3u8`,
      probe,
      subtitles: subtitleTracks,
      qualities: offered,
      quality: height,
      thumbnails,
      start,
      cover,
    };
  }

  return {
    /** How the user's own file plays in a browser that decodes `capabilities`, with `audioTrack` (a stream index) chosen. */
    async choose(
      userId: string,
      fileId: string,
      capabilities: PlayerCapabilities,
      audioTrack: number | undefined,
      origin: string,
      quality?: Quality,
    ): Promise<PlaybackChoice> {
      const file = await filesRepository(db).find(userId, fileId);
      if (!file?.hash || file.phase !== 'PHASE_TYPE_COMPLETE' || file.trashed_at !== null || file.kind !== 'drive#file')
        throw new ServiceError('file_not_found', 'This file does not exist or has been deleted.');
      return chooseFor({ ...file, hash: file.hash }, { userId, shareId: '' }, capabilities, audioTrack, origin, quality);
    },

    /**
     * How a file inside a share plays for its visitor (signed in as `viewerId`, or '' when not), as
     * for its owner: the share is checked as for its downloads (passcode, state, the file still in
     * it), and the visitor's links name the share, so each use checks it again and counts its bytes
     * as the share's downloads are counted. Where the visitor left off is not kept (the file is
     * the owner's).
     */
    async chooseShared(
      visit: ShareVisit,
      viewerId: string,
      fileId: string,
      capabilities: PlayerCapabilities,
      audioTrack: number | undefined,
      origin: string,
      quality?: Quality,
    ): Promise<PlaybackChoice> {
      if (!shares) throw new ServiceError('file_not_found', 'This file does not exist or has been deleted.');
      const { status, files: found } = await shares.fileInfo(visit, [fileId]);
      const file = found[0];
      if (status !== 'OK' || !file?.hash || file.kind !== 'drive#file')
        throw new ServiceError('file_not_found', 'This file is not in the share, or the share is closed.');
      return chooseFor({ ...file, hash: file.hash }, { userId: viewerId, shareId: visit.shareId }, capabilities, audioTrack, origin, quality);
    },

    /**
     * One part of a stream (`index.m3u8`, `init.mp4`, `<n>.m4s`) behind a stream link: a playlist's
     * text, or a file to send and whose traffic its bytes count as.
     */
    async part(
      link: { id: string; expires: number; signature: string } & LinkGrant,
      stream: string,
      part: string,
      log: { error(details: object, message: string): void },
    ): Promise<{ playlist: string } | { file: string; payer: string }> {
      const named = STREAM_NAME.exec(stream);
      const segment = /^(\d{1,6})\.m4s$/.exec(part)?.[1];
      if (!named || (part !== 'index.m3u8' && part !== 'init.mp4' && segment === undefined)) throw new ServiceError('not_found', 'There is no such stream.');
      const { file, payer } = await downloads.download(link, log, 'stream');
      if (!streaming) throw new ServiceError('not_found', 'This server makes no streams.');
      const probe = await probeOf(file.hash, Number(file.size));
      if (!probe) throw new ServiceError('not_found', 'There is no such stream.');
      const source = {
        hash: file.hash,
        profile: named[1] as StreamProfile,
        duration: probe.duration,
        input: () => mediaInputOf(blobs, file.hash),
        audioIndex: named[2] === undefined ? undefined : Number(named[2]),
        share: link.shareId || undefined,
      };
      if (source.audioIndex !== undefined && !probe.audio.some((track) => track.index === source.audioIndex))
        throw new ServiceError('not_found', 'There is no such stream.');
      const address = { init: 'init.mp4', segment: (n: number) => `${n}.m4s` };
      try {
        if (part === 'index.m3u8')
          return {
            playlist: streaming.fixedSegments(source.profile)
              ? streaming.fixedPlaylist(probe.duration, address)
              : await streaming.growingPlaylist(source, address),
          };
        const made = part === 'init.mp4' ? await streaming.init(source) : await streaming.segment(source, Number(segment));
        return { file: made, payer };
      } catch (failure) {
        throw streamFailure(failure);
      }
    },

    /**
     * The seek bar's preview pictures behind a stream link: `thumbnails.vtt` (its text) or
     * `sheet-<n>.jpg` (a file, counted as the stream's traffic). Made once per content.
     */
    async trickplayPart(
      link: { id: string; expires: number; signature: string } & LinkGrant,
      part: string,
      log: { error(details: object, message: string): void },
    ): Promise<{ vtt: string } | { file: string; payer: string }> {
      const sheet = /^sheet-(\d{1,5})\.jpg$/.exec(part)?.[1];
      if (part !== 'thumbnails.vtt' && sheet === undefined) throw new ServiceError('not_found', 'There is no such picture.');
      const { file, payer } = await downloads.download(link, log, 'stream');
      if (!trickplay) throw new ServiceError('not_found', 'This server makes no preview pictures.');
      const probe = await probeOf(file.hash, Number(file.size));
      const video = probe?.video[0];
      if (!probe || !video) throw new ServiceError('not_found', 'This file has no picture to preview.');
      const source = { hash: file.hash, duration: probe.duration, width: video.width, height: video.height, input: () => mediaInputOf(blobs, file.hash) };
      try {
        if (part === 'thumbnails.vtt') return { vtt: await trickplay.vtt(source) };
        return { file: await trickplay.sheet(source, Number(sheet)), payer };
      } catch (failure) {
        throw streamFailure(failure);
      }
    },

    countTraffic: downloads.countTraffic,
  };
}

export type PlaybackService = ReturnType<typeof playbackService>;

/** What a stream's failure is to the player: busy encoders can be waited for; the rest are the file's. */
function streamFailure(failure: unknown): unknown {
  if (!(failure instanceof MediaFailure)) return failure;
  if (failure.reason === 'encoders_busy')
    return new ServiceError('encoders_busy', 'Every encoder of this server is busy. Try again in a moment, or download the file.', [
      { retry_after_seconds: 10 },
    ]);
  if (failure.reason === 'segment_not_found') return new ServiceError('not_found', failure.message);
  return new ServiceError('media_unreadable', `This file cannot be played: ${failure.message}`);
}
