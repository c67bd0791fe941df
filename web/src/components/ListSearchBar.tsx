import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

interface SearchBox {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

interface FilterSelect extends SearchBox {
  /** [value, label], in order. */
  options: ReadonlyArray<readonly [string, string]>;
}

/** A list's search box (with its magnifier) and one filter beside it; one column on a phone. */
export function ListSearchBar({ search, filter }: { search: SearchBox; filter: FilterSelect }) {
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}
    >
      <TextField
        id={search.id}
        label={search.label}
        type="search"
        size="small"
        value={search.value}
        onChange={(event) => search.onChange(event.target.value)}
        autoComplete="off"
        slotProps={{
          htmlInput: { 'data-testid': search.testId },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        id={filter.id}
        select
        label={filter.label}
        size="small"
        value={filter.value}
        onChange={(event) => filter.onChange(event.target.value)}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': filter.testId } }}
      >
        {filter.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
