// Subtitles taken out of films made by ffmpeg and subtitle files written in the encodings people's
// files come in, through the real ffmpeg.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from './probe.ts';
import { assOf as ASS, encoded, pgsSup, srtOf as SRT } from './subtitle-fixtures.ts';
import { decodeSubtitleText, sidecarLanguage, subtitleKeeper, subtitleLanguageTag } from './subtitles.ts';
import { findMediaTools, type MediaTools } from './tools.ts';

const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;
const HASH = 'a'.repeat(64);

let dir: string;
beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-subtitles-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sidecarLanguage', () => {
  it.each([
    ['Film.srt', ''],
    ['Film.en.ass', 'en'],
    ['Film.zh-CN.vtt', 'zh-CN'],
    ['film.ENG.SRT', 'ENG'],
    ['Film.ssa', ''],
  ])('takes %s as a subtitle of Film.mkv in the language %j', (name, language) => {
    expect(sidecarLanguage('Film.mkv', name)).toBe(language);
  });

  it.each(['Filmography.srt', 'Film.final cut.srt', 'Film.mkv', 'Film.en.txt', 'Other.srt', 'Film..srt', 'Film.en.../x.srt'])(
    'does not take %s as a subtitle of Film.mkv',
    (name) => {
      expect(sidecarLanguage('Film.mkv', name)).toBeUndefined();
    },
  );
});

describe('subtitleLanguageTag', () => {
  it.each([
    ['eng', 'en'],
    ['chi', 'zh'],
    ['zh-cn', 'zh-CN'],
    ['und', ''],
    ['', ''],
    ['not a language!', ''],
  ])('reads %j as %j', (language, tag) => {
    expect(subtitleLanguageTag(language)).toBe(tag);
  });
});

describe('decodeSubtitleText', () => {
  const chinese = SRT(['中文字幕，这是第一句话。', '我们今天去看电影吧，好不好？']);
  it.each([
    ['GBK', chinese, 'GB18030'],
    ['BIG5', SRT(['中文字幕，這是第一句話。', '我們今天去看電影吧，好不好？']), 'Big5'],
    ['SHIFT_JIS', SRT(['日本語の字幕です。', '今日は映画を見に行きましょう。']), 'Shift_JIS'],
    ['EUC-KR', SRT(['한국어 자막입니다.', '오늘 영화 보러 가자.']), 'EUC-KR'],
    ['CP1251', SRT(['Русские субтитры, первая строка.', 'Пойдём сегодня в кино.']), 'windows-1251'],
    ['UTF-16', chinese, 'UTF-16LE'],
  ])('reads subtitles written in %s', (encoding, text, detected) => {
    const read = decodeSubtitleText(encoded(text, encoding));
    expect(read.encoding).toBe(detected);
    expect(read.text.replace(/^\uFEFF/, '')).toBe(text);
  });

  it('reads UTF-8 with and without its byte order mark as UTF-8', () => {
    expect(decodeSubtitleText(Buffer.from(chinese))).toEqual({ text: chinese, encoding: 'UTF-8' });
    expect(decodeSubtitleText(Buffer.from(`\uFEFF${chinese}`)).text).toBe(chinese);
  });
});

