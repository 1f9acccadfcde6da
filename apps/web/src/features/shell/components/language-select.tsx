import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LOCALES, changeLocale, currentLocale, isLocale } from '@/i18n';

/** English / Español; the choice is remembered (local storage 'locale') and sets <html lang>. */
export const LanguageSelect = () => {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      id="language-select"
      label={t('shell.language')}
      value={currentLocale()}
      onChange={(event) => {
        if (isLocale(event.target.value)) void changeLocale(event.target.value);
      }}
      sx={{ minWidth: { xs: 112, sm: 136 } }}
    >
      {LOCALES.map((locale) => (
        <MenuItem key={locale} value={locale} lang={locale}>
          {t(`shell.languages.${locale}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};
