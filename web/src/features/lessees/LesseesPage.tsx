import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function LesseesPage() {
  return <PageHeader title="Quản lý người thuê" />;
}
