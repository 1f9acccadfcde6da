import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@/config/constants';

/**
 * Sets document.title to '{page title} - Groundtruth' (spec §2). Pass null while another
 * component owns the title (a child's effect runs before its parent's and would be overwritten).
 */
export const usePageTitle = (title: string | null): void => {
  const { t } = useTranslation();
  useEffect(() => {
    if (title === null) return;
    document.title = t('app.pageTitle', { page: title, product: PRODUCT_NAME });
  }, [title, t]);
};
