import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AnalysisResult } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';

/** Rows shown in the page: the download has them all. */
export const SHOWN_ROWS = 500;

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number);

export const ResultTable = ({ result }: { result: AnalysisResult }) => {
  const { t } = useTranslation();
  return (
    <>
      {/* Scrolls: focusable, so a keyboard can scroll it too. */}
      <TableContainer sx={{ maxHeight: 420 }} tabIndex={0} role="region" aria-label={t('analysis.result')}>
        <Table size="small" stickyHeader aria-label={t('analysis.result')}>
          <TableHead>
            <TableRow>
              {result.meta.map((c) => (
                <TableCell key={c.name} title={c.type}>
                  {c.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.slice(0, SHOWN_ROWS).map((row, i) => (
              <TableRow key={i}>
                {result.meta.map((c) => (
                  <TableCell key={c.name} sx={{ fontFamily: 'monospace' }}>
                    {cell(row[c.name])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {result.data.length > SHOWN_ROWS && (
        <Typography variant="body2" color="text.secondary">
          {t('analysis.firstRows', { shown: SHOWN_ROWS, count: result.data.length })}
        </Typography>
      )}
    </>
  );
};
