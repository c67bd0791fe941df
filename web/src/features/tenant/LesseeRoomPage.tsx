import { PageHeader } from '../../components/PageHeader';

// Placeholder while the page is being built.
export function LesseeRoomPage() {
  return <PageHeader title="Phòng của tôi" />;
}
