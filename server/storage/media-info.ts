// Reads duration, picture size and codecs of audio and video content with MediaInfo (WebAssembly,
// no external program). It reads only the parts of the file it needs, so a 10 GiB film costs a
// few reads, not a pass over the whole file.
import type { MediaInfo } from 'mediainfo.js';
import type { BlobStore } from './blob-store.ts';

export type MediaFacts = { duration: number; width: number; height: number; videoCodec: string; audioCodec: string };

let instance: Promise<MediaInfo<'object'>> | undefined;

type Track = Record<string, unknown> & { '@type'?: string };

export async function readMediaFacts(blobs: BlobStore, hash: string, size: number): Promise<MediaFacts | undefined> {
  // Loaded on first use, like sharp: most starts never read a film.
  instance ??= import('mediainfo.js').then(({ default: mediaInfoFactory }) => mediaInfoFactory({ format: 'object' }));
  const mediaInfo = await instance;
  const result = await mediaInfo.analyzeData(size, (chunkSize, offset) => blobs.readRange(hash, offset, Math.min(chunkSize, size - offset)));
  const tracks = (result.media?.track ?? []) as Track[];
  const general = tracks.find((t) => t['@type'] === 'General');
  const video = tracks.find((t) => t['@type'] === 'Video');
  const audio = tracks.find((t) => t['@type'] === 'Audio');
  if (!video && !audio) return undefined;
  return {
    duration: Number(general?.Duration ?? video?.Duration ?? audio?.Duration ?? 0) || 0,
    width: Number(video?.Width ?? 0) || 0,
    height: Number(video?.Height ?? 0) || 0,
    videoCodec: codecName(video),
    audioCodec: codecName(audio),
  };
}

/** "E-AC-3" → "eac3", "AVC" → "avc": lower case without dashes, the way players name codecs. */
function codecName(track: Track | undefined): string {
  const format = typeof track?.Format === 'string' ? track.Format : '';
  return format.toLowerCase().replace(/[^a-z0-9]/g, '');
}
