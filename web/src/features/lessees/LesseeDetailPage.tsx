import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function LesseeDetailPage() {
  return <PageHeader title="Người thuê" />;
}
