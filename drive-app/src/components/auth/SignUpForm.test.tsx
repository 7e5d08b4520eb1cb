// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import type { SignUpInput } from '../../stores/user-store.ts';
import { loadEnglishMessages } from '../../testing/english-messages.ts';
import { SignUpForm } from './SignUpForm.tsx';

function fill(fields: { name?: string; email?: string; password?: string }) {
  if (fields.name !== undefined) fireEvent.change(screen.getByLabelText('Name'), { target: { value: fields.name } });
  if (fields.email !== undefined) fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: fields.email } });
  if (fields.password !== undefined) fireEvent.change(screen.getByLabelText('Password'), { target: { value: fields.password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignUpForm', () => {
  beforeEach(() => {
    cleanup();
    loadEnglishMessages();
  });

  it('explains the password rule before anything is sent', () => {
    render(<SignUpForm onSignUp={vi.fn()} />);
    // The rule is the password field's own description, so screen readers announce it with the field.
    const described = screen.getByLabelText('Password').getAttribute('aria-describedby') ?? '';
    const hint = screen.getByText(/Use at least 8 characters/);
    expect(described.split(' ')).toContain(hint.id);
  });

  it('checks every field and sends nothing while one is wrong', () => {
    const onSignUp = vi.fn();
    render(<SignUpForm onSignUp={onSignUp} />);
    fill({ name: ' ', email: 'not-an-address', password: 'short' });
    expect(screen.getByText('Enter your name.')).toBeDefined();
    expect(screen.getByText('Enter a valid e-mail address, such as name@example.com.')).toBeDefined();
    expect(screen.getByText('This password is too short. Use at least 8 characters.')).toBeDefined();
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(onSignUp).not.toHaveBeenCalled();
  });

  it("refuses a common password and one made of the person's own name", () => {
    const onSignUp = vi.fn();
    render(<SignUpForm onSignUp={onSignUp} />);
    fill({ name: 'Marguerite', email: 'mg@example.com', password: 'password123' });
    expect(screen.getByText(/too common and easy to guess/)).toBeDefined();
    fill({ password: 'marguerite-2026' });
    expect(screen.getByText(/contains your name or e-mail address/)).toBeDefined();
    expect(onSignUp).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and address with the password', async () => {
    const onSignUp = vi.fn(async (_input: SignUpInput) => {});
    render(<SignUpForm onSignUp={onSignUp} />);
    fill({ name: ' Ann ', email: ' ann@example.com ', password: 'violet harbour lamp' });
    await vi.waitFor(() => expect(onSignUp).toHaveBeenCalled());
    expect(onSignUp.mock.calls[0]?.[0]).toEqual({ name: 'Ann', email: 'ann@example.com', password: 'violet harbour lamp' });
  });

  it("shows the server's account_already_exists as its own message", async () => {
    const onSignUp = vi.fn(async () => {
      throw new ApiError(409, { error: 'account_already_exists', error_code: 6, error_description: 'exists' });
    });
    render(<SignUpForm onSignUp={onSignUp} />);
    fill({ name: 'Ann', email: 'ann@example.com', password: 'violet harbour lamp' });
    expect((await screen.findByRole('alert')).textContent).toContain('An account with this e-mail address already exists. Sign in instead.');
  });

  it("shows the server's password_too_weak reason", async () => {
    const onSignUp = vi.fn(async () => {
      throw new ApiError(400, { error: 'password_too_weak', error_code: 3, error_description: 'weak', details: [{ field: 'password', reason: 'common' }] });
    });
    render(<SignUpForm onSignUp={onSignUp} />);
    fill({ name: 'Ann', email: 'ann@example.com', password: 'violet harbour lamp' });
    expect((await screen.findByRole('alert')).textContent).toContain('too common');
  });
});
