import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function ContractExtendPage() {
  return <PageHeader title="Gia hạn hợp đồng" />;
}
