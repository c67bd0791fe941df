import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function GuestContractPage() {
  return <PageHeader title="Hợp đồng thuê phòng" />;
}
