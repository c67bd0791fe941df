import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function ContractTerminatePage() {
  return <PageHeader title="Kết thúc hợp đồng sớm" />;
}
