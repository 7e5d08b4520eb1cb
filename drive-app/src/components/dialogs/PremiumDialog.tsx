import { useStore } from '@nanostores/react';
import { Link } from 'react-router';
import { PAYMENT_PATH } from '#shared/app-paths.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { useT } from '../../i18n.ts';
import { $premiumDialog, closePremiumDialog, type PremiumDialogKind } from '../../stores/premium-dialog.ts';
import { type PremiumFocus, PremiumPanels } from '../premium/PremiumPanels.tsx';
import { Dialog } from './Dialog.tsx';

const TITLES: Record<PremiumDialogKind, MessageKey> = {
  storage: 'premium.dialog.storage',
  traffic: 'premium.dialog.traffic',
  redeem: 'premium.redeem.title',
};
const FOCUS: Record<PremiumDialogKind, PremiumFocus> = { storage: 'storage', traffic: 'traffic', redeem: 'all' };

/** The premium dialog asked for (askForMore), over whichever page is open. */
export function PremiumDialogs() {
  const kind = useStore($premiumDialog);
  return kind ? <PremiumDialog kind={kind} onClose={closePremiumDialog} /> : null;
}

/** The storage, traffic or code dialog (SPEC §2.7): usage, the plans of that kind and the code box, over the drive. */
function PremiumDialog({ kind, onClose }: { kind: PremiumDialogKind; onClose(): void }) {
  const t = useT();
  return (
    <Dialog
      title={t(TITLES[kind])}
      onClose={onClose}
      className="premium-dialog"
      actions={
        <Link to={PAYMENT_PATH} className="button secondary" onClick={onClose}>
          {t('premium.dialog.morePlans')}
        </Link>
      }
    >
      <PremiumPanels focus={FOCUS[kind]} autoFocusCode={kind === 'redeem'} />
    </Dialog>
  );
}
