import { NavLink } from 'react-router';
import { PAYMENT_PATH, PAYMENT_STORAGE_PATH, PAYMENT_TRAFFIC_PATH } from '#shared/app-paths.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { type PremiumFocus as Focus, PremiumPanels } from '../components/premium/PremiumPanels.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useT } from '../i18n.ts';

// The premium pages (SPEC §2.4 /drive/payment, /storage, /traffic): one page, about all of premium or one part of it.

const TITLES: Record<Focus, MessageKey> = { all: 'payment.title', storage: 'payment.storage.title', traffic: 'payment.traffic.title' };
const PAGES: readonly { focus: Focus; path: string }[] = [
  { focus: 'all', path: PAYMENT_PATH },
  { focus: 'storage', path: PAYMENT_STORAGE_PATH },
  { focus: 'traffic', path: PAYMENT_TRAFFIC_PATH },
];

/** /drive/payment: the membership, what every tier gives, the plans, what the user was given, and the code box. */
export function Payment() {
  return <RequireUser>{() => <PaymentPage focus="all" />}</RequireUser>;
}

/** /drive/payment/storage: the storage used, the storage plans. */
export function PaymentStorage() {
  return <RequireUser>{() => <PaymentPage focus="storage" />}</RequireUser>;
}

/** /drive/payment/traffic: the month's downloads, the traffic packs. */
export function PaymentTraffic() {
  return <RequireUser>{() => <PaymentPage focus="traffic" />}</RequireUser>;
}

function PaymentPage({ focus }: { focus: Focus }) {
  const t = useT();
  return (
    <div className="payment-page">
      <h1>{t(TITLES[focus])}</h1>
      <nav aria-label={t('payment.nav.label')} className="payment-nav">
        <ul>
          {PAGES.map((page) => (
            <li key={page.path}>
              <NavLink to={page.path} end>
                {t(TITLES[page.focus])}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <PremiumPanels focus={focus} />
    </div>
  );
}
