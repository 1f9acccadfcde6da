import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

/** Spec §5 image upload: one file whose type is jpeg, png or gif. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const isImageType = (type: string): boolean => (IMAGE_TYPES as readonly string[]).includes(type);

/** A chosen image waiting for Save, with its preview as a data URL (the site's image policy allows data:). */
export type ChosenImage = { readonly file: File; readonly preview: string };

const readPreview = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no preview')));
    reader.onerror = () => reject(reader.error ?? new Error('no preview'));
    reader.readAsDataURL(file);
  });

export type ImageUploaderText = {
  readonly title: string;
  readonly choose: string;
  readonly chooseAnother: string;
  readonly help: string;
  readonly chosen: (name: string) => string;
  readonly wrongType: string;
  readonly previewAlt: string;
};

type ImageChooserProps = {
  readonly chosen: ChosenImage | null;
  readonly onChoose: (image: ChosenImage | null) => void;
  readonly error: string | null;
  readonly onError: (message: string | null) => void;
  readonly text: ImageUploaderText;
};

/**
 * The uploader's controls beside its preview: title, a file input drawn as a button, and the help, chosen-file or error
 * line. Checks the file (exactly one, jpeg, png or gif) and reads its preview before handing it on.
 */
export const ImageChooser = ({ chosen, onChoose, error, onError, text }: ImageChooserProps) => {
  const inputId = useId();
  const helpId = useId();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    // The FileList is live: copy it before clearing the input (so choosing the same file again still fires a change).
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const file = files[0];
    if (files.length !== 1 || !file || !isImageType(file.type)) {
      onError(text.wrongType);
      return;
    }
    try {
      onError(null);
      onChoose({ file, preview: await readPreview(file) });
    } catch {
      onError(text.wrongType);
    }
  };

  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {text.title}
      </Typography>
      {/* A real file input, visually hidden but focusable, with a label drawn as a button: one control, no nesting. */}
      <Box
        component="input"
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        aria-describedby={helpId}
        onChange={(event: ChangeEvent<HTMLInputElement>) => void onChange(event)}
        sx={(theme) => ({
          ...visuallyHidden,
          '&:focus-visible + label': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        })}
      />
      <Box
        component="label"
        htmlFor={inputId}
        sx={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          mt: 0.5,
          px: 2,
          py: 0.75,
          border: `1px solid ${alpha(theme.palette.primary.main, 0.5)}`,
          borderRadius: 1,
          color: 'primary.main',
          fontSize: theme.typography.button.fontSize,
          fontWeight: 600,
          cursor: 'pointer',
          '&:hover': { borderColor: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.04) },
        })}
      >
        <PhotoCameraIcon fontSize="small" aria-hidden />
        {chosen ? text.chooseAnother : text.choose}
      </Box>
      <FormHelperText id={helpId} error={error !== null} role={error ? 'alert' : undefined}>
        {error ?? (chosen ? text.chosen(chosen.file.name) : text.help)}
      </FormHelperText>
    </Box>
  );
};

type ImageUploaderProps = ImageChooserProps & {
  /** What shows before an image is chosen (the current photo, or a placeholder). */
  readonly current: ReactNode;
  /** Preview box size in pixels. */
  readonly previewWidth?: number;
  readonly previewHeight?: number;
};

/** Spec §2 Reusable pieces: the image uploader (gif, jpeg, png; one file; preview before it is saved). */
export const ImageUploader = ({ current, previewWidth = 160, previewHeight = 96, ...chooser }: ImageUploaderProps) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
    <Box sx={{ width: previewWidth, height: previewHeight, borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
      {chooser.chosen ? (
        <Box
          component="img"
          src={chooser.chosen.preview}
          alt={chooser.text.previewAlt}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        current
      )}
    </Box>
    <ImageChooser {...chooser} />
  </Stack>
);
