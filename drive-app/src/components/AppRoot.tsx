import { type ReactNode, StrictMode } from 'react';
import { WithMessages } from './WithMessages.tsx';

/** What wraps every page of the drive app, in the browser and in the server's render alike. */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <WithMessages>{children}</WithMessages>
    </StrictMode>
  );
}
