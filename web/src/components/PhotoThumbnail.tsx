import Box from '@mui/material/Box';
import type { ImageLink } from '@nhatro/common';
import { useState } from 'react';

/**
 * A photo in a list or grid: its thumbnail (about 320 px, 10–25 KB) rather than the photo itself
 * (1600 px, up to 400 KB: tenants open lists on mobile data). A photo stored before thumbnails existed
 * has no thumbnail blob, so a thumbnail that does not load falls back to the photo.
 */
export function PhotoThumbnail({ link, alt, testId }: { link: ImageLink; alt: string; testId?: string }) {
  const [failed, setFailed] = useState(false);
  const src = link.thumbnailURL && !failed ? link.thumbnailURL : link.url;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      {...(testId ? { 'data-testid': testId } : {})}
    />
  );
}
