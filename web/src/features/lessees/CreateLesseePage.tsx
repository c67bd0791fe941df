import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function CreateLesseePage() {
  return <PageHeader title="Thêm người thuê" />;
}
