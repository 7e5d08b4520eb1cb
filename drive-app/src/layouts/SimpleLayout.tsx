import { Outlet } from 'react-router';
import { Header } from '../components/Header.tsx';

/** The simple layout (SPEC §2.5): the header and one centred column, for signing in and loading. */
export function SimpleLayout() {
  return (
    <div className="app-layout">
      <Header withMenu={false} />
      <main className="simple-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
