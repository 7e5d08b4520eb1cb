// A video's poster frame, shown on its tile in the drive: one picture from past the opening
// seconds (titles and black frames), or a music file's cover picture, read by ffmpeg fenced in like
// every other reading of media.
import { inputArguments, type MediaInput, type MediaTools, runMediaProgram } from './tools.ts';

/** The largest edge of the frame kept; the thumbnail sizes are made from it. */
const POSTER_EDGE = 1024;
const POSTER_LIMITS = { timeoutMs: 60_000, memoryBytes: 2 * 1024 ** 3, outputBytes: 16 * 1024 * 1024 };

/** Where the frame is taken: a tenth into the video, at most a minute in, and the first frame of a clip too short to have an opening. */
export function posterSecond(duration: number): number {
  if (!Number.isFinite(duration) || duration < 3) return 0;
  return Math.min(duration * 0.1, 60);
}

/**
 * The frame at `posterSecond(duration)` as a PNG, at most POSTER_EDGE on its longer side; for a
 * music file (`cover`), its cover picture.
 */
export function readPosterFrame(tools: MediaTools, input: MediaInput, duration: number, workDir: string, { cover = false } = {}): Promise<Buffer> {
  const fit = `scale=w=${POSTER_EDGE}:h=${POSTER_EDGE}:force_original_aspect_ratio=decrease`;
  const args = [
    ...['-hide_banner', '-v', 'error', '-nostdin'],
    // Seeking before the input jumps to the keyframe before the second and decodes on from there.
    ...(cover ? [] : ['-ss', posterSecond(duration).toFixed(3)]),
    ...inputArguments(input),
    // 0:V is the first picture stream that is not a cover image; 0:v:0 a music file's cover.
    ...['-map', cover ? '0:v:0' : '0:V:0', '-frames:v', '1', '-vf', fit, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
  ];
  return runMediaProgram(tools.ffmpeg, args, { ...POSTER_LIMITS, cwd: workDir });
}
