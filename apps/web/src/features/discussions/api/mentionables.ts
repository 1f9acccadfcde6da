import { userRoutes } from '@groundtruth/contracts';
import { callRoute } from '@/lib/call-route';

export type Mentionable = { readonly id: number; readonly name: string };

/**
 * GET /mentionables?query: the people the asker may mention (spec §5: asked only for a non-empty
 * query; an empty one answers nothing without a call).
 */
export const searchMentionables = async (query: string, signal?: AbortSignal): Promise<Mentionable[]> => {
  const text = query.trim();
  if (text === '') return [];
  const answer = await callRoute(userRoutes.mentionables, { query: { query: text }, signal });
  return answer.mentions.map((person) => ({ id: person.id, name: person.name }));
};
