import sharp from 'sharp';
import type { DocumentKind } from './sniff';

/**
 * The most pixels an uploaded image may declare: a 50-megapixel phone photo and an A4 page
 * scanned at 600 dpi (35 megapixels) fit; a larger photo would not fit in the 10 MB anyway.
 * The limit is read from the header before any pixel is decoded: a small file that declares a
 * huge image (a decompression bomb) is refused without the memory it would take.
 */
const MAX_INPUT_PIXELS = 64_000_000;
/** The longest side of a stored image: an identity document stays legible, a 10 MB photo shrinks. */
export const MAX_STORED_SIDE = 4096;
/** Decoding and encoding one image never takes longer than this. */
const TIMEOUT_SECONDS = 20;

const SHARP_FORMAT = { jpg: 'jpeg', png: 'png' } as const;

/**
 * An uploaded image as it is stored: decoded, turned upright by its EXIF orientation, made no
 * larger than MAX_STORED_SIDE, and encoded again in its own format. Only the pixels survive:
 * no EXIF (GPS position, camera, dates), no XMP, no ICC profile (converted to sRGB), no text
 * chunks, nothing after the image's end — whatever a polyglot hid there is gone. Null when the
 * bytes are not a whole image of that kind (cut short, corrupt, too many pixels).
 *
 * `failOn: 'error'` refuses cut-short and corrupt images but not the warnings some phones'
 * cameras cause (Samsung's extra bytes before a marker): what is stored is a new file anyway.
 */
export async function reencodeImage(bytes: Uint8Array, kind: DocumentKind): Promise<Buffer | null> {
  if (kind.extension === 'pdf') return null;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).timeout({
      seconds: TIMEOUT_SECONDS,
    });
    // The signature said JPEG or PNG; the decoder must agree (libvips would read other formats too).
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[kind.extension]) return null;
    const upright = image
      .autoOrient()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    // No keepMetadata/withMetadata: sharp writes none of the input's metadata.
    const encoded = kind.extension === 'jpg' ? upright.jpeg({ quality: 85, mozjpeg: true }) : upright.png();
    return await encoded.toBuffer();
  } catch {
    return null;
  }
}
