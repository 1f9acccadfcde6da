import { userRoutes, type UserSearchResult } from '@groundtruth/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { callRoute } from '@/lib/call-route';

type Person = UserSearchResult['users'][number];

/** Spec §2 Admin: the search picker for a user (POST /admin/users/search), as the transfer asks for one. */
export const UserPicker = ({
  onPick,
  excludeId,
}: {
  readonly onPick: (user: Person | null) => void;
  readonly excludeId?: number;
}) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['console', 'user-search', query],
    queryFn: () => callRoute(userRoutes.adminSearchUsers, { query: { query } }),
    enabled: query.length > 0,
  });
  const options = (found.data?.users ?? []).filter((u) => u.id !== excludeId);
  return (
    <Autocomplete
      sx={{ width: { xs: '100%', sm: 360 } }}
      options={options}
      loading={found.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(u) => `${u.name} <${u.email}>`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={query ? translate('console.users.noneFound') : translate('console.stations.pickUser')}
      onInputChange={(_, value) => setText(value)}
      onChange={(_, value) => onPick(value)}
      renderInput={(params) => <TextField {...params} label={translate('console.stations.pickUser')} />}
    />
  );
};
