import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The sections of the terms, in order (spec §1: US use, hardware, age, refunds, late interest, dollars). */
const SECTIONS = ['acceptance', 'use', 'eligibility', 'hardware', 'accounts', 'payments', 'refunds', 'data', 'changes'] as const;

/** The terms and conditions text. */
export const TermsText = () => {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('terms.lastUpdated')}
      </Typography>
      {SECTIONS.map((section, index) => (
        <Box component="section" key={section} aria-labelledby={`terms-${section}`} sx={{ mb: 2 }}>
          <Typography id={`terms-${section}`} component="h2" variant="h6" sx={{ mb: 0.5 }}>
            {`${index + 1}. ${t(`terms.sections.${section}.title`)}`}
          </Typography>
          <Typography>{t(`terms.sections.${section}.body`)}</Typography>
        </Box>
      ))}
    </Box>
  );
};
