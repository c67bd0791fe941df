import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney, formatNumber } from '../../lib/format';
import { PublicSiteLayout } from './PublicSiteLayout';
import { usePlatformPricing } from './pricing';

interface Question {
  question: string;
  answer: string;
}

function questions(price: string, minimum: string, months: string): Question[] {
  return [
    {
      question: 'Nhà trọ phù hợp với ai?',
      answer:
        'Chủ nhà trọ, chủ chung cư mini và ký túc xá cho thuê theo tháng, từ vài phòng đến hàng trăm phòng, có hoặc không có nhân viên.',
    },
    {
      question: 'Chi phí sử dụng là bao nhiêu?',
      answer: `${price} cho mỗi phòng mỗi tháng, trả theo kỳ ${months} tháng, mỗi kỳ tối thiểu ${minimum}. Người thuê và nhân viên không phải trả phí. Xem chi tiết ở trang Tính năng và bảng giá.`,
    },
    {
      question: 'Tôi có cần cài đặt gì không?',
      answer:
        'Không. Nhà trọ chạy trên trình duyệt của máy tính và điện thoại. Người thuê chỉ cần điện thoại có trình duyệt để xem hóa đơn, hợp đồng và gửi báo cáo sự cố.',
    },
    {
      question: 'Người thuê trả tiền bằng cách nào?',
      answer:
        'Quét mã VietQR trên hóa đơn bằng ứng dụng ngân hàng (số tiền và nội dung chuyển khoản đã điền sẵn), thanh toán trực tuyến qua VNPay, hoặc trả tiền mặt để chủ trọ ghi nhận. Tiền chuyển khoản vào tài khoản của chủ trọ, Nhà trọ không giữ tiền thuê nhà.',
    },
    {
      question: 'Làm sao biết người thuê đã chuyển khoản?',
      answer:
        'Khi ngân hàng báo có một giao dịch ghi đúng mã hóa đơn, hóa đơn được đánh dấu đã thanh toán (hoặc thanh toán một phần) và cả chủ trọ lẫn người thuê nhận thông báo. Giao dịch không khớp mã nằm trong danh sách chờ để chủ trọ gán vào hóa đơn.',
    },
    {
      question: 'Hóa đơn điện nước được tính thế nào?',
      answer:
        'Từ chỉ số nhân viên ghi mỗi tháng nhân với đơn giá của nhà trọ; tiền điện có thể tính theo bậc thang của EVN. Tiền phòng tính theo ngày khi người thuê vào hoặc ra giữa tháng. Chủ trọ xem và sửa bảng kê nháp trước khi phát hành.',
    },
    {
      question: 'Tôi đang quản lý bằng sổ sách hoặc Excel, chuyển sang có khó không?',
      answer:
        'Bạn nhập danh sách phòng trống và danh sách người thuê hiện tại từ tệp Excel theo mẫu. Dòng nào sai, hệ thống trả lại tệp kèm cột ghi lỗi để bạn sửa và nhập lại.',
    },
    {
      question: 'Hợp đồng có giá trị khi ký trên điện thoại không?',
      answer:
        'Nhà trọ lưu hợp đồng PDF và chữ ký người thuê vẽ trên màn hình kèm thời điểm ký. Giá trị pháp lý của hợp đồng do các bên và pháp luật về hợp đồng, giao dịch điện tử quyết định; bạn vẫn có thể in hợp đồng để ký tay và lưu bản giấy đã ký vào hệ thống.',
    },
    {
      question: 'Nhân viên của tôi xem được những gì?',
      answer:
        'Chỉ những nhà trọ bạn giao cho họ: phòng, người thuê, hợp đồng và ghi chỉ số điện nước. Nhân viên không phát hành hóa đơn, không thu tiền và không thay đổi cài đặt phí.',
    },
    {
      question: 'Dữ liệu của tôi có an toàn không?',
      answer:
        'Dữ liệu được lưu trên Microsoft Azure, mã hóa khi truyền và khi lưu trữ. Mỗi chủ trọ chỉ thấy nhà trọ của mình; người thuê chỉ thấy phòng, hợp đồng và hóa đơn của chính họ. Xem trang Bảo vệ dữ liệu.',
    },
    {
      question: 'Hết hạn mà chưa gia hạn thì sao?',
      answer:
        'Dữ liệu vẫn còn nguyên; bạn và nhân viên xem được nhưng không thêm hay sửa được cho đến khi gia hạn. Người thuê vẫn xem và thanh toán hóa đơn như bình thường.',
    },
    {
      question: 'Tôi quên mật khẩu thì làm sao?',
      answer:
        'Chọn "Quên mật khẩu?" ở trang đăng nhập và nhập e-mail hoặc số điện thoại đã đăng ký để nhận đường liên kết đặt lại mật khẩu, có hiệu lực 30 phút.',
    },
  ];
}

/** /faq: what landlords ask before signing up. */
export function FaqPage() {
  const { pricing } = usePlatformPricing();
  const items = questions(
    formatMoney(pricing.pricePerRoomMonth),
    formatMoney(pricing.minimumYearFee),
    formatNumber(pricing.monthsPerTerm),
  );
  return (
    <PublicSiteLayout
      title="Câu hỏi thường gặp"
      lead="Những điều chủ trọ hay hỏi trước khi bắt đầu dùng Nhà trọ."
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <Box
            component="details"
            key={item.question}
            sx={{
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              px: 2,
              py: 1.5,
              '& summary': { cursor: 'pointer', fontWeight: 600, lineHeight: 1.5 },
            }}
          >
            <summary>{item.question}</summary>
            <Typography sx={{ mt: 1, lineHeight: 1.7, color: 'text.secondary' }}>{item.answer}</Typography>
          </Box>
        ))}
      </Box>
    </PublicSiteLayout>
  );
}
