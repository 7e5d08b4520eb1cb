import { createRoot } from 'react-dom/client';
import { extensionLocale } from '../../lib/i18n.ts';
import { Offer } from './Offer.tsx';

document.documentElement.lang = extensionLocale();
createRoot(document.getElementById('root')!).render(<Offer />);
