// The player's own words (Vidstack's buttons, menus, tooltips and screen-reader announcements), each
// in the user's language from the app's messages. Words left out here (Google Cast, AirPlay, live
// streams) name things the drive's player never shows.
import type { DefaultLayoutTranslations } from '@vidstack/react/player/layouts/default';
import { useMemo } from 'react';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { useT } from '../../i18n.ts';

/** Vidstack's English word, and the message that says it in the user's language. */
const WORDS: Partial<Record<keyof DefaultLayoutTranslations | 'Audio Boost', MessageKey>> = {
  Announcements: 'player.word.announcements',
  Accessibility: 'player.word.accessibility',
  Audio: 'player.word.audio',
  'Audio Boost': 'player.word.audioBoost',
  Auto: 'player.word.auto',
  Boost: 'player.word.boost',
  Captions: 'player.word.captions',
  'Caption Styles': 'player.word.captionStyles',
  'Captions look like this': 'player.word.captionsLook',
  Chapters: 'player.word.chapters',
  'Closed-Captions Off': 'player.word.captionsOff',
  'Closed-Captions On': 'player.word.captionsOn',
  Continue: 'player.word.continue',
  Default: 'player.word.default',
  Disabled: 'player.word.disabled',
  'Display Background': 'player.word.displayBackground',
  Download: 'player.word.download',
  'Enter Fullscreen': 'player.word.enterFullscreen',
  'Enter PiP': 'player.word.enterPip',
  'Exit Fullscreen': 'player.word.exitFullscreen',
  'Exit PiP': 'player.word.exitPip',
  Font: 'player.word.font',
  Family: 'player.word.family',
  Fullscreen: 'player.word.fullscreen',
  'Keyboard Animations': 'player.word.keyboardAnimations',
  Loop: 'player.word.loop',
  Mute: 'player.word.mute',
  Normal: 'player.word.normal',
  Off: 'player.word.off',
  Pause: 'player.word.pause',
  Play: 'player.word.play',
  Playback: 'player.word.playback',
  PiP: 'player.word.pip',
  Quality: 'player.word.quality',
  Replay: 'player.word.replay',
  Reset: 'player.word.reset',
  'Seek Backward': 'player.word.seekBackward',
  'Seek Forward': 'player.word.seekForward',
  Seek: 'player.word.seek',
  Settings: 'player.word.settings',
  Speed: 'player.word.speed',
  Size: 'player.word.size',
  Color: 'player.word.color',
  Opacity: 'player.word.opacity',
  Shadow: 'player.word.shadow',
  Text: 'player.word.text',
  'Text Background': 'player.word.textBackground',
  Track: 'player.word.track',
  Unmute: 'player.word.unmute',
  Volume: 'player.word.volume',
};

/** The translations Vidstack's layout takes, in the current locale. */
export function usePlayerTranslations(): Partial<DefaultLayoutTranslations> {
  const t = useT();
  return useMemo(() => Object.fromEntries(Object.entries(WORDS).map(([word, key]) => [word, t(key)])), [t]);
}
