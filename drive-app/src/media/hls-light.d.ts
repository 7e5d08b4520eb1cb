// hls.js ships its light build (no DRM, subtitles or alternate renditions: what the drive's streams
// never have) without types of its own; its API is the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
