import { Outlet } from 'react-router';
import { Header } from '../components/Header.tsx';
import { Sidebar } from '../components/Sidebar.tsx';

/** The drive layout (SPEC §2.5): header on top, sidebar beside the page (a drawer under 768 px). */
export function AppLayout() {
  return (
    <div className="app-layout">
      <Header />
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
