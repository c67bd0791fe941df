import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function ContractDocumentPage() {
  return <PageHeader title="Văn bản hợp đồng" />;
}
