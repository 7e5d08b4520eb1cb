// ASS/SSA subtitles drawn with their styles by JASSUB (libass in WebAssembly, in a worker) on a
// canvas it lays over the video. Its worker, WebAssembly and default font are files of our own
// build, never fetched from elsewhere (the page's policy allows scripts, workers and fetches from
// our own origin only).
// (JASSUB names them as `new URL(…, import.meta.url)`, which Vite follows and bundles as our own files.)
import JASSUB from 'jassub';

/**
 * Letters the bundled font (Liberation Sans: Latin, Greek, Cyrillic) has no glyphs for: Chinese,
 * Japanese and Korean. libass in the worker sees no system fonts, so such a script would draw as
 * empty boxes: it is shown as WebVTT instead, which the browser draws with the system's fonts.
 */
const WITHOUT_GLYPHS = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/** Fetches the script, and draws it over `video`; answers how to stop. */
export async function drawAss(video: HTMLVideoElement, url: string, unavailable: (reason: string) => void): Promise<() => void> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`the styled subtitles answered ${answer.status}`);
  const subContent = await answer.text();
  if (WITHOUT_GLYPHS.test(dialogueOf(subContent))) {
    unavailable('no font with CJK glyphs is bundled');
    return () => {};
  }
  const renderer = new JASSUB({ video, subContent, queryFonts: false });
  let destroyed = false;
  renderer.ready.catch((failure: unknown) => {
    if (!destroyed) unavailable(failure instanceof Error ? failure.message : String(failure));
  });
  return () => {
    destroyed = true;
    void renderer.destroy();
  };
}

/** The text of a script's events, without its styles' names (which may be in any script without being drawn). */
function dialogueOf(script: string): string {
  return script
    .split(/\r?\n/)
    .filter((line) => line.startsWith('Dialogue:'))
    .join('\n');
}
