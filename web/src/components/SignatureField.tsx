import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SIGNATURE_MAX_CHARS } from '@nhatro/common';
import type SignaturePad from 'signature_pad';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

export interface SignatureFieldHandle {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  toPngDataUrl(): string | null;
}

const PEN = { penColor: '#0b2a6f', minWidth: 0.8, maxWidth: 2.8 } as const;

/**
 * A PNG of the drawing small enough for the server: the full-resolution canvas (devicePixelRatio) when
 * it fits, else redrawn at CSS-pixel size.
 */
function pngOf(canvas: HTMLCanvasElement): string {
  const full = canvas.toDataURL('image/png');
  if (full.length <= SIGNATURE_MAX_CHARS) return full;
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const small = document.createElement('canvas');
  small.width = Math.round(canvas.width / ratio);
  small.height = Math.round(canvas.height / ratio);
  small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/png');
}

/**
 * The pad on its canvas once `signature_pad` has loaded (again on `retry`), fitted to the canvas's size;
 * whether something is drawn, told to `onDrawnChange` too.
 */
function useSignaturePad(disabled: boolean, onDrawnChange: (drawn: boolean) => void) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [isDrawn, setIsDrawn] = useState(false);
  const onDrawnChangeRef = useRef(onDrawnChange);
  useEffect(() => {
    onDrawnChangeRef.current = onDrawnChange;
  });

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    let pad: SignaturePad | undefined;
    const reportDrawn = (drawn: boolean) => {
      setIsDrawn(drawn);
      onDrawnChangeRef.current(drawn);
    };
    import('signature_pad')
      .then(({ default: SignaturePadClass }) => {
        const canvas = canvasRef.current;
        if (disposed || canvas === null) return;
        const created = new SignaturePadClass(canvas, PEN);
        pad = created;
        padRef.current = created;
        let fittedWidth = 0;
        let fittedRatio = 0;
        const fit = () => {
          const { width, height } = canvas.getBoundingClientRect();
          const ratio = Math.max(window.devicePixelRatio || 1, 1);
          if (width === 0 || (Math.round(width) === fittedWidth && ratio === fittedRatio)) return;
          fittedWidth = Math.round(width);
          fittedRatio = ratio;
          const strokes = created.toData();
          canvas.width = Math.round(width * ratio);
          canvas.height = Math.round(height * ratio);
          canvas.getContext('2d')?.scale(ratio, ratio);
          created.clear();
          if (strokes.length > 0) created.fromData(strokes);
        };
        fit();
        observer = new ResizeObserver(fit);
        observer.observe(canvas);
        created.addEventListener('endStroke', () => reportDrawn(!created.isEmpty()));
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error('Không tải được khung ký tên.', error);
        if (!disposed) setState('failed');
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      pad?.off();
      padRef.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    const pad = padRef.current;
    if (pad === null || state !== 'ready') return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled, state]);

  const clear = () => {
    padRef.current?.clear();
    setIsDrawn(false);
    onDrawnChange(false);
  };

  const retry = () => {
    setState('loading');
    setAttempt((count) => count + 1);
  };
  return { canvasRef, padRef, state, isDrawn, clear, retry };
}

/**
 * The signature pad: `signature_pad` loads only here (a dynamic import, its own chunk). The canvas
 * fills the width of its box at the screen's pixel density and keeps the drawing when the box resizes
 * (a phone turned sideways). Works with a finger, a pen or a mouse.
 */
export function SignatureField({
  ref,
  disabled = false,
  onDrawnChange,
}: {
  ref: Ref<SignatureFieldHandle>;
  disabled?: boolean;
  onDrawnChange: (drawn: boolean) => void;
}) {
  const { canvasRef, padRef, state, isDrawn, clear, retry } = useSignaturePad(disabled, onDrawnChange);

  useImperativeHandle(
    ref,
    () => ({
      toPngDataUrl: () => {
        const pad = padRef.current;
        const canvas = canvasRef.current;
        return pad === null || canvas === null || pad.isEmpty() ? null : pngOf(canvas);
      },
    }),
    [canvasRef, padRef],
  );

  if (state === 'failed') {
    return (
      <Alert
        severity="error"
        data-testid="signature-load-error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Thử lại
          </Button>
        }
      >
        Không tải được khung ký tên. Vui lòng kiểm tra kết nối mạng.
      </Alert>
    );
  }

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 2,
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDrawn ? 'primary.main' : 'divider',
          bgcolor: '#fff',
          overflow: 'hidden',
        }}
      >
        {!isDrawn && state === 'ready' && (
          <Typography
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              color: 'text.disabled',
              pointerEvents: 'none',
              px: 2,
              textAlign: 'center',
            }}
          >
            Ký tên của bạn vào khung này
          </Typography>
        )}
        {state === 'loading' && (
          <Skeleton
            variant="rectangular"
            aria-label="Đang tải khung ký tên"
            sx={{ position: 'absolute', inset: 0, height: '100%' }}
          />
        )}
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-label="Khung ký tên: vẽ chữ ký bằng ngón tay, bút hoặc chuột"
          data-testid="signature-canvas"
          sx={{
            display: 'block',
            width: '100%',
            height: { xs: 200, sm: 240 },
            touchAction: 'none',
            cursor: disabled ? 'default' : 'crosshair',
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          onClick={clear}
          disabled={!isDrawn || disabled}
          sx={{ minHeight: 44 }}
          data-testid="signature-clear"
        >
          Xóa chữ ký
        </Button>
      </Box>
    </Box>
  );
}
