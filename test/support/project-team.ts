import { callApi, linkTokenOf, type Mailbox, type TestUser } from './accounts.js';

/**
 * Invites `user` into a project as `role` (0 member, 1 administrator) and accepts with the link
 * from the invitation mail, as people do: they are then in the team.
 */
export const joinProject = async (
  url: string,
  mailbox: Mailbox,
  by: TestUser,
  projectId: number,
  user: TestUser,
  role: 0 | 1 = 0,
): Promise<void> => {
  const invited = await callApi(url, 'POST', `/api/projects/${projectId}/invite`, {
    token: by.token,
    body: { email: user.email, role },
  });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const mail = await mailbox.waitFor((m) => m.to.includes(user.email) && m.links.some((l) => l.includes('/projects/invitation')));
  const token = linkTokenOf(mail, /\/projects\/invitation\?token=([^&#]+)/);
  const invitation = await callApi(url, 'GET', `/api/projects/invites/${encodeURIComponent(token)}`, { token: user.token });
  const inviteId = invitation.body!['id'] as number;
  const accepted = await callApi(url, 'POST', `/api/projects/invites/${inviteId}/accept?token=${encodeURIComponent(token)}`, {
    token: user.token,
  });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
};
