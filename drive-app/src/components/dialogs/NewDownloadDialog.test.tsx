// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inspection } from '#shared/api/offline.ts';
import { loadEnglishMessages } from '../../testing/english-messages.ts';
import { NewDownloadDialog } from './NewDownloadDialog.tsx';

const INFO_HASH = '0123456789abcdef0123456789abcdef01234567';
const MAGNET = `magnet:?xt=urn:btih:${INFO_HASH}&dn=Album`;
const FILM = 'https://films.example/film.mkv';

/** What the server answers when the link's peers, or its server, have not answered in the time checking waits. */
const inspections: Record<string, Inspection> = {
  [MAGNET]: {
    kind: 'drive#resource',
    source: 'magnet',
    url: MAGNET,
    name: 'Album',
    size: '-1',
    mime_type: '',
    file_category: 'OTHER',
    files: [],
    state: 'looking_for_files',
    info_hash: INFO_HASH,
  },
  [FILM]: {
    kind: 'drive#resource',
    source: 'http',
    url: FILM,
    name: 'film.mkv',
    size: '-1',
    mime_type: '',
    file_category: 'VIDEO',
    files: [],
    state: 'no_answer_yet',
    info_hash: '',
  },
};

describe('the New download dialog', () => {
  /** The downloads the dialog asked the server to start, by their link. */
  let started: string[];
  beforeEach(() => {
    cleanup();
    loadEnglishMessages();
    started = [];
    // The quota and the downloads list are not this test's business: their reads fail, and say so in the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://nubo.test').pathname;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (path === '/drive/v1/offline:inspect') return Response.json(inspections[body.url]);
      if (path === '/drive/v1/files' && init?.method === 'POST') {
        started.push(body.url.url);
        return Response.json({ upload_type: 'UPLOAD_TYPE_URL', task: { kind: 'drive#task', id: `t${started.length}`, type: 'offline' } });
      }
      return new Response('{}', { status: 503 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('says what checking the links has not learned yet, and starts them all the same', async () => {
    const onClose = vi.fn();
    render(<NewDownloadDialog parentId="" onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Links'), { target: { value: `${MAGNET}\n${FILM}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Check links' }));

    expect(
      await screen.findByText(
        "Still looking for someone who shares this torrent's file list. You can start it anyway: the download keeps looking and fetches all its files.",
      ),
    ).toBeDefined();
    expect(screen.getByText('The server has not answered yet. You can start the download anyway: it keeps trying.')).toBeDefined();
    expect(screen.getByText('Album')).toBeDefined();

    const start = screen.getByRole('button', { name: 'Download' });
    expect(start.hasAttribute('disabled')).toBe(false);
    fireEvent.click(start);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(started).toEqual([MAGNET, FILM]);
  });
});
