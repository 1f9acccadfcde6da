import { enUS, esES } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS } from '@/config/constants';
import { partner } from '@/config/partner';

/** Spec §9 breakpoints (500, 768, 1040) as MUI's sm, md, lg; the partner's first colour as the brand (config/partner.ts). */
export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, sm: BREAKPOINTS.small, md: BREAKPOINTS.mobile, lg: BREAKPOINTS.narrow, xl: 1440 },
  },
  palette: {
    primary: { main: partner.colours.primary },
    secondary: { main: '#1f6f78' },
    background: { default: '#f6f8f9' },
  },
  shape: { borderRadius: 8 },
  typography: {
    h4: { fontWeight: 700, fontSize: '1.75rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Keyboard focus on every button (toggle and icon buttons too) is a clear outline in the brand
    // colour, not only MUI's faint ripple; above its neighbours so a button group's next one hides none of it.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `2px solid ${partner.colours.primary}`, outlineOffset: 2, zIndex: 1 },
        },
      },
    },
  },
});

const spanish = createTheme(theme, esES);
const english = createTheme(theme, enUS);

/**
 * The theme with MUI's own words (an Autocomplete's 'Open' and 'Clear', a pagination's labels) in the
 * app's language: they are not in our catalogues.
 */
export const themeFor = (language: string): Theme => (language.toLowerCase().startsWith('es') ? spanish : english);
