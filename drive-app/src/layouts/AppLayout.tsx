import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from '../components/Header.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { EmbeddedActions } from '../embedding/EmbeddedActions.tsx';
import { embedding, reportPageView } from '../embedding/embedding.ts';

/** The drive layout (SPEC §2.5): header on top, sidebar beside the page (a drawer under 768 px). */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => reportPageView(pathname), [pathname]);
  return (
    <div className="app-layout">
      {!embedding.hideHeader && <Header />}
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="main">
          <Outlet />
        </main>
      </div>
      <EmbeddedActions />
    </div>
  );
}
