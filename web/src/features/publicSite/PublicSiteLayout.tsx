import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { BrandLink } from '../../components/BrandLink';
import { paths } from '../../lib/paths';

/** The public site's pages, in the order a landlord reads them. */
export const PUBLIC_SITE_PAGES = [
  { to: paths.business, label: 'Tính năng và bảng giá' },
  { to: paths.faq, label: 'Câu hỏi thường gặp' },
  { to: paths.termsOfUse, label: 'Điều khoản sử dụng' },
  { to: paths.privacy, label: 'Bảo vệ dữ liệu' },
] as const;

/**
 * The frame of /business, /faq, /termOfUse and /privacy: the brand, the four pages (the current one
 * marked), one readable column, and the way to sign up or sign in. No session needed.
 */
export function PublicSiteLayout({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <title>{`${title} — Nhà trọ`}</title>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container
          sx={{ py: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Box sx={{ color: 'primary.main' }}>
            <BrandLink />
          </Box>
          <Button component={RouterLink} to={paths.login} size="small" variant="outlined">
            Đăng nhập
          </Button>
        </Container>
        <Container
          component="nav"
          aria-label="Thông tin về Nhà trọ"
          sx={{ pb: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
        >
          {PUBLIC_SITE_PAGES.map((page) => (
            <Link
              key={page.to}
              component={NavLink}
              to={page.to}
              underline="hover"
              sx={{
                py: 0.5,
                fontSize: '0.9375rem',
                '&.active': { fontWeight: 700, textDecoration: 'underline' },
              }}
            >
              {page.label}
            </Link>
          ))}
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.625rem', md: '2.25rem' } }}>
          {title}
        </Typography>
        <Typography sx={{ mt: 1.5, mb: 3, color: 'text.secondary', fontSize: '1.0625rem' }}>
          {lead}
        </Typography>
        {children}
        <Box
          sx={{
            mt: 5,
            p: { xs: 2, sm: 3 },
            borderRadius: 2,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            Bắt đầu quản lý nhà trọ của bạn
          </Typography>
          <Typography sx={{ mt: 1, color: 'text.secondary' }}>
            Đăng ký trực tuyến trong vài phút. Tài khoản được kích hoạt sau khi xác minh và thanh toán phí.
          </Typography>
          <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              component={RouterLink}
              to={paths.registration()}
              variant="contained"
              data-testid="site-register"
            >
              Đăng ký cho chủ trọ
            </Button>
            <Button component={RouterLink} to={paths.login} variant="outlined">
              Đăng nhập
            </Button>
          </Box>
        </Box>
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3 }}>
        <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            © {new Date().getFullYear()} Nhà trọ. Phần mềm quản lý nhà trọ.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Link component={RouterLink} to={paths.home} variant="body2">
              Trang chủ
            </Link>
            {PUBLIC_SITE_PAGES.map((page) => (
              <Link key={page.to} component={RouterLink} to={page.to} variant="body2">
                {page.label}
              </Link>
            ))}
          </Box>
        </Container>
      </Box>
    </Box>
  );
}

/** One titled part of a page (`id` is its anchor). */
export function SiteSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ mt: 4 }}>
      <Typography
        variant="h2"
        id={`${id}-title`}
        sx={{ fontSize: { xs: '1.25rem', md: '1.375rem' }, mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Body text of the site: comfortable line height on a phone. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5, lineHeight: 1.7 }}>{children}</Typography>;
}

/** A plain bulleted list. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75, lineHeight: 1.7 } }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Box>
  );
}
