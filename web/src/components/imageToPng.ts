/** Longest side of an uploaded photo, in pixels. */
export const MAX_IMAGE_SIDE = 1600;

/** An image file decoded for a canvas (EXIF orientation applied where the browser can). */
export async function decodeImage(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

/**
 * Converts any image the browser can read to PNG with a canvas, scaled down so that its longest side
 * is at most `maxSide` pixels (the API accepts PNG only).
 */
export async function imageToPng(file: Blob, maxSide = MAX_IMAGE_SIDE): Promise<Blob> {
  let decoded;
  try {
    decoded = await decodeImage(file);
  } catch {
    throw new Error('Không đọc được ảnh. Vui lòng chọn tệp ảnh (PNG, JPG, WEBP…).');
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(decoded.width, decoded.height, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(decoded.width * scale));
    canvas.height = Math.max(1, Math.round(decoded.height * scale));
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('Trình duyệt không hỗ trợ chuyển đổi ảnh.');
    context.drawImage(decoded.source, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Không chuyển được ảnh sang PNG.'))),
        'image/png',
      );
    });
  } finally {
    decoded.close();
  }
}

/** "anh-phong.jpg" → "anh-phong.png" */
export function pngFileName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'anh';
  return `${base}.png`;
}
