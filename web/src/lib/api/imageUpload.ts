/** A create-only SAS the API grants for one upload: the blob's name and the URL to PUT it to. */
export interface UploadGrant {
  blobName: string;
  uploadURL: string;
}

/** PUTs a prepared photo (JPEG or PNG) straight to blob storage with the SAS URL (no bearer token: the SAS is the key). */
export async function putPhotoBlob(
  uploadURL: string,
  photo: { blob: Blob; contentType: string },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadURL, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': photo.contentType },
      body: photo.blob,
    });
  } catch {
    throw new Error('Không tải được ảnh lên kho lưu trữ. Vui lòng kiểm tra lại kết nối mạng.');
  }
  if (!response.ok) throw new Error(`Kho lưu trữ từ chối ảnh (HTTP ${response.status}).`);
}
