// The share page's entry (/s/<share id>…, SPEC §2.4): the share scene in the simple layout and
// nothing else — no router, no drive — so a visitor opening a link on a phone loads only this.
import { useStore } from '@nanostores/react';
import { boot } from './boot.tsx';
import { SimpleLayout } from './layouts/SimpleLayout.tsx';
import { Share } from './scenes/Share.tsx';
import { $sharePlace } from './shares/share-place.ts';

function SharePage() {
  const place = useStore($sharePlace);
  return <SimpleLayout>{place && <Share shareId={place.shareId} folderIds={place.folderIds} />}</SimpleLayout>;
}

boot(<SharePage />);
