import type { DriveFile } from '#shared/api/files.ts';
import type { PlaybackAnswer } from '#shared/api/playback.ts';
import { useT } from '../../i18n.ts';

/** What a music file is, as its tags say, with its cover picture: the player's face for sound alone. */
export function AudioDetails({ file, answer }: { file: DriveFile; answer: PlaybackAnswer | undefined }) {
  const tags = answer?.tags;
  // The file's name stands in for a title its tags do not give.
  const title = tags?.title || file.name;
  const byline = [tags?.artist, tags?.album].filter(Boolean).join(' · ');
  return (
    <figure className="audio-details">
      {answer?.cover ? (
        <img className="audio-cover" src={answer.cover} alt="" width={160} height={160} />
      ) : (
        <span className="audio-cover audio-cover-none" aria-hidden="true" />
      )}
      <figcaption>
        <strong className="audio-title">{title}</strong>
        {byline && <span className="audio-byline">{byline}</span>}
      </figcaption>
    </figure>
  );
}

/** The music files of the folder, in the drive's order, the one playing marked: choosing one plays it. */
export function AudioQueue({ tracks, playing, onChoose }: { tracks: readonly DriveFile[]; playing: string; onChoose: (file: DriveFile) => void }) {
  const t = useT();
  if (tracks.length < 2) return null;
  return (
    <nav className="audio-queue" aria-label={t('player.audio.queue')}>
      <ol>
        {tracks.map((track) => (
          <li key={track.id}>
            <button type="button" aria-current={track.id === playing ? 'true' : undefined} onClick={() => onChoose(track)}>
              {track.name}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
