import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS,
  documentBytes,
  PHOTO_MARKUP,
  PNG_SIGNATURE,
  photoWithGpsAndMarkup,
} from '../../../testing/documents';
import { MAX_STORED_SIDE, reencodeImage } from './image';
import { JPEG, PNG } from './sniff';

describe('encoding an uploaded image again', () => {
  it('keeps the pixels upright and nothing else: no EXIF, no GPS, nothing after the image', async () => {
    const photo = await photoWithGpsAndMarkup();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const stored = await reencodeImage(photo, JPEG);
    expect(stored).not.toBeNull();
    const text = Buffer.from(stored ?? []).toString('latin1');
    expect(text).not.toContain(PHOTO_MARKUP);
    expect(text).not.toContain('onerror');
    expect(text).not.toContain('Exif');
    expect(text).not.toContain('PhoneMaker');
    const meta = await sharp(stored ?? undefined).metadata();
    // Taken sideways (8×6, orientation 6): stored upright, so no orientation is needed.
    expect(meta).toMatchObject({ format: 'jpeg', width: 6, height: 8 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('drops a PNG text chunk and whatever follows the image', async () => {
    const withText = await sharp(DOCUMENTS.png).png().withMetadata().toBuffer();
    const polyglot = documentBytes(withText, '<svg onload=alert(1)>');
    const stored = await reencodeImage(polyglot, PNG);
    expect(Buffer.from(stored ?? []).toString('latin1')).not.toContain('<svg');
    expect(await sharp(stored ?? undefined).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });
  });

  it('makes a large image no larger than the stored limit', async () => {
    const large = await sharp({ create: { width: 5000, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const stored = await reencodeImage(large, PNG);
    expect(await sharp(stored ?? undefined).metadata()).toMatchObject({ width: MAX_STORED_SIDE, height: 82 });
  });

  it('refuses what is not a whole image of its kind', async () => {
    expect(await reencodeImage(DOCUMENTS.jpeg.slice(0, 120), JPEG)).toBeNull();
    expect(await reencodeImage(DOCUMENTS.png, JPEG)).toBeNull();
    // The header alone, no pixels.
    expect(await reencodeImage(DOCUMENTS.png.slice(0, 33), PNG)).toBeNull();
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    // A PNG that declares 30 000 × 30 000 pixels (2.7 GB once decoded) in a few bytes.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(30_000, 0);
    header.writeUInt32BE(30_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from(PNG_SIGNATURE),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(100_000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 30_000 });
    expect(await reencodeImage(bomb, PNG)).toBeNull();
  });
});
