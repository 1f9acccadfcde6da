import { partner } from '@/config/partner';

/**
 * The Groundtruth mark: a ridge line and a sun over a dark field, in the partner's colours. Decorative;
 * the product name sits beside it.
 */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
    <rect width="32" height="32" rx="6" fill={partner.colours.primary} />
    <path d="M6 22l6-8 5 6 3-4 6 6z" fill={partner.colours.secondary} />
    <circle cx="22" cy="10" r="3" fill="#fff" />
  </svg>
);
