import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function ContractHistoryPage() {
  return <PageHeader title="Lịch sử hợp đồng" />;
}
