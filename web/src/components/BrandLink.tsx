import { Link as RouterLink } from 'react-router-dom';
import { corePaths } from '../lib/paths/core';
import styles from './brandLink.module.css';

/** The product name with its house mark, linking to `to`. Plain CSS: the login page shows it without MUI. */
export function BrandLink({ to = corePaths.home, color = 'inherit' }: { to?: string; color?: string }) {
  return (
    <RouterLink to={to} aria-label="Nhà trọ — trang chủ" className={styles.brand} style={{ color }}>
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" className={styles.mark} />
      <span className={styles.name}>Nhà trọ</span>
    </RouterLink>
  );
}
