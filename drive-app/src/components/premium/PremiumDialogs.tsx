import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { isEmbedded } from '../../embedding/embedding.ts';
import { useT } from '../../i18n.ts';
import { $premiumDialog, askForMore, type PremiumDialogKind, premiumDialogOfAction } from '../../stores/premium-dialog.ts';
import { Dialog } from '../dialogs/Dialog.tsx';
import { InvitePanel } from './InvitePanel.tsx';
import { RemedyContext } from './MoreLink.tsx';
import { PremiumPanels } from './PremiumPanels.tsx';

const TITLES: Record<PremiumDialogKind, MessageKey> = {
  storage: 'payment.storage.title',
  traffic: 'payment.traffic.title',
  redeem: 'premium.redeem.title',
  invite: 'invite.title',
};

/**
 * The drive's premium dialogs over its pages (for the signed-in), asked for by a failure's remedy
 * or by an entry's `action` parameter (a link from an e-mail or the site); the pages below ask
 * through RemedyContext.
 */
export function PremiumDialogs({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const t = useT();
  const kind = useStore($premiumDialog);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const query = new URLSearchParams(search);
    const asked = premiumDialogOfAction(query.get('action'));
    if (!asked || isEmbedded) return;
    $premiumDialog.set(asked);
    query.delete('action');
    void navigate({ pathname, search: query.toString() }, { replace: true });
  }, [pathname, search, navigate]);

  const close = () => $premiumDialog.set(undefined);
  return (
    <RemedyContext value={askForMore}>
      {children}
      {signedIn && kind && (
        <Dialog title={t(TITLES[kind])} onClose={close} className="premium-dialog">
          {kind === 'invite' ? <InvitePanel /> : <PremiumPanels focus={kind === 'redeem' ? 'all' : kind} />}
        </Dialog>
      )}
    </RemedyContext>
  );
}
