import { describe, expect, it } from 'vitest';
import { classifyFile, FILE_CATEGORIES, FILE_KINDS, fileCategoryOf, fileExtension, isPdf, isUnsupportedAudioCodec } from './classify.ts';

describe('fileExtension', () => {
  it('answers the lowercase extension after the last dot', () => {
    expect(fileExtension('Holiday.Photos.JPG')).toBe('jpg');
    expect(fileExtension('backup.tar.gz')).toBe('gz');
  });

  it('answers nothing for a name without a dot, ending in a dot, or starting with its only dot', () => {
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('draft.')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('')).toBe('');
  });

  it('keeps the extension of a dot-file that has one', () => {
    expect(fileExtension('.config.json')).toBe('json');
  });

  it('looks only at the last path segment', () => {
    expect(fileExtension('photos.2024/README')).toBe('');
    expect(fileExtension('C:\\films.old\\clip.MKV')).toBe('mkv');
  });
});

describe('classifyFile', () => {
  it('classifies a .epub with a zip type as epub, not archive', () => {
    expect(classifyFile({ name: 'novel.epub', mimeType: 'application/zip' })).toBe('epub');
  });

  it('classifies an epub by its name alone or its type alone', () => {
    expect(classifyFile({ name: 'Novel.EPUB' })).toBe('epub');
    expect(classifyFile({ mimeType: 'application/epub+zip' })).toBe('epub');
    expect(classifyFile({ name: 'novel.zip', mimeType: 'application/epub+zip' })).toBe('epub');
  });

  it('classifies 7z, zip, rar and tar-family names as archives', () => {
    for (const name of ['a.7z', 'a.zip', 'a.RAR', 'a.tar', 'a.tar.gz', 'a.tgz', 'a.tar.bz2', 'a.tar.xz']) {
      expect(classifyFile({ name }), name).toBe('archive');
    }
  });

  it('classifies archive media types as archives', () => {
    for (const mimeType of ['application/zip', 'application/x-7z-compressed', 'application/vnd.rar', 'application/x-rar-compressed', 'application/gzip']) {
      expect(classifyFile({ mimeType }), mimeType).toBe('archive');
    }
  });

  it('classifies image extensions including icon, jpe and jpeg2000', () => {
    for (const name of ['a.png', 'a.jpeg', 'a.bmp', 'a.jpg', 'a.ico', 'a.icon', 'a.jpe', 'a.gif', 'a.jp2', 'a.jpeg2000', 'a.webp', 'a.svg']) {
      expect(classifyFile({ name }), name).toBe('image');
    }
  });

  it('classifies any image/* type as an image', () => {
    expect(classifyFile({ mimeType: 'image/x-portable-pixmap' })).toBe('image');
  });

  it('classifies video extensions including rmvb, ts and m2ts', () => {
    for (const name of [
      'a.wmv',
      'a.asf',
      'a.rm',
      'a.rmvb',
      'a.mpg',
      'a.mpeg',
      'a.3gp',
      'a.mov',
      'a.mp4',
      'a.webm',
      'a.m4v',
      'a.avi',
      'a.mkv',
      'a.flv',
      'a.f4v',
      'a.vob',
      'a.ts',
      'a.m2ts',
      'a.mts',
    ]) {
      expect(classifyFile({ name }), name).toBe('video');
    }
  });

  it('classifies video/* types as video but not video/webp_pipe', () => {
    expect(classifyFile({ mimeType: 'video/x-matroska' })).toBe('video');
    expect(classifyFile({ mimeType: 'video/webp_pipe' })).toBe('other');
    expect(classifyFile({ name: 'anim.webp', mimeType: 'video/webp_pipe' })).toBe('image');
  });

  it('classifies audio extensions and audio/* types as audio', () => {
    for (const name of ['a.wav', 'a.midi', 'a.mid', 'a.mp3', 'a.wma', 'a.aac', 'a.flac', 'a.ape', 'a.ogg', 'a.opus', 'a.m4a']) {
      expect(classifyFile({ name }), name).toBe('audio');
    }
    expect(classifyFile({ mimeType: 'audio/x-unknown-thing' })).toBe('audio');
  });

  it('classifies a .torrent name or a bittorrent type as a torrent', () => {
    expect(classifyFile({ name: 'ubuntu.iso.torrent' })).toBe('torrent');
    expect(classifyFile({ mimeType: 'application/x-bittorrent' })).toBe('torrent');
  });

  it('classifies anything unrecognised, and nothing at all, as other', () => {
    expect(classifyFile({ name: 'report.pdf', mimeType: 'application/pdf' })).toBe('other');
    expect(classifyFile({ name: 'notes.txt', mimeType: 'text/plain' })).toBe('other');
    expect(classifyFile({ name: 'Makefile' })).toBe('other');
    expect(classifyFile({})).toBe('other');
  });

  it('lets a specific media type win when it disagrees with the extension', () => {
    expect(classifyFile({ name: 'photo.png', mimeType: 'video/mp4' })).toBe('video');
    expect(classifyFile({ name: 'clip.mp4', mimeType: 'text/plain' })).toBe('other');
  });

  it('falls back to the extension when the type is generic, unknown or missing', () => {
    expect(classifyFile({ name: 'clip.mp4', mimeType: 'application/octet-stream' })).toBe('video');
    expect(classifyFile({ name: 'song.mp3', mimeType: 'application/x-made-up' })).toBe('audio');
    expect(classifyFile({ name: 'pack.zip', mimeType: '' })).toBe('archive');
  });

  it('reads a media type regardless of case and parameters', () => {
    expect(classifyFile({ mimeType: 'Video/MP4; codecs="avc1.42E01E"' })).toBe('video');
    expect(classifyFile({ mimeType: ' APPLICATION/EPUB+ZIP ' })).toBe('epub');
  });

  it('answers only the listed kinds', () => {
    expect(FILE_KINDS).toEqual(['epub', 'archive', 'image', 'video', 'audio', 'torrent', 'other']);
  });
});

