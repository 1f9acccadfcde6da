import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** 'current-password' to sign in, 'new-password' to choose one (password managers act on it). */
  readonly autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide toggle. */
export const PasswordField = ({ autoComplete, slotProps, ...props }: PasswordFieldProps) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t('form.showPassword')}
                aria-pressed={visible}
                onClick={() => setVisible((value) => !value)}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

type FieldProps = Omit<PasswordFieldProps, 'autoComplete' | 'label'>;

/** A new password and its confirmation, as every form that sets a password asks for them. */
export const NewPasswordFields = ({
  password,
  confirmation,
  labels,
}: {
  readonly password: FieldProps;
  readonly confirmation: FieldProps;
  readonly labels: { readonly password: string; readonly confirmation: string };
}) => (
  <>
    <PasswordField {...password} label={labels.password} autoComplete="new-password" required fullWidth />
    <PasswordField {...confirmation} label={labels.confirmation} autoComplete="new-password" required fullWidth />
  </>
);