describe('subtitleKeeper', () => {
  let film: string;
  beforeAll(() => {
    writeFileSync(path.join(dir, 'en.srt'), SRT(['Hello from the SubRip track', 'Second line']));
    writeFileSync(path.join(dir, 'ja.ass'), ASS('{\\b1}こんにちは ASS'));
    film = path.join(dir, 'film.mkv');
    execFileSync(tools.ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=160x120:rate=10'],
      ...['-i', path.join(dir, 'en.srt'), '-i', path.join(dir, 'ja.ass')],
      ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:s:0', 'srt', '-c:s:1', 'ass'],
      ...['-metadata:s:s:0', 'language=eng', '-metadata:s:s:1', 'language=jpn', film],
    ]);
  });

  it('takes every text track out of a film in one run: WebVTT for each, and the ASS as it is', async () => {
    const probe = await probeMedia(tools, { file: film }, dir);
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-one') });
    let inputs = 0;
    const input = async () => {
      inputs++;
      return { file: film };
    };
    await Promise.all(Array.from({ length: 20 }, () => keeper.extract(HASH, probe.subtitles, input)));
    expect(inputs).toBe(1);
    const [srt, ass] = probe.subtitles;
    const vtt = readFileSync(keeper.fileOf(HASH, `${srt!.index}.vtt`) as string, 'utf8');
    expect(vtt).toMatch(/^WEBVTT/);
    expect(vtt).toContain('00:00.000 --> 00:01.500\nHello from the SubRip track');
    expect(readFileSync(keeper.fileOf(HASH, `${ass!.index}.vtt`) as string, 'utf8')).toContain('こんにちは ASS');
    const raw = readFileSync(keeper.fileOf(HASH, `${ass!.index}.ass`) as string, 'utf8');
    expect(raw).toContain('[Script Info]');
    expect(raw).toContain('{\\b1}こんにちは ASS');
    expect(keeper.fileOf(HASH, `${srt!.index}.ass`)).toBeUndefined();
    // Kept: asking again runs nothing.
    await keeper.extract(HASH, probe.subtitles, input);
    expect(inputs).toBe(1);
  });

  it('keeps a PGS track as its pictures (.sup), which ffmpeg reads back as the same subtitle', async () => {
    const sup = path.join(dir, 'box.sup');
    writeFileSync(sup, pgsSup({ width: 160, height: 120, box: 40, from: 0.5, to: 3 }));
    const bluRay = path.join(dir, 'blu-ray.mkv');
    execFileSync(tools.ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=160x120:rate=10', '-copyts', '-f', 'sup', '-i', sup],
      ...['-map', '0', '-map', '1', '-c:v', 'libx264', '-c:s', 'copy', '-metadata:s:s:0', 'language=fre', bluRay],
    ]);
    const probe = await probeMedia(tools, { file: bluRay }, dir);
    expect(probe.subtitles).toMatchObject([{ codec: 'hdmv_pgs_subtitle', language: 'fre', text: false }]);
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-pgs') });
    await keeper.extract(HASH, probe.subtitles, async () => ({ file: bluRay }));
    const kept = keeper.fileOf(HASH, `${probe.subtitles[0]!.index}.sup`) as string;
    expect(readFileSync(kept).subarray(0, 2).toString('latin1')).toBe('PG');
    const read = execFileSync(tools.ffprobe, ['-v', 'error', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', kept]);
    // The pictures at their times in the film: shown at 0.5 s, cleared at 3 s.
    expect(new Set(read.toString().trim().split('\n'))).toEqual(new Set(['0.500000', '3.000000']));
  });

  it('turns a GBK SubRip file into UTF-8 WebVTT, and an ASS file in Shift-JIS into UTF-8 ASS too', async () => {
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-two') });
    await keeper.convert(HASH, 'srt', async () => encoded(SRT(['中文字幕，这是第一句话。', '我们今天去看电影吧。']), 'GBK'));
    const vtt = readFileSync(keeper.fileOf(HASH, 'sidecar.vtt') as string, 'utf8');
    expect(vtt).toContain('00:00.000 --> 00:01.500\n中文字幕，这是第一句话。');
    const other = 'b'.repeat(64);
    await keeper.convert(other, 'ass', async () => encoded(ASS('日本語の字幕です。今日は映画を見に行きましょう。'), 'SHIFT_JIS'));
    expect(readFileSync(keeper.fileOf(other, 'sidecar.ass') as string, 'utf8')).toContain('日本語の字幕です。');
    expect(readFileSync(keeper.fileOf(other, 'sidecar.vtt') as string, 'utf8')).toContain('日本語の字幕です。');
  });

  it('runs at most `concurrency` ffmpegs at once: the films opened together wait their turn, and all get their subtitles', async () => {
    const probe = await probeMedia(tools, { file: film }, dir);
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-queue'), concurrency: 1 });
    const hashes = ['1', '2', '3'].map((digit) => digit.repeat(64));
    let most = 0;
    const input = async () => {
      most = Math.max(most, keeper.running());
      return { file: film };
    };
    await Promise.all(hashes.map((hash) => keeper.extract(hash, probe.subtitles, input)));
    expect(most).toBe(1);
    for (const hash of hashes) expect(keeper.fileOf(hash, `${probe.subtitles[0]!.index}.vtt`)).toBeDefined();
    expect(keeper.making()).toBe(0);
  });

  it('remembers a film it could not read: asked again soon, it answers the same failure without running ffmpeg through the file again', async () => {
    const probe = await probeMedia(tools, { file: film }, dir);
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-broken') });
    let inputs = 0;
    const gone = async () => {
      inputs++;
      return { file: path.join(dir, 'no-such-film.mkv') };
    };
    await expect(keeper.extract(HASH, probe.subtitles, gone)).rejects.toMatchObject({ reason: 'media_unreadable' });
    await expect(keeper.extract(HASH, probe.subtitles, gone)).rejects.toMatchObject({ reason: 'media_unreadable' });
    expect(inputs).toBe(1);
    expect(keeper.fileOf(HASH, `${probe.subtitles[0]!.index}.vtt`)).toBeUndefined();
  });

  it('keeps a content read as a subtitle file apart from the same content read as a film: saving a film’s bytes as Film.srt leaves its own subtitles', async () => {
    const probe = await probeMedia(tools, { file: film }, dir);
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-apart') });
    await keeper.convert(HASH, 'srt', async () => readFileSync(film));
    await keeper.extract(HASH, probe.subtitles, async () => ({ file: film }));
    expect(readFileSync(keeper.fileOf(HASH, `${probe.subtitles[0]!.index}.vtt`) as string, 'utf8')).toContain('Hello from the SubRip track');
    expect(keeper.fileOf(HASH, 'sidecar.vtt')).toBeDefined();
  });

  it('turns a file that only looks like subtitles into a WebVTT without cues, and keeps it', async () => {
    const keeper = subtitleKeeper({ tools, cacheDir: path.join(dir, 'cache-three') });
    await keeper.convert(HASH, 'srt', async () => Buffer.from('not subtitles at all\n\x00\x01\x02'));
    expect(readFileSync(keeper.fileOf(HASH, 'sidecar.vtt') as string, 'utf8').trim()).toBe('WEBVTT');
    expect(keeper.fileOf(HASH, 'sidecar.ass')).toBeUndefined();
  });
});
