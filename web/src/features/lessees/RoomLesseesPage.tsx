import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function RoomLesseesPage() {
  return <PageHeader title="Người thuê của phòng" />;
}
