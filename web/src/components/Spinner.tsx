import styles from './plainUi.module.css';

const CIRCLE_SIZE = 44;
const THICKNESS = 3.6;

/**
 * An indeterminate spinner that looks like MUI's <CircularProgress> without loading MUI. With a `label`
 * it is a `progressbar` of that name; without one it is decoration (aria-hidden).
 */
export function Spinner({
  size = 40,
  label,
  className,
}: {
  size?: number;
  label?: string;
  className?: string;
}) {
  const a11y = label === undefined ? { 'aria-hidden': true } : { role: 'progressbar', 'aria-label': label };
  return (
    <span
      className={className === undefined ? styles.spinner : `${styles.spinner} ${className}`}
      style={{ width: size, height: size }}
      {...a11y}
    >
      <svg
        viewBox={`${CIRCLE_SIZE / 2} ${CIRCLE_SIZE / 2} ${CIRCLE_SIZE} ${CIRCLE_SIZE}`}
        width={size}
        height={size}
      >
        <circle
          cx={CIRCLE_SIZE}
          cy={CIRCLE_SIZE}
          r={(CIRCLE_SIZE - THICKNESS) / 2}
          fill="none"
          strokeWidth={THICKNESS}
        />
      </svg>
    </span>
  );
}

/** The page loader of the app's first screen (before MUI has loaded): see components/PageLoader. */
export function PlainPageLoader() {
  return (
    <div role="progressbar" aria-label="Đang tải" className={styles.pageLoader}>
      <Spinner />
    </div>
  );
}
