import TerrainIcon from '@mui/icons-material/Terrain';
import Box from '@mui/material/Box';

type ProjectPhotoProps = {
  readonly height: number | string;
};

/** Projects have no photo yet: a decorative placeholder keeps the layout of the real thing. */
export const ProjectPhoto = ({ height }: ProjectPhotoProps) => (
  <Box
    aria-hidden
    sx={{
      height,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      color: 'primary.contrastText',
      background: 'linear-gradient(135deg, #003f5c 0%, #1f6f78 60%, #6ef0da 100%)',
    }}
  >
    <TerrainIcon sx={{ fontSize: 56, opacity: 0.85 }} />
  </Box>
);
