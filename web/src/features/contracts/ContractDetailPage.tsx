import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function ContractDetailPage() {
  return <PageHeader title="Hợp đồng" />;
}
