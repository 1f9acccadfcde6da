/** Spec §9: the copy-link confirmation shows for 3 seconds. */
export const COPY_CONFIRMATION_MS = 3000;

/** Where the share panel's buttons lead for a link (spec §2 Share panel). */
export const shareLinks = (url: string, text: string) => ({
  twitter: `https://twitter.com/intent/tweet?${new URLSearchParams({ url, text }).toString()}`,
  facebook: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url }).toString()}`,
  email: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}`,
});
