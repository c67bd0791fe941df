import { Bullets, Paragraph, PublicSiteLayout, SiteSection } from './PublicSiteLayout';

/** /termOfUse: the terms of use in plain Vietnamese. */
export function TermsOfUsePage() {
  return (
    <PublicSiteLayout
      title="Điều khoản sử dụng"
      lead="Những điều bạn và chúng tôi cam kết khi bạn dùng Nhà trọ, viết ngắn gọn và dễ hiểu. Khi đăng ký tài khoản, bạn đồng ý với các điều khoản này."
    >
      <SiteSection id="dich-vu" title="1. Dịch vụ">
        <Paragraph>
          Nhà trọ là phần mềm trực tuyến giúp chủ trọ quản lý phòng, người thuê, hợp đồng, chỉ số điện nước,
          hóa đơn và tiền thu. Nhân viên do chủ trọ thêm và người thuê được chủ trọ mở tài khoản cũng dùng
          phần mềm này.
        </Paragraph>
      </SiteSection>
      <SiteSection id="tai-khoan" title="2. Tài khoản">
        <Bullets
          items={[
            'Thông tin đăng ký (họ tên, số điện thoại, e-mail, giấy tờ tùy thân) phải đúng và là của bạn.',
            'Bạn giữ bí mật mật khẩu và chịu trách nhiệm về những gì làm bằng tài khoản của mình và của nhân viên bạn thêm.',
            'Khi nghi ngờ tài khoản bị dùng trái phép, hãy đổi mật khẩu ngay: mọi phiên đăng nhập khác sẽ kết thúc.',
            'Chúng tôi có thể khóa tài khoản dùng để lừa đảo, phát tán nội dung trái pháp luật hoặc tấn công hệ thống.',
          ]}
        />
      </SiteSection>
      <SiteSection id="phi" title="3. Phí và gia hạn">
        <Bullets
          items={[
            'Phí tính theo số phòng và trả trước cho từng kỳ, theo bảng giá công bố tại thời điểm thanh toán.',
            'Mua thêm phòng giữa kỳ trả cho số tháng còn lại của kỳ.',
            'Hết kỳ mà chưa gia hạn: bạn và nhân viên vẫn xem được dữ liệu nhưng không thêm, sửa được; người thuê vẫn xem và thanh toán hóa đơn.',
            'Phí đã thanh toán cho một kỳ không được hoàn lại, trừ khi dịch vụ không được cung cấp do lỗi của chúng tôi.',
            'Khi thay đổi bảng giá, giá mới áp dụng từ kỳ thanh toán tiếp theo, không áp dụng cho kỳ bạn đã trả.',
          ]}
        />
      </SiteSection>
      <SiteSection id="tien-thue" title="4. Tiền thuê nhà của bạn">
        <Paragraph>
          Tiền người thuê trả bằng chuyển khoản hoặc VNPay được chuyển vào tài khoản ngân hàng và tài khoản
          thanh toán của chủ trọ. Nhà trọ không giữ tiền thuê nhà và không phải là bên cho thuê. Hợp đồng thuê
          phòng, giá thuê, tiền cọc và việc giải quyết tranh chấp là việc giữa chủ trọ và người thuê.
        </Paragraph>
      </SiteSection>
      <SiteSection id="du-lieu" title="5. Dữ liệu của người thuê">
        <Bullets
          items={[
            'Bạn là người thu thập và quyết định mục đích dùng dữ liệu của người thuê (bên kiểm soát dữ liệu); chúng tôi xử lý dữ liệu đó thay bạn, chỉ để cung cấp dịch vụ.',
            'Bạn chỉ nhập dữ liệu cần cho việc cho thuê và khai báo tạm trú, và thông báo cho người thuê rằng dữ liệu của họ được lưu trên Nhà trọ.',
            'Không dùng Nhà trọ để lưu hay gửi nội dung không liên quan đến việc cho thuê.',
          ]}
        />
        <Paragraph>Cách chúng tôi bảo vệ dữ liệu được nêu ở trang Bảo vệ dữ liệu.</Paragraph>
      </SiteSection>
      <SiteSection id="cam-ket" title="6. Cam kết của chúng tôi">
        <Bullets
          items={[
            'Giữ dịch vụ hoạt động ổn định và sao lưu dữ liệu; báo trước khi bảo trì có kế hoạch làm gián đoạn dịch vụ.',
            'Không bán, không cho thuê dữ liệu của bạn và của người thuê.',
            'Báo cho bạn khi có sự cố ảnh hưởng đến dữ liệu của bạn.',
          ]}
        />
        <Paragraph>
          Phần mềm được cung cấp theo hiện trạng. Chúng tôi không chịu trách nhiệm về thiệt hại gián tiếp do
          gián đoạn dịch vụ ngoài tầm kiểm soát hợp lý (sự cố của nhà cung cấp hạ tầng, ngân hàng, cổng thanh
          toán, nhà mạng).
        </Paragraph>
      </SiteSection>
      <SiteSection id="thay-doi" title="7. Thay đổi điều khoản">
        <Paragraph>
          Khi điều khoản thay đổi, chúng tôi thông báo cho chủ trọ qua e-mail hoặc trong ứng dụng trước khi áp
          dụng. Điều khoản này được điều chỉnh theo pháp luật Việt Nam.
        </Paragraph>
      </SiteSection>
    </PublicSiteLayout>
  );
}
