import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from '../components/Header.tsx';
import { PremiumDialogs } from '../components/premium/PremiumDialogs.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { SearchBox } from '../components/search/SearchBox.tsx';
import { EmbeddedActions } from '../embedding/EmbeddedActions.tsx';
import { embedding, reportPageView } from '../embedding/embedding.ts';
import { $user } from '../stores/user.ts';

/** The drive layout (SPEC §2.5): header on top, sidebar beside the page (a drawer under 768 px). */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => reportPageView(pathname), [pathname]);
  const signedIn = useStore($user).status === 'signed-in';
  return (
    <div className="app-layout">
      {!embedding.hideHeader && <Header search={signedIn && <SearchBox />} />}
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="main">
          <PremiumDialogs signedIn={signedIn}>
            <Outlet />
          </PremiumDialogs>
        </main>
      </div>
      <EmbeddedActions />
    </div>
  );
}
