import { projectMessages } from '@groundtruth/domain';

/** The project messages the server sends (libs/domain projectMessages), by their key. */
export type ProjectMessageKey = keyof typeof projectMessages;

const byText = new Map<string, ProjectMessageKey>(
  Object.entries(projectMessages).map(([key, text]) => [text, key as ProjectMessageKey]),
);

/** The key of a project message the server sent, or null for any other text. */
export const projectMessageKeyOf = (text: string | undefined): ProjectMessageKey | null =>
  text === undefined ? null : (byText.get(text) ?? null);
