import { useSearchParams } from 'react-router-dom';
import { InvitationByToken } from '@/features/projects/components/invitation-by-token';
import { ProjectsList } from '@/features/projects/components/projects-list';

/** /projects/invitation?token=…: the project list with the e-mailed invitation at the top (spec §2 route table). */
export const ProjectInvitationRoute = () => {
  const token = useSearchParams()[0].get('token')?.trim() || null;
  return <ProjectsList invitation={<InvitationByToken key={token} token={token} />} />;
};
