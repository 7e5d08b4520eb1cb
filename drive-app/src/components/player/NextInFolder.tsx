// The next video or audio file of the folder, in the drive's order: offered when the one playing
// ends, and at hand any time under the player. Moving to it is the preview's own stepping.
import type { DriveFile } from '#shared/api/files.ts';
import { useT } from '../../i18n.ts';

/** Shown over the player when it ends. */
export function NextOffer({ next, onNext, onStay }: { next: DriveFile; onNext(): void; onStay(): void }) {
  const t = useT();
  return (
    <div className="player-next-offer" role="dialog" aria-label={t('player.next.upNext', { name: next.name })}>
      <p>{t('player.next.upNext', { name: next.name })}</p>
      <div className="player-next-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the offer appears when playback ends, and Enter takes it */}
        <button type="button" className="button primary" onClick={onNext} autoFocus>
          {t('player.next.play')}
        </button>
        <button type="button" className="button secondary" onClick={onStay}>
          {t('player.next.stay')}
        </button>
      </div>
    </div>
  );
}

/** The button under the player. */
export function NextButton({ next, onNext }: { next: DriveFile; onNext(): void }) {
  const t = useT();
  return (
    <button type="button" className="button secondary player-next-button" onClick={onNext}>
      {t('player.next.button', { name: next.name })}
    </button>
  );
}
