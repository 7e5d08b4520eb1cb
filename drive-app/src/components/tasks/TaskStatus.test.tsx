// @vitest-environment happy-dom

import { cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '#shared/api/tasks.ts';
import { loadEnglishMessages } from '../../testing/english-messages.ts';
import { TaskStatus } from './TaskStatus.tsx';

const download = (changes: Partial<Task>): Task => ({
  kind: 'drive#task',
  id: 't1',
  name: 'film.mkv',
  type: 'offline',
  phase: 'PHASE_TYPE_RUNNING',
  progress: 40,
  stage: '',
  message: '',
  file_id: '',
  file_name: 'film.mkv',
  file_size: String(1000 * 1024 * 1024),
  bytes_done: String(400 * 1024 * 1024),
  speed: String(10 * 1024 * 1024),
  error: '',
  params: {},
  created_time: '2026-11-25T10:00:00.000Z',
  updated_time: '2026-11-25T10:00:00.000Z',
  statuses: [],
  ...changes,
});

describe('a download’s status', () => {
  beforeEach(async () => {
    cleanup();
    await loadEnglishMessages();
  });

  it('shows the bytes fetched while downloading', () => {
    render(<TaskStatus task={download({})} announce />);
    expect(screen.getByRole('status').textContent).toBe('In progress: 40%');
    expect(screen.queryByText('400.00 MB of 1000.00 MB')).not.toBeNull();
    expect(screen.getByText('In progress: 40%').parentElement?.textContent).toContain('10.00 MB/s');
  });

  it('names the step of storing in the drive, with its own progress, instead of the download’s bytes', () => {
    render(<TaskStatus task={download({ stage: 'STORING', progress: 25, bytes_done: String(250 * 1024 * 1024) })} announce />);
    expect(screen.getByRole('status').textContent).toBe('Storing in the drive: 25%');
    expect(screen.queryByText(/250.00 MB/)).toBeNull();
  });
});
