/**
 * Finds the text of a QR code in a camera frame or a photo: the browser's own `BarcodeDetector` where it
 * has one (Chrome on Android, Safari), otherwise jsQR. jsQR is imported here only, on first use, so it
 * stays in a chunk of its own that no page loads before a person scans a card.
 */
interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

type Decode = (source: CanvasImageSource, width: number, height: number) => Promise<string | null>;

/** Reads one QR code; `thorough` (photos) also tries inverted colours and a smaller copy. */
export interface QrReader {
  read(source: CanvasImageSource, width: number, height: number, thorough: boolean): Promise<string | null>;
  /** Which decoder is used (shown to no one; handy in tests and bug reports). */
  kind: 'native' | 'jsqr';
}

/** Longest side a frame is drawn at for jsQR: enough for a CCCD's QR code, fast on phones. */
const FRAME_SIDE = 1024;
const PHOTO_SIDES = [1600, 800] as const;

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return null;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => {
      const found = await detector.detect(source);
      return found.find((code) => code.rawValue !== '')?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

function drawScaled(source: CanvasImageSource, width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('Trình duyệt không hỗ trợ đọc ảnh.');
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The jsQR function (the package's default export), as the reader calls it. */
export type JsQr = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options: { inversionAttempts: 'attemptBoth' | 'dontInvert' },
) => { data: string } | null;

/** RGBA pixels of one frame or photo, as a canvas gives them. */
export interface QrPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * jsQR on one drawing of the picture, as the reader calls it: photos (`thorough`) also try inverted
 * colours. The text of the code, or null. Tests call it on decoded PNGs of real encoders' codes.
 */
export function decodeQrPixels(jsQR: JsQr, pixels: QrPixels, thorough: boolean): string | null {
  const code = jsQR(pixels.data, pixels.width, pixels.height, {
    inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert',
  });
  return code !== null && code.data !== '' ? code.data : null;
}

/**
 * jsQR, loaded on first use. The package is CommonJS: a bundler hands its function over as the default
 * export, Node's loader (tests) may hand over the module object whose `default` is the function.
 */
export async function loadJsQr(): Promise<JsQr> {
  const loaded = (await import('jsqr')) as unknown as { default: JsQr | { default: JsQr } };
  return typeof loaded.default === 'function' ? loaded.default : loaded.default.default;
}

async function jsqrReader(): Promise<QrReader> {
  const jsQR = await loadJsQr();
  return {
    kind: 'jsqr',
    read: async (source, width, height, thorough) => {
      const sides = thorough ? PHOTO_SIDES : [FRAME_SIDE];
      for (const side of sides) {
        const text = decodeQrPixels(jsQR, drawScaled(source, width, height, side), thorough);
        if (text !== null) return text;
        if (Math.max(width, height) <= side) break;
      }
      return null;
    },
  };
}

let reader: Promise<QrReader> | null = null;

/** The decoder of this browser, made once. */
export function loadQrReader(): Promise<QrReader> {
  reader ??= (async (): Promise<QrReader> => {
    const native = await nativeDecoder();
    if (native === null) return jsqrReader();
    const fallback = jsqrReader;
    let jsqr: Promise<QrReader> | null = null;
    return {
      kind: 'native',
      read: async (source, width, height, thorough) => {
        const text = await native(source, width, height);
        if (text !== null || !thorough) return text;
        // A photo the native detector missed: one more try with jsQR.
        jsqr ??= fallback();
        return (await jsqr).read(source, width, height, thorough);
      },
    };
  })().catch((error: unknown) => {
    reader = null;
    throw error;
  });
  return reader;
}
