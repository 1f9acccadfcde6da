import type { TFunction } from 'i18next';

type NoteKey = 'studyObjective' | 'sitePurpose' | 'siteCriteria' | 'siteDescription' | 'customKey';

/** The default title of a note: the server stores it as the translation key `notes.<key>.title`. */
export const defaultTitleKey = (key: NoteKey) => `notes.${key}.title` as const;

/** A note's title in words: the custom note's own title, else the default title translated. */
export const noteTitle = (t: TFunction, key: NoteKey, title: string | null | undefined): string => {
  const own = title?.trim();
  if (own && own !== defaultTitleKey(key) && own !== key) return own;
  return t(defaultTitleKey(key));
};
