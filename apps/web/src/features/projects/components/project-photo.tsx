import TerrainIcon from '@mui/icons-material/Terrain';
import Box from '@mui/material/Box';
import type { Project } from '@groundtruth/contracts';
import { AuthenticatedPhoto } from '@/components/authenticated-photo';

type ProjectPhotoProps = {
  readonly project: Pick<Project, 'photo'>;
  readonly height: number | string;
  /** Width to ask the server for (it resizes the photo). */
  readonly size?: number;
  /** Empty when the project's name is beside the photo. */
  readonly alt?: string;
};

/** A decorative stand-in for a project without a photo, the size of the real thing. */
const Placeholder = ({ height }: { height: number | string }) => (
  <Box
    aria-hidden
    sx={{
      height,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      color: 'primary.contrastText',
      background: (theme) => `linear-gradient(135deg, ${theme.palette.primary.main} 0%, #1f6f78 60%, #6ef0da 100%)`,
    }}
  >
    <TerrainIcon sx={{ fontSize: 56, opacity: 0.85 }} />
  </Box>
);

/** The project's photo (fetched with the session's token: a private project's photo is private too). */
export const ProjectPhoto = ({ project, height, size = 800, alt = '' }: ProjectPhotoProps) => (
  <AuthenticatedPhoto
    url={project.photo?.url}
    alt={alt}
    size={size}
    height={height}
    placeholder={<Placeholder height={height} />}
  />
);
