// Subtitles for tests, made the way people's files come: SubRip and ASS text, in any encoding
// (written by iconv, which every Debian machine has), and PGS pictures as a Blu-ray's .sup holds
// them (ffmpeg has no PGS encoder, so the display sets are written here, by the format's layout).
import { execFileSync } from 'node:child_process';

/** The text in `encoding`, as glibc's iconv writes it. */
export function encoded(text: string, encoding: string): Buffer {
  return execFileSync('iconv', ['-f', 'UTF-8', '-t', encoding], { input: text });
}

/** A SubRip file of `lines`, the n-th shown from 2n s to 2n + 1.5 s. */
export const srtOf = (lines: readonly string[]) => lines.map((line, n) => `${n + 1}\n00:00:0${n * 2},000 --> 00:00:0${n * 2 + 1},500\n${line}\n`).join('\n');

/** An ASS script of one bold yellow line, large, shown from 0 to `seconds`. */
export const assOf = (line: string, seconds = 4) => {
  const end = `0:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.00`;
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    'PlayResX: 640',
    'PlayResY: 360',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Arial,64,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,3,0,5,10,10,20,1',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    `Dialogue: 0,0:00:00.00,${end},Default,,0,0,0,,${line}`,
    '',
  ].join('\n');
};

/**
 * A PGS subtitle stream (.sup) for a `width`×`height` picture: a white box `box` pixels square in
 * the middle, shown from `from` to `to` seconds.
 */
export function pgsSup({ width, height, box, from, to }: { width: number; height: number; box: number; from: number; to: number }): Buffer {
  const segment = (pts: number, type: number, body: Buffer) => {
    const head = Buffer.alloc(13);
    head.write('PG', 0, 'latin1');
    head.writeUInt32BE(Math.round(pts * 90_000), 2);
    head.writeUInt32BE(0, 6);
    head.writeUInt8(type, 10);
    head.writeUInt16BE(body.length, 11);
    return Buffer.concat([head, body]);
  };
  const u16 = (...values: number[]) => Buffer.concat(values.map((value) => Buffer.from([value >> 8, value & 0xff])));
  const x = Math.floor((width - box) / 2);
  const y = Math.floor((height - box) / 2);
  const composition = (number: number, objects: number) =>
    Buffer.concat([u16(width, height), Buffer.from([0x10]), u16(number), Buffer.from([objects ? 0x80 : 0x00, 0, 0, objects])]);
  const window = Buffer.concat([Buffer.from([1, 0]), u16(x, y, box, box)]);
  // Palette entry 1: white (Y 235, Cr 128, Cb 128), opaque.
  const palette = Buffer.from([0, 0, 1, 235, 128, 128, 255]);
  // Each line: `box` pixels of colour 1 (00 11LLLLLL LLLLLLLL CC for long runs), then the end of the line.
  const line = box < 64 ? Buffer.from([0, 0x80 | box, 1, 0, 0]) : Buffer.from([0, 0xc0 | (box >> 8), box & 0xff, 1, 0, 0]);
  const rle = Buffer.concat(Array.from({ length: box }, () => line));
  const objectLength = rle.length + 4;
  const object = Buffer.concat([u16(0), Buffer.from([0, 0xc0, objectLength >> 16, (objectLength >> 8) & 0xff, objectLength & 0xff]), u16(box, box), rle]);
  return Buffer.concat([
    segment(from, 0x16, Buffer.concat([composition(0, 1), u16(0), Buffer.from([0, 0]), u16(x, y)])),
    segment(from, 0x17, window),
    segment(from, 0x14, palette),
    segment(from, 0x15, object),
    segment(from, 0x80, Buffer.alloc(0)),
    segment(to, 0x16, composition(1, 0)),
    segment(to, 0x17, window),
    segment(to, 0x80, Buffer.alloc(0)),
  ]);
}
