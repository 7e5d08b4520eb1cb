// PGS subtitles (Blu-ray pictures) drawn by libpgs on a canvas over the video, its worker a file of
// our own build.
import { PgsRenderer } from 'libpgs';
import workerUrl from 'libpgs/dist/libpgs.worker.js?url';

/** Loads the pictures from `url` and draws each at its time over `video`; answers how to stop. */
export async function drawPgs(video: HTMLVideoElement, url: string): Promise<() => void> {
  const renderer = new PgsRenderer({ video, workerUrl, aspectRatio: 'contain' });
  try {
    await renderer.loadFromUrl(url);
  } catch (failure) {
    renderer.dispose();
    throw failure;
  }
  return () => renderer.dispose();
}
