import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function CreateContractPage() {
  return <PageHeader title="Tạo hợp đồng" />;
}
