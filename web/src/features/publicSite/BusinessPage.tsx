import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { termFee } from '@nhatro/common';
import { formatMoney, formatNumber } from '../../lib/format';
import { Bullets, Paragraph, PublicSiteLayout, SiteSection } from './PublicSiteLayout';
import { usePlatformPricing } from './pricing';

const EXAMPLE_ROOMS = [5, 10, 20, 50, 100] as const;

const FEATURES: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Phòng và người thuê',
    text: 'Danh sách phòng theo tầng và trạng thái (trống, đã cọc, đang thuê), thiết bị trong phòng, ảnh phòng, thông tin người ở và xe. Nhập phòng trống và người thuê hiện tại từ tệp Excel.',
  },
  {
    title: 'Hợp đồng có bản PDF và chữ ký điện tử',
    text: 'Lập hợp đồng từ phòng, gia hạn, kết thúc sớm với quyết toán tiền cọc. Hợp đồng được in ra PDF tiếng Việt; người thuê đọc và ký bằng cách vẽ chữ ký trên điện thoại qua đường liên kết riêng.',
  },
  {
    title: 'Ghi chỉ số điện nước trên điện thoại',
    text: 'Nhân viên đi từng phòng, nhập chỉ số, chụp ảnh đồng hồ; số đã nhập được giữ lại khi mất mạng. Chỉ số bất thường được đánh dấu để chủ trọ kiểm tra.',
  },
  {
    title: 'Hóa đơn hằng tháng với mã VietQR và thanh toán VNPay',
    text: 'Bảng kê nháp được lập tự động vào ngày chốt; chủ trọ xem lại rồi phát hành. Mỗi hóa đơn có mã VietQR đúng số tiền còn nợ và có thể thanh toán trực tuyến qua VNPay. Tiền còn thiếu được chuyển sang kỳ sau.',
  },
  {
    title: 'Đối soát chuyển khoản ngân hàng',
    text: 'Khoản chuyển khoản ghi đúng mã hóa đơn được tự động ghi nhận vào hóa đơn; khoản chưa khớp chờ chủ trọ gán tay.',
  },
  {
    title: 'Thông báo qua Zalo, SMS và e-mail',
    text: 'Người thuê nhận thông báo hóa đơn mới, nhắc hạn thanh toán, xác nhận đã nhận tiền và thông báo chung của nhà trọ.',
  },
  {
    title: 'Báo cáo sự cố',
    text: 'Người thuê gửi yêu cầu sửa chữa kèm ảnh từ điện thoại; chủ trọ và nhân viên theo dõi đến khi xử lý xong.',
  },
  {
    title: 'Báo cáo và tài khoản nhân viên',
    text: 'Tỉ lệ lấp đầy, doanh thu 12 tháng, hợp đồng sắp hết hạn. Thêm nhân viên cho từng nhà trọ với quyền hạn riêng.',
  },
];

function PriceTable() {
  const { pricing, current } = usePlatformPricing();
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="site-price">
        <Typography sx={{ fontSize: { xs: '1.5rem', md: '1.875rem' }, fontWeight: 700 }}>
          {formatMoney(pricing.pricePerRoomMonth)}
          <Typography component="span" sx={{ fontSize: '1rem', fontWeight: 400, color: 'text.secondary' }}>
            {' '}
            / phòng / tháng
          </Typography>
        </Typography>
        <Bullets
          items={[
            `Thanh toán theo kỳ ${formatNumber(pricing.monthsPerTerm)} tháng khi đăng ký và mỗi lần gia hạn.`,
            `Mỗi kỳ tối thiểu ${formatMoney(pricing.minimumYearFee)}, dù nhà trọ ít phòng.`,
            'Mua thêm phòng giữa kỳ: chỉ trả cho số tháng còn lại của kỳ.',
            'Người thuê và nhân viên dùng miễn phí; không giới hạn số người thuê.',
          ]}
        />
        {!current && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Giá niêm yết mặc định; giá áp dụng được hiển thị lại khi bạn đăng ký.
          </Typography>
        )}
      </Paper>
      <Box sx={{ mt: 2, overflowX: 'auto' }}>
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            '& th, & td': { textAlign: 'left', py: 1, px: 1, borderBottom: 1, borderColor: 'divider' },
            '& td:last-child, & th:last-child': { textAlign: 'right' },
          }}
        >
          <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
            Phí một kỳ {formatNumber(pricing.monthsPerTerm)} tháng theo số phòng
          </caption>
          <thead>
            <tr>
              <th scope="col">Số phòng</th>
              <th scope="col">Phí một kỳ</th>
            </tr>
          </thead>
          <tbody>
            {EXAMPLE_ROOMS.map((rooms) => (
              <tr key={rooms} data-testid={`site-fee-${rooms}`}>
                <td>{formatNumber(rooms)} phòng</td>
                <td>{formatMoney(termFee(rooms, pricing))}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
}

/** /business: what a landlord gets and what it costs. */
export function BusinessPage() {
  return (
    <PublicSiteLayout
      title="Tính năng và bảng giá"
      lead="Nhà trọ là phần mềm quản lý nhà trọ, phòng cho thuê và ký túc xá: từ phòng, hợp đồng, chỉ số điện nước đến hóa đơn và tiền thu mỗi tháng, trên máy tính và điện thoại."
    >
      <SiteSection id="bang-gia" title="Bảng giá">
        <PriceTable />
      </SiteSection>
      <SiteSection id="tinh-nang" title="Bao gồm trong mọi tài khoản">
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {FEATURES.map((feature) => (
            <Paper component="li" variant="outlined" key={feature.title} sx={{ p: 2 }}>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.0625rem' }}>
                {feature.title}
              </Typography>
              <Typography sx={{ mt: 0.5, color: 'text.secondary', lineHeight: 1.6 }}>
                {feature.text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </SiteSection>
      <SiteSection id="bat-dau" title="Bắt đầu thế nào">
        <Bullets
          items={[
            'Điền đơn đăng ký: họ tên, số điện thoại, e-mail, tên và địa chỉ nhà trọ, số phòng cần quản lý, ảnh giấy tờ tùy thân.',
            'Xác nhận e-mail và số điện thoại bằng mã 6 số được gửi đến bạn.',
            'Thanh toán phí kỳ đầu qua VNPay.',
            'Quản trị viên duyệt đơn; tài khoản và mật khẩu được gửi cho bạn, có hiệu lực một kỳ kể từ ngày duyệt.',
          ]}
        />
        <Paragraph>
          Hết kỳ, bạn gia hạn để tiếp tục sử dụng. Nếu chưa gia hạn, bạn và nhân viên vẫn xem được toàn bộ dữ
          liệu nhưng không thêm hay sửa được; người thuê không bị ảnh hưởng.
        </Paragraph>
      </SiteSection>
    </PublicSiteLayout>
  );
}