describe('fileCategoryOf', () => {
  it('maps media and archive kinds onto their API categories', () => {
    expect(fileCategoryOf({ name: 'a.mkv' })).toBe('VIDEO');
    expect(fileCategoryOf({ name: 'a.flac' })).toBe('AUDIO');
    expect(fileCategoryOf({ name: 'a.jpg' })).toBe('IMAGE');
    expect(fileCategoryOf({ name: 'a.rar' })).toBe('ARCHIVE');
  });

  it('files an epub under OTHER, not ARCHIVE or TEXT', () => {
    expect(fileCategoryOf({ name: 'novel.epub', mimeType: 'application/zip' })).toBe('OTHER');
  });

  it('files a torrent under OTHER', () => {
    expect(fileCategoryOf({ name: 'a.torrent' })).toBe('OTHER');
  });

  it('files text/* types and common text extensions under TEXT', () => {
    expect(fileCategoryOf({ mimeType: 'text/csv' })).toBe('TEXT');
    expect(fileCategoryOf({ mimeType: 'application/json' })).toBe('TEXT');
    expect(fileCategoryOf({ name: 'README.md' })).toBe('TEXT');
    expect(fileCategoryOf({ name: 'movie.srt' })).toBe('TEXT');
  });

  it('keeps a .ts name a video, as the spec lists it', () => {
    expect(fileCategoryOf({ name: 'recording.ts' })).toBe('VIDEO');
  });

  it('files unknown files under OTHER', () => {
    expect(fileCategoryOf({ name: 'setup.exe' })).toBe('OTHER');
    expect(fileCategoryOf({})).toBe('OTHER');
  });

  it('answers only categories the API knows', () => {
    const names = ['a.mp4', 'a.mp3', 'a.png', 'a.zip', 'a.txt', 'a.epub', 'a.torrent', 'a.bin'];
    for (const name of names) expect(FILE_CATEGORIES).toContain(fileCategoryOf({ name }));
  });
});

describe('isUnsupportedAudioCodec', () => {
  it('treats eac3 in any spelling or case as unsupported', () => {
    for (const codec of ['eac3', 'EAC3', 'E-AC-3', 'e-ac-3', 'ec-3']) {
      expect(isUnsupportedAudioCodec(codec), codec).toBe(true);
    }
  });

  it('treats plain ac3, aac, opus and an unknown codec as supported', () => {
    for (const codec of ['ac3', 'aac', 'opus', '', undefined]) {
      expect(isUnsupportedAudioCodec(codec), String(codec)).toBe(false);
    }
  });
});

describe('isPdf', () => {
  it('knows a PDF by its type, or by its name when the type is missing or generic', () => {
    expect(isPdf({ name: 'paper.PDF', mimeType: '' })).toBe(true);
    expect(isPdf({ name: 'scan', mimeType: 'application/pdf' })).toBe(true);
    expect(isPdf({ name: 'paper.pdf', mimeType: 'application/octet-stream' })).toBe(true);
    expect(isPdf({ name: 'paper.pdf', mimeType: 'text/plain' })).toBe(false);
    expect(isPdf({ name: 'notes.txt' })).toBe(false);
  });
});
