// @vitest-environment happy-dom

import { cleanup, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShareSummary } from '#shared/api/shares.ts';
import { formatDateTime } from '#shared/format.ts';
import { loadEnglishMessages } from '../testing/english-messages.ts';
import { PasscodeGuessing } from './PasscodeGuessing.tsx';

const share = (changes: Partial<ShareSummary>): ShareSummary => ({
  share_id: 's1',
  share_url: 'https://nubo.example/s/s1',
  share_status: 'OK',
  title: 'Trip',
  pass_code: 'k3v9q2xa',
  file_num: '1',
  file_size: '0',
  expiration_at: '-1',
  restore_count: '0',
  view_count: '0',
  create_time: '2026-11-25T10:00:00.000Z',
  pass_code_locked_at: '',
  pass_code_locked_until: '',
  ...changes,
});

describe('what the owner’s list says of passcodes guessed on a share', () => {
  beforeEach(async () => {
    cleanup();
    await loadEnglishMessages();
  });

  it('says until when a share takes no passcodes while it takes none', () => {
    const until = '2026-11-25T11:00:00.000Z';
    const { container } = render(<PasscodeGuessing share={share({ pass_code_locked_at: '2026-11-25T10:00:00.000Z', pass_code_locked_until: until })} />);
    expect(container.textContent).toBe(`Takes no passcodes until ${formatDateTime(until)}: too many wrong ones were tried`);
  });

  it('says when it happened once the share takes passcodes again', () => {
    const at = '2026-11-25T10:00:00.000Z';
    const { container } = render(<PasscodeGuessing share={share({ pass_code_locked_at: at })} />);
    expect(container.textContent).toBe(`Many wrong passcodes were tried on ${formatDateTime(at)}`);
  });

  it('says nothing of a share nobody guessed at', () => {
    expect(render(<PasscodeGuessing share={share({})} />).container.textContent).toBe('');
  });
});
