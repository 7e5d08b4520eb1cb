import { describe, expect, it } from 'vitest';
import { hasUnsupportedAudio, inlineLink, previewKindOf } from './file-links.ts';

const file = (name: string, mime_type = '', kind: 'drive#file' | 'drive#folder' = 'drive#file') => ({ kind, name, mime_type });

describe('inlineLink', () => {
  it('asks the signed link to answer inline', () => {
    expect(inlineLink('http://h/drive/v1/download/f1?e=1&s=x')).toBe('http://h/drive/v1/download/f1?e=1&s=x&inline=true');
    expect(inlineLink('http://h/blob')).toBe('http://h/blob?inline=true');
  });
});

describe('previewKindOf', () => {
  it('shows images, plays video and audio, reads text and PDF, and previews nothing else', () => {
    expect(previewKindOf(file('cat.PNG'))).toBe('image');
    expect(previewKindOf(file('clip', 'video/mp4'))).toBe('video');
    expect(previewKindOf(file('song.flac'))).toBe('audio');
    expect(previewKindOf(file('notes.pdf'))).toBe('pdf');
    expect(previewKindOf(file('todo.md'))).toBe('text');
    expect(previewKindOf(file('page.html', 'text/html'))).toBe('text');
    expect(previewKindOf(file('setup.exe', 'application/x-msdownload'))).toBe('none');
    expect(previewKindOf(file('book.epub', 'application/epub+zip'))).toBe('none');
    expect(previewKindOf(file('Photos.jpg', '', 'drive#folder'))).toBe('none');
  });
});

describe('hasUnsupportedAudio', () => {
  it('flags E-AC-3 sound', () => {
    const media = (audio_codec: string) => ({
      medias: [
        {
          media_id: 'm',
          media_name: 'o',
          is_origin: true,
          link: { url: '', expire: '' },
          video: { width: 1, height: 1, duration: 1, video_codec: 'h264', audio_codec },
        },
      ],
    });
    expect(hasUnsupportedAudio(media('eac3'))).toBe(true);
    expect(hasUnsupportedAudio(media('aac'))).toBe(false);
    expect(hasUnsupportedAudio({})).toBe(false);
  });
});
