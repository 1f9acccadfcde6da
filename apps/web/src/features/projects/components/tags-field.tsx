import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addTags, parseTagsText } from '../utils/project-form';

type TagsFieldProps = {
  readonly id: string;
  readonly tags: readonly string[];
  readonly onChange: (tags: string[]) => void;
  readonly error: string | null;
};

/**
 * Spec §2: tags, Enter separating them. What is typed becomes tags on Enter (or on leaving the field),
 * read as spec §5 says (words, or JSON); each tag has its own remove button.
 */
export const TagsField = ({ id, tags, onChange, error }: TagsFieldProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const helpId = `${id}-help`;
  const labelId = `${id}-label`;

  const commit = () => {
    const added = parseTagsText(text);
    if (added.length > 0) onChange(addTags(tags, added));
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds a tag; it does not save the form.
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {t('projectForm.fields.tags')}
      </Typography>
      {tags.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {tags.map((tag) => (
            <li key={tag}>
              {/* The whole chip removes its tag (click, Enter, Delete or Backspace), and says so. */}
              <Chip
                label={tag}
                aria-label={t('projectForm.fields.removeTag', { tag })}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                onDelete={() => onChange(tags.filter((other) => other !== tag))}
              />
            </li>
          ))}
        </Box>
      ) : null}
      <TextField
        id={id}
        label={t('projectForm.fields.tagInput')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        error={error !== null}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { 'aria-describedby': helpId, enterKeyHint: 'enter' } }}
      />
      <FormHelperText id={helpId} error={error !== null}>
        {error ?? t('projectForm.fields.tagsHelp')}
      </FormHelperText>
    </Box>
  );
};
