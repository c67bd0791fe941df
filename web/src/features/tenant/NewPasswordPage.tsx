import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function NewPasswordPage() {
  return <PageHeader title="Đặt mật khẩu mới" />;
}
