import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { isHiddenValue } from './flatten-state';
import './history-i18n';

/**
 * One value of a history: text as it is, a hidden one (personal, erased, secret) as a labelled chip
 * whose reason a screen reader hears too, nothing as a dash, anything else as compact JSON.
 */
export const HistoryValue = ({ value }: { value: unknown }) => {
  const { t } = useTranslation();
  if (isHiddenValue(value)) {
    const help = t(`history.hiddenHelp.${value.$hidden}`);
    return (
      <Tooltip title={help}>
        <Chip
          size="small"
          variant="outlined"
          color={value.$hidden === 'erased' ? 'warning' : 'default'}
          label={t(`history.hidden.${value.$hidden}`)}
          aria-label={`${t(`history.hidden.${value.$hidden}`)}: ${help}`}
          data-hidden={value.$hidden}
        />
      </Tooltip>
    );
  }
  if (value === null || value === undefined) return <span aria-label={t('history.absent')}>{t('history.absent')}</span>;
  if (typeof value === 'string')
    return (
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    );
  return (
    <Box component="code" sx={{ fontSize: '0.85em', overflowWrap: 'anywhere' }}>
      {JSON.stringify(value, (_k, v: unknown) => (isHiddenValue(v) ? `«${t(`history.hidden.${v.$hidden}`)}»` : v))}
    </Box>
  );
};
