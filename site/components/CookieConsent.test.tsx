// @vitest-environment happy-dom
import { describe, it, expect, beforeEach } from 'vitest';
import { render, screen, fireEvent, cleanup } from '@testing-library/react';
import CookieConsent from './CookieConsent.tsx';

const labels = { text: 'We use cookies', acceptLabel: 'Allow', declineLabel: 'Only necessary', regionLabel: 'Cookie consent' };

describe('CookieConsent', () => {
  beforeEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('asks a visitor who has not answered yet', async () => {
    render(<CookieConsent {...labels} />);
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeDefined();
  });

  it('stores allow_analysis=true on accept and goes away', async () => {
    render(<CookieConsent {...labels} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(localStorage.getItem('allow_analysis')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('stores allow_analysis=false when only necessary cookies are allowed', async () => {
    render(<CookieConsent {...labels} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Only necessary' }));
    expect(localStorage.getItem('allow_analysis')).toBe('false');
  });

  it('does not ask again once answered', async () => {
    localStorage.setItem('allow_analysis', 'false');
    render(<CookieConsent {...labels} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
