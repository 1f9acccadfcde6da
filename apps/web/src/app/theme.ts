import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@/config/constants';

/** Spec §9 breakpoints (500, 768, 1040) as MUI's sm, md, lg; the series colours as the brand. */
export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, sm: BREAKPOINTS.small, md: BREAKPOINTS.mobile, lg: BREAKPOINTS.narrow, xl: 1440 },
  },
  palette: {
    primary: { main: '#003f5c' },
    secondary: { main: '#1f6f78' },
    background: { default: '#f6f8f9' },
  },
  shape: { borderRadius: 8 },
  typography: {
    h4: { fontWeight: 700, fontSize: '1.75rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
