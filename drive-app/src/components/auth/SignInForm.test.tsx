// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import type { OnCheckingRobot, SignInInput } from '../../stores/user-store.ts';
import { loadEnglishMessages } from '../../testing/english-messages.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignInOrUp } from './SignInOrUp.tsx';

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  beforeEach(() => {
    cleanup();
    loadEnglishMessages();
  });

  it('asks for both fields before sending', () => {
    const onSignIn = vi.fn();
    render(<SignInForm onSignIn={onSignIn} />);
    signIn('', '');
    expect(screen.getByText('Enter your e-mail address.')).toBeDefined();
    expect(screen.getByText('Enter your password.')).toBeDefined();
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('shows the wrong-password message', async () => {
    const onSignIn = vi.fn(async () => {
      throw new ApiError(400, { error: 'invalid_account_or_password', error_code: 3, error_description: 'no' });
    });
    render(<SignInForm onSignIn={onSignIn} />);
    signIn('ann@example.com', 'not the password');
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail address or password is not correct. Check both and try again.');
  });

  it('says it is checking for a robot while the proof of work runs', async () => {
    let finish: () => void = () => {};
    const onSignIn = vi.fn(
      (_input: SignInInput, onCheckingRobot: OnCheckingRobot) =>
        new Promise<void>((resolve) => {
          onCheckingRobot();
          finish = resolve;
        }),
    );
    render(<SignInForm onSignIn={onSignIn} />);
    signIn('ann@example.com', 'violet harbour lamp');
    expect((await screen.findByRole('status')).textContent).toBe('Checking that you are not a robot…');
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(true);
    finish();
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('says when to try again after too many attempts', async () => {
    const onSignIn = vi.fn(async () => {
      throw new ApiError(429, { error: 'too_many_requests', error_code: 8, error_description: 'slow down', details: [{ retry_after_seconds: 600 }] });
    });
    render(<SignInForm onSignIn={onSignIn} />);
    signIn('ann@example.com', 'violet harbour lamp');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Too many attempts\. Try again at .+\.$/);
  });
});

describe('SignInOrUp', () => {
  beforeEach(() => {
    cleanup();
    loadEnglishMessages();
  });

  it('switches between signing in and signing up', () => {
    render(<SignInOrUp onSignIn={vi.fn()} onSignUp={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Sign in to Nubo' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { name: 'Create your Nubo account' })).toBeDefined();
    expect(screen.getByLabelText('Name')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in to Nubo' })).toBeDefined();
  });
});
