import { describe, expect, it } from 'vitest';
import { STAT_MODULE, STATS_PATH, stat } from './statistics.ts';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === 'allow_analysis' ? value : null) });

describe('stat', () => {
  it('sends nothing while the visitor has not answered the cookie tips', () => {
    const sent: string[] = [];
    expect(stat('sidebar_click', {}, (_p, body) => sent.push(body), storageWith(null))).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends nothing when the visitor declined', () => {
    const sent: string[] = [];
    expect(stat('sidebar_click', {}, (_p, body) => sent.push(body), storageWith('false'))).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends the event under the public module once the visitor opted in', () => {
    const sent: [string, string][] = [];
    const ok = stat('block_page_show', { page_path: '/s/abc', share_id: 'abc' }, (p, body) => sent.push([p, body]), storageWith('true'));
    expect(ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe(STATS_PATH);
    expect(JSON.parse(sent[0]![1])).toEqual({ module: STAT_MODULE, event: 'block_page_show', data: { page_path: '/s/abc', share_id: 'abc' } });
  });

  it('sends nothing when storage cannot be read', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(
      stat(
        'sidebar_click',
        {},
        () => {
          throw new Error('must not send');
        },
        throwing,
      ),
    ).toBe(false);
  });
});
