import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ElectricBoltOutlined from '@mui/icons-material/ElectricBoltOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLink } from '../../components/BrandLink';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

interface Highlight {
  icon: ReactNode;
  title: string;
  description: string;
}

const HIGHLIGHTS: readonly Highlight[] = [
  {
    icon: <MeetingRoomOutlined />,
    title: 'Phòng và người thuê',
    description: 'Theo dõi phòng trống, phòng đã cọc, phòng đang thuê và thông tin người thuê ở một nơi.',
  },
  {
    icon: <DescriptionOutlined />,
    title: 'Hợp đồng và hóa đơn',
    description: 'Lập hợp đồng, gia hạn, lập hóa đơn hằng tháng và nhận thanh toán trực tuyến.',
  },
  {
    icon: <ElectricBoltOutlined />,
    title: 'Ghi chỉ số điện nước',
    description: 'Nhân viên ghi chỉ số ngay trên điện thoại, hóa đơn được tính tự động.',
  },
  {
    icon: <PhoneIphoneOutlined />,
    title: 'Dành cho người thuê',
    description: 'Người thuê xem phòng, hợp đồng, hóa đơn và gửi yêu cầu sửa chữa từ điện thoại.',
  },
];

/** The public site's pages (features/publicSite), for a landlord deciding whether to sign up. */
const SITE_LINKS = [
  { to: paths.business, label: 'Tính năng và bảng giá', testId: 'home-business' },
  { to: paths.faq, label: 'Câu hỏi thường gặp', testId: 'home-faq' },
  { to: paths.termsOfUse, label: 'Điều khoản sử dụng', testId: 'home-terms' },
  { to: paths.privacy, label: 'Bảo vệ dữ liệu', testId: 'home-privacy' },
] as const;

export function HomePage() {
  const session = useSession();

  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container sx={{ py: 1.5, color: 'primary.main' }}>
          <BrandLink />
        </Container>
      </Box>

      <Box component="main" sx={{ flex: 1 }}>
        <Container sx={{ py: { xs: 6, md: 10 } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, maxWidth: 720 }}>
            Quản lý nhà trọ gọn gàng, minh bạch
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 640, color: 'text.secondary', fontSize: '1.125rem' }}>
            Nhà trọ giúp chủ trọ, nhân viên và người thuê làm việc với nhau dễ dàng: từ phòng, hợp đồng đến
            hóa đơn điện nước hằng tháng.
          </Typography>
          <Box sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {session === null ? (
              <>
                <Button
                  component={RouterLink}
                  to={paths.login}
                  variant="contained"
                  size="large"
                  data-testid="home-login"
                >
                  Đăng nhập
                </Button>
                <Button
                  component={RouterLink}
                  to={paths.registration()}
                  variant="outlined"
                  size="large"
                  data-testid="home-registration"
                >
                  Đăng ký cho chủ trọ
                </Button>
              </>
            ) : (
              <Button
                component={RouterLink}
                to={paths.dashboard}
                variant="contained"
                size="large"
                data-testid="home-dashboard"
              >
                Vào trang quản lý
              </Button>
            )}
          </Box>

          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              mt: { xs: 6, md: 10 },
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {HIGHLIGHTS.map((highlight) => (
              <Box
                component="li"
                key={highlight.title}
                sx={{ p: 3, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
              >
                <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
                  {highlight.icon}
                </Box>
                <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
                  {highlight.title}
                </Typography>
                <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>{highlight.description}</Typography>
              </Box>
            ))}
          </Box>
          <Typography sx={{ mt: 3 }}>
            <Link component={RouterLink} to={paths.business} data-testid="home-pricing">
              Xem đầy đủ tính năng và bảng giá
            </Link>
          </Typography>
        </Container>
      </Box>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3 }}>
        <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            © {new Date().getFullYear()} Nhà trọ. Phần mềm quản lý nhà trọ.
          </Typography>
          <Box
            component="nav"
            aria-label="Thông tin về Nhà trọ"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {SITE_LINKS.map((link) => (
              <Link
                key={link.to}
                component={RouterLink}
                to={link.to}
                variant="body2"
                data-testid={link.testId}
              >
                {link.label}
              </Link>
            ))}
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
