import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function LesseeContractPage() {
  return <PageHeader title="Hợp đồng của tôi" />;
}
