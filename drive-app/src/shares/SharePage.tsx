import { useStore } from '@nanostores/react';
import type { ShareFirstView } from '#shared/share-page.ts';
import { SimpleLayout } from '../layouts/SimpleLayout.tsx';
import { Share } from '../scenes/Share.tsx';
import { $sharePlace } from './share-place.ts';

/** The share page (/s/<share id>…, SPEC §2.4): the share scene in the simple layout, nothing else. */
export function SharePage({ first }: { first?: ShareFirstView | undefined }) {
  const place = useStore($sharePlace);
  return <SimpleLayout>{place && <Share shareId={place.shareId} folderIds={place.folderIds} first={first} />}</SimpleLayout>;
}
