import { Bullets, Paragraph, PublicSiteLayout, SiteSection } from './PublicSiteLayout';

/** /privacy: what is kept, where, who sees it, how it is protected; Decree 13/2023/NĐ-CP. */
export function PrivacyPage() {
  return (
    <PublicSiteLayout
      title="Bảo vệ dữ liệu"
      lead="Nhà trọ lưu những gì, ở đâu, ai được xem và được bảo vệ thế nào, theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân."
    >
      <SiteSection id="luu-gi" title="Chúng tôi lưu những gì">
        <Bullets
          items={[
            'Của chủ trọ: họ tên, số điện thoại, e-mail, số và ảnh căn cước công dân, địa chỉ, tài khoản ngân hàng (để in mã VietQR trên hóa đơn), thông tin nhà trọ và phòng.',
            'Của người thuê do chủ trọ nhập: họ tên, giới tính, ngày sinh, số điện thoại, số và ảnh căn cước, quê quán, nghề nghiệp, thông tin tạm trú, xe; hợp đồng, chữ ký, hóa đơn và các khoản đã trả.',
            'Chỉ số điện nước, ảnh đồng hồ, báo cáo sự cố và ảnh kèm theo.',
            'Nhật ký hệ thống: ai đã thay đổi gì, lúc nào, từ địa chỉ IP nào, để bảo vệ tài khoản và giải quyết khiếu nại.',
          ]}
        />
        <Paragraph>
          Mật khẩu không được lưu: hệ thống chỉ lưu giá trị băm (scrypt) của mật khẩu. Chúng tôi không lưu số
          thẻ ngân hàng: việc thanh toán thẻ diễn ra trên trang của VNPay.
        </Paragraph>
      </SiteSection>
      <SiteSection id="ai-xem" title="Ai được xem dữ liệu">
        <Bullets
          items={[
            'Chủ trọ: chỉ các nhà trọ của mình. Chủ trọ khác không xem được, thậm chí không biết dữ liệu đó có tồn tại.',
            'Nhân viên: chỉ các nhà trọ được chủ trọ giao, và chỉ những phần việc được giao (phòng, người thuê, hợp đồng, ghi chỉ số).',
            'Người thuê: chỉ phòng, hợp đồng, hóa đơn và thông báo của chính mình.',
            'Đường liên kết chia sẻ hóa đơn hoặc hợp đồng có hạn 7 ngày; trang hóa đơn chia sẻ không hiện thông tin cá nhân của người thuê, trang hợp đồng chia sẻ không hiện số giấy tờ tùy thân.',
            'Quản trị viên nền tảng quản lý đơn đăng ký và tài khoản chủ trọ; giao diện quản trị không hiển thị phòng, hợp đồng hay người thuê của nhà trọ.',
            'Ảnh và tệp (căn cước, hợp đồng, ảnh phòng) chỉ mở được qua đường dẫn cấp riêng sau khi kiểm tra quyền, hết hạn sau 15 phút.',
          ]}
        />
      </SiteSection>
      <SiteSection id="luu-o-dau" title="Lưu ở đâu và bảo vệ thế nào">
        <Bullets
          items={[
            'Dữ liệu được lưu trên Microsoft Azure (Azure Cosmos DB cho dữ liệu, Azure Blob Storage cho ảnh và tệp), tại khu vực trung tâm dữ liệu Đông Nam Á (Singapore), khu vực gần Việt Nam nhất có đủ dịch vụ cần thiết.',
            'Mã hóa khi truyền: mọi kết nối dùng HTTPS, tối thiểu TLS 1.2.',
            'Mã hóa khi lưu trữ: Azure Cosmos DB và Azure Storage luôn mã hóa dữ liệu trên đĩa.',
            'Khóa bí mật của hệ thống nằm trong Azure Key Vault; các dịch vụ truy cập nhau bằng danh tính được cấp riêng, không dùng mật khẩu ghi trong mã nguồn.',
            'Mã truy cập chỉ có hiệu lực 15 phút và được làm mới bằng mã dùng một lần (phiên dài nhất 30 ngày); đăng xuất, đổi mật khẩu hay khóa tài khoản có hiệu lực ngay ở lần truy cập tiếp theo.',
            'Đăng nhập sai nhiều lần bị làm chậm rồi tạm khóa theo từng địa chỉ.',
          ]}
        />
      </SiteSection>
      <SiteSection id="nghi-dinh-13" title="Nghị định 13/2023/NĐ-CP">
        <Paragraph>
          Với dữ liệu của người thuê, chủ trọ là bên kiểm soát dữ liệu (quyết định thu thập và sử dụng), Nhà
          trọ là bên xử lý dữ liệu theo yêu cầu của chủ trọ. Với dữ liệu tài khoản của chủ trọ, Nhà trọ là bên
          kiểm soát và xử lý dữ liệu.
        </Paragraph>
        <Bullets
          items={[
            'Mục đích xử lý: quản lý việc cho thuê (phòng, hợp đồng, hóa đơn, thanh toán, thông báo) và khai báo tạm trú; không dùng cho quảng cáo, không bán cho bên thứ ba.',
            'Bên nhận dữ liệu để thực hiện dịch vụ: Microsoft (hạ tầng Azure; gửi e-mail và SMS qua Azure Communication Services), Zalo (tin nhắn thông báo), VNPay (thanh toán trực tuyến), mỗi bên chỉ phần dữ liệu cần cho việc đó.',
            'Vì dữ liệu được lưu tại Singapore, việc chuyển dữ liệu cá nhân ra nước ngoài tuân theo thủ tục của Nghị định 13/2023/NĐ-CP.',
            'Chủ thể dữ liệu có các quyền theo Nghị định: được biết, đồng ý, truy cập, rút lại sự đồng ý, xóa, hạn chế xử lý, yêu cầu cung cấp, phản đối xử lý dữ liệu, khiếu nại, tố cáo, khởi kiện, yêu cầu bồi thường thiệt hại và tự bảo vệ.',
            'Người thuê gửi yêu cầu về dữ liệu của mình cho chủ trọ; chủ trọ sửa hoặc xóa trên Nhà trọ, hoặc chuyển yêu cầu cho chúng tôi hỗ trợ.',
            'Khi có vi phạm quy định về bảo vệ dữ liệu cá nhân, chúng tôi báo cho chủ trọ liên quan và cho cơ quan chuyên trách của Bộ Công an trong thời hạn 72 giờ theo quy định.',
          ]}
        />
        <Paragraph>
          Chúng tôi áp dụng Nghị định 13/2023/NĐ-CP và các văn bản pháp luật sửa đổi, bổ sung hoặc thay thế.
        </Paragraph>
      </SiteSection>
      <SiteSection id="luu-bao-lau" title="Lưu trong bao lâu">
        <Bullets
          items={[
            'Dữ liệu nhà trọ được lưu trong suốt thời gian tài khoản chủ trọ còn sử dụng, kể cả khi tạm hết hạn chờ gia hạn.',
            'Tệp tải lên nhưng không gắn vào hồ sơ nào được tự động xóa sau một ngày.',
            'Khi chủ trọ ngừng sử dụng và yêu cầu xóa, chúng tôi xóa dữ liệu nhà trọ, trừ những gì pháp luật buộc phải lưu giữ (chẳng hạn chứng từ thanh toán phí dịch vụ).',
          ]}
        />
      </SiteSection>
    </PublicSiteLayout>
  );
}
