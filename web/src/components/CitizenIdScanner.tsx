import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { decodeImage } from './photoFile';
import { useTheme } from '@mui/material/styles';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import { parseCitizenIdQr, type CitizenIdQrData } from '@nhatro/common';
import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { loadQrReader } from './qrDecode';

const NOT_A_CARD = 'Mã QR này không phải mã trên CCCD gắn chip. Hãy quét mã QR ở mặt sau thẻ CCCD.';
const NOTHING_FOUND =
  'Không tìm thấy mã QR trong ảnh. Hãy chụp rõ nét, đủ sáng và để mã QR chiếm phần lớn khung hình.';
const SCAN_INTERVAL_MS = 250;

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'unavailable'; message: string };

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Không được phép dùng camera. Hãy cho phép truy cập camera trong trình duyệt, hoặc chọn ảnh chụp mặt sau CCCD.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'Không tìm thấy camera trên thiết bị này. Hãy chọn ảnh chụp mặt sau CCCD.';
  }
  return 'Không mở được camera. Hãy chọn ảnh chụp mặt sau CCCD.';
}

/** The rear camera, read a few times a second until `finish` takes a card's code. */
function useCameraScan(doneRef: RefObject<boolean>, finish: (text: string | null) => boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const finishFromCamera = useEffectEvent(finish);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({
          kind: 'unavailable',
          message: 'Trình duyệt này không mở được camera. Hãy chọn ảnh chụp mặt sau CCCD.',
        });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!stopped) setCamera({ kind: 'unavailable', message: cameraProblem(error) });
        return;
      }
      const element = videoRef.current;
      if (stopped || element === null) {
        stop();
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setCamera({ kind: 'scanning' });
      const reader = await loadQrReader();
      const tick = async () => {
        if (stopped || doneRef.current) return;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const text = await reader
            .read(element, element.videoWidth, element.videoHeight, false)
            .catch(() => null);
          if (finishFromCamera(text)) {
            stop();
            return;
          }
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void start();
    return stop;
  }, [doneRef]);
  return { videoRef, camera };
}

/** The camera's picture with the frame to hold the code in, and a spinner while it opens. */
function CameraView({
  videoRef,
  camera,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: CameraState;
}) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '4 / 3',
        bgcolor: 'grey.900',
        borderRadius: 2,
        overflow: 'hidden',
        display: camera.kind === 'unavailable' ? 'none' : 'block',
      }}
    >
      <Box
        component="video"
        ref={videoRef}
        muted
        playsInline
        aria-label="Hình ảnh từ camera"
        data-testid="cccd-scanner-video"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: '15% 25%',
          border: '3px solid rgba(255,255,255,0.85)',
          borderRadius: 2,
          boxShadow: '0 0 0 2000px rgba(0,0,0,0.25)',
        }}
      />
      {camera.kind === 'starting' && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            color: 'common.white',
          }}
        >
          <CircularProgress color="inherit" aria-label="Đang mở camera" />
        </Box>
      )}
    </Box>
  );
}

function ScannerBody({
  onScanned,
  onClose,
}: {
  onScanned: (data: CitizenIdQrData) => void;
  onClose: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const doneRef = useRef(false);
  const [hint, setHint] = useState<string | null>(null);
  const [isReadingPhoto, setIsReadingPhoto] = useState(false);

  const finish = (text: string | null): boolean => {
    if (text === null || doneRef.current) return false;
    const data = parseCitizenIdQr(text);
    if (data === null) {
      setHint(NOT_A_CARD);
      return false;
    }
    doneRef.current = true;
    onScanned(data);
    return true;
  };
  const { videoRef, camera } = useCameraScan(doneRef, finish);

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setIsReadingPhoto(true);
    setHint(null);
    try {
      const reader = await loadQrReader();
      const image = await decodeImage(file);
      let text: string | null;
      try {
        text = await reader.read(image.source, image.width, image.height, true);
      } finally {
        image.close();
      }
      if (text === null) setHint(NOTHING_FOUND);
      else finish(text);
    } catch {
      setHint('Không đọc được ảnh. Vui lòng chọn tệp ảnh (PNG, JPG…).');
    } finally {
      setIsReadingPhoto(false);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Typography sx={{ mb: 1.5 }}>
          Đưa mã QR ở mặt sau thẻ CCCD gắn chip vào khung hình, hoặc chọn ảnh chụp mã QR. Thông tin trên thẻ
          sẽ được điền vào biểu mẫu.
        </Typography>
        <CameraView videoRef={videoRef} camera={camera} />
        {camera.kind === 'scanning' && (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }} aria-live="polite">
            Đang tìm mã QR…
          </Typography>
        )}
        {camera.kind === 'unavailable' && (
          <Alert severity="info" data-testid="cccd-scanner-camera-unavailable">
            {camera.message}
          </Alert>
        )}
        {hint !== null && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="cccd-scanner-hint">
            {hint}
          </Alert>
        )}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => void readPhoto(event)}
          aria-label="Ảnh chụp mã QR trên CCCD"
          data-testid="cccd-scanner-file"
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Đóng</Button>
        <Button
          variant="contained"
          startIcon={<PhotoLibraryOutlined />}
          onClick={() => fileInput.current?.click()}
          loading={isReadingPhoto}
          loadingPosition="start"
          data-testid="cccd-scanner-pick"
        >
          Chọn ảnh
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Quét mã QR CCCD': the rear camera or a photo, read with BarcodeDetector or jsQR. */
export function CitizenIdScannerDialog({
  open,
  onClose,
  onScanned,
}: {
  open: boolean;
  onClose: () => void;
  onScanned: (data: CitizenIdQrData) => void;
}) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="cccd-scanner-title"
      data-testid="cccd-scanner-dialog"
    >
      <DialogTitle id="cccd-scanner-title">Quét mã QR CCCD</DialogTitle>
      {open && <ScannerBody onClose={onClose} onScanned={onScanned} />}
    </Dialog>
  );
}
