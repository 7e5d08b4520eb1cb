import type { ReactNode } from 'react';
import { Header } from '../components/Header.tsx';

/** The simple layout (SPEC §2.5): the header and one centred column, for signing in, loading and shares. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-layout">
      <Header withMenu={false} />
      <main className="simple-main" id="main">
        {children}
      </main>
    </div>
  );
}
