import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function ContractsPage() {
  return <PageHeader title="Quản lý hợp đồng" />;
}
