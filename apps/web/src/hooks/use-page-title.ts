import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';

/**
 * Sets document.title to '{page title} - {product}' (spec §2; the product label differs in flood mode). Pass null while another
 * component owns the title (a child's effect runs before its parent's and would be overwritten).
 */
export const usePageTitle = (title: string | null): void => {
  const { t } = useTranslation();
  useEffect(() => {
    if (title === null) return;
    document.title = t('app.pageTitle', { page: title, product: partner.productName });
  }, [title, t]);
};
