import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import type { FileLink } from '@nhatro/common';
import { useState } from 'react';
import { notifyFailure } from './mutationFeedback';

const WAITING_TEXT = 'Đang tạo hợp đồng PDF…';

/**
 * Opens a file the server generates in a new tab. The tab opens at the tap, before the request: a tab
 * opened after an awaited request counts as a pop-up and is blocked (notably on phones). Without a
 * tab (blocked anyway, in-app browsers) the file replaces this page.
 */
async function openInNewTab(getLink: () => Promise<FileLink>, waitingText: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab !== null) {
    try {
      tab.document.title = waitingText;
      tab.document.body.textContent = waitingText;
    } catch {
      // Only a courtesy while the file is prepared.
    }
  }
  try {
    const link = await getLink();
    if (tab !== null && !tab.closed) {
      tab.opener = null;
      tab.location.href = link.url;
    } else {
      window.location.assign(link.url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** 'Tải hợp đồng PDF' (or `label`): asks the server for a short-lived link to the PDF and opens it. */
export function DocumentButton({
  getLink,
  testId,
  fullWidthOnPhone = false,
  label = 'Tải hợp đồng PDF',
  waitingText = WAITING_TEXT,
}: {
  getLink: () => Promise<FileLink>;
  testId: string;
  fullWidthOnPhone?: boolean;
  label?: string;
  waitingText?: string;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const open = async (): Promise<void> => {
    setIsBusy(true);
    try {
      await openInNewTab(getLink, waitingText);
    } catch (error) {
      notifyFailure(`${label} thất bại!`, error);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="large"
      onClick={() => void open()}
      disabled={isBusy}
      startIcon={
        isBusy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <PictureAsPdfOutlined />
      }
      sx={{ minHeight: 48, width: fullWidthOnPhone ? { xs: '100%', sm: 'auto' } : undefined }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
