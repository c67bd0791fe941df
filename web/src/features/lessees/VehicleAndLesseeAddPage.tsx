import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function VehicleAndLesseeAddPage() {
  return <PageHeader title="Thêm xe và người ở" />;
}
