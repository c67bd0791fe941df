// Photos in the browser (web/src/components/photoFile.ts, PhotoThumbnail.tsx): what is refused before
// any upload, with a message that says what to do, and lists showing the server's thumbnails with the
// full photo one click away. The resize and encode themselves run in Chromium (tests/e2e/rooms.test.ts).
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoThumbnail } from '../../web/src/components/PhotoThumbnail';
import { PHOTO_MESSAGES, preparePhoto } from '../../web/src/components/photoFile';
import { RoomGallery } from '../../web/src/features/rooms/RoomGallery';
import type { RoomWithImages } from '../../web/src/features/rooms/roomsApi';

afterEach(() => vi.unstubAllGlobals());

const link = {
  blobName: 'house-1/room-1795143600000-abc123.jpg',
  url: 'https://blob.test/room-images/house-1/room-1795143600000-abc123.jpg?sig=full',
  thumbnailURL: 'https://blob.test/room-images/house-1/room-1795143600000-abc123.jpg.thumb.jpg?sig=small',
};

describe('choosing a photo', () => {
  it('refuses a file over 20 MB before reading it, naming its size', async () => {
    const big = new File([new Uint8Array(21 * 1024 * 1024)], 'anh.jpg', { type: 'image/jpeg' });
    await expect(preparePhoto(big)).rejects.toThrow(
      'Ảnh quá lớn (21 MB, tối đa 20 MB). Vui lòng chọn ảnh khác.',
    );
  });

  it('says to choose JPEG or change the camera setting when the browser cannot read a HEIC', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('unsupported')));
    const ftyp = Uint8Array.from([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);
    // By its bytes, whatever its name and type say.
    const heic = new File([ftyp], 'IMG_0001.bin', { type: '' });
    await expect(preparePhoto(heic)).rejects.toThrow(PHOTO_MESSAGES.heic);
    expect(PHOTO_MESSAGES.heic).toMatch(/chọn ảnh JPEG.*camera/);
    const text = new File([new TextEncoder().encode('không phải ảnh')], 'ghi-chu.txt', {
      type: 'text/plain',
    });
    await expect(preparePhoto(text)).rejects.toThrow(PHOTO_MESSAGES.unreadable);
  });
});

describe('photos in lists', () => {
  it('show the thumbnail, and the full photo opens on click', () => {
    const room = {
      roomID: 'room-1',
      houseID: 'house-1',
      roomName: 'P101',
      images: [link.blobName],
      imageURLs: [link],
    } as RoomWithImages;
    render(<RoomGallery room={room} canEdit={false} />);
    const image = screen.getByRole('img', { name: 'Ảnh 1 của phòng P101' });
    expect(image.getAttribute('src')).toBe(link.thumbnailURL);
    expect(image.closest('a')?.getAttribute('href')).toBe(link.url);
  });

  it('fall back to the photo when it has no thumbnail (stored before thumbnails) or it fails to load', () => {
    const { rerender } = render(
      <PhotoThumbnail link={{ blobName: link.blobName, url: link.url }} alt="Ảnh" />,
    );
    expect(screen.getByRole('img', { name: 'Ảnh' }).getAttribute('src')).toBe(link.url);
    rerender(<PhotoThumbnail link={link} alt="Ảnh" />);
    const image = screen.getByRole('img', { name: 'Ảnh' });
    expect(image.getAttribute('src')).toBe(link.thumbnailURL);
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(link.url);
  });
});
