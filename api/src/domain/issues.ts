import { parseBlobName } from './shared/blobNames.js';

/**
 * Why the photo at `index` of a report may not be taken, in Vietnamese; `undefined` when it may:
 * it must be a room-image upload of the report's house (`<houseID>/room-…png`) named only once.
 */
export function issueImageProblem(
  houseID: string,
  images: readonly string[],
  index: number,
): string | undefined {
  const blobName = images[index] ?? '';
  const name = parseBlobName('room-images', blobName);
  if (!name || name.scope !== houseID || !blobName.startsWith(`${houseID}/room-`)) {
    return 'Tên tệp ảnh không hợp lệ.';
  }
  if (images.indexOf(blobName) !== index) return 'Ảnh này đã có trong báo cáo.';
  return undefined;
}
